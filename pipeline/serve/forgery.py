"""No write forged from another site: a request that changes something (POST, PUT, PATCH, DELETE)
and that a browser could have sent for a page of another origin is refused (403) before it
reaches a route, so it never plays, never makes a player and never sets a cookie.

This is OWASP's Fetch Metadata defence, as Go's `net/http.CrossOriginProtection` does it, rather
than a CSRF token (starlette-csrf, asgi-csrf: a double-submit cookie the page must read and send
back, and a form field or header on each write): browsers say where a request comes from, and the
check needs no state, no token and nothing of the page.

- A request with `Authorization: Bearer` passes: a token is sent by a script on purpose, never
  added by a browser the way a cookie is.
- `Sec-Fetch-Site: same-origin` or `none` (typed or bookmarked) passes.
- An `Origin` that is the server's own (scheme, host and port as the request reached it; the
  scheme as a trusted proxy says) or a `--cors-origin` passes (`*` only without the cookie).
- A request that names neither (no `Sec-Fetch-Site`, no `Origin`) passes unless it carries the
  player's cookie: every browser sends one or the other on a cross-origin write, and a cookie is
  only a browser's, so a script's `POST /api/players` (curl, the bench) still works.
- Anything else is refused: `Sec-Fetch-Site: cross-site` or `same-site` (a sibling port or
  subdomain) from an origin not listed, or a cookie with neither header.

Every POST also takes a JSON body, read as JSON only when its `Content-Type` is
`application/json` (FastAPI's strict content type; else 400): an HTML form cannot send that type,
and a script of another origin cannot without a CORS preflight.
"""

from __future__ import annotations

from starlette.requests import cookie_parser
from starlette.types import Scope

from pipeline.serve.players import COOKIES

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
DEFAULT_PORTS = {"http": ":80", "https": ":443"}
FORGED = "a write from another site's page: it needs a bearer token, or the page of this server"


def is_refused(scope: Scope, headers: dict[bytes, bytes], origins: frozenset[str]) -> bool:
    """Return True when a request is a write another site's page may have forged (403);
    `origins` are the `--cors-origin`s."""
    return (
        scope["method"] in UNSAFE
        and b"authorization" not in headers
        and is_forged(scope, headers, origins)
    )


def is_forged(scope: Scope, headers: dict[bytes, bytes], origins: frozenset[str]) -> bool:
    """Return True when a write without a bearer token may come from another site's page."""
    site = headers.get(b"sec-fetch-site")
    if site in (b"same-origin", b"none"):
        return False
    cookie = has_player_cookie(headers.get(b"cookie", b""))
    origin = headers.get(b"origin")
    if origin is None:
        return site is not None or cookie
    named = origin.decode("latin-1")
    if named == own_origin(scope, headers) or named in origins:
        return False
    return not ("*" in origins and not cookie)


def own_origin(scope: Scope, headers: dict[bytes, bytes]) -> str:
    """Return the origin the request was sent to: its scheme (as a trusted proxy says) and its
    Host, without the scheme's default port."""
    scheme = scope.get("scheme", "http")
    host = headers.get(b"host", b"").decode("latin-1").lower()
    return f"{scheme}://{host.removesuffix(DEFAULT_PORTS.get(scheme, '//'))}"


def has_player_cookie(header: bytes) -> bool:
    """Return True when a Cookie header holds a player's cookie (either name)."""
    if not header:
        return False
    jar = cookie_parser(header.decode("latin-1"))  # as the routes read it
    return any(name in jar for name in COOKIES)
