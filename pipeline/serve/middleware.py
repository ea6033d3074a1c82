"""What the server does to every request, around the application: a body over MAX_BODY_BYTES is
refused with 413, each answer says how long the server worked on it (`Server-Timing`), and `HEAD`
is answered as `GET` without the body."""

from __future__ import annotations

import time

from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 4096


class BodyLimitAndTiming:
    """ASGI middleware: refuse a body over MAX_BODY_BYTES with 413 (by its Content-Length, or
    while it arrives), and add the server's time on each response as a Server-Timing header."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        declared = dict(scope.get("headers") or []).get(b"content-length", b"0")
        if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            await too_large(scope, receive, send)
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
            await send(message)

        try:
            await self.app(scope, counted_receive, timed_send)
        except BodyTooLarge:
            await too_large(scope, receive, send)


class BodyTooLarge(Exception):
    """A request body grew past MAX_BODY_BYTES."""


async def too_large(scope: Scope, receive: Receive, send: Send) -> None:
    """Answer 413 with the JSON error."""
    response = JSONResponse(
        {"error": f"the request body is over {MAX_BODY_BYTES} bytes"},
        status_code=413,
        headers={"Cache-Control": "no-store"},
    )
    await response(scope, receive, send)


class HeadAsGet:
    """ASGI middleware: answer `HEAD` as the application answers `GET`, with its headers and
    without its body (RFC 9110: HEAD wherever GET)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def without_body(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, without_body)
