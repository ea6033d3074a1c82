"""The HTTP connections of `pipeline serve`: uvicorn's protocol on httptools (its fast parser) with
the limits uvicorn has no setting for. An ASGI middleware sees a request only once its headers are
all in, so these live here, where the bytes arrive (uvicorn's own settings give the rest:
`server.py`).

- A request line and headers over `max_head_bytes` are answered 431 and the connection is closed,
  counted as the bytes arrive, before the parser keeps them.
- A request not received whole (line, headers and body) within `request_timeout` seconds of its
  first byte, or of the connection, is answered 408 (or, while an answer is being written on the
  connection, nothing) and the connection is closed.
- A worker holds at most `max_connections`. A connection over it closes the one that has waited
  longest for its client (idle between requests, or still sending one), so that slow clients
  cannot keep the places of those that send their request at once; when every other one is being
  answered, its request is answered 503. (uvicorn's `limit_concurrency` would answer that 503 in
  plain text with a log line each, and counts the tasks of requests already answered, so that a
  client pipelining its requests is refused under the cap.)
- A closed connection marks every request of it as disconnected, the one being answered
  included. uvicorn marks only the last one read, so a pipelined request answered after its
  connection was closed wrote to a closed transport, and uvloop's exception logged two tracebacks.
- What the HTTP layer answers itself (a request it cannot parse, the 503, 408, 431) is a JSON
  error with the headers of every answer (`headers.py`), and none of it is logged: each is one
  request a client can repeat at will (uvicorn logged a line for each malformed one).
"""

from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass
from typing import Any

import httptools
from uvicorn._types import ASGI3Application, ASGIReceiveCallable, ASGISendCallable, Scope
from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import (
    STATUS_LINE,
    HttpToolsProtocol,
    RequestResponseCycle,
)
from uvicorn.server import ServerState

from pipeline.serve.headers import NOTHING, security_headers

MALFORMED = "a malformed request: an unknown method, or a line or header not HTTP/1.1"
# the order in which connections begin to wait for their clients (the loop's clock, read once an
# iteration, gives the connections accepted together the same time)
WAITS = itertools.count()
ERROR_HEADERS = [
    (b"content-type", b"application/json"),
    (b"cache-control", b"no-store"),
    *security_headers(NOTHING),
]


@dataclass(frozen=True)
class Limits:
    """What one connection may ask of a worker."""

    max_head_bytes: int = 16 * 1024  # the request line and headers
    request_timeout: float = 10.0  # seconds to send a whole request
    max_connections: int = 1000  # open at once, per worker


def error_head(status: int, body: bytes, extra: list[tuple[bytes, bytes]]) -> list[bytes]:
    """Return the status line and headers of a JSON error that closes its connection."""
    content = [STATUS_LINE[status]]
    for name, value in [*extra, *ERROR_HEADERS, (b"content-length", str(len(body)).encode())]:
        content += [name, b": ", value, b"\r\n"]
    return [*content, b"connection: close\r\n\r\n"]


def error_body(message: str) -> bytes:
    """Return a JSON error's body."""
    return json.dumps({"error": message}).encode()


async def server_full(scope: Scope, receive: ASGIReceiveCallable, send: ASGISendCallable) -> None:
    """Answer 503 as JSON: every connection the worker may hold is being answered."""
    body = error_body("the server is answering as many connections as it holds: try again")
    headers = [*ERROR_HEADERS, (b"retry-after", b"1"), (b"connection", b"close")]
    headers.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": 503, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})


class LimitedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol on httptools, with the limits of `Limits` (its config's
    `limits`, as `server.ServerConfig` gives them)."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.limits: Limits = getattr(config, "limits", Limits())
        self.head_pending = True  # the bytes that arrive next are a request's line and headers
        self.head_bytes = 0
        self.answering: RequestResponseCycle | None = None  # the request whose answer runs
        self.request_timer: asyncio.TimerHandle | None = None
        self.waiting_turn = 0  # when it began to wait for its client, in order (WAITS)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.waiting_turn = next(WAITS)
        self.start_request_timer()
        if len(self.connections) > self.limits.max_connections:
            self.make_room()

    def connection_lost(self, exc: Exception | None) -> None:
        self.disconnect_every_request()
        self.stop_request_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        while data:
            if not self.head_pending:
                self.parse(data)
                return
            room = self.limits.max_head_bytes - self.head_bytes
            if room <= 0:
                over = self.limits.max_head_bytes
                self.refuse(431, f"the request line and headers are over {over} bytes")
                return
            piece, data = data[:room], data[room:]
            self.head_bytes += len(piece)
            self.parse(piece)
            if self.transport.is_closing():
                return

    def parse(self, data: bytes) -> None:
        """Feed bytes to the parser, as uvicorn does, without its log line for each malformed
        request (one a request a client can send at will)."""
        self._unset_keepalive_if_required()
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError:
            self.refuse(400, MALFORMED)
        except httptools.HttpParserUpgrade:
            pass  # no WebSocket here (`ws="none"`): the request is answered as any other

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.request_timer is None:
            self.start_request_timer()

    def on_headers_complete(self) -> None:
        self.head_pending = False
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self.head_pending, self.head_bytes = True, 0
        self.stop_request_timer()

    def on_response_complete(self) -> None:
        self.waiting_turn = next(WAITS)
        super().on_response_complete()

    def _start_asgi_task(self, cycle: RequestResponseCycle, app: ASGI3Application) -> None:
        self.answering = cycle
        full = len(self.connections) > self.limits.max_connections
        super()._start_asgi_task(cycle, server_full if full else app)

    def send_400_response(self, msg: str) -> None:
        self.refuse(400, MALFORMED)

    def is_answering(self) -> bool:
        """Return True while an answer is being worked out or written on the connection (its
        request's body may still be arriving)."""
        return self.answering is not None and not self.answering.response_complete

    def is_waiting(self) -> bool:
        """Return True while the connection waits for its client: idle, or a request arriving."""
        cycle = self.answering
        return cycle is None or cycle.response_complete or cycle.more_body

    def refuse(self, status: int, message: str) -> None:
        """Answer a JSON error and close the connection (without the answer while another one is
        being written on it)."""
        if not self.is_answering() and not self.transport.is_closing():
            body = error_body(message)
            head = error_head(status, body, self.server_state.default_headers)
            self.transport.write(b"".join([*head, body]))
        self.close()

    def close(self) -> None:
        """Close the connection; every request of it is disconnected, and it no longer counts
        against the worker's cap (before the loop calls `connection_lost`)."""
        self.disconnect_every_request()
        self.stop_request_timer()
        self._unset_keepalive_if_required()
        self.connections.discard(self)
        self.transport.close()

    def disconnect_every_request(self) -> None:
        """Tell the application that no request of the connection can be answered any more."""
        queued = [cycle for cycle, _ in self.pipeline]
        for cycle in {id(c): c for c in (self.answering, self.cycle, *queued) if c}.values():
            cycle.disconnected = True
            cycle.message_event.set()

    def start_request_timer(self) -> None:
        self.request_timer = self.loop.call_later(
            self.limits.request_timeout, self.request_timed_out
        )

    def stop_request_timer(self) -> None:
        if self.request_timer is not None:
            self.request_timer.cancel()
            self.request_timer = None

    def request_timed_out(self) -> None:
        """Drop a client too slow to send its request."""
        self.request_timer = None
        if not self.transport.is_closing():
            seconds = f"{self.limits.request_timeout:g}"
            self.refuse(408, f"the request did not arrive whole within {seconds} seconds")

    def make_room(self) -> None:
        """Close the connection that has waited longest for its client, when the worker holds
        more than it may (the newest, this one, is never the one closed)."""
        waiting = [
            c
            for c in self.connections
            if isinstance(c, LimitedHttpToolsProtocol) and c is not self and c.is_waiting()
        ]
        if waiting:
            min(waiting, key=lambda c: c.waiting_turn).close()
