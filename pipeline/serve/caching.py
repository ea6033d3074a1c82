"""Caching declared, not guessed: an answer that is the same for every player carries an `ETag`
(made from the warehouse's identity: its builds and last scrape, the same on every machine serving
a copy) and `Cache-Control: public`, and a request whose `If-None-Match` names it gets 304 with no
body; an answer that depends on the player says `private, no-store`; an error `no-store`."""

from __future__ import annotations

import hashlib

from fastapi import Request
from fastapi.responses import JSONResponse, Response

PUBLIC = "public, max-age=600"  # a puzzle changes only with a new build or scrape
TODAY = "public, max-age=60"  # `today` becomes another puzzle at midnight
PAGE = "no-cache"  # the page: asked again each time, answered 304 while it is the same
PRIVATE = "private, no-store"
ERROR = "no-store"


def etag(*parts: str) -> str:
    """Return a strong ETag for what the parts name (the server's version, the warehouse's
    identity, the path)."""
    return '"' + hashlib.sha256("\0".join(parts).encode()).hexdigest()[:24] + '"'


def is_fresh(request: Request, tag: str) -> bool:
    """Return True when the request's If-None-Match names this ETag (or is `*`)."""
    header = request.headers.get("if-none-match")
    if header is None:
        return False
    named = {part.strip().removeprefix("W/") for part in header.split(",")}
    return "*" in named or tag in named


def public(request: Request, body: object, tag: str, cache_control: str = PUBLIC) -> Response:
    """Return an answer that is the same for everyone: 304 when the client holds it already."""
    headers = {"ETag": tag, "Cache-Control": cache_control}
    if is_fresh(request, tag):
        return Response(status_code=304, headers=headers)
    return JSONResponse(body, headers=headers)


def private(body: object, status: int = 200) -> JSONResponse:
    """Return an answer that depends on who asks."""
    return JSONResponse(body, status_code=status, headers={"Cache-Control": PRIVATE})


def private_version(body: object | None, tag: str) -> Response:
    """Return an answer that depends on who asks, with its version's ETag; None for the body: 304,
    the client holds it already."""
    headers = {"Cache-Control": PRIVATE, "ETag": tag}
    if body is None:
        return Response(status_code=304, headers=headers)
    return JSONResponse(body, headers=headers)
