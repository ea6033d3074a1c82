"""The whole space of Spelling Bee honeycombs, scored in SQL, and the NYT's choices within it.

A honeycomb is a pangram letter set (the 7 distinct letters of some word) with one of its letters
as the center. Every honeycomb of a dictionary is scored in one pass over packed letter masks
(`sql/analyze/`): points per letter set, then each honeycomb's sum over its subsets that hold the
center. Norvig's notebook (pytudes, "Spelling Bee") did the same in Python on ENABLE.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from pipeline.games import SPELLING_BEE
from pipeline.games.hooks import ReportContext
from pipeline.games.spelling_bee import S_ALLOWED_FROM
from pipeline.render.model import Paragraph, Section, TableBlock
from pipeline.render.text import markdown_table
from pipeline.storage import warehouse
from pipeline.storage.table_files import write_columns
from pipeline.storage.warehouse import Connection
from pipeline.table import Table
from solvers.masks import ALPHABET, Word
from solvers.spelling_bee import PUZZLE_SIZE, candidate_words
from solvers.spelling_bee_scoring import word_score

ZONE = (30, 45)  # the word counts most NYT puzzles have
WORD_BUCKETS = (1, 10, 20, 30, 46, 60, 100, 200, 400)
QUANTILES = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1.0)
FILE_STEM = f"{SPELLING_BEE.slug}_honeycombs"  # the file analyze writes: its stem, then .FORMAT
RANKS_CSV_FILE = f"{SPELLING_BEE.slug}_puzzle_ranks.csv"
PANGRAMS_SHOWN = 4


@dataclass(frozen=True)
class Space:
    """The size of one dictionary's honeycomb space under one S rule."""

    s_allowed: bool
    valid_words: int
    pangram_sets: int
    honeycombs: int


@dataclass(frozen=True)
class NytAgainstSpace:
    """The archived puzzles placed among every honeycomb of the custom dictionary of their era."""

    spaces: list[Space]
    puzzle_ranks: Table  # one row per archived puzzle
    eras: Table  # per era: honeycombs and archived puzzles, and those with 30-45 words
    never_used: Table  # per era: the highest-scoring honeycombs the NYT has not used
    center_ranks: Table  # how the NYT's center ranks among the 7 of its letters
    extremes: Table  # puzzles whose center gave the most or fewest points of their letters


def honeycomb_points(word: Word) -> int:
    """Return a word's points in any honeycomb that holds its letters: the same in every one.

    The rule itself stays in solvers/spelling_bee_scoring.py: the word is scored there in one such
    honeycomb (its own letters, padded with others to 7), where it is a pangram exactly when it
    has 7 distinct letters.
    """
    letters = sorted(set(word))
    padding = [letter for letter in ALPHABET if letter not in letters]
    return word_score(word, "".join(letters + padding)[:PUZZLE_SIZE])


def load_words(con: Connection, words: Iterable[str]) -> int:
    """Hand the candidate words and their points to DuckDB as `honeycomb_words` (no honeycomb
    judged yet: honeycomb_likeness empty); return how many."""
    candidates = candidate_words(words)
    points = [honeycomb_points(word) for word in candidates]
    warehouse.hand_over(con, "honeycomb_word_list", {"word": candidates, "points": points})
    warehouse.run(con, "analyze/honeycomb_words")
    warehouse.run(con, "analyze/no_honeycomb_likeness")
    return len(candidates)


def score_honeycombs(con: Connection, s_rules: Sequence[bool]) -> None:
    """Score every honeycomb of `honeycomb_words` under each S rule into the table `honeycombs`."""
    warehouse.run(con, "analyze/letter_set_points", {"s_rules": list(s_rules)})
    warehouse.run(con, "analyze/honeycombs")


def spaces(con: Connection) -> list[Space]:
    """Return the valid words, pangram letter sets and honeycombs of each S rule scored."""
    return [Space(*row) for row in warehouse.query(con, "analyze/spaces").rows]


def top_honeycombs(con: Connection, s_allowed: bool, limit: int) -> Table:
    """Return the highest-scoring honeycombs with their words, pangrams, points and pangram words."""
    return warehouse.query(con, "analyze/top_honeycombs", {"s_allowed": s_allowed, "limit": limit})


def word_count_histogram(con: Connection, s_allowed: bool) -> Table:
    """Return how many honeycombs have a word count in each bucket (`30-45`)."""
    params = {"s_allowed": s_allowed, "bounds": list(WORD_BUCKETS)}
    return warehouse.query(con, "analyze/word_count_histogram", params)


def quantiles(con: Connection, s_allowed: bool) -> Table:
    """Return the quantiles of the honeycombs' word counts and points."""
    params = {"s_allowed": s_allowed, "quantiles": list(QUANTILES)}
    return warehouse.query(con, "analyze/quantiles", params)


def honeycomb_table(con: Connection, s_allowed: bool) -> Table:
    """Return every honeycomb: letters, center, words, pangrams and points, best first."""
    return warehouse.query(con, "analyze/honeycomb_rows", {"s_allowed": s_allowed})


def write_honeycombs(table: Table, fmt: str, path: Path) -> Path:
    """Write every honeycomb's row to a file in a format (csv, jsonl, parquet), whole or not at
    all."""
    columns = {name: table.column(name) for name in table.columns}
    write_columns(columns, fmt, path)
    return path


@dataclass(frozen=True)
class Analysis:
    """Every honeycomb of one dictionary under one S rule: its size, best, spread and rows."""

    dictionary: str
    space: Space
    top: Table
    quantiles: Table
    histogram: Table
    honeycombs: Table
    seconds: float  # scoring every honeycomb in SQL, the words already handed over


def built_likeness(path: Path) -> dict[str, np.ndarray] | None:
    """Return the build's likeness, difficulty and expected errors of every honeycomb of the
    custom list, as columns (None when there is no built warehouse to read them from)."""
    if not path.is_file():
        return None
    with warehouse.open_warehouse(path, read_only=True) as con:
        if not warehouse.table_exists(con, "spelling_bee_honeycombs"):
            return None
        return warehouse.run(con, "analyze/built_likeness").fetchnumpy()


def hand_over_likeness(con: Connection, judged: dict[str, np.ndarray]) -> None:
    """Make the build's judgement of each honeycomb the table honeycomb_likeness (load_words
    leaves it empty)."""
    warehouse.hand_over(con, "judged_honeycombs", judged)
    warehouse.run(con, "analyze/honeycomb_likeness")
    warehouse.release(con, "judged_honeycombs")


def analyze_spelling_bee(
    words: Iterable[str],
    dictionary: str,
    s_allowed: bool,
    top: int,
    judged: dict[str, np.ndarray] | None = None,
) -> Analysis:
    """Score every honeycomb of a word list in an in-memory DuckDB and return the analysis;
    `judged` (built_likeness) adds each honeycomb's likeness to its rows."""
    with contextlib.closing(warehouse.in_memory()) as con:
        load_words(con, words)
        if judged is not None:
            hand_over_likeness(con, judged)
        started = time.perf_counter()
        score_honeycombs(con, (s_allowed,))
        seconds = time.perf_counter() - started
        return Analysis(
            dictionary=dictionary,
            space=spaces(con)[0],
            top=top_honeycombs(con, s_allowed, top),
            quantiles=quantiles(con, s_allowed),
            histogram=word_count_histogram(con, s_allowed),
            honeycombs=honeycomb_table(con, s_allowed),
            seconds=seconds,
        )


def format_analysis(analysis: Analysis) -> str:
    """Return the space's size, its best honeycombs and the spread of words and points as text."""
    space = analysis.space
    rule = (
        f"S allowed, the NYT's rule since {S_ALLOWED_FROM}, though it has used S rarely since"
        if space.s_allowed
        else f"no S, the NYT's rule before {S_ALLOWED_FROM}"
    )
    top_rows = [
        (letters, center.upper(), words, pangrams, points, shown_pangrams(pangram_words))
        for letters, center, words, pangrams, points, pangram_words in analysis.top.rows
    ]
    headers = ["letters", "center", "words", "pangrams", "points", "pangram words"]
    return "\n\n".join(
        [
            f"Spelling Bee honeycombs of {analysis.dictionary} ({rule}): "
            f"{space.valid_words:,} valid words, {space.pangram_sets:,} pangram letter sets, "
            f"{space.honeycombs:,} honeycombs, scored in {analysis.seconds:.3f} s",
            f"Top {len(top_rows)} by points",
            markdown_table(headers, top_rows),
            "Words and points per honeycomb (quantiles)",
            markdown_table(list(analysis.quantiles.columns), analysis.quantiles.rows),
            f"Honeycombs by word count (the NYT's puzzles mostly have {ZONE[0]}-{ZONE[1]})",
            markdown_table(list(analysis.histogram.columns), analysis.histogram.rows),
        ]
    )


def shown_pangrams(words: Sequence[str]) -> str:
    """Return the first few pangrams and how many more there are."""
    more = len(words) - PANGRAMS_SHOWN
    return ", ".join(words[:PANGRAMS_SHOWN]) + (f" (+{more} more)" if more > 0 else "")


# ---------------------------------------------------------------- the NYT against the space


def custom_words(con: Connection) -> list[Word]:
    """Return the custom Spelling Bee dictionary as the last build decided it."""
    warehouse.require_tables(con, "custom_words", stage_hint="pipeline build")
    return warehouse.query(con, "analyze/custom_words", {"game": SPELLING_BEE.name}).column("word")


def nyt_against_space(con: Connection, limit: int = 10) -> NytAgainstSpace:
    """Score every honeycomb of the custom dictionary with and without S, and place the archive."""
    warehouse.require_tables(con, SPELLING_BEE.table("puzzles"), stage_hint="pipeline scrape")
    load_words(con, custom_words(con))
    score_honeycombs(con, (False, True))
    warehouse.run(con, "analyze/puzzle_ranks", {"s_allowed_from": S_ALLOWED_FROM})
    params = {"low": ZONE[0], "high": ZONE[1], "limit": limit}
    return NytAgainstSpace(
        spaces=spaces(con),
        puzzle_ranks=warehouse.query(con, "analyze/puzzle_rank_rows"),
        eras=warehouse.query(con, "analyze/eras", params),
        never_used=warehouse.query(con, "analyze/never_used", params),
        center_ranks=warehouse.query(con, "analyze/center_ranks"),
        extremes=warehouse.query(con, "analyze/extremes", params),
    )


SECTION_FILES = {
    table: f"{SPELLING_BEE.slug}_{table.replace('-', '_')}.csv"
    for table in ("spaces", "eras", "never-used", "center-ranks", "extremes")
}
NYT_SPACE_HEADING = "The NYT's puzzles among every possible honeycomb (custom dictionary)"


def report_sections(con: Connection, context: ReportContext) -> list[Section]:
    """Return the sections placing the archive among every honeycomb of the custom dictionary
    (the game's own sections of `pipeline report`)."""
    archive = (SPELLING_BEE.table("puzzles"), "custom_words")
    if not all(warehouse.table_exists(con, table) for table in archive):
        nothing = "No Spelling Bee archive or custom dictionary: run `pipeline scrape` and `pipeline build`."
        return [Section("spelling-bee-honeycombs", NYT_SPACE_HEADING, blocks=(Paragraph(nothing),))]
    space = nyt_against_space(con)
    return [
        spaces_section(space),
        table_section(
            space.never_used,
            ("never-used", "The highest-scoring honeycombs the NYT has never used"),
            ("era", "letters", "center", "words", "pangrams", "points", "NYT centers of letters"),
            "The honeycombs with the most points in the custom list that were never an NYT "
            "puzzle, per era.",
        ),
        table_section(
            space.center_ranks,
            ("center-ranks", "The NYT's center among the 7 of its letters (1 = the most points)"),
            ("center rank", "puzzles"),
            "How many NYT puzzles put each rank of its letters (by points) in the center.",
        ),
        table_section(
            space.extremes,
            ("extremes", "The largest and smallest puzzles for their letters"),
            ("kind", "date", "letters", "words", "points", "fewest of letters")
            + ("most of letters", "points rank", "honeycombs"),
            "The NYT puzzles with the most and the fewest points among the centers their letters "
            "allow.",
        ),
    ]


def report_files() -> list[str]:
    """Return the files the game's own report sections write."""
    return [RANKS_CSV_FILE, *SECTION_FILES.values()]


ERA_COLUMNS = {  # the eras table's columns, and their headers
    "era": "era",
    "honeycombs": "honeycombs",
    "zone_honeycombs": f"with {ZONE[0]}-{ZONE[1]} words",
    "zone_share": "share",
    "puzzles": "puzzles",
    "ranked_puzzles": "ranked",
    "zone_puzzles": f"puzzles with {ZONE[0]}-{ZONE[1]} words",
    "zone_puzzles_nyt": "same, NYT count",
    "median_points_top_share": "median top share, points",
    "median_words_top_share": "median top share, words",
}


def spaces_section(space: NytAgainstSpace) -> Section:
    """Return each era's space of honeycombs, and each archived puzzle's rank in it."""
    sizes = Table(
        ("era", "valid words", "pangram letter sets", "honeycombs"),
        [
            ("S allowed" if s.s_allowed else "no S", s.valid_words, s.pangram_sets, s.honeycombs)
            for s in space.spaces
        ],
    )
    return Section(
        "spelling-bee-honeycombs",
        NYT_SPACE_HEADING,
        blocks=(
            Paragraph(
                "A honeycomb is a pangram letter set with one of its 7 letters as the center. "
                f"Each archived puzzle is ranked in its era's space: S left out before "
                f"{S_ALLOWED_FROM}, allowed from then on. A top share of 0.05 means 5% of the "
                "honeycombs score at least as much."
            ),
            TableBlock(
                "spaces",
                sizes,
                caption="The size of each era's space.",
                file=SECTION_FILES["spaces"],
            ),
            TableBlock(
                "eras",
                space.eras,
                Table(tuple(ERA_COLUMNS.values()), space.eras.select(*ERA_COLUMNS).rows),
                caption=f"Most NYT puzzles have {ZONE[0]}-{ZONE[1]} words; most honeycombs do not.",
                file=SECTION_FILES["eras"],
            ),
            TableBlock(
                "puzzle-ranks",
                space.puzzle_ranks,
                caption="Each archived puzzle's rank among the honeycombs of its era, by points and "
                "by words (1 = the most).",
                file=RANKS_CSV_FILE,
                collapsed=True,
            ),
        ),
    )


def table_section(
    table: Table, part: tuple[str, str], headers: tuple[str, ...], caption: str
) -> Section:
    """Return a section of one table of the space (`part`: its id and heading), its columns
    under people's headers."""
    name, heading = part
    return Section(
        f"spelling-bee-{name}",
        heading,
        level=3,
        blocks=(
            TableBlock(
                name, table, Table(headers, table.rows), caption=caption, file=SECTION_FILES[name]
            ),
        ),
    )
