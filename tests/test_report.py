"""The report and explain commands on a tiny warehouse with known verdicts and exact scores."""

from __future__ import annotations

import csv
import datetime as dt
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.games import SPELLING_BEE
from pipeline.model.rule import Rule
from pipeline.render import chart as render_chart
from pipeline.render import csv as render_csv
from pipeline.report import results as report_model
from pipeline.report import sections
from pipeline.stages import backtest, report
from pipeline.storage import warehouse
from pipeline.table import Table

# The tiny warehouse (tests/conftest.py) has three Spelling Bee puzzles in 2024-01-01 .. 2025-12-31
# (and one in 2021 outside it). The build chose Rule("score_last", 0.3): a word judged before is
# predicted as its last verdict; a new word is predicted when its smoothed bucket rate is >= 0.3,
# which every new word's rate was. So the eligible pairs and the custom predictions are
#   puzzle      accepted, predicted      not accepted, predicted    accepted, left out
#   2024-01-10  able bale betrayal       abba alba blab (all new)
#   2024-02-10  able bales blasted ebbe  bale (last accepted)
#   2025-01-10  able blanket             ebbe (last accepted)       alba blab (last rejected)
# (abba and bale, last rejected, are rejected again and left out on 2025-01-10): 3 puzzles,
# 11 answers, 14 predicted, 9 hits; per puzzle P 3/6, 4/5, 2/3 and R 1, 1, 2/4.
EVERYTHING = (dt.date(2024, 1, 1), dt.date(2025, 12, 31))


@pytest.fixture
def tiny_warehouse(tiny_warehouse: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point PIPELINE_WAREHOUSE at the session's tiny warehouse (read-only for these tests)."""
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(tiny_warehouse))
    return tiny_warehouse


@pytest.fixture
def connection(tiny_warehouse: Path) -> Iterator[warehouse.Connection]:
    """Yield a read-only connection to the tiny warehouse, closed after the test."""
    with warehouse.open_warehouse(tiny_warehouse, read_only=True) as con:
        yield con


@pytest.fixture
def spelling_bee(connection: warehouse.Connection) -> warehouse.Connection:
    """Return a connection with the Spelling Bee pairs prepared for scoring."""
    report.prepare_pairs(connection, SPELLING_BEE)
    return connection


def score_row(table: Table, dictionary_name: str, period: str = "window") -> dict:
    """Return one dictionary's scores for one period, rounded to 6 decimals."""
    row = next(
        row
        for row in table.rows
        if row[table.columns.index("dictionary")] == dictionary_name
        and row[table.columns.index("period")] == period
    )
    return {
        name: round(value, 6) if isinstance(value, float) else value
        for name, value in zip(table.columns, row, strict=True)
        if name not in ("grain", "period", "dictionary")
    }


def read_csv(path: Path) -> list[list[str]]:
    """Return the rows of a CSV file, header first."""
    with path.open(newline="") as handle:
        return list(csv.reader(handle))


def test_custom_scores_micro_and_macro(spelling_bee) -> None:
    scores = report.scores(spelling_bee, SPELLING_BEE, *EVERYTHING)
    assert score_row(scores, "custom") == {
        "puzzles": 3,
        "answers": 11,
        "predicted": 14,
        "hits": 9,
        "precision": round(9 / 14, 6),
        "recall": round(9 / 11, 6),
        "f1": 0.72,  # 2 * 9 / (14 + 11)
        "macro_precision": round((1 / 2 + 4 / 5 + 2 / 3) / 3, 6),
        "macro_recall": round((1 + 1 + 1 / 2) / 3, 6),
        # per puzzle F1 = 2 hits / (predicted + answers): 6/9, 8/9, 4/7
        "macro_f1": round((2 / 3 + 8 / 9 + 4 / 7) / 3, 6),
    }


def test_raw_lists_predict_their_words(spelling_bee) -> None:
    scores = report.scores(spelling_bee, SPELLING_BEE, *EVERYTHING)
    enable = score_row(scores, "enable")
    # ENABLE has able, bale, blab, bales: eligible 3 times a puzzle, accepted twice each time.
    assert (enable["predicted"], enable["hits"], enable["precision"], enable["recall"]) == (
        9,
        6,
        round(6 / 9, 6),
        round(6 / 11, 6),
    )
    # able (rank 1,000) is the only eligible word of the top 25k: accepted in all 3 puzzles.
    top25k = score_row(scores, "wordfreq_top25k")
    assert (top25k["precision"], top25k["recall"], top25k["f1"]) == (
        1.0,
        round(3 / 11, 6),
        round(3 / 7, 6),
    )
    # ebbe and the pangrams, answers in no list, count against every list's recall.
    assert score_row(scores, "words_alpha")["recall"] == round(7 / 11, 6)


def test_past_answers_score_an_empty_puzzle_as_precise(spelling_bee) -> None:
    past = score_row(report.scores(spelling_bee, SPELLING_BEE, *EVERYTHING), "past_answers")
    # 2024-02-10: able, bale (1 hit of 2, 4 answers); 2025-01-10: able, bale, ebbe (1 of 3, 4).
    assert (past["predicted"], past["hits"], past["precision"], past["recall"]) == (
        5,
        2,
        0.4,
        round(2 / 11, 6),
    )
    # The first puzzle predicts nothing: precision 1.0, recall 0, F1 0.
    assert past["macro_precision"] == round((1 + 1 / 2 + 1 / 3) / 3, 6)
    assert past["macro_f1"] == round((0 + 1 / 3 + 2 / 7) / 3, 6)


def test_scores_per_year_and_month(spelling_bee) -> None:
    scores = report.scores(spelling_bee, SPELLING_BEE, *EVERYTHING)
    year_2024 = score_row(scores, "custom", "2024")
    assert (year_2024["predicted"], year_2024["hits"], year_2024["answers"]) == (11, 7, 7)
    assert (year_2024["recall"], year_2024["f1"]) == (1.0, round(7 / 9, 6))  # 2 * 7 / (11 + 7)
    assert score_row(scores, "custom", "2025-01")["f1"] == round(4 / 7, 6)  # 2 * 2 / (3 + 4)
    assert sorted({row[1] for row in scores.rows if row[0] == "month"}) == [
        "2024-01",
        "2024-02",
        "2025-01",
    ]


def test_window_limits_the_puzzles(spelling_bee) -> None:
    window = report.default_window(spelling_bee, SPELLING_BEE)
    assert window == (dt.date(2024, 1, 12), dt.date(2025, 1, 10))
    custom = score_row(report.scores(spelling_bee, SPELLING_BEE, *window), "custom")
    # 2024-02-10 and 2025-01-10: 6 hits of 8 predicted, 8 answers.
    assert (custom["puzzles"], custom["precision"], custom["recall"], custom["f1"]) == (
        2,
        0.75,
        0.75,
        0.75,
    )
    assert (custom["macro_precision"], custom["macro_recall"], custom["macro_f1"]) == (
        round((4 / 5 + 2 / 3) / 2, 6),
        0.75,
        round((8 / 9 + 4 / 7) / 2, 6),
    )


def test_missed_and_extra_words(spelling_bee) -> None:
    errors = report.word_errors(spelling_bee, SPELLING_BEE, *EVERYTHING)
    missed = errors["missed"]
    assert missed.select("word", "times", "eligible", "accepted", "last_error").rows == [
        ("alba", 1, 2, 1, dt.date(2025, 1, 10)),
        ("blab", 1, 2, 1, dt.date(2025, 1, 10)),
    ]
    extra = errors["extra"]
    # bale was eligible three times; today's decision follows each word's last verdict.
    assert extra.select("word", "prior_verdicts", "prior_accepted", "included_now").rows == [
        ("bale", 1, 1, False),
        ("abba", 0, 0, False),
        ("alba", 0, 0, True),
        ("blab", 0, 0, True),
        ("ebbe", 1, 1, False),
    ]


def test_errors_by_kind_and_the_ceiling_reversals_leave(spelling_bee) -> None:
    kinds = report.error_kinds(spelling_bee, SPELLING_BEE, *EVERYTHING)
    assert kinds.rows == [
        # able twice; bale and abba rejected again on 2025-01-10 (left out)
        ("repeated", 4, 2, 2, 0, 0),
        # bale and ebbe dropped (kept: extra), blab and alba added (left out: missed)
        ("reversed", 4, 2, 2, 2, 2),
        # every new word predicted: abba, alba, blab on 2024-01-10 are the extra ones
        ("new", 10, 7, 10, 3, 0),
    ]
    # The oracle misses blab and alba and keeps bale and ebbe: 9 hits of 11 predicted, 11 answers.
    assert report_model.last_verdict_ceiling(kinds) == (9 / 11, 9 / 11)


def test_report_files(connection: warehouse.Connection, tmp_path: Path) -> None:
    window = report.report_window(connection, SPELLING_BEE, *EVERYTHING)
    game = report.score_window(connection, SPELLING_BEE, *window, None)
    assert game.coverage == {"puzzles": 3, "official_answers": 11, "answers_in_backtest": 11}
    files = render_csv.write_section_tables(sections.game_sections(game), tmp_path / "out")
    assert [path.name for path in files] == [
        "spelling_bee_overall.csv",
        "spelling_bee_by_year.csv",
        "spelling_bee_by_month.csv",
        "spelling_bee_custom_errors_per_month.csv",
        "spelling_bee_archive_by_month.csv",
        "spelling_bee_error_kinds.csv",
        "spelling_bee_missed_words.csv",
        "spelling_bee_extra_words.csv",
    ]
    overall = read_csv(tmp_path / "out" / "spelling_bee_overall.csv")
    assert overall[0] == ["dictionary", *report_model.REPORTED_SCORES]
    assert overall[1] == [
        "custom",
        "3",
        "11",
        "14",
        "9",
        "0.642857",  # 9 / 14
        "0.818182",  # 9 / 11
        "0.720000",
        "0.655556",  # (1/2 + 4/5 + 2/3) / 3
        "0.833333",  # (1 + 1 + 1/2) / 3
        "0.708995",  # (2/3 + 8/9 + 4/7) / 3
    ]
    assert [row[0] for row in overall[1:]] == list(report.DICTIONARIES)
    by_year = read_csv(tmp_path / "out" / "spelling_bee_by_year.csv")
    assert by_year[1][:7] == ["2024", "custom", "2", "7", "11", "7", "0.636364"]
    missed = read_csv(tmp_path / "out" / "spelling_bee_missed_words.csv")
    assert missed[0] == [
        "word",
        "times",
        "eligible",
        "accepted",
        "last_error",
        "prior_verdicts",
        "prior_accepted",
        "included_now",
        "bucket",
        "bucket_rate",
        "reason",
    ]
    assert missed[1] == [
        "alba",
        "1",
        "2",
        "1",
        "2025-01-10",
        "1",
        "0",
        "True",
        "0001011@1.5",  # capitalized in web2, in words_alpha and web2; Zipf 1.5
        # its bucket's one earlier new word is alba itself, rejected: (0 + 1) / (1 + 2)
        "0.333333",
        "in: accepted in 1 of 2 puzzles where it was eligible, score_last = +1.00",
    ]
    chart = render_chart.plot_precision_recall(game, report.DICTIONARIES, tmp_path / "chart.png")
    assert chart.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_split_predictions_replace_the_backtest(
    connection: warehouse.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = []

    def predict_everything(con, game, train_until, rule):
        calls.append((game.name, train_until, rule))
        con.execute(
            "CREATE OR REPLACE TEMP TABLE split_predictions AS "
            "SELECT date, word, accepted, true AS predicted FROM backtest WHERE game = 'spelling-bee'"
        )

    monkeypatch.setattr(backtest, "split_predictions", predict_everything, raising=False)
    train_until = dt.date(2024, 1, 31)
    window = report.report_window(connection, SPELLING_BEE, train_until=train_until)
    game = report.score_window(connection, SPELLING_BEE, *window, train_until)
    assert calls == [("spelling-bee", dt.date(2024, 1, 31), Rule("score_last", 0.3))]
    assert (game.first, game.last) == (dt.date(2024, 2, 1), dt.date(2025, 1, 10))
    custom = score_row(game.scores, "custom")
    # Every pair of 2024-02-10 (5) and 2025-01-10 (7) predicted: 8 answers among 12.
    assert (custom["puzzles"], custom["predicted"], custom["hits"]) == (2, 12, 8)
    assert (custom["precision"], custom["recall"], custom["f1"]) == (round(2 / 3, 6), 1.0, 0.8)
    # Before the cut-off the custom dictionary makes no prediction, not even in the chart.
    assert {row[1] for row in game.archive_scores.where("dictionary", "custom").rows} == {
        "2024-02",
        "2025-01",
    }


def test_cli_report(tiny_warehouse: Path, tmp_path: Path) -> None:
    out = tmp_path / "reports"
    result = CliRunner().invoke(app, ["report", "--from", "2024-01-01", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "| custom           |       3 |        14 |       9 | 0.6429 | 0.8182 | 0.7200 |" in (
        result.stdout
    )
    assert "Recall is honest: all 11 official answers" in result.stdout
    assert (  # 14 predicted, 9 right: 5 extra; 11 official answers: 2 missed
        "In plain words: over 3 puzzles the custom dictionary got 7 words wrong (5 it expected "
        "that the NYT left out, 2 the NYT accepted that it left out): F1 0.720, about 2.3 wrong "
        "words a puzzle."
    ) in " ".join(result.stdout.split())
    assert "-0.0000" not in result.stdout
    assert "| eligible before; the NYT reversed its last verdict |     4 |       2 |" in (
        result.stdout
    )
    assert "would score P 0.8182, R 0.8182: the ceiling the reversals leave." in result.stdout
    assert "# Letter Boxed" in result.stdout
    assert (out / "letter_boxed_overall.csv").exists()
    assert (out / "spelling_bee_precision_recall.png").exists()


def test_cli_report_rejects_a_window_before_the_split(tiny_warehouse: Path) -> None:
    result = CliRunner().invoke(
        app, ["report", "spelling-bee", "--train-until", "2024-12-01", "--from", "2024-06-01"]
    )
    assert result.exit_code == 2
    assert (
        result.output.strip() == "error: --from 2024-06-01 must be after --train-until 2024-12-01"
    )


def test_cli_explain(tiny_warehouse: Path) -> None:
    result = CliRunner().invoke(app, ["explain", "Bale"])
    assert result.exit_code == 0, result.output
    assert "## Spelling Bee: left out" in result.stdout
    reason = "out: accepted in 1 of 3 puzzles where it was eligible, score_last = -1.00"
    assert f"reason: {reason}" in result.stdout
    assert f"rule: {Rule('score_last', 0.3).describe()}" in result.stdout
    assert "eligible in 3 past puzzles (2024-01-10 .. 2025-01-10), accepted in 1" in result.stdout
    assert "nytbee 'not accepted': 1 puzzle(s), last 2024-02-10" in result.stdout
    assert "NYT Letter Boxed lists: never listed" in result.stdout
    # Accepted the puzzle before, so the backtest kept it the day the NYT dropped it.
    assert "| 2024-02-10 | not accepted | in " in result.stdout


def test_cli_explain_word_outside_the_universe(tiny_warehouse: Path) -> None:
    result = CliRunner().invoke(app, ["explain", "the", "--game", "spelling-bee"])
    assert result.exit_code == 0, result.output
    assert "## Spelling Bee: not in the universe" in result.stdout


@pytest.mark.parametrize(
    ("word", "message"),
    [
        (
            "zzzq",
            "error: unknown word 'zzzq': in no word list, never a candidate, never an NYT answer",
        ),
        ("no-way", "error: 'no-way' is not a word: use the letters a-z only"),
    ],
)
def test_cli_explain_unknown_word(tiny_warehouse: Path, word: str, message: str) -> None:
    result = CliRunner().invoke(app, ["explain", word])
    assert result.exit_code == 2
    assert result.output.strip() == message


def test_cli_report_on_a_backtest_built_by_an_older_version(
    tiny_warehouse: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    older = tmp_path / "older.duckdb"
    shutil.copyfile(tiny_warehouse, older)
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(older))
    with warehouse.open_warehouse(older) as con:
        # An older backtest: the same rows without the prior_verdicts column (its CHECKs use it).
        con.execute(
            "CREATE OR REPLACE TABLE backtest AS SELECT * EXCLUDE (prior_verdicts) FROM backtest"
        )
    result = CliRunner().invoke(app, ["report", "spelling-bee"])
    assert result.exit_code == 2
    assert result.output.strip() == (
        "error: the backtest table has no prior_verdicts column: it was built by an "
        "older version, run `pipeline build spelling-bee` again"
    )


def test_cli_explain_answer_known_from_the_other_game(tiny_warehouse: Path) -> None:
    result = CliRunner().invoke(app, ["explain", "ebbe", "--game", "letter-boxed"])
    assert result.exit_code == 0, result.output
    assert "lists: in no word list (known only from the NYT games)" in result.stdout
    assert "## Letter Boxed: not in the universe" in result.stdout


@pytest.mark.parametrize(
    ("value", "shown"),
    [(-0.00001, "0.0000"), (-0.0, "0.0000"), (-0.00005, "-0.0001"), (0.5, "0.5000")],
)
def test_a_zero_is_never_signed(value: float, shown: str) -> None:
    from pipeline.render.text import decimal

    assert decimal(value) == shown
