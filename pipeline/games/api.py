"""A game's part of the API of `pipeline serve`, declared in its own folder
(`games/<slug>/api.py`, returned by its hook `GameHooks.api`): how a puzzle is read by its id and
what is prepared of it (the server reads, keeps and prepares it: `serve/puzzles.py`), what the
player's progress in it is kept under, and each operation under
`/api/<game>/{puzzle_id}`. The server (`serve/routes.py`) registers every game's operations the
same way: the player, the caching headers, the documented statuses and the threads are its
business, so a new game adds its API here without a line in the server.

An operation is declared with what it does with a player's progress (`access`):
- `public`: nothing; the answer is the same for everyone (cached: ETag, Cache-Control public);
- `read`: reads it (`private`; a player without progress reads an empty game);
- `write`: may change it (a browser without a player gets one, as a cookie, at its first write).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from pipeline.games.play import PuzzleReader
from pipeline.storage.player_progress import PuzzleFacts, PuzzleKey, PuzzleProgress

Access = Literal["public", "read", "write"]


class Call(Protocol):
    """One request to a game's operation: the puzzle, the request's body and query, and the
    progress of whoever asks (a player, or a room) in this puzzle."""

    puzzle: Any  # the game's own puzzle type
    body: Any  # the operation's body model, or None
    query: Any  # the operation's query model, or None

    @property
    def puzzles(self) -> PuzzleReader:
        """Return the server's puzzle cache (for what is worked out once per puzzle)."""
        ...

    def progress(self) -> PuzzleProgress:
        """Return the progress in the puzzle (empty for a player without any)."""
        ...

    def add_word(self, word: str, points: int) -> bool:
        """Keep a word found; return False when it was kept before."""
        ...

    def fill_points(self, points: dict[str, int]) -> None:
        """Write the points of words kept without them (found before players)."""
        ...

    def replace_chain(self, chain: list[str], solved: bool) -> None:
        """Make the puzzle's words exactly this chain."""
        ...

    def clear(self) -> None:
        """Forget the words found (start again)."""
        ...

    def reveal(self) -> None:
        """Record that the answers were shown."""
        ...

    def found_by(self, words: list[str]) -> dict[str, str]:
        """Return who found each of the words, in a room ("you", the finder's name, or "a
        teammate"); nothing outside a room."""
        ...


Route = Callable[[Call], dict]


def puzzle_routes(
    state: Callable[[Any], dict], progress_state: Callable[[Any, list[str], bool], dict]
) -> tuple[Route, Route, Route]:
    """Return the operations every game answers alike from its play module's `state` of a puzzle
    (public: no progress, no answer) and `progress_state` (the words found, whether revealed):
    the puzzle, the progress in it, and starting it again (forgetting the words, not a reveal)."""

    def puzzle(call: Call) -> dict:
        return state(call.puzzle)

    def progress(call: Call) -> dict:
        kept = call.progress()
        found_by = call.found_by(kept.found)
        return {**progress_state(call.puzzle, kept.found, kept.revealed), "found_by": found_by}

    def restart(call: Call) -> dict:
        call.clear()
        return {**progress_state(call.puzzle, [], call.progress().revealed), "found_by": {}}

    return puzzle, progress, restart


FOUND_BY: Any = Field(
    default_factory=dict,
    description="in a room, who found each word: `you`, the name the finder chose "
    "(`POST /api/players/me/name`) or `a teammate`; empty outside a room",
)


class WordClue(BaseModel):
    """A word to find as a clue shows it (games/play.py `word_clue`): never the word itself."""

    length: int
    start: str = Field(description="its first two letters")
    clue: str | None = Field(
        description="what it means: WordNet's gloss of its commonest sense, with the word and "
        "its forms blanked (___) and an inflection named (`plural: ...`); null: WordNet gives "
        "it no clue"
    )
    example: str | None = Field(
        description="a sentence using it, blanked the same way: the second, stronger clue"
    )


@dataclass(frozen=True)
class Operation:
    """One route of a game's API: `METHOD /api/<game>/{puzzle_id}<path>`."""

    method: Literal["GET", "POST"]  # a write is a POST with a JSON body (serve/forgery.py)
    path: str  # "" for the puzzle itself, else "/guess" and so on
    summary: str
    run: Callable[[Call], dict]  # the work (it may read and write the store: serve/threads.py)
    answer: type[BaseModel]  # the shape of a 200 answer (the OpenAPI document says it)
    access: Access = "public"
    body: type[BaseModel] | None = None  # the JSON body, when it takes one
    query: type[BaseModel] | None = None  # the query parameters, when it takes some
    bad_input: str | None = None  # what a 400 besides a malformed body means here
    # answered with an ETag of the progress's version, and 304 to If-None-Match while it holds
    versioned: bool = False


@dataclass(frozen=True)
class GameApi:
    """Everything the server needs of a game to serve it."""

    # how a puzzle is read by its id (UnknownPuzzle when there is none); the server reads each
    # once and keeps it (serve/puzzles.py)
    read: Callable[[PuzzleReader, str], Any]
    key: Callable[[Any], PuzzleKey]  # what progress in a puzzle is kept under
    facts: Callable[[Any], PuzzleFacts]  # what the statistics need to know of it
    operations: tuple[Operation, ...]
    statistics: tuple[str, ...]  # the fields of `GET /api/players/me/stats` it shows
    # what is worked out of a puzzle for later requests (its clues, kept with `cached`), started
    # in the cache's own thread as soon as the puzzle is read
    prepare: Callable[[PuzzleReader, Any], object] | None = None
