"""The access log of `pipeline serve`: one line a request, as uvicorn writes it (`INFO:
CLIENT - "METHOD PATH HTTP/1.1" STATUS`), with a room's code shown as `…` (a token is sent in a
header or a cookie, which the log never shows).

The lines are kept in memory and written together at most FLUSH_SECONDS later, as nginx's
`access_log ... buffer=SIZE flush=TIME` does (and at once past MAX_BUFFERED lines, and when the
server stops): uvicorn's own access log formats and writes each line through `logging`, which took
a twentieth of a guess's time in the server. A process killed with SIGKILL loses the lines of its
last FLUSH_SECONDS.
"""

from __future__ import annotations

import asyncio
import re
from typing import TextIO
from urllib.parse import quote

from starlette.types import Scope

FLUSH_SECONDS = 0.5
MAX_BUFFERED = 1000  # lines
ROOM_IN_QUERY = re.compile(r"(room=)[^&\s\"]+")


def access_line(scope: Scope, status: int) -> str:
    """Return a request's line of the access log (a room's code left out)."""
    client = scope.get("client")
    who = f"{client[0]}:{client[1]}" if client else "-"
    path = quote(scope.get("root_path", "") + scope["path"])
    query = scope.get("query_string", b"").decode("ascii", "replace")
    if query:
        path += "?" + (ROOM_IN_QUERY.sub(r"\1…", query) if "room=" in query else query)
    return f'INFO:     {who} - "{scope["method"]} {path} HTTP/{scope["http_version"]}" {status}\n'


class AccessLog:
    """A server process's access log, written to a stream (standard output) in batches."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.lines: list[str] = []
        self.flushing: asyncio.TimerHandle | None = None

    def add(self, scope: Scope, status: int) -> None:
        """Log a request answered with `status` (written within FLUSH_SECONDS)."""
        self.lines.append(access_line(scope, status))
        if len(self.lines) >= MAX_BUFFERED:
            self.flush()
        elif self.flushing is None:
            self.flushing = asyncio.get_running_loop().call_later(FLUSH_SECONDS, self.flush)

    def flush(self) -> None:
        """Write the lines kept."""
        if self.flushing is not None:
            self.flushing.cancel()
            self.flushing = None
        if self.lines:
            lines, self.lines = self.lines, []
            self.stream.write("".join(lines))
            self.stream.flush()
