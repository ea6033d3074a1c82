"""Who is asking: the players and rooms of `pipeline serve`, and `authorize`, the one function every
route that reads or writes a player's data passes through.

A player is anonymous: a random token (256 bits) that the store keeps only as a hash. A browser's
token is an `HttpOnly`, `SameSite=Lax` cookie, made at its first write (a first visit that only
reads writes nothing); an API client asks for one (`POST /api/players`) and sends it as
`Authorization: Bearer TOKEN`. A token the store does not know (wrong, or forgotten) is a 401,
never someone else's game. A room (`?room=CODE`, `POST /api/rooms`) is a game friends share on
purpose: whoever has its code reads and writes its progress.

What the request says is read at once (`authorize`: headers only); the store is asked where the
route's work is done (`serve/threads.py`), in the route's one transaction (`Caller.owner`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Query, Request, Response

from pipeline.errors import UserError
from pipeline.games.play import UnknownPuzzle
from pipeline.storage.player_progress import PLAYER, ROOM, Progress

COOKIE = "player"
COOKIE_SECONDS = 400 * 24 * 3600  # the longest browsers keep a cookie
TOKEN = re.compile(r"[A-Za-z0-9_-]{20,100}")
BEARER = re.compile(r"Bearer +(\S+)", re.IGNORECASE)
ROOM_CODE = re.compile(r"[A-Za-z0-9]{4,40}")

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
    """Whoever asks: their token (from the header or the cookie) and the room they name; whose
    progress that is gets known from the store at the first need (`owner`)."""

    progress: Progress
    token: str | None
    from_cookie: bool
    room: str | None
    new_token: str | None = None  # a player made by this request (set as the cookie)
    _owner: str | None = field(default=None, repr=False)
    _player_id: str | None = field(default=None, repr=False)  # the player asking, when known
    _known: bool = field(default=False, repr=False)

    def owner(self, create: bool = False) -> str | None:
        """Return the id of the room named, else of the player; None for nobody (a first visit),
        unless `create`: then a new player (`new_token`). An unknown token is Unauthorized, an
        unknown room UnknownRoom."""
        if not self._known:
            self._owner, self._known = self._look_up(), True
        if self._owner is None and create:
            self.new_token, self._owner = self.progress.new_owner(PLAYER)
            self._player_id = self._owner
        return self._owner

    def me(self) -> str | None:
        """Return the id of the player asking (in a room too); None for a browser without one."""
        self.owner()
        return self._player_id

    def finder(self) -> str | None:
        """Return the player who finds a word in a room: the one asking, made now when the browser
        has none (its words are then its own); None outside a room."""
        if self.room is None:
            return None
        if self.me() is None:
            self.new_token, self._player_id = self.progress.new_owner(PLAYER)
        return self._player_id

    def player(self) -> str:
        """Return the id of the player asking; Unauthorized when there is none."""
        if self.token is None:
            raise Unauthorized(
                "no player: send `Authorization: Bearer TOKEN` (POST /api/players makes one)",
                False,
            )
        return self._player(self.token)

    def _player(self, token: str) -> str:
        found = self.progress.owner_of(PLAYER, token)
        if found is None:
            raise Unauthorized(
                "unknown player: the token is wrong or was forgotten", self.from_cookie
            )
        return found

    def _look_up(self) -> str | None:
        player = None if self.token is None else self._player(self.token)
        self._player_id = player
        if self.room is None:
            return player
        room = self.progress.owner_of(ROOM, self.room)
        if room is None:
            raise UnknownRoom(f"no room {self.room!r}: POST /api/rooms makes one")
        return room

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
    cookie = request.cookies.get(COOKIE)
    if cookie is not None and not TOKEN.fullmatch(cookie):
        raise Unauthorized("unknown player: the cookie is not a token", True)
    return Caller(progress, cookie, cookie is not None, room)


async def caller(request: Request) -> Caller:
    """Who asks, for a route of the player themselves."""
    return authorize(request, None)


def set_cookie(request: Request, response: Response, token: str) -> None:
    """Keep a player's token in the browser: HttpOnly (no script reads it), SameSite=Lax (no other
    site's form sends it), Secure when the page came over HTTPS."""
    response.set_cookie(
        COOKIE,
        token,
        max_age=COOKIE_SECONDS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def clear_cookie(response: Response) -> None:
    """Make the browser forget its player's cookie."""
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
