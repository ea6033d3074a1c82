"""Ctrl-C on the command line: always heard, and never raised in the middle of an import.

A process that a shell starts in the background without job control (`make test &`, a CI
runner, a script's `cmd &`) inherits SIGINT ignored, and Python then installs no handler for it:
a Ctrl-C, or a test's SIGINT, was lost and the command ran to its end with status 0. The command
line installs its own handler first, whatever the process inherited.

A KeyboardInterrupt raised inside an import breaks more than the command: a C extension being
initialised aborts the process (DuckDB's, through nanobind: SIGABRT), and Python turns it into
another error (an ImportError, or a RuntimeError from a class being made), a traceback instead of
the line `interrupted`. So a Ctrl-C that arrives during an import is raised once the import is
over, looked for again every RETRY_SECONDS.
"""

from __future__ import annotations

import signal
from types import FrameType

RETRY_SECONDS = 0.05
IMPORTING = "<frozen importlib._bootstrap"  # the import system's frames (and _bootstrap_external)


class Interrupts:
    """Whether a Ctrl-C heard during an import is still to be raised."""

    pending = False


def hear_ctrl_c() -> None:
    """Install the Ctrl-C handler, whatever the process inherited, and its retry timer's."""
    signal.signal(signal.SIGINT, on_ctrl_c)
    signal.signal(signal.SIGALRM, on_retry)


def on_ctrl_c(signum: int, frame: FrameType | None) -> None:
    """Raise KeyboardInterrupt now, or (during an import) once the import is over."""
    if is_importing(frame):
        Interrupts.pending = True
        signal.setitimer(signal.ITIMER_REAL, RETRY_SECONDS)
        return
    Interrupts.pending = False
    raise KeyboardInterrupt


def on_retry(signum: int, frame: FrameType | None) -> None:
    """Raise a Ctrl-C heard during an import, unless an import is still under way."""
    if Interrupts.pending:
        on_ctrl_c(signum, frame)


def is_importing(frame: FrameType | None) -> bool:
    """Return True when the interrupted code runs inside an import (a frame of the import system
    is on the stack)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith(IMPORTING):
            return True
        frame = frame.f_back
    return False
