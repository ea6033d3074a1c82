"""`pipeline changes`: the NYT changing its mind, on hand-made histories loaded by the real scrape
stage (in, out, in; out then in; a word added during the day), and on the tiny warehouse."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.games import SPELLING_BEE
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.report.changes import KINDS
from pipeline.stages import changes, scrape
from pipeline.stages.summaries import new_reversals, new_reversals_line
from pipeline.storage import warehouse
from pipeline.table import Table

D1, D2, D3, D4 = (dt.date(2024, m, 1) for m in (1, 2, 3, 4))


def day(date: dt.date, answers: str, source: str = "nyt_gamedata") -> BeeRecord:
    """Return a puzzle of the letters a belrty (pangram betrayal) with these answers."""
    words = tuple(sorted(answers.split()))
    return BeeRecord(date, "a", "belrty", words, ("betrayal",), source)


# able: in, out, in; bale: out then in; rate: out, out, out, then added during the day (the
# 3 a.m. bulk archive lacks it): a correction, not a flip. betrayal and tale never change.
HISTORY = [
    day(D1, "able betrayal tale"),
    day(D2, "bale betrayal tale"),
    day(D3, "able bale betrayal tale"),
    day(D4, "able bale betrayal rate tale"),
    day(D4, "able bale betrayal tale", source="bulk_archive"),
]


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a warehouse holding the hand-made Spelling Bee history, loaded by the scrape."""
    path = tmp_path_factory.mktemp("changes") / "warehouse.duckdb"
    run = scrape.ScrapeRun()
    for record in HISTORY:
        scrape.accept(run, record, f"https://example.org/{record.source}/{record.date}")
    with warehouse.stage_warehouse(path) as con:
        scrape.load(con, run, "changes-run")
    return path


def stored(path: Path) -> list[tuple]:
    """Return every verdict_changes row of the history."""
    with warehouse.open_warehouse(path, read_only=True) as con:
        return con.execute(
            "SELECT word, date, accepted, change, correction, corrected_source "
            "FROM verdict_changes ORDER BY word, date"
        ).fetchall()


def test_the_table_holds_every_verdict_of_each_word_with_both(history: Path) -> None:
    a_then_r, r_then_a = KINDS
    assert stored(history) == [
        ("able", D1, True, None, None, None),
        ("able", D2, False, a_then_r, None, None),
        ("able", D3, True, r_then_a, None, None),
        ("able", D4, True, None, None, None),
        ("bale", D1, False, None, None, None),
        ("bale", D2, True, r_then_a, None, None),
        ("bale", D3, True, None, None, None),
        ("bale", D4, True, None, None, None),
        ("rate", D1, False, None, None, None),
        ("rate", D2, False, None, None, None),
        ("rate", D3, False, None, None, None),
        ("rate", D4, True, None, "added during the day", "bulk_archive"),
    ]


def test_counts_over_the_whole_history_and_a_window(history: Path) -> None:
    with warehouse.open_warehouse(history, read_only=True) as con:
        whole = changes.changes(con, changes.ChangesAsked(SPELLING_BEE))
        window = changes.changes(con, changes.ChangesAsked(SPELLING_BEE, last=dt.date(2024, 2, 15)))
        dropped = changes.changes(
            con, changes.ChangesAsked(SPELLING_BEE, kind="accepted-then-rejected")
        )
    assert whole.counts() == {
        "words_with_both_verdicts": 3,
        "accepted_then_rejected": 1,
        "rejected_then_accepted": 2,
        "currently_out": 0,
        "flips": 3,
        "corrections": 1,
    }
    assert whole.by_year().rows == [("2024", 1, 2, 1)]
    assert window.counts() == {
        "words_with_both_verdicts": 2,  # rate was only left out before 2024-02-15
        "accepted_then_rejected": 1,
        "rejected_then_accepted": 1,
        "currently_out": 1,  # able, out on 2024-02-01
        "flips": 2,
        "corrections": 0,
    }
    assert dropped.words.column("word") == ["able"]


def test_a_scrape_announces_the_reversals_of_the_days_it_loaded(history: Path) -> None:
    with warehouse.open_warehouse(history, read_only=True) as con:
        line = new_reversals_line(new_reversals(con, [D2]))
        none = new_reversals_line(new_reversals(con, [D4]))
    assert line == (
        "2 new reversals: spelling-bee 2 (1 accepted-then-rejected, 1 rejected-then-accepted; "
        "`pipeline changes spelling-bee --since 2024-02-01` lists them)"
    )
    assert none == "No new reversals: the days loaded repeat every earlier verdict."


def test_the_reversals_line_names_each_game_s_command_and_no_word() -> None:
    # a first scrape's flips begin with words the NYT dropped from Letter Boxed as slurs
    a_then_r, r_then_a = KINDS
    flips = Table(
        ("game", "date", "word", "change"),
        [
            ("letter-boxed", dt.date(2023, 5, 14), "wog", a_then_r),
            ("letter-boxed", dt.date(2023, 5, 29), "abo", a_then_r),
            ("spelling-bee", dt.date(2018, 6, 14), "lobar", r_then_a),
        ],
    )
    assert new_reversals_line(flips) == (
        "3 new reversals: letter-boxed 2 (2 accepted-then-rejected; `pipeline changes "
        "letter-boxed --since 2023-05-14` lists them), spelling-bee 1 (1 rejected-then-accepted; "
        "`pipeline changes spelling-bee --since 2018-06-14` lists them)"
    )


def invoke(path: Path, *args: str) -> str:
    """Run `pipeline changes ARGS` on a warehouse; return its output (status 0 asserted)."""
    result = CliRunner().invoke(app, ["changes", *args], env={"PIPELINE_WAREHOUSE": str(path)})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_one_word_s_history(history: Path) -> None:
    text = invoke(history, "spelling-bee", "--word", "able")
    assert "| able |        4 |        3 |        1 | 2024-02-01 out, 2024-03-01 in | in  |" in text
    assert "| 2024-02-01 | left out |            |" in text
    assert invoke(history, "spelling-bee", "--word", "tale") == (
        "Spelling Bee: the NYT never both accepted and left out 'tale' in this window\n"
    )


def test_the_words_with_the_most_flips_are_printed_up_to_the_limit(history: Path) -> None:
    text = invoke(history, "spelling-bee", "--limit", "2")
    words = text[text.index("| word | verdicts") :]
    assert words == (
        "| word | verdicts | accepted | left out | flips                         | now | last "
        "verdict |\n"
        "|------|---------:|---------:|---------:|-------------------------------|-----|------"
        "--------|\n"
        "| able |        4 |        3 |        1 | 2024-02-01 out, 2024-03-01 in | in  | "
        "2024-04-01   |\n"
        "| bale |        4 |        3 |        1 | 2024-02-01 in                 | in  | "
        "2024-04-01   |\n"
        "\n"
        "... and 1 more word (--limit sets how many; --format csv --out FILE writes every one)\n"
    )
    assert ".csv" not in text.replace("--format csv", "")  # `changes` writes no file to name
    assert "| rate |" in invoke(history, "spelling-bee")  # 20 words by default: all three
    result = CliRunner().invoke(
        app, ["changes", "spelling-bee", "--limit", "0"], env={"PIPELINE_WAREHOUSE": str(history)}
    )
    assert (result.exit_code, result.stderr) == (2, "error: --limit must be at least 1\n")


def test_json_and_formats(history: Path, tmp_path: Path) -> None:
    record = json.loads(invoke(history, "spelling-bee", "--until", "2024-02-15", "--json"))
    assert record["counts"]["words_with_both_verdicts"] == 2
    assert [w["word"] for w in record["words"]] == ["able", "bale"]
    assert record["words"][0]["history"] == [
        {"date": "2024-01-01", "accepted": True, "correction": None},
        {"date": "2024-02-01", "accepted": False, "correction": None},
    ]
    out = tmp_path / "changes.csv"
    invoke(history, "spelling-bee", "--format", "csv", "--out", str(out))
    lines = out.read_text().splitlines()
    assert lines[0] == (
        "word,verdict_count,accepted_count,left_out_count,flip_count,state,last_date,flips,history"
    )
    assert lines[1].startswith('able,4,3,1,2,in,2024-04-01,"[{""date"": ""2024-02-01""')


def test_the_tiny_letter_boxed_lists(tiny_warehouse: Path) -> None:
    """The tiny archive's one board, on three days with growing lists (tests/tiny_archive.py):
    chat listed on 2024-03-01 only; chop from then on; host and ohms on 2024-06-11."""
    with warehouse.open_warehouse(tiny_warehouse, read_only=True) as con:
        rows = con.execute(
            "SELECT word, list(accepted ORDER BY date), list(change ORDER BY date) "
            "FROM verdict_changes WHERE game = 'letter-boxed' GROUP BY word ORDER BY word"
        ).fetchall()
    a_then_r, r_then_a = KINDS
    assert rows == [
        ("chat", [False, True, False], [None, r_then_a, a_then_r]),
        ("chop", [False, True, True], [None, r_then_a, None]),
        ("host", [False, False, True], [None, None, r_then_a]),
        ("ohms", [False, False, True], [None, None, r_then_a]),
    ]


@pytest.mark.mirror
def test_the_mirror_s_changes_of_mind(mirror_warehouse) -> None:
    """The figures the README and issue quote: hied's 17 verdicts, and the counts up to
    2024-11-18 and up to the mirror's end."""
    path = mirror_warehouse.warehouse
    hied = json.loads(invoke(path, "spelling-bee", "--word", "hied", "--json"))["words"]
    assert [(w["verdict_count"], w["accepted_count"], w["left_out_count"]) for w in hied] == [
        (17, 15, 2)
    ]
    assert [v["accepted"] for v in hied[0]["history"]] == [True] * 15 + [False, False]
    assert hied[0]["flips"] == [{"date": "2025-04-28", "change": "accepted-then-rejected"}]
    assert hied[0]["state"] == "out"
    counts = json.loads(invoke(path, "spelling-bee", "--until", "2024-11-18", "--json"))["counts"]
    assert counts == {
        "words_with_both_verdicts": 525,
        "accepted_then_rejected": 284,
        "rejected_then_accepted": 290,
        "currently_out": 255,
        "flips": 582,
        "corrections": 1,
    }
    whole = json.loads(invoke(path, "spelling-bee", "--json"))["counts"]
    assert (whole["words_with_both_verdicts"], whole["flips"], whole["currently_out"]) == (
        573,
        640,
        283,
    )
    boxed = json.loads(invoke(path, "letter-boxed", "--json"))["counts"]
    assert (boxed["words_with_both_verdicts"], boxed["flips"], boxed["currently_out"]) == (5, 8, 4)
