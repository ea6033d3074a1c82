"""`pipeline today`: one day's puzzle with what the custom dictionary expects, answers hidden.

The puzzle comes from the live NYT page (online: through the download cache and the same parsers
as `scrape`), from the warehouse for a given date, or is the latest stored one (offline, or when
the live page fails). The first line says which.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from pipeline.errors import UserError
from pipeline.games import LETTER_BOXED, SPELLING_BEE, Game
from pipeline.render.markdown import plural
from pipeline.sources.nyt_live import (
    NYT_LIVE_LETTER_BOXED_URL,
    NYT_LIVE_SPELLING_BEE_URL,
    parse_nyt_live_letter_boxed,
    parse_nyt_live_spelling_bee,
)
from pipeline.sources.records import BeeRecord, BoxRecord, ParseError
from pipeline.storage import named_lists, warehouse
from pipeline.storage.download import Downloader
from pipeline.storage.warehouse import Connection
from solvers import letter_boxed as lb
from solvers import spelling_bee_scoring as scoring
from solvers.spelling_bee import make_puzzle

LIVE_URLS = {
    SPELLING_BEE.name: NYT_LIVE_SPELLING_BEE_URL,
    LETTER_BOXED.name: NYT_LIVE_LETTER_BOXED_URL,
}
Record = BeeRecord | BoxRecord


@dataclass(frozen=True)
class Day:
    """A puzzle, where it came from, and the words the custom dictionary expects for it."""

    game: Game
    record: Record
    origin: str  # said on the first line
    stored: bool  # from the warehouse: a past puzzle whose official answers are final
    expected: list[str]  # the custom dictionary's words for the puzzle
    expected_from: str  # which custom dictionary: the rolling backtest's or today's list


def live_record(downloader: Downloader, game: Game) -> tuple[Record | None, str]:
    """Return today's puzzle from the live NYT page, or None and why it is not available."""
    url = LIVE_URLS[game.name]
    fetched = downloader.fetch(url, refresh=True)
    if fetched.path is None:
        return None, f"the live page {url} is not available ({fetched.error or fetched.origin})"
    try:
        if game == SPELLING_BEE:
            return parse_nyt_live_spelling_bee(fetched.text())[-1], url  # yesterday, today
        return parse_nyt_live_letter_boxed(fetched.text()), url
    except ParseError as error:
        return None, f"the live page {url} could not be read ({error})"


def stored_record(con: Connection, game: Game, date: dt.date | None) -> Record | None:
    """Return the stored puzzle of a date, or the latest stored one when no date is given."""
    warehouse.require_tables(con, game.table("puzzles"), stage_hint="pipeline scrape")
    rows = warehouse.query(con, f"today/{game.slug}_day", {"date": date}).rows
    if not rows:
        return None
    if game == SPELLING_BEE:
        day, center, others, answers, pangrams = rows[0]
        return BeeRecord(day, center, others, tuple(answers), tuple(pangrams), "warehouse")
    day, sides, solution, par, dictionary = rows[0]
    return BoxRecord(
        day, tuple(sides), tuple(solution), par, None,
        tuple(dictionary) if dictionary is not None else None, None, None, "warehouse",
    )  # fmt: skip


def find_day(
    con: Connection | None, game: Game, date: dt.date | None, downloader: Downloader
) -> tuple[Record, str, bool]:
    """Return the puzzle, where it came from, and whether it is a stored (past) one."""
    if date is None and not downloader.offline:
        record, origin = live_record(downloader, game)
        if record is not None:
            return record, f"the live NYT page ({origin})", False
        fallback = f"the latest stored puzzle: {origin}"
    else:
        fallback = "the latest stored puzzle (offline)"
    if con is None:
        raise UserError(f"no warehouse to read a stored {game.title} puzzle: run `pipeline scrape`")
    record = stored_record(con, game, date)
    if record is None:
        raise UserError(
            f"no {game.title} puzzle stored for {date}"
            if date
            else f"no {game.title} puzzle stored"
        )
    return record, f"the warehouse ({date})" if date else fallback, True


def expected_words(con: Connection | None, game: Game, record: Record) -> tuple[list[str], str]:
    """Return the words the custom dictionary expects for a puzzle: the rolling backtest's
    prediction when the day is in it (evidence from before the day only), else today's list."""
    if con is not None and warehouse.table_exists(con, "backtest"):
        params = {"game": game.name, "date": record.date}
        rows = warehouse.query(con, "today/predicted_words", params).rows
        if rows:
            words = [word for word, predicted in rows if predicted]
            return words, f"built on the evidence before {record.date} (its backtest)"
    words = named_lists.require_game_words(named_lists.file_word_list("custom", game), game).words
    if isinstance(record, BeeRecord):
        puzzle = make_puzzle(record.center, record.others)
        return scoring.ScoredSubsetSolver(words).solve_scored(puzzle).words, "as built now"
    return lb.WordIndex(words).playable(lb.parse_board(list(record.sides))), "as built now"


def today(con: Connection | None, game: Game, date: dt.date | None, downloader: Downloader) -> Day:
    """Return the day's puzzle with the words the custom dictionary expects."""
    record, origin, stored = find_day(con, game, date, downloader)
    words, expected_from = expected_words(con, game, record)
    return Day(game, record, origin, stored, words, expected_from)


def format_day(day: Day, reveal: bool) -> str:
    """Return the day as text: no answers unless `reveal`."""
    first = f"{day.game.title} {day.record.date}, from {day.origin}"
    if isinstance(day.record, BeeRecord):
        return "\n".join([first, *spelling_bee_lines(day, day.record, reveal)])
    return "\n".join([first, *letter_boxed_lines(day, day.record, reveal)])


def spelling_bee_lines(day: Day, record: BeeRecord, reveal: bool) -> list[str]:
    """Return the letters, counts, hint grid and two-letter list (and the words if revealed)."""
    puzzle = make_puzzle(record.center, record.others)
    answers = scoring.score_answers(day.expected, puzzle)
    lines = [
        f"Letters: center {puzzle.center.upper()}, others {' '.join(puzzle.others.upper())}",
        f"The custom dictionary, {day.expected_from}, expects "
        f"{plural(len(answers.words), 'word')}, {plural(answers.total, 'point')}, "
        f"{plural(len(answers.pangrams), 'pangram')}.",
        "",
        scoring.format_hint_grid(scoring.hint_grid(answers.words)),
        "",
        "Two letter list:",
        "  ".join(f"{start.upper()}-{n}" for start, n in scoring.two_letter_list(answers.words)),
    ]
    if reveal:
        lines += ["", "Pangrams: " + (", ".join(answers.pangrams) or "(none)")]
        others = [word for word in answers.words if word not in answers.pangrams]
        lines += ["Words: " + (", ".join(others) or "(none)")]
        if day.stored:
            lines += comparison_lines(day.expected, record.answers, "official answers")
    else:
        lines += ["", "(answers hidden: --reveal shows them)"]
    return lines


def letter_boxed_lines(day: Day, record: BoxRecord, reveal: bool) -> list[str]:
    """Return the sides, par and fewest words (and the solutions if revealed)."""
    board = lb.parse_board(list(record.sides))
    known = record.dictionary is not None
    words = list(record.dictionary) if record.dictionary is not None else day.expected
    source = (
        "the NYT's word list of the day"
        if known
        else f"the custom dictionary ({day.expected_from})"
    )
    links = lb.board_links(board, lb.playable_words(board, words), lb.DEFAULT_MAX_WORDS)
    best = lb.first_chain(links) if links else None
    fewest = (
        f"{plural(len(best), 'word')} ({plural(lb.chain_count(links), 'best solution')})"
        if best
        else f"no solution within {lb.DEFAULT_MAX_WORDS} words"
    )
    lines = [
        "Sides: " + " / ".join(side.upper() for side in record.sides),
        f"Par: {record.par} words" if record.par else "Par: not published",
        f"Fewest words possible with {source}: {fewest}",
        f"The custom dictionary, {day.expected_from}, allows "
        f"{plural(len(day.expected), 'word')} on this board.",
    ]
    if reveal:
        lines += [
            "",
            "Best solution: " + (" - ".join(best) if best else "(none)"),
            "NYT's solution: " + (" - ".join(record.nyt_solution) or "(not published)"),
        ]
        if day.stored and known:
            lines += comparison_lines(day.expected, record.dictionary or (), "NYT word list")
    else:
        lines += ["", "(solutions hidden: --reveal shows them)"]
    return lines


def comparison_lines(expected: list[str], official: tuple[str, ...], name: str) -> list[str]:
    """Return how the custom dictionary's words compare with the official ones."""
    extra = sorted(set(expected) - set(official))
    missed = sorted(set(official) - set(expected))
    hits = len(set(expected) & set(official))
    return [
        "",
        f"Against the {name} ({len(set(official)):,}): {hits:,} right, "
        f"{len(extra):,} extra, {len(missed):,} missed",
        "Extra (expected, not accepted): " + (", ".join(extra) or "(none)"),
        "Missed (accepted, not expected): " + (", ".join(missed) or "(none)"),
    ]
