"""Pure work run beside a stage, in a second process, while the stage goes on.

The machine's second core sits mostly idle while a stage runs Python; a pure function (no
warehouse, no files: its argument and result pickle) can run there meanwhile. The second process
is a fresh interpreter (`python -c`), so it shares nothing with the stage's DuckDB connection
and threads, and never runs the caller's own script again; it ends when the stage's process does.
Small work runs in the stage's own process instead: starting a second one costs about half a
second.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import IO, Any, Generic, TypeVar

from pipeline.errors import UserError

A = TypeVar("A")
R = TypeVar("R")
WORKER = "from pipeline.stages.beside import serve_one_call; serve_one_call()"
PARENT_CHECK_SECONDS = 0.5


class CallBeside(Generic[R]):
    """A call running in a second process; `result()` waits for what it returns or raises."""

    def __init__(self, function: Callable[[A], R], argument: A) -> None:
        """Start `function(argument)` in a second process (the call is sent by a thread, so that
        the stage goes on while the process starts)."""
        call = pickle.dumps((os.getpid(), function, argument), protocol=pickle.HIGHEST_PROTOCOL)
        self._process = subprocess.Popen(
            [sys.executable, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        assert self._process.stdin is not None
        self._sender = threading.Thread(target=_send, args=(self._process.stdin, call), daemon=True)
        self._sender.start()

    @property
    def pid(self) -> int:
        """Return the second process's id."""
        return self._process.pid

    def result(self) -> R:
        """Return what the call returned (waiting for it), or raise what it raised."""
        assert self._process.stdout is not None
        sent_back = self._process.stdout.read()
        self._process.wait()
        self._sender.join()
        if self._process.returncode != 0 or not sent_back:
            raise UserError(
                f"the stage's second process ended with exit status {self._process.returncode} "
                f"before its work was done (out of memory?)"
            )
        succeeded, value = pickle.loads(sent_back)
        if not succeeded:
            raise value
        return value  # type: ignore[no-any-return]


class CallMadeHere(Generic[R]):
    """A call made in the stage's own process, with the same `result()` as `CallBeside`."""

    def __init__(self, function: Callable[[A], R], argument: A) -> None:
        """Make the call now."""
        self._value = function(argument)

    def result(self) -> R:
        """Return what the call returned."""
        return self._value


def start(
    function: Callable[[A], R], argument: A, *, beside: bool
) -> CallBeside[R] | CallMadeHere[R]:
    """Return `function(argument)` running in a second process (`beside`) or already made here."""
    return CallBeside(function, argument) if beside else CallMadeHere(function, argument)


def _send(pipe: IO[bytes], call: bytes) -> None:
    """Write the pickled call to the second process and close its input."""
    try:
        pipe.write(call)
        pipe.close()
    except BrokenPipeError:
        pass  # the process ended first: result() says so


def serve_one_call() -> None:
    """In the second process: read the pickled call on stdin (with the stage's process id), make
    it, and write (True, its result) or (False, what it raised) on stdout; end early when the
    stage's process ends."""
    try:
        stage, function, argument = pickle.load(sys.stdin.buffer)
    except EOFError:  # the stage ended before it sent the call
        os._exit(1)
    threading.Thread(target=_end_with, args=(stage,), daemon=True).start()
    outcome: tuple[bool, Any]
    try:
        outcome = (True, function(argument))
    except Exception as error:  # sent on: the stage raises it where it waits
        outcome = (False, error)
    pickle.dump(outcome, sys.stdout.buffer, protocol=pickle.HIGHEST_PROTOCOL)
    sys.stdout.flush()


def _end_with(stage: int) -> None:
    """End this process as soon as the stage's process is gone (killed or failed)."""
    while os.getppid() == stage:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)
