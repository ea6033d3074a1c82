"""Errors a user can cause: the CLI prints their message on one line and exits with status 2."""


class UserError(Exception):
    """A problem with the input, the environment or a source that the user can fix."""
