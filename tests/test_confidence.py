"""How sure the dictionary is and the corrections it takes, on the tiny warehouse
(tests/tiny_archive.py): history-bucket probabilities, the offensive-word guard, the maybe band,
hand edits (edits.tsv), `export custom`, and the maybe tier of `solve`."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.errors import UserError
from pipeline.games import GAMES, SPELLING_BEE
from pipeline.model.rule import MaybeBand, Rule, decide, maybe_band
from pipeline.report import confidence as report_confidence
from pipeline.stages import build, scrape, words
from pipeline.storage import custom_lists, warehouse
from pipeline.storage.edits import Edit, read_edits
from tests import tiny_archive
from tests.test_evidence import row
from tests.test_rule import evidence
from tests.tiny_archive import AS_OF, P2, P3

runner = CliRunner()


# --- probabilities --------------------------------------------------------------------------


def test_history_buckets_and_their_rates(tiny_evidence) -> None:
    # On 2024-02-10 able and bale had one verdict each (accepted 31 days before): bucket
    # in|1|all|<1y, with no earlier repeat verdict: (0 + 1) / (0 + 2).
    bale = row(tiny_evidence, "bale", P2)
    assert (bale["history_bucket"], bale["history_size"], bale["probability"]) == (
        "in|1|all|<1y",
        0,
        0.5,
    )
    # On 2025-01-10 ebbe (accepted 2024-02-10) is in the same bucket, which now holds able
    # (accepted again) and bale (rejected) of 2024-02-10: (1 + 1) / (2 + 2).
    ebbe = row(tiny_evidence, "ebbe", P3)
    assert (ebbe["history_bucket"], ebbe["history_size"], ebbe["probability"]) == (
        "in|1|all|<1y",
        2,
        0.5,
    )
    # alba, last judged 366 days before: the age band 1-3 years.
    assert row(tiny_evidence, "alba", P3)["history_bucket"] == "out|1|none|1-3y"
    # The build's row for ebbe (1 of 2 accepted, rejected the day before): only bale's rejection
    # of 2025-01-10 is in out|2|half+|<1y: (0 + 1) / (1 + 2).
    current = row(tiny_evidence, "ebbe", AS_OF)
    assert (current["history_bucket"], current["history_size"]) == ("out|2|half+|<1y", 1)
    assert current["probability"] == pytest.approx(1 / 3)
    # A new word's probability is its evidence bucket's rate.
    blanket = row(tiny_evidence, "blanket", P3)
    assert (blanket["history_bucket"], blanket["probability"]) == (None, 0.8)


def test_backtest_and_custom_words_store_the_probability(tiny_warehouse: Path) -> None:
    with warehouse.open_warehouse(tiny_warehouse, read_only=True) as con:
        backtest = con.execute(
            "SELECT date, probability FROM backtest WHERE game = 'spelling-bee' AND word = 'ebbe' "
            "ORDER BY date"
        ).fetchall()
        custom = con.execute(
            "SELECT word, probability, history_bucket FROM custom_words "
            "WHERE game = 'spelling-bee' AND word IN ('ebbe', 'chat') ORDER BY word"
        ).fetchall()
    assert backtest == [(P2, pytest.approx(2 / 3)), (P3, 0.5)]
    assert custom == [("chat", 0.5, None), ("ebbe", pytest.approx(1 / 3), "out|2|half+|<1y")]


def test_a_probability_rule_judges_words_seen_before_by_their_history_rate() -> None:
    rows = evidence(
        {"prior_verdicts": 3, "probability": 0.9, "score_last": -1.0},
        {"prior_verdicts": 3, "probability": 0.2, "score_last": 1.0, "last_accepted": True},
        {"probability": 0.6, "bucket_rate": 0.6},
    )
    assert decide(rows, Rule("probability", 0.5)).tolist() == [True, False, True]
    assert decide(rows, Rule("score_last", 0.5)).tolist() == [False, True, True]


# --- the offensive-word guard ------------------------------------------------------------------


def test_the_guard_keeps_out_offensive_words_the_nyt_never_accepted() -> None:
    rows = evidence(
        {"word": "new", "bucket_rate": 0.9, "guarded": True},
        {"word": "seen", "prior_verdicts": 2, "score_last": 1.0, "guarded": True},
        {"word": "plain", "bucket_rate": 0.9, "guarded": False},
    )
    assert decide(rows, Rule("score_last", 0.5)).tolist() == [False, False, True]
    assert decide(rows, Rule("score_last", 0.5), guard=False).tolist() == [True, True, True]


def test_the_nyt_s_own_acceptance_lifts_the_guard(tiny_warehouse: Path) -> None:
    with warehouse.open_warehouse(tiny_warehouse, read_only=True) as con:
        rows = con.execute(
            "SELECT game, word, included, guarded, reason FROM custom_words "
            "WHERE word IN ('arse', 'able') ORDER BY game, word"
        ).fetchall()
        offensive = con.execute("SELECT word FROM words WHERE offensive").fetchall()
        drops = con.execute(
            "SELECT reason, entries FROM word_drops WHERE source = 'ldnoobw'"
        ).fetchall()
    guard = "out: on the offensive-word list (LDNOOBW) and never accepted by the NYT"
    assert offensive == [("arse",)]
    assert drops == [("space", 1)]  # "two words": a phrase is not a word
    assert [(g, w, i, gu) for g, w, i, gu, _ in rows] == [
        ("letter-boxed", "able", True, False),
        ("letter-boxed", "arse", False, True),
        ("spelling-bee", "able", True, False),
        ("spelling-bee", "arse", False, True),
    ]
    assert rows[1][4] == rows[3][4] == guard


# --- the maybe band ----------------------------------------------------------------------------


def test_the_maybe_band_holds_the_most_errors_within_the_budget() -> None:
    probability = np.asarray([0.01, 0.3, 0.42, 0.48, 0.52, 0.7, 0.97, 0.99])
    errors = np.asarray([False, False, False, True, True, False, False, True])
    shown = np.ones(8, dtype=bool)
    # 2 puzzles, 1.25 words each: at most 2 words, the errors at 0.48 and 0.52.
    assert maybe_band(probability, errors, shown, puzzles=2) == MaybeBand(0.45, 0.55)
    hidden = shown.copy()
    hidden[4] = False  # a guarded word is never shown: 0.48 alone, in the narrowest band
    assert maybe_band(probability, errors, hidden, puzzles=2) == MaybeBand(0.45, 0.5)


# --- hand edits ---------------------------------------------------------------------------------

GOOD_EDITS = (
    "# a comment\n"
    "game\tword\tin/out\treason\n"
    "\n"
    "spelling-bee\tbale\tin\ta farm word the NYT should take\n"
    "letter-boxed\tchop\tout\ttesting an out edit\n"
)


def test_read_edits_skips_the_header_comments_and_blank_lines(tmp_path: Path) -> None:
    path = tmp_path / "edits.tsv"
    path.write_text(GOOD_EDITS)
    assert read_edits(path) == [
        Edit("spelling-bee", "bale", True, "a farm word the NYT should take", 4),
        Edit("letter-boxed", "chop", False, "testing an out edit", 5),
    ]
    assert read_edits(tmp_path / "missing.tsv") == []


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "spelling-bee\tbale\tin",
            "expected 4 tab-separated fields (game, word, in/out, reason), found 3",
        ),
        ("chess\tbale\tin\twhy", "unknown game 'chess': use one of spelling-bee, letter-boxed"),
        ("spelling-bee\tBale\tin\twhy", "'Bale' is not a word of the lowercase letters a-z"),
        ("spelling-bee\tbal-e\tin\twhy", "'bal-e' is not a word of the lowercase letters a-z"),
        ("spelling-bee\tbal\tin\twhy", "'bal' is shorter than spelling-bee allows (4+)"),
        ("spelling-bee\tbale\tyes\twhy", "the third field must be 'in' or 'out', not 'yes'"),
        ("spelling-bee\tbale\tin\t", "the reason is empty: say why the word is edited"),
        ("spelling-bee\table\tout\twhy", "spelling-bee 'able' is edited already on line 4"),
    ],
)
def test_a_bad_edit_line_is_one_error_naming_its_number(
    tmp_path: Path, line: str, message: str
) -> None:
    path = tmp_path / "edits.tsv"
    path.write_text(f"# edits\ngame\tword\tin/out\treason\n\nspelling-bee\table\tin\tok\n{line}\n")
    with pytest.raises(UserError) as raised:
        read_edits(path)
    assert str(raised.value) == f"{path} line 5: {message}"


def test_build_stops_on_a_bad_edit_before_any_work(tmp_path: Path) -> None:
    edits = tmp_path / "edits.tsv"
    edits.write_text("spelling-bee\tbale\tmaybe\twhy\n")
    env = {
        "PIPELINE_EDITS": str(edits),
        "PIPELINE_WAREHOUSE": str(tmp_path / "none.duckdb"),
        "PIPELINE_CUSTOM": str(tmp_path / "custom"),
    }
    result = runner.invoke(app, ["build"], env=env)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: {edits} line 1: the third field must be 'in' or 'out', not 'maybe'\n"
    )
    assert not (tmp_path / "none.duckdb").exists()


@pytest.fixture(scope="module")
def edited_warehouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the tiny warehouse again with two hand edits (bale in, chop out); return its folder."""
    root = tmp_path_factory.mktemp("edited_warehouse")
    edits_file = root / "edits.tsv"
    edits_file.write_text(GOOD_EDITS)
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PIPELINE_CUSTOM", str(root / "custom"))
        with warehouse.stage_warehouse(root / "warehouse.duckdb") as con:
            words.load_words(con, tiny_archive.word_collection())
            scrape.load(con, tiny_archive.scrape_run(), tiny_archive.RUN_ID)
            build.build(con, GAMES, tiny_archive.RUN_ID, read_edits(edits_file))
        custom_lists.publish_word_lists({game.name: tiny_archive.RUN_ID for game in GAMES})
    return root


def test_edits_decide_the_final_lists_and_custom_words(edited_warehouse: Path) -> None:
    with warehouse.open_warehouse(edited_warehouse / "warehouse.duckdb", read_only=True) as con:
        rows = con.execute(
            "SELECT game, word, included, edited, reason FROM custom_words "
            "WHERE (game, word) IN (('spelling-bee', 'bale'), ('letter-boxed', 'chop')) ORDER BY game"
        ).fetchall()
        backtest = con.execute(
            "SELECT date, predicted FROM backtest WHERE game = 'spelling-bee' AND word = 'bale' "
            "ORDER BY date"
        ).fetchall()
        stored = con.execute(
            "SELECT game, word, included, line_number FROM dictionary_edits"
        ).fetchall()
    assert rows == [
        ("letter-boxed", "chop", False, True, "out by hand edit: testing an out edit"),
        ("spelling-bee", "bale", True, True, "in by hand edit: a farm word the NYT should take"),
    ]
    # the backtest is not edited: bale is still predicted by its last verdict
    assert [predicted for _, predicted in backtest] == [True, True, False]
    assert sorted(stored) == [("letter-boxed", "chop", False, 5), ("spelling-bee", "bale", True, 4)]
    bee_list = (edited_warehouse / "custom" / "spelling_bee.txt").read_text().split()
    box_list = (edited_warehouse / "custom" / "letter_boxed.txt").read_text().split()
    assert "bale" in bee_list and "chop" not in box_list


def test_the_report_counts_the_pairs_an_edit_would_have_changed(edited_warehouse: Path) -> None:
    import datetime as dt

    with warehouse.open_warehouse(edited_warehouse / "warehouse.duckdb", read_only=True) as con:
        tables = report_confidence.confidence_tables(
            con, SPELLING_BEE, dt.date(2024, 1, 12), dt.date(2025, 1, 10)
        )
    # bale was predicted in on 2024-02-10 (no change) and out on 2025-01-10 (rejected): one pair
    # changed, and wrongly.
    assert tables["edits"].rows == [(4, "bale", "in", "a farm word the NYT should take", 1, 0)]


def test_explain_says_a_word_is_in_by_hand_edit(edited_warehouse: Path) -> None:
    env = {"PIPELINE_WAREHOUSE": str(edited_warehouse / "warehouse.duckdb")}
    result = runner.invoke(app, ["explain", "bale", "--game", "spelling-bee"], env=env)
    assert result.exit_code == 0, result.output
    assert "reason: in by hand edit: a farm word the NYT should take" in result.stdout
    assert "probability the NYT accepts it: 0.500" in result.stdout


# --- export custom --------------------------------------------------------------------------


def test_export_custom_writes_one_row_per_universe_word(tiny_warehouse: Path) -> None:
    env = {"PIPELINE_WAREHOUSE": str(tiny_warehouse)}
    result = runner.invoke(app, ["export", "custom", "spelling-bee", "--format", "csv"], env=env)
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == ["word", "probability", "included", "reason"]
    by_word = {row[0]: row[1:] for row in rows[1:]}
    assert by_word["arse"][:2] == [
        "0.666667",
        "False",
    ]  # humidor, its bucket's one new word, was accepted
    assert by_word["ebbe"][:2] == ["0.333333", "False"]
    with warehouse.open_warehouse(tiny_warehouse, read_only=True) as con:
        universe = con.execute(
            "SELECT count(*) FROM custom_words WHERE game = 'spelling-bee'"
        ).fetchall()[0][0]
    assert len(rows) - 1 == universe
    jsonl = runner.invoke(app, ["export", "custom", "letter-boxed"], env=env)
    first = json.loads(jsonl.stdout.splitlines()[0])
    assert list(first) == ["word", "probability", "included", "reason"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["export", "custom"], "export custom needs a game: spelling-bee or letter-boxed"),
        (
            ["export", "spelling-bee", "letter-boxed"],
            "export spelling-bee takes no second argument (did you mean custom?)",
        ),
    ],
)
def test_export_custom_usage_errors(tiny_warehouse: Path, args, message) -> None:
    result = runner.invoke(app, args, env={"PIPELINE_WAREHOUSE": str(tiny_warehouse)})
    assert (result.exit_code, result.stderr) == (2, f"error: {message}\n")


# --- the maybe tier in solve ------------------------------------------------------------------

# The NYT puzzle of 2024-09-18 (center C, others A P T M H U).
CUSTOM_LIST = "catch\nchamp\nchap\nmatchup\n"
MAYBE_LIST = (
    "word\tprobability\tlist\n"
    "chap\t0.6100\tin\n"  # listed, but unsure
    "chum\t0.4200\tout\n"
    "hutch\t0.3000\tout\n"
    "much\t0.2000\tout\n"
    "chomp\t0.5000\tout\n"  # has an O: not in the puzzle
)


@pytest.fixture
def custom_env(tmp_path: Path) -> dict[str, str]:
    """Point the pipeline at a custom folder holding a list and its maybe file."""
    custom = tmp_path / "custom"
    custom.mkdir()
    (custom / "spelling_bee.txt").write_text(CUSTOM_LIST)
    (custom / "spelling_bee_maybe.tsv").write_text(MAYBE_LIST)
    (custom / "letter_boxed.txt").write_text("blacksmith\nchip\nhop\n")
    (custom / "letter_boxed_maybe.tsv").write_text(
        "word\tprobability\tlist\ntalk\t0.4000\tout\nchat\t0.3000\tout\nzebra\t0.3\tout\n"
    )
    return {
        "PIPELINE_CUSTOM": str(custom),
        "PIPELINE_WAREHOUSE": str(tmp_path / "no-warehouse.duckdb"),
    }


def test_solve_prints_the_maybe_words_after_the_sure_ones(custom_env) -> None:
    result = runner.invoke(app, ["solve", "spelling-bee", "captmhu"], env=custom_env)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "4 words, 1 pangram, 25 points" in text  # the sure list only
    assert "  chap                   1  ?" in text
    assert text.endswith(
        "Maybe (not counted in the score or the ranks; probability the NYT accepts)\n"
        "  chum                 0.42\n"
        "  hutch                0.30\n"
        "  much                 0.20\n"
        "  ? marks 1 listed word in the maybe band too\n"
    )
    hidden = runner.invoke(app, ["solve", "spelling-bee", "captmhu", "--no-maybe"], env=custom_env)
    assert "Maybe" not in hidden.stdout and "?" not in hidden.stdout


def test_solve_json_gives_each_maybe_word_s_probability(custom_env) -> None:
    result = runner.invoke(app, ["solve", "spelling-bee", "captmhu", "--json"], env=custom_env)
    record = json.loads(result.stdout)
    assert record["score"] == 25
    assert record["maybe"] == [
        {"word": "chum", "probability": 0.42},
        {"word": "hutch", "probability": 0.3},
        {"word": "much", "probability": 0.2},
    ]
    assert record["unsure"] == [{"word": "chap", "probability": 0.61}]
    hidden = runner.invoke(
        app, ["solve", "spelling-bee", "captmhu", "--json", "--no-maybe"], env=custom_env
    )
    assert "maybe" not in json.loads(hidden.stdout)


def test_solve_letter_boxed_lists_the_playable_maybe_words(custom_env) -> None:
    result = runner.invoke(
        app, ["solve", "letter-boxed", "bam", "lci", "kto", "shp"], env=custom_env
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith(
        "Maybe (not used by the solver; probability the NYT accepts)\n"
        "  talk                 0.40\n"
        "  chat                 0.30\n"
    )
    record = json.loads(
        runner.invoke(
            app, ["solve", "letter-boxed", "bam", "lci", "kto", "shp", "--json"], env=custom_env
        ).stdout
    )
    assert record["maybe"] == [
        {"word": "talk", "probability": 0.4},
        {"word": "chat", "probability": 0.3},
    ]


def test_a_build_over_tables_of_an_older_version_rebuilds_them(
    tiny_warehouse: Path, tmp_path: Path
) -> None:
    path = tmp_path / "warehouse.duckdb"
    shutil.copyfile(tiny_warehouse, path)
    with warehouse.open_warehouse(path) as con:  # the rules table before it named its build
        con.execute("ALTER TABLE dictionary_rules DROP COLUMN build_id")
    env = {"PIPELINE_WAREHOUSE": str(path), "PIPELINE_CUSTOM": str(tmp_path / "custom")}
    result = runner.invoke(app, ["build", "spelling-bee"], env=env)
    assert result.exit_code == 0, result.output
    assert "the build's tables are from an older version: rebuilding them" in result.stderr
    with warehouse.open_warehouse(path, read_only=True) as con:
        rules = con.execute("SELECT game, score_column FROM dictionary_rules").fetchall()
    assert rules == [("spelling-bee", "score_last")]
