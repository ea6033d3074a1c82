"""What the server does to every request, around the application, in one layer (each layer of
ASGI middleware wraps every message of every request): a write another site's page may have
forged is refused with 403 (`forgery.py`), a body over
MAX_BODY_BYTES is refused with 413 (by its Content-Length, or as it arrives, chunked or not),
`HEAD` is answered as `GET` without the body, each answer carries the headers of every answer
(`headers.py`) and says how long the server worked on it (`Server-Timing`), and it is written to
the access log (`access_log.py`) when there is one."""

from __future__ import annotations

import time

from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pipeline.serve.access_log import AccessLog
from pipeline.serve.forgery import FORGED, is_refused

MAX_BODY_BYTES = 4096
TOO_LARGE = f"the request body is over {MAX_BODY_BYTES} bytes"
WITHOUT_BODY = frozenset({"GET", "HEAD", "OPTIONS"})


class EveryRequest:
    """ASGI middleware: refuse a forged write (403) and a body over MAX_BODY_BYTES (413, read
    whole before the application sees it), answer HEAD as GET with its
    headers and without its body (RFC 9110: HEAD wherever GET), add the headers of every answer
    and the server's time on it (Server-Timing), and log it."""

    def __init__(
        self,
        app: ASGIApp,
        headers: list[tuple[bytes, bytes]],
        origins: frozenset[str] = frozenset(),
        access_log: AccessLog | None = None,
    ) -> None:
        self.app = app
        self.headers = headers
        self.origins = origins
        self.access_log = access_log

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        head = scope["method"] == "HEAD"

        async def timed_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = (time.perf_counter() - started) * 1000
                headers = [*message.get("headers", []), *self.headers]
                headers.append((b"server-timing", f"app;dur={took:.3f}".encode()))
                message = {**message, "headers": headers}
                if self.access_log is not None:
                    self.access_log.add(scope, message["status"])
            elif head and message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        headers = dict(scope["headers"])
        refused = (403, FORGED) if is_refused(scope, headers, self.origins) else None
        if refused is None and scope["method"] not in WITHOUT_BODY:
            declared = headers.get(b"content-length", b"0")
            if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
                refused = (413, TOO_LARGE)
            else:
                body = await whole_body(receive)
                if body is None:  # the client hung up: nobody to answer
                    return
                if len(body) > MAX_BODY_BYTES:
                    refused = (413, TOO_LARGE)
                receive = replayed(body, receive)
        if refused is not None:
            await refuse(*refused)(scope, receive, timed_send)
            return
        inner = {**scope, "method": "GET"} if head else scope
        await self.app(inner, receive, timed_send)


async def whole_body(receive: Receive) -> bytes | None:
    """Return a request's body, read until it ends or passes MAX_BODY_BYTES; None when the
    client hung up first."""
    parts: list[bytes] = []
    size = 0
    while size <= MAX_BODY_BYTES:
        message = await receive()
        if message["type"] != "http.request":
            return None
        parts.append(message.get("body", b""))
        size += len(parts[-1])
        if not message.get("more_body", False):
            break
    return b"".join(parts)


def replayed(body: bytes, receive: Receive) -> Receive:
    """Return a `receive` that gives the body read, then whatever the client sends next."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive_again() -> Message:
        return pending.pop() if pending else await receive()

    return receive_again


def refuse(status: int, message: str) -> JSONResponse:
    """Return the JSON error a request is refused with before the application sees it; the rest
    of its body is not read, so the connection is closed."""
    headers = {"Cache-Control": "no-store", "Connection": "close"}
    return JSONResponse({"error": message}, status_code=status, headers=headers)
