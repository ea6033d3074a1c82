"""Every honeycomb scored in SQL: a tiny word list by hand, Norvig's ENABLE table, the archive."""

from __future__ import annotations

import contextlib
import csv
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.config import mirror_dir
from pipeline.games.spelling_bee import honeycombs as analyze
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from solvers.spelling_bee import make_puzzle
from solvers.spelling_bee_scoring import total_score
from tests.conftest import MirrorWarehouse

ENABLE_PATH = "raw.githubusercontent.com/norvig/pytudes/main/ipynb/enable1.txt"

# Two pangram letter sets: abcdefg (two pangrams) and, with S allowed, abcdefs.
TINY_WORDS = [
    "abcdefg",  # pangram, 7 letters: 7 + 7 = 14
    "gfedcbaa",  # pangram, 8 letters: 8 + 7 = 15
    "abcd",  # 4 letters: 1
    "abcde",  # 5
    "aaaa",  # 1
    "bbbb",  # 1
    "abcdefs",  # a pangram only with S allowed: 14
    "abcdefgh",  # 8 distinct letters: never an answer
    "abc",  # too short
]


@pytest.fixture
def tiny() -> Iterator[Connection]:
    """Return an in-memory DuckDB with the tiny list's honeycombs scored with and without S."""
    with contextlib.closing(warehouse.in_memory()) as con:
        analyze.load_words(con, TINY_WORDS)
        analyze.score_honeycombs(con, (False, True))
        yield con


def honeycomb_scores(con: Connection, s_allowed: bool) -> dict[tuple[str, str], tuple]:
    """Return (words, pangrams, points) by (letters, center)."""
    rows = analyze.honeycomb_table(con, s_allowed).select(
        "letters", "center", "words", "pangrams", "points"
    )
    return {(letters, center): tuple(rest) for letters, center, *rest in rows.rows}


def test_points_come_from_the_scoring_module() -> None:
    assert [analyze.honeycomb_points(w) for w in ("abcdefg", "gfedcbaa", "abcd", "abcde")] == [
        14,
        15,
        1,
        5,
    ]


def test_tiny_list_without_s(tiny: Connection) -> None:
    assert analyze.spaces(tiny)[0] == analyze.Space(False, 6, 1, 7)
    assert honeycomb_scores(tiny, False) == {
        ("abcdefg", "a"): (5, 2, 36),
        ("abcdefg", "b"): (5, 2, 36),
        ("abcdefg", "c"): (4, 2, 35),
        ("abcdefg", "d"): (4, 2, 35),
        ("abcdefg", "e"): (3, 2, 34),
        ("abcdefg", "f"): (2, 2, 29),
        ("abcdefg", "g"): (2, 2, 29),
    }


def test_tiny_list_with_s(tiny: Connection) -> None:
    assert analyze.spaces(tiny)[1] == analyze.Space(True, 7, 2, 14)
    scores = honeycomb_scores(tiny, True)
    assert len(scores) == 14
    assert scores[("abcdefs", "a")] == (4, 1, 21)
    assert scores[("abcdefs", "e")] == (2, 1, 19)
    assert scores[("abcdefs", "s")] == (1, 1, 14)
    assert scores[("abcdefg", "a")] == (5, 2, 36)  # abcdefs is no subset of abcdefg


def test_top_honeycombs_break_ties_alphabetically(tiny: Connection) -> None:
    top = analyze.top_honeycombs(tiny, False, 2)
    assert top.rows == [
        ("abcdefg", "a", 5, 2, 36, ["abcdefg", "gfedcbaa"]),
        ("abcdefg", "b", 5, 2, 36, ["abcdefg", "gfedcbaa"]),
    ]


def test_scores_agree_with_the_solver_scoring(tiny: Connection) -> None:
    for (letters, center), (_words, _pangrams, points) in honeycomb_scores(tiny, True).items():
        puzzle = make_puzzle(center, letters.replace(center, ""))
        answers = [w for w in TINY_WORDS if len(w) >= 4 and center in w and set(w) <= set(letters)]
        assert points == total_score(answers, puzzle)


def test_histogram_and_quantiles(tiny: Connection) -> None:
    histogram = dict(analyze.word_count_histogram(tiny, False).select("words", "honeycombs").rows)
    assert histogram["1-9"] == 7 and sum(histogram.values()) == 7
    quantiles = analyze.quantiles(tiny, False).rows
    assert quantiles[0] == (0.0, 2, 29) and quantiles[-1] == (1.0, 5, 36)


def test_cli_analyze_a_word_file(tmp_path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(TINY_WORDS))
    out = tmp_path / "honeycombs.csv"
    result = CliRunner().invoke(
        app,
        ["analyze", "spelling-bee", "-d", str(words), "--no-s", "--top", "3", "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    assert "6 valid words, 1 pangram letter sets, 7 honeycombs" in result.output
    # which era of the NYT's rule the count follows is said
    assert "of " + str(words) + " (no S, the NYT's rule before 2025-03-12):" in result.output
    with out.open() as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == [
        *("letters", "center", "words", "pangrams", "points", "pangram_words"),
        *("likeness", "difficulty", "expected_errors"),
    ]
    # no built warehouse here: the build's judgement of each honeycomb is left empty
    assert rows[1] == ["abcdefg", "a", "5", "2", "36", '["abcdefg", "gfedcbaa"]', "", "", ""]
    assert len(rows) == 8


def test_cli_rejects_top_below_one(tmp_path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(TINY_WORDS))
    result = CliRunner().invoke(app, ["analyze", "spelling-bee", "-d", str(words), "--top", "0"])
    assert result.exit_code == 2
    assert "--top must be at least 1" in result.output


# --- Norvig's figures on the mirror's ENABLE list -----------------------------------------------


@pytest.fixture(scope="module")
def enable() -> Iterator[Connection]:
    """Return an in-memory DuckDB with ENABLE's honeycombs scored with and without S."""
    mirror = mirror_dir()
    if mirror is None:
        pytest.skip("PIPELINE_MIRROR is not set (point it at the mirror's http folder)")
    words = (mirror / ENABLE_PATH).read_text().split()
    with contextlib.closing(warehouse.in_memory()) as con:
        analyze.load_words(con, words)
        analyze.score_honeycombs(con, (False, True))
        yield con


def test_norvig_enable_without_s(enable: Connection) -> None:
    assert analyze.spaces(enable)[0] == analyze.Space(False, 44_585, 7_986, 55_902)
    best = analyze.top_honeycombs(enable, False, 1).rows[0]
    assert best[:5] == ("aeginrt", "r", 537, 50, 3_898)


def test_norvig_enable_with_s(enable: Connection) -> None:
    assert analyze.spaces(enable)[1] == analyze.Space(True, 98_141, 15_599, 109_193)
    best = analyze.top_honeycombs(enable, True, 1).rows[0]
    assert best[:5] == ("aeinrst", "e", 1_179, 86, 8_681)


# --- the archive against the space (a warehouse built from the mirror) --------------------------


def test_archive_among_every_honeycomb(mirror_warehouse: MirrorWarehouse) -> None:
    with contextlib.closing(mirror_warehouse.connect()) as con:
        space = analyze.nyt_against_space(con)
        first_s = con.execute(
            "SELECT min(date) FROM spelling_bee_puzzles WHERE letters_mask & letter_bit('s') <> 0"
        ).fetchall()[0][0]
    assert first_s == analyze.S_ALLOWED_FROM  # no puzzle before it holds S
    for size in space.spaces:
        assert size.honeycombs == 7 * size.pangram_sets
    ranks = space.puzzle_ranks
    ranked = [row for row in ranks.rows if row[ranks.columns.index("points_rank")] is not None]
    assert len(ranked) >= 0.99 * len(ranks.rows)
    for row in ranked:
        record = dict(zip(ranks.columns, row, strict=True))
        assert 1 <= record["points_rank"] <= record["honeycombs"]
        assert 1 <= record["center_rank"] <= 7
        assert record["fewest_points_of_letters"] <= record["points"]
        assert record["points"] <= record["most_points_of_letters"]
    assert sum(count for _, count in space.center_ranks.rows) == len(ranks.rows)
