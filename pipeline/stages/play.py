"""Playing puzzles (what `pipeline serve` answers): find a puzzle by its id, judge a Spelling Bee
guess, give the hints of the words not yet found, check a Letter Boxed chain, reveal the answers.

An id is a date (`2025-08-01`: the archived puzzle), `today` (the live NYT puzzle when online,
else the latest stored one) or a generated id (`g7-easy-3`: the third puzzle of
`pipeline generate GAME --seed 7 --difficulty easy`). An NYT puzzle is judged by its official
answers (a Letter Boxed board by the NYT's word list of the day, when stored); a generated one by
the custom list, where a maybe-tier word the list leaves out is `maybe`.

Puzzles are read once and kept; a new warehouse (a build replaced the file) empties the cache, so
the server follows builds without a restart.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from pipeline.errors import UserError
from pipeline.games import LETTER_BOXED, SPELLING_BEE, Game
from pipeline.model.difficulty import Difficulty
from pipeline.sources.records import BeeRecord, BoxRecord
from pipeline.storage.player_progress import PuzzleKey
from solvers import spelling_bee_scoring as scoring
from solvers.masks import is_plain_word
from solvers.spelling_bee import MIN_LENGTH

if TYPE_CHECKING:  # the warehouse (DuckDB), numpy and requests load with the first puzzle read
    from pipeline.stages.generate import Request
    from pipeline.storage.download import Downloader
    from solvers.letter_boxed import Board

GENERATED_ID = re.compile(r"g(\d{1,9})-(easy|medium|hard|any)-(\d{1,4})")
MAX_GENERATED_PLACE = 1000  # the furthest place in a draw an id may name
TODAY_SECONDS = 600  # how long today's puzzle is kept before the live page is asked again
MAX_WORD_LENGTH = 40
MAX_CHAIN_WORDS = 20


class UnknownPuzzle(UserError):
    """No puzzle has this id (HTTP 404)."""


class BadGuess(UserError):
    """A guess or a chain that is not made of words (HTTP 400)."""


@dataclass(frozen=True)
class BeePuzzle:
    """A Spelling Bee puzzle to play: its letters and the words that count."""

    id: str
    date: dt.date | None
    center: str
    others: str
    answers: frozenset[str]  # accepted words
    maybe: frozenset[str]  # words the NYT might accept (generated puzzles only)
    judged_by: str

    @property
    def letters(self) -> str:
        """Return the seven letters, center first."""
        return self.center + self.others

    @property
    def key(self) -> PuzzleKey:
        """Return what the player's progress in this puzzle is kept under."""
        return PuzzleKey(SPELLING_BEE.name, self.id, self.letters)

    @property
    def points(self) -> int:
        """Return the points of every answer (Queen Bee)."""
        return scoring.total_score(self.answers, self.letters)

    def ranks(self) -> dict[str, int]:
        """Return each rank's threshold in points."""
        return dict(scoring.rank_thresholds(self.points))


@dataclass(frozen=True)
class BoxPuzzle:
    """A Letter Boxed board to play: its sides, par and the words that count."""

    id: str
    date: dt.date | None
    board: Board
    par: int | None
    words: frozenset[str]
    judged_by: str

    @property
    def key(self) -> PuzzleKey:
        """Return what the player's chain on this board is kept under."""
        return PuzzleKey(LETTER_BOXED.name, self.id, "".join(self.board.sides))


@dataclass(frozen=True)
class Guess:
    """A Spelling Bee guess judged."""

    word: str
    verdict: str  # accepted, maybe, not-in-list, too-short, missing-center, bad-letters
    points: int
    pangram: bool


# ------------------------------------------------------------------ reading puzzles

Puzzle = TypeVar("Puzzle")


class Puzzles:
    """Every puzzle the server has read, by game and id, for the warehouse file as it is now."""

    def __init__(self, warehouse_path: Path, downloader: Callable[[], Downloader]) -> None:
        self.warehouse_path = warehouse_path
        self.downloader = downloader  # made when today's puzzle is first asked for
        self._lock = threading.Lock()
        self._cache: dict[tuple[str, str], tuple[float, object]] = {}
        self._reading: dict[tuple[str, str], threading.Lock] = {}
        self._signature: tuple[int, int, int] | None = None

    def kept(self, game: Game, puzzle_id: str) -> BeePuzzle | BoxPuzzle | None:
        """Return a puzzle already read (and still current), or None: what a server answers
        from at once, without waiting for a read."""
        with self._lock:
            self._follow_the_warehouse()
            found = self._cache.get((game.name, puzzle_id))
        if found is None or (puzzle_id == "today" and found[0] <= time.monotonic()):
            return None
        if isinstance(found[1], UnknownPuzzle):
            raise found[1]
        return found[1]  # type: ignore[return-value]

    def spelling_bee(self, puzzle_id: str) -> BeePuzzle:
        """Return the Spelling Bee puzzle of an id (UnknownPuzzle when there is none)."""
        return self._cached(SPELLING_BEE, puzzle_id, self._read_bee)

    def letter_boxed(self, puzzle_id: str) -> BoxPuzzle:
        """Return the Letter Boxed board of an id (UnknownPuzzle when there is none)."""
        return self._cached(LETTER_BOXED, puzzle_id, self._read_box)

    def letter_boxed_solution(self, puzzle: BoxPuzzle) -> tuple[str, ...]:
        """Return a best solution of a board with its words (fewest words, then letters)."""
        found = self._cached(
            LETTER_BOXED,
            f"{puzzle.id}/solution/{puzzle.key.letters}",
            lambda _: best_solution(puzzle),
        )
        return found

    def archive_range(self, game: Game) -> dict:
        """Return the first and last archived date of a game and how many puzzles there are."""
        return self._cached(game, "/archive", lambda _: self._read_range(game))

    # -- the cache

    def _cached(self, game: Game, puzzle_id: str, read: Callable[[str], Puzzle]) -> Puzzle:
        """Return a kept value, or read it (one reader per key; other keys do not wait)."""
        key = (game.name, puzzle_id)
        with self._lock:
            self._follow_the_warehouse()
            reading = self._reading.setdefault(key, threading.Lock())
        with reading:
            kept = self._cache.get(key)
            if kept is None or (puzzle_id == "today" and kept[0] <= time.monotonic()):
                try:
                    value: object = read(puzzle_id)
                except UnknownPuzzle as unknown:  # kept too: asking again reads nothing
                    value = unknown
                kept = (time.monotonic() + TODAY_SECONDS, value)
                self._cache[key] = kept
            if isinstance(kept[1], UnknownPuzzle):
                raise kept[1]
            return kept[1]  # type: ignore[return-value]

    def _follow_the_warehouse(self) -> None:
        """Forget every puzzle read when the warehouse file was replaced since."""
        try:
            found = os.stat(self.warehouse_path)
            signature = (found.st_ino, found.st_mtime_ns, found.st_size)
        except OSError:
            signature = None
        if signature != self._signature:
            self._cache.clear()
            self._signature = signature

    def _connection(self):  # noqa: ANN202 (a context manager of a read-only connection)
        from pipeline.storage import warehouse

        if not self.warehouse_path.exists():
            raise UserError("no warehouse yet: run `make dictionary` (or `pipeline scrape`)")
        return warehouse.open_warehouse(self.warehouse_path, read_only=True)

    # -- Spelling Bee

    def _read_bee(self, puzzle_id: str) -> BeePuzzle:
        generated = GENERATED_ID.fullmatch(puzzle_id)
        if generated:
            return self._generated_bee(puzzle_id, generated)
        record, _ = self._nyt_record(SPELLING_BEE, puzzle_id)
        assert isinstance(record, BeeRecord)
        return BeePuzzle(
            puzzle_id,
            record.date,
            record.center,
            record.others,
            frozenset(record.answers),
            frozenset(),
            "the NYT's official answers",
        )

    def _generated_bee(self, puzzle_id: str, match: re.Match[str]) -> BeePuzzle:
        from pipeline.stages.generate import generate_spelling_bee  # numpy: only when asked

        request = generated_request(match)
        with self._connection() as con:
            records = generate_spelling_bee(con, request)
        record = generated_record(records, request, puzzle_id)
        return BeePuzzle(
            puzzle_id,
            None,
            record["center"],
            record["others"],
            frozenset(record["answers"]),
            frozenset(maybe["word"] for maybe in record["maybe"]),
            "the custom list (maybe-tier words it leaves out are `maybe`)",
        )

    # -- Letter Boxed

    def _read_box(self, puzzle_id: str) -> BoxPuzzle:
        from solvers import letter_boxed as lb

        generated = GENERATED_ID.fullmatch(puzzle_id)
        if generated:
            return self._generated_box(puzzle_id, generated)
        record, _ = self._nyt_record(LETTER_BOXED, puzzle_id)
        assert isinstance(record, BoxRecord)
        board = lb.parse_board(record.sides)
        if record.dictionary:
            words, judged_by = frozenset(record.dictionary), "the NYT's word list of the day"
        else:
            words, judged_by = self._custom_box_words(board), "the custom list"
        return BoxPuzzle(puzzle_id, record.date, board, record.par, words, judged_by)

    def _generated_box(self, puzzle_id: str, match: re.Match[str]) -> BoxPuzzle:
        from pipeline.stages.generate import generate_letter_boxed  # numpy: only when asked
        from solvers import letter_boxed as lb

        request = generated_request(match)
        custom = custom_words(LETTER_BOXED)
        with self._connection() as con:
            records = generate_letter_boxed(con, custom, request)
        record = generated_record(records, request, puzzle_id)
        board = lb.parse_board(record["sides"])
        return BoxPuzzle(
            puzzle_id,
            None,
            board,
            record["par"],
            frozenset(lb.playable_words(board, custom)),
            "the custom list",
        )

    def _custom_box_words(self, board: Board) -> frozenset[str]:
        from solvers import letter_boxed as lb

        return frozenset(lb.playable_words(board, custom_words(LETTER_BOXED)))

    # -- the archive

    def _nyt_record(self, game: Game, puzzle_id: str) -> tuple[BeeRecord | BoxRecord, str]:
        from pipeline.stages import today

        if puzzle_id == "today":
            with self._connection() as con:
                record, origin, _ = today.find_day(con, game, None, self.downloader())
            return record, origin
        try:
            date = dt.date.fromisoformat(puzzle_id)
        except ValueError:
            raise UnknownPuzzle(
                f"no {game.title} puzzle {puzzle_id!r}: an id is a date (YYYY-MM-DD), `today` "
                "or a generated id (g<seed>-<easy|medium|hard|any>-<n>)"
            ) from None
        with self._connection() as con:
            stored = today.stored_record(con, game, date)
        if stored is None or stored.date != date:
            raise UnknownPuzzle(f"no {game.title} puzzle stored for {date}")
        return stored, "the warehouse"

    def _read_range(self, game: Game) -> dict:
        from pipeline.storage import warehouse

        with self._connection() as con:
            warehouse.require_tables(con, game.table("puzzles"), stage_hint="pipeline scrape")
            rows = warehouse.query(con, game.query("play", "range")).rows
        first, last, puzzles = rows[0] if rows else (None, None, 0)
        return {
            "first": first.isoformat() if first else None,
            "last": last.isoformat() if last else None,
            "puzzles": puzzles,
        }


def generated_request(match: re.Match[str]) -> Request:
    """Return the draw a generated id names (its place is the last puzzle of the draw)."""
    from pipeline.stages.generate import Request

    seed, difficulty, place = int(match[1]), Difficulty(match[2]), int(match[3])
    if not 1 <= place <= MAX_GENERATED_PLACE:
        raise UnknownPuzzle(f"a generated puzzle's place is 1 to {MAX_GENERATED_PLACE}")
    return Request(place, seed, difficulty, None, False)


def generated_record(records: list[dict], request: Request, puzzle_id: str) -> dict:
    """Return the record of a generated id from its draw."""
    if len(records) < request.count:
        raise UnknownPuzzle(
            f"no generated puzzle {puzzle_id}: the draw has only {len(records)} puzzles"
        )
    return records[request.count - 1]


def custom_words(game: Game) -> list[str]:
    """Return the custom list of a game as built."""
    from pipeline.storage import named_lists

    return named_lists.require_game_words(named_lists.file_word_list("custom", game), game).words


# ------------------------------------------------------------------ Spelling Bee


def plain_word(word: object) -> str:
    """Return a guess as a lowercase word, or raise BadGuess when it is not one."""
    if not isinstance(word, str):
        raise BadGuess("a word is a string of letters a-z")
    lowered = word.strip().lower()
    if not lowered or len(lowered) > MAX_WORD_LENGTH or not is_plain_word(lowered):
        raise BadGuess(f"{word[:MAX_WORD_LENGTH]!r} is not a word: letters a-z only, at most 40")
    return lowered


def judge_guess(puzzle: BeePuzzle, word: str) -> Guess:
    """Return the verdict on a guess, with its points when it is accepted."""
    if len(word) < MIN_LENGTH:
        return Guess(word, "too-short", 0, False)
    if set(word) - set(puzzle.letters):
        return Guess(word, "bad-letters", 0, False)
    if puzzle.center not in word:
        return Guess(word, "missing-center", 0, False)
    if word in puzzle.answers:
        points = scoring.word_score(word, puzzle.letters)
        return Guess(word, "accepted", points, scoring.is_pangram(word, puzzle.letters))
    if word in puzzle.maybe:
        return Guess(word, "maybe", 0, False)
    return Guess(word, "not-in-list", 0, False)


def score_of(puzzle: BeePuzzle, found: Iterable[str]) -> int:
    """Return the points of the found words that count."""
    return scoring.total_score([w for w in found if w in puzzle.answers], puzzle.letters)


def rank_of(puzzle: BeePuzzle, score: int) -> str:
    """Return the highest rank a score reaches."""
    reached = [
        name for name, threshold in scoring.rank_thresholds(puzzle.points) if score >= threshold
    ]
    return reached[-1]


def hints(puzzle: BeePuzzle, found: Iterable[str]) -> dict:
    """Return the hint grid and the two-letter list of the answers not yet found."""
    left = sorted(puzzle.answers - set(found))
    grid = scoring.hint_grid(left)
    return {
        "words_left": len(left),
        "points_left": scoring.total_score(left, puzzle.letters),
        "pangrams_left": sum(scoring.is_pangram(w, puzzle.letters) for w in left),
        "lengths": grid.lengths,
        "grid": {
            letter: {str(n): grid.counts.get((letter, n), 0) for n in grid.lengths}
            for letter in grid.letters
        },
        "two_letters": dict(scoring.two_letter_list(left)),
    }


def answers(puzzle: BeePuzzle) -> dict:
    """Return every answer, pangrams first then longest first (the reveal)."""
    ordered = scoring.order_answers(puzzle.answers, puzzle.letters)
    return {
        "answers": ordered,
        "pangrams": [w for w in ordered if scoring.is_pangram(w, puzzle.letters)],
        "maybe": sorted(puzzle.maybe),
    }


# ------------------------------------------------------------------ Letter Boxed


def check_chain(puzzle: BoxPuzzle, words: list[str]) -> dict:
    """Return whether a chain of words follows the rules, which letters it leaves, and whether it
    solves the board; the first broken rule is named with its word."""
    if len(words) > MAX_CHAIN_WORDS:
        raise BadGuess(f"a chain has at most {MAX_CHAIN_WORDS} words")
    played = [plain_word(word) for word in words]
    problem = None
    for place, word in enumerate(played):
        reason = chain_problem(puzzle, played, place)
        if reason:
            problem = {"index": place, "word": word, "reason": reason}
            break
    valid = problem is None
    left = sorted(set(puzzle.board.letters) - set("".join(played)))
    return {
        "words": played,
        "valid": valid,
        "problem": problem,
        "letters_left": left,
        "solved": valid and bool(played) and not left,
        "word_count": len(played),
        "par": puzzle.par,
    }


def chain_problem(puzzle: BoxPuzzle, played: list[str], place: int) -> str | None:
    """Return why the word at a place of a chain breaks a rule, or None."""
    from solvers import letter_boxed as lb

    word = played[place]
    reason = lb.unplayable_reason(puzzle.board, word)
    if reason:
        return reason
    if place and word[0] != played[place - 1][-1]:
        return f"must start with {played[place - 1][-1]!r}, the last letter of the word before"
    if word in played[:place]:
        return "already in the chain"
    if word not in puzzle.words:
        return f"not in {puzzle.judged_by}"
    return None


def best_solution(puzzle: BoxPuzzle) -> tuple[str, ...]:
    """Return the alphabetically first best solution with the board's words (none: empty)."""
    from solvers import letter_boxed as lb

    solution = lb.solve(puzzle.board, puzzle.words)
    return solution.words if solution else ()
