"""What generated puzzles of every game share: the request, the id that names one puzzle, and the
draw (`pipeline generate`, `pipeline serve`).

A draw is without replacement in proportion to the likeness model's odds (Gumbel top-k: each
candidate's log-odds plus a Gumbel variate, the largest kept), so the same seed gives the same
puzzles and the puzzles' mix imitates the NYT's. An id (`g7-easy-3`: seed, difficulty, place in
the draw) always names the same puzzle: the first n puzzles of a draw are the draw of n. An
option that changes the draw is in the id too (`g7-easy-nyt-since2025-01-01-3`: with
`--allow-nyt --since 2025-01-01`), so that the page serves the very puzzle a command printed.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pipeline.model.difficulty import Difficulty
from solvers.lazy import lazy

if TYPE_CHECKING:
    import numpy as np

    from pipeline.bench.figures import Figure
    from pipeline.storage.warehouse import Connection

SEED_DIGITS, PLACE_DIGITS = 9, 4  # the most digits a generated id's seed and place have
DIFFICULTIES = "|".join(Difficulty)
NYT = "-nyt"  # in an id: drawn with --allow-nyt
SINCE = "-since"  # in an id, before a date: drawn in the style of the NYT's puzzles from then on
# seed, difficulty, --allow-nyt, --since, place
GENERATED_ID = re.compile(
    rf"g(\d{{1,{SEED_DIGITS}}})-({DIFFICULTIES})({NYT})?"
    rf"(?:{SINCE}(\d{{4}}-\d{{2}}-\d{{2}}))?-(\d{{1,{PLACE_DIGITS}}})"
)
ID_FORMAT = f"g<seed>-<{DIFFICULTIES}>[{NYT}][{SINCE}<YYYY-MM-DD>]-<n>"  # as people read it
# The longest id of any puzzle (a generated one's; a date is 10): a longer one is unknown at once
MAX_ID_LENGTH = len(
    f"g{'9' * SEED_DIGITS}-{max(Difficulty, key=len).value}{NYT}{SINCE}YYYY-MM-DD-{'9' * PLACE_DIGITS}"
)


@dataclass(frozen=True)
class Request:
    """What to generate."""

    count: int
    seed: int
    difficulty: Difficulty
    since: dt.date | None
    allow_nyt: bool


def generated_id(request: Request, index: int) -> str:
    """Return a generated puzzle's id: its seed, difficulty, the options that change the draw
    (`-nyt`, `-sinceYYYY-MM-DD`) and its place in the draw (from 1)."""
    nyt = NYT if request.allow_nyt else ""
    since = f"{SINCE}{request.since.isoformat()}" if request.since else ""
    return f"g{request.seed}-{request.difficulty.value}{nyt}{since}-{index + 1}"


def id_request(match: re.Match[str]) -> Request:
    """Return the draw a generated id names, up to its place (a ValueError for a date that is
    none, such as 2025-02-30)."""
    seed, difficulty, nyt, since, place = match.groups()
    first = dt.date.fromisoformat(since) if since else None
    return Request(int(place), int(seed), Difficulty(difficulty), first, nyt is not None)


def gumbel_top(log_odds: np.ndarray, count: int, rng: np.random.Generator) -> np.ndarray:
    """Return `count` rows drawn without replacement in proportion to exp(log_odds)."""
    import numpy as np

    keys = log_odds + rng.gumbel(size=len(log_odds))
    return np.argsort(-keys, kind="stable")[:count]


@dataclass(frozen=True)
class GameGenerator:
    """A game's generator as the commands ask it (its hook `generator`): `pipeline generate GAME`
    (its help, the draw and its text) and `pipeline bench generate` (the generator judged on the
    validation year, made once for a sweep of draws, and a puzzle by id as the server makes it)."""

    help: str  # the command's help: what it makes, then `Example: ...`
    noun: str  # one puzzle of the game, as the note on too few says it (`honeycomb`)
    clued: str  # the key of a record's words given a clue each (`answers`, `solution`)
    generate: Callable[[Connection, Request], list[dict]]  # the draw asked for, as records
    text: Callable[[list[dict]], str]  # the records as the command prints them
    figures: Callable[[Connection], list[Figure]]  # the generator on the validation year
    draws: Callable[[Connection], Callable[[Request], list[dict]]]  # made once, asked many times
    last: Callable[[Request], dict]  # the request's last puzzle, from the files on disk

    @classmethod
    def of_folder(cls, package: str, help: str, noun: str, clued: str, draw: str) -> GameGenerator:
        """Return the generator of a game's folder `package`: `draw` (module:function) gives the
        records asked for, `generate.py` prints them, and `generator.py` holds the rest."""
        return cls(
            help=help,
            noun=noun,
            clued=clued,
            generate=lazy(f"{package}.{draw}"),
            text=lazy(f"{package}.generate:format_records"),
            figures=lazy(f"{package}.generator:figures"),
            draws=lazy(f"{package}.generator:draws"),
            last=lazy(f"{package}.generator:last"),
        )
