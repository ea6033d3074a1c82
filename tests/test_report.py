"""The report and explain commands on a tiny warehouse with known verdicts and exact scores."""

from __future__ import annotations

import csv
import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from pipeline import build, report, warehouse
from pipeline.cli import app
from pipeline.games import SPELLING_BEE
from pipeline.rule import Rule

# Spelling Bee: three puzzles, six words; one answer (ebbe) is in no word list.
#   puzzle      word  accepted predicted prior_verdicts prior_accepted last_accepted
SPELLING_BEE_BACKTEST = [
    ("2024-01-10", "able", True, True, 0, 0, None),
    ("2024-01-10", "bale", True, False, 0, 0, None),
    ("2024-01-10", "blab", False, True, 0, 0, None),
    ("2024-01-10", "abba", False, False, 0, 0, None),
    ("2024-02-10", "able", True, True, 1, 1, True),
    ("2024-02-10", "bale", False, False, 1, 1, True),
    ("2024-02-10", "alba", True, False, 0, 0, None),
    ("2024-02-10", "ebbe", True, False, 0, 0, None),
    ("2025-01-10", "able", True, True, 2, 2, True),
    ("2025-01-10", "blab", True, True, 1, 0, False),
    ("2025-01-10", "abba", False, True, 1, 0, False),
    ("2025-01-10", "alba", False, False, 1, 1, True),
]
BACKTEST_COLUMNS = (
    "date",
    "word",
    "accepted",
    "predicted",
    "prior_verdicts",
    "prior_accepted",
    "last_accepted",
)
WAREHOUSE_SQL = """
CREATE TABLE words (word VARCHAR, length SMALLINT, sources VARCHAR[], zipf DOUBLE,
                    wordfreq_rank INTEGER, capitalized BOOLEAN, first_name BOOLEAN);
INSERT INTO words VALUES
    ('able', 4, ['words_alpha', 'enable', '2of12id', 'nltk_words', 'wordfreq'], 5.1, 1000, false, false),
    ('bale', 4, ['words_alpha', 'enable', 'wordfreq'], 3.2, 30000, false, false),
    ('blab', 4, ['words_alpha', 'enable', '2of12id', 'wordfreq'], 2.9, 60000, false, false),
    ('abba', 4, ['words_alpha'], 0.0, NULL, true, false),
    ('alba', 4, ['words_alpha', 'nltk_words', 'wordfreq'], 1.5, 200000, true, true),
    ('the', 3, ['enable', 'wordfreq'], 7.7, 1, false, false);
CREATE TABLE backtest (game VARCHAR, date DATE, word VARCHAR, accepted BOOLEAN,
                       predicted BOOLEAN, prior_verdicts INTEGER, prior_accepted INTEGER,
                       last_accepted BOOLEAN, PRIMARY KEY (game, date, word));
INSERT INTO backtest
    SELECT 'spelling-bee', * FROM spelling_bee_backtest_rows;
INSERT INTO backtest VALUES
    ('letter-boxed', '2024-03-01', 'able', true, true, 0, 0, NULL),
    ('letter-boxed', '2024-03-01', 'bale', false, false, 0, 0, NULL);
CREATE TABLE spelling_bee_answers (date DATE, word VARCHAR, is_pangram BOOLEAN);
INSERT INTO spelling_bee_answers
    SELECT date, word, false FROM backtest WHERE game = 'spelling-bee' AND accepted;
CREATE TABLE spelling_bee_not_accepted (date DATE, word VARCHAR);
INSERT INTO spelling_bee_not_accepted VALUES ('2024-02-10', 'bale');
CREATE TABLE custom_words (game VARCHAR, word VARCHAR, included BOOLEAN, reason VARCHAR,
    prior_verdicts INTEGER, prior_accepted INTEGER, last_accepted BOOLEAN,
    last_verdict_date DATE, last_accepted_date DATE, last_rejected_date DATE, score DOUBLE,
    bucket VARCHAR, bucket_size INTEGER, bucket_rate DOUBLE, nytbee_not_accepted INTEGER,
    sources VARCHAR[], zipf DOUBLE, wordfreq_rank INTEGER, brown_count INTEGER,
    capitalized BOOLEAN, first_name BOOLEAN, length SMALLINT, letter_mask INTEGER,
    PRIMARY KEY (game, word));
INSERT INTO custom_words (game, word, included, prior_verdicts, prior_accepted, last_accepted,
                          score, bucket, bucket_size, bucket_rate, reason) VALUES
    ('spelling-bee', 'able', true, 3, 3, true, 2.5, '1101@5.0', 10, 0.9, 'accepted: 3 of 3 past verdicts accepted'),
    ('spelling-bee', 'bale', false, 2, 1, false, -0.1, '0100@3.0', 10, 0.5, 'rejected: 1 of 2 past verdicts accepted'),
    ('spelling-bee', 'blab', true, 2, 1, true, 0.4, '1100@3.0', 10, 0.6, 'accepted: 1 of 2 past verdicts accepted'),
    ('spelling-bee', 'abba', false, 2, 0, false, -1.2, '0001@0.0', 10, 0.1, 'rejected: 0 of 2 past verdicts accepted'),
    ('spelling-bee', 'alba', false, 2, 1, false, -0.3, '0001@1.5', 10, 0.2, 'rejected: 1 of 2 past verdicts accepted'),
    ('spelling-bee', 'ebbe', true, 1, 1, true, 0.2, '0000@0.0', 10, 0.3, 'accepted: 1 of 1 past verdicts accepted');
INSERT INTO custom_words BY NAME
    SELECT * REPLACE ('letter-boxed' AS game) FROM custom_words WHERE word IN ('able', 'bale');
CREATE TABLE letter_boxed_dictionary (date DATE, word VARCHAR);
INSERT INTO letter_boxed_dictionary VALUES ('2024-03-01', 'able');
CREATE TABLE dictionary_rules (game VARCHAR, score_column VARCHAR, new_word_threshold DOUBLE,
                               description VARCHAR, built_at TIMESTAMP);
INSERT INTO dictionary_rules VALUES
    ('spelling-bee', 'score_180', 0.55, 'the spelling bee rule', now()),
    ('letter-boxed', 'score_365', 0.4, 'the letter boxed rule', now());
"""
EVERYTHING = (dt.date(2024, 1, 1), dt.date(2025, 12, 31))


@pytest.fixture
def tiny_warehouse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Build the tiny warehouse and point PIPELINE_WAREHOUSE at it."""
    path = tmp_path / "warehouse.duckdb"
    rows = dict(zip(BACKTEST_COLUMNS, zip(*SPELLING_BEE_BACKTEST, strict=True), strict=True))
    with warehouse.open_warehouse(path) as con:
        warehouse.hand_over(con, "spelling_bee_backtest_rows", rows)
        con.execute(WAREHOUSE_SQL)
        warehouse.run(con, "scrape/official_answers")
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(path))
    return path


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


def score_row(table: warehouse.Table, dictionary_name: str, period: str = "window") -> dict:
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
        "answers": 7,
        "predicted": 6,
        "hits": 4,
        "precision": round(4 / 6, 6),
        "recall": round(4 / 7, 6),
        "f1": round(8 / 13, 6),
        "macro_precision": round((1 / 2 + 1 + 2 / 3) / 3, 6),
        "macro_recall": round((1 / 2 + 1 / 3 + 1) / 3, 6),
        "macro_f1": round((0.5 + 0.5 + 0.8) / 3, 6),
    }


def test_raw_lists_predict_their_words(spelling_bee) -> None:
    scores = report.scores(spelling_bee, SPELLING_BEE, *EVERYTHING)
    enable = score_row(scores, "enable")
    assert (enable["predicted"], enable["hits"], enable["precision"], enable["recall"]) == (
        7,
        5,
        round(5 / 7, 6),
        round(5 / 7, 6),
    )
    top25k = score_row(scores, "wordfreq_top25k")
    assert (top25k["precision"], top25k["recall"], top25k["f1"]) == (1.0, round(3 / 7, 6), 0.6)
    # ebbe, an answer in no list, counts against every list's recall.
    assert score_row(scores, "words_alpha")["recall"] == round(6 / 7, 6)


def test_past_answers_score_an_empty_puzzle_as_precise(spelling_bee) -> None:
    past = score_row(report.scores(spelling_bee, SPELLING_BEE, *EVERYTHING), "past_answers")
    assert (past["predicted"], past["hits"], past["precision"], past["recall"]) == (
        4,
        2,
        0.5,
        round(2 / 7, 6),
    )
    # The first puzzle predicts nothing: precision 1.0, recall 0, F1 0.
    assert past["macro_precision"] == round((1 + 0.5 + 0.5) / 3, 6)
    assert past["macro_f1"] == round((0 + 0.4 + 0.5) / 3, 6)


def test_scores_per_year_and_month(spelling_bee) -> None:
    scores = report.scores(spelling_bee, SPELLING_BEE, *EVERYTHING)
    year_2024 = score_row(scores, "custom", "2024")
    assert (year_2024["predicted"], year_2024["hits"], year_2024["answers"]) == (3, 2, 5)
    assert (year_2024["recall"], year_2024["f1"]) == (0.4, 0.5)
    assert score_row(scores, "custom", "2025-01")["f1"] == 0.8
    assert sorted({row[1] for row in scores.rows if row[0] == "month"}) == [
        "2024-01",
        "2024-02",
        "2025-01",
    ]


def test_window_limits_the_puzzles(spelling_bee) -> None:
    window = report.default_window(spelling_bee, SPELLING_BEE)
    assert window == (dt.date(2024, 1, 12), dt.date(2025, 1, 10))
    custom = score_row(report.scores(spelling_bee, SPELLING_BEE, *window), "custom")
    assert (custom["puzzles"], custom["precision"], custom["recall"], custom["f1"]) == (
        2,
        0.75,
        0.6,
        round(2 / 3, 6),
    )
    assert (custom["macro_precision"], custom["macro_recall"], custom["macro_f1"]) == (
        round(5 / 6, 6),
        round(2 / 3, 6),
        0.65,
    )


def test_missed_and_extra_words(spelling_bee) -> None:
    missed = report.word_errors(spelling_bee, SPELLING_BEE, *EVERYTHING, missed=True)
    assert missed.select("word", "times", "eligible", "accepted", "last_error").rows == [
        ("alba", 1, 2, 1, dt.date(2024, 2, 10)),
        ("bale", 1, 2, 1, dt.date(2024, 1, 10)),
        ("ebbe", 1, 1, 1, dt.date(2024, 2, 10)),
    ]
    extra = report.word_errors(spelling_bee, SPELLING_BEE, *EVERYTHING, missed=False)
    assert extra.select("word", "prior_verdicts", "prior_accepted", "included_now").rows == [
        ("abba", 1, 0, False),
        ("blab", 0, 0, True),
    ]


def test_errors_by_kind_and_the_ceiling_reversals_leave(spelling_bee) -> None:
    kinds = report.error_kinds(spelling_bee, SPELLING_BEE, *EVERYTHING)
    assert kinds.rows == [
        # able, able, abba (rejected again, predicted: extra)
        ("repeated", 3, 2, 3, 1, 0),
        # bale dropped, blab added, alba dropped: the custom dictionary guessed all three
        ("reversed", 3, 1, 1, 0, 0),
        ("new", 6, 4, 2, 1, 3),
    ]
    # The oracle misses blab and keeps bale and alba: 6 hits of 8 predicted, 7 answers.
    assert report.last_verdict_ceiling(kinds) == (0.75, 6 / 7)


def test_report_files(connection: warehouse.Connection, tmp_path: Path) -> None:
    game = report.game_report(connection, SPELLING_BEE, *EVERYTHING)
    assert game.coverage == {"puzzles": 3, "official_answers": 7, "answers_in_backtest": 7}
    files = report.write_report_files(game, tmp_path / "out")
    assert [path.name for path in files] == [
        "spelling_bee_overall.csv",
        "spelling_bee_by_year.csv",
        "spelling_bee_by_month.csv",
        "spelling_bee_archive_by_month.csv",
        "spelling_bee_missed_words.csv",
        "spelling_bee_extra_words.csv",
        "spelling_bee_error_kinds.csv",
        "spelling_bee_precision_recall.png",
    ]
    overall = read_csv(tmp_path / "out" / "spelling_bee_overall.csv")
    assert overall[0] == ["dictionary", *report.SCORE_COLUMNS]
    assert overall[1] == [
        "custom",
        "3",
        "7",
        "6",
        "4",
        "0.666667",
        "0.571429",
        "0.615385",
        "0.722222",
        "0.611111",
        "0.600000",
    ]
    assert [row[0] for row in overall[1:]] == list(report.DICTIONARIES)
    by_year = read_csv(tmp_path / "out" / "spelling_bee_by_year.csv")
    assert by_year[1][:7] == ["2024", "custom", "2", "5", "3", "2", "0.666667"]
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
        "2024-02-10",
        "0",
        "0",
        "False",
        "0001@1.5",
        "0.200000",
        "rejected: 1 of 2 past verdicts accepted",
    ]
    assert files[-1].read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


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

    monkeypatch.setattr(build, "split_predictions", predict_everything, raising=False)
    game = report.game_report(connection, SPELLING_BEE, train_until=dt.date(2024, 1, 31))
    assert calls == [("spelling-bee", dt.date(2024, 1, 31), Rule("score_180", 0.55))]
    assert (game.first, game.last) == (dt.date(2024, 2, 1), dt.date(2025, 1, 10))
    custom = score_row(game.scores, "custom")
    assert (custom["puzzles"], custom["predicted"], custom["hits"]) == (2, 8, 5)
    assert (custom["precision"], custom["recall"], custom["f1"]) == (0.625, 1.0, round(10 / 13, 6))
    # Before the cut-off the custom dictionary makes no prediction, not even in the chart.
    assert {row[1] for row in game.archive_scores.where("dictionary", "custom").rows} == {
        "2024-02",
        "2025-01",
    }


def test_cli_report(tiny_warehouse: Path, tmp_path: Path) -> None:
    out = tmp_path / "reports"
    result = CliRunner().invoke(app, ["report", "--from", "2024-01-01", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "| custom           |       3 |         6 |       4 | 0.6667 | 0.5714 | 0.6154 |" in (
        result.stdout
    )
    assert "Recall is honest: all 7 official answers" in result.stdout
    assert "| eligible before; the NYT reversed its last verdict |     3 |       1 |" in (
        result.stdout
    )
    assert "would score P 0.7500, R 0.8571: the ceiling the reversals leave." in result.stdout
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
    assert "reason: rejected: 1 of 2 past verdicts accepted" in result.stdout
    assert "rule: the spelling bee rule" in result.stdout
    assert "eligible in 2 past puzzles (2024-01-10 .. 2024-02-10), accepted in 1" in result.stdout
    assert "nytbee 'not accepted': 1 puzzle(s), last 2024-02-10" in result.stdout
    assert "NYT Letter Boxed lists: never listed" in result.stdout
    assert "| 2024-02-10 | not accepted | out " in result.stdout


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


def test_cli_report_on_a_backtest_built_by_an_older_version(tiny_warehouse: Path) -> None:
    with duckdb.connect(str(tiny_warehouse)) as con:
        con.execute("ALTER TABLE backtest DROP COLUMN prior_verdicts")
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
