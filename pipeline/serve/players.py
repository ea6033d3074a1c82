"""Who is asking: the players and rooms of `pipeline serve`, and `authorize`, the one function every
route that reads or writes a player's data passes through.

A player is anonymous: a random token (256 bits) that the store keeps only as a hash. A browser's
token is an `HttpOnly`, `SameSite=Lax` cookie, made at its first write (a first visit that only
reads writes nothing), named `__Host-player` over HTTPS (`Secure`, `Path=/`, no `Domain`: no
other host of the site can set or shadow it) and `player` over plain HTTP; an API client asks for one (`POST /api/players`) and sends it as
`Authorization: Bearer TOKEN`. A token the store does not know (wrong, or forgotten) is a 401,
never someone else's game. A room (`?room=CODE`, `POST /api/rooms`) is a game friends share on
purpose: whoever has its code reads and writes its progress.

What the request says is read at once (`authorize`: headers only); the store is asked where the
route's work is done (`serve/threads.py`), with the hashes of the token and the room's code
(`Who`): it finds the owner itself, in the same statement or function as the read or write.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, TypeVar

from fastapi import Query, Request, Response

from pipeline.errors import UserError
from pipeline.games.play import UnknownPuzzle
from pipeline.storage.player_progress import (
    PLAYER,
    ROOM_ALPHABET,
    ROOM_CODE_LENGTH,
    Progress,
    UnknownOwner,
    Who,
    Written,
)

T = TypeVar("T")

COOKIE = "player"  # over plain HTTP
HOST_COOKIE = "__Host-player"  # over HTTPS: browsers keep it only Secure, host-only, Path=/
COOKIES = (HOST_COOKIE, COOKIE)  # read in this order
COOKIE_SECONDS = 400 * 24 * 3600  # the longest browsers keep a cookie
TOKEN = re.compile(r"[A-Za-z0-9_-]{20,100}")
BEARER = re.compile(r"Bearer +(\S+)", re.IGNORECASE)
# a room's code as `room_code` makes it, in either case (the server reads it in lower case)
ROOM_CODE_RULE = f"{ROOM_CODE_LENGTH} letters and digits, none of 0, 1, i, l, o"
ROOM_CODE = re.compile(
    f"[{''.join(sorted(set(ROOM_ALPHABET + ROOM_ALPHABET.upper())))}]{{{ROOM_CODE_LENGTH}}}"
)

RoomQuery = Annotated[
    str | None,
    Query(
        description="A room's code (`POST /api/rooms`): play the room's shared game instead of "
        "the player's own",
        pattern=ROOM_CODE.pattern,
        examples=["k7wq2mzp9rtx4dnb"],
    ),
]


class Unauthorized(UserError):
    """A token the store does not know, or a malformed one (HTTP 401)."""

    def __init__(self, message: str, from_cookie: bool) -> None:
        super().__init__(message)
        self.from_cookie = from_cookie  # the answer then clears the cookie


class UnknownRoom(UnknownPuzzle):
    """No room has this code (HTTP 404)."""


@dataclass
class Caller:
    """Whoever asks: their token (from the header or the cookie) and the room they name, handed
    to the store as whom a request names (`Who`), which knows them."""

    progress: Progress
    token: str | None
    from_cookie: bool
    room: str | None
    new_token: str | None = None  # a player made by this request (set as the cookie)

    def read(self, work: Callable[[Who], T]) -> T:
        """Return what work does with whom the request names (Unauthorized for an unknown
        token, UnknownRoom for an unknown room)."""
        return self.known(lambda: work(Who.named(self.token, self.room)))

    def write(self, work: Callable[[Who], Written]) -> Written:
        """Return what a write did for whom the request names; when it names no player, the
        write makes one (outside a room, the owner; in a room, the finder of its words), whose
        token this request gives (`new_token`)."""
        new = secrets.token_urlsafe(32) if self.token is None else None
        written = self.known(lambda: work(Who.named(self.token, self.room, new)))
        if written.made:
            self.new_token = new
        return written

    def player(self) -> Who:
        """Return the player asking; Unauthorized when there is none."""
        if self.token is None:
            raise Unauthorized(
                "no player: send `Authorization: Bearer TOKEN` (POST /api/players makes one)",
                False,
            )
        return Who.named(self.token)

    def known(self, work: Callable[[], T]) -> T:
        """Return what work returns; a player or room the store does not know is Unauthorized
        (401) or UnknownRoom (404)."""
        try:
            return work()
        except UnknownOwner as unknown:
            if unknown.kind == PLAYER:
                raise Unauthorized(
                    "unknown player: the token is wrong or was forgotten", self.from_cookie
                ) from None
            raise UnknownRoom(f"no room {self.room!r}: POST /api/rooms makes one") from None

    def remember(self, request: Request, response: Response) -> None:
        """Give a browser the cookie of the player this request made."""
        if self.new_token is not None:
            set_cookie(request, response, self.new_token)


def authorize(request: Request, room: str | None) -> Caller:
    """Return who asks, from `Authorization: Bearer TOKEN` or else the `player` cookie, and the
    room named (`?room=CODE`, in any case); a malformed token is Unauthorized at once."""
    progress: Progress = request.app.state.progress
    room = room.lower() if room else None
    header = request.headers.get("authorization")
    if header is not None:
        bearer = BEARER.fullmatch(header.strip())
        if bearer is None or not TOKEN.fullmatch(bearer[1]):
            raise Unauthorized("the Authorization header is not `Bearer TOKEN`", False)
        return Caller(progress, bearer[1], False, room)
    cookie = player_cookie(request)
    if cookie is not None and not TOKEN.fullmatch(cookie):
        raise Unauthorized("unknown player: the cookie is not a token", True)
    return Caller(progress, cookie, cookie is not None, room)


async def caller(request: Request) -> Caller:
    """Who asks, for a route of the player themselves."""
    return authorize(request, None)


def player_cookie(request: Request) -> str | None:
    """Return the token of the request's player cookie (`__Host-player`, else `player`)."""
    for name in COOKIES:
        if name in request.cookies:
            return request.cookies[name]
    return None


def set_cookie(request: Request, response: Response, token: str) -> None:
    """Keep a player's token in the browser: HttpOnly (no script reads it), SameSite=Lax (no other
    site's form sends it); over HTTPS `__Host-player`, Secure."""
    secure = request.url.scheme == "https"
    response.set_cookie(
        HOST_COOKIE if secure else COOKIE,
        token,
        max_age=COOKIE_SECONDS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure,
    )


def clear_cookie(request: Request, response: Response) -> None:
    """Make the browser forget its player's cookie (both names over HTTPS)."""
    secure = request.url.scheme == "https"
    for name in COOKIES if secure else (COOKIE,):
        response.delete_cookie(name, path="/", httponly=True, samesite="lax", secure=secure)
