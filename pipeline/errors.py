"""Errors a user can cause: the CLI prints their message on one line and exits with status 2."""

USAGE = 2  # exit status of an error the user can fix: a bad argument, input, path or setting
INTERRUPTED = 130  # exit status after Ctrl-C (128 + SIGINT), as shells report it


class UserError(Exception):
    """A problem with the input, the environment or a source that the user can fix."""


def is_interrupt(error: BaseException) -> bool:
    """Return True for Ctrl-C: a KeyboardInterrupt, or DuckDB's error for an interrupted query."""
    import duckdb

    if isinstance(error, KeyboardInterrupt | duckdb.InterruptException):
        return True
    return isinstance(error, RuntimeError) and str(error).startswith("Query interrupted")
