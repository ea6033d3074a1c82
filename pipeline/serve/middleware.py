"""What the server does to every request, around the application, in one layer (each layer of
ASGI middleware wraps every message of every request): a body over MAX_BODY_BYTES is refused with
413, `HEAD` is answered as `GET` without the body, each answer says how long the server worked on
it (`Server-Timing`), and it is written to the access log (`access_log.py`) when there is one."""

from __future__ import annotations

import time

from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pipeline.serve.access_log import AccessLog

MAX_BODY_BYTES = 4096


class EveryRequest:
    """ASGI middleware: refuse a body over MAX_BODY_BYTES with 413 (by its Content-Length, or
    while it arrives), answer HEAD as GET with its headers and without its body (RFC 9110: HEAD
    wherever GET), add the server's time on each response as a Server-Timing header, and log it."""

    def __init__(self, app: ASGIApp, access_log: AccessLog | None = None) -> None:
        self.app = app
        self.access_log = access_log

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        head = scope["method"] == "HEAD"
        declared = dict(scope.get("headers") or []).get(b"content-length", b"0")
        if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            await self.too_large(scope, receive, send)
            return
        received = 0

        async def counted_receive() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > MAX_BODY_BYTES:
                raise BodyTooLarge
            return message

        async def timed_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = (time.perf_counter() - started) * 1000
                headers = list(message.get("headers", []))
                headers.append((b"server-timing", f"app;dur={took:.3f}".encode()))
                message = {**message, "headers": headers}
                if self.access_log is not None:
                    self.access_log.add(scope, message["status"])
            elif head and message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        inner = {**scope, "method": "GET"} if head else scope
        try:
            await self.app(inner, counted_receive, timed_send)
        except BodyTooLarge:
            await self.too_large(scope, receive, send)

    async def too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer 413 with the JSON error (and log it)."""
        response = JSONResponse(
            {"error": f"the request body is over {MAX_BODY_BYTES} bytes"},
            status_code=413,
            headers={"Cache-Control": "no-store"},
        )
        if self.access_log is not None:
            self.access_log.add(scope, 413)
        await response(scope, receive, send)


class BodyTooLarge(Exception):
    """A request body grew past MAX_BODY_BYTES."""
