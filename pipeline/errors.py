"""Errors a user can cause: the CLI prints their message on one line and exits with status 2."""

USAGE = 2  # exit status of an error the user can fix: a bad argument, input, path or setting
INTERRUPTED = 130  # exit status after Ctrl-C (128 + SIGINT), as shells report it


class UserError(Exception):
    """A problem with the input, the environment or a source that the user can fix: the one
    error the command line prints as its `error:` line and the Python API raises, its message in
    the one style of both (error_style)."""

    def __init__(self, message: str) -> None:
        """Keep the message in the style of error lines."""
        super().__init__(error_style(message))


def error_style(message: str) -> str:
    """Return a message in the one style of error lines: a lower-case start (a word in capitals,
    such as NYT or PIPELINE_MIRROR, stays) and no full stop at the end."""
    first = message.split(" ", 1)[0]
    if first[:1].isupper() and not (len(first) > 1 and first.rstrip(":,").isupper()):
        message = message[:1].lower() + message[1:]
    return message[:-1] if message.endswith(".") and not message.endswith("..") else message


def is_interrupt(error: BaseException) -> bool:
    """Return True for Ctrl-C: a KeyboardInterrupt, or DuckDB's error for an interrupted query."""
    import duckdb

    if isinstance(error, KeyboardInterrupt | duckdb.InterruptException):
        return True
    return isinstance(error, RuntimeError) and str(error).startswith("Query interrupted")
