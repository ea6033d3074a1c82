"""The Letter Boxed merge: placeholder boards are corrected from the next day, stale pages are not."""

import datetime as dt
from pathlib import Path

from pipeline.games.letter_boxed.records import BoxRecord
from pipeline.stages.scrape import ScrapeRun, load
from pipeline.storage import warehouse

D = dt.date
BLACKSMITH = ("phs", "tko", "bam", "icl")
PLACEHOLDER = ("lrc", "egk", "hib", "nta")
REAL_JUNE_11 = ("xun", "gre", "dvw", "fjq")
JUNE_12 = ("abc", "def", "ghi", "jkl")
JUNE_13 = ("mno", "pqr", "stu", "vwx")


def day(date: dt.date, sides, solution, yesterdays_sides, yesterdays_solution) -> BoxRecord:
    """Return a Letter Boxed day as the simeydk source gives it."""
    return BoxRecord(
        date=date,
        sides=sides,
        nyt_solution=solution,
        par=5,
        nyt_id=100 + date.day,
        dictionary=tuple(sorted(solution)),
        yesterdays_sides=yesterdays_sides,
        yesterdays_solution=yesterdays_solution,
        source="simeydk",
    )


DAYS = [
    day(D(2024, 6, 10), BLACKSMITH, ("blacksmith", "hop"), None, None),
    # The placeholder: its own "yesterday" is right, but the next day contradicts its board.
    day(
        D(2024, 6, 11),
        PLACEHOLDER,
        ("glitch", "heartbreaking"),
        ("tko", "bam", "icl", "shp"),
        ("blacksmith", "hop"),
    ),
    day(D(2024, 6, 12), JUNE_12, ("ache", "elk"), REAL_JUNE_11, ("quix", "xenon")),
    # A stale page: its "yesterday" repeats June 12's own yesterday, so it contradicts nothing.
    day(D(2024, 6, 13), JUNE_13, ("most", "tux"), REAL_JUNE_11, ("quix", "xenon")),
]


def merged(tmp_path: Path) -> list[tuple]:
    """Load the days through the scrape stage and return the merged puzzles."""
    con = warehouse.connect(tmp_path / "warehouse.duckdb")
    run = ScrapeRun(
        records={"letter-boxed": [(r, f"https://example.org/{r.date}.json") for r in DAYS]}
    )
    load(con, run, "20240701T000000.000000Z")
    return con.execute(
        "SELECT date, sides, nyt_solution, par, dictionary_known, corrected_from_next_day "
        "FROM letter_boxed_puzzles ORDER BY date"
    ).fetchall()


def test_only_the_contradicted_board_is_replaced_by_the_next_days_account(tmp_path: Path) -> None:
    assert merged(tmp_path) == [
        # June 11's page says yesterday was the same board, sides shuffled: confirmed.
        (D(2024, 6, 10), list(BLACKSMITH), ["blacksmith", "hop"], 5, True, False),
        (D(2024, 6, 11), list(REAL_JUNE_11), ["quix", "xenon"], None, False, True),
        (D(2024, 6, 12), list(JUNE_12), ["ache", "elk"], 5, True, False),
        (D(2024, 6, 13), list(JUNE_13), ["most", "tux"], 5, True, False),  # no next day
    ]


def test_the_placeholder_is_quarantined_with_its_reason_and_its_dictionary_dropped(
    tmp_path: Path,
) -> None:
    merged(tmp_path)
    con = warehouse.connect(tmp_path / "warehouse.duckdb")
    assert con.execute("SELECT date, reason FROM quarantine").fetchall() == [
        (
            D(2024, 6, 11),
            "placeholder board lrc/egk/hib/nta contradicted by the next day's yesterdaysSides; "
            "replaced by xun/gre/dvw/fjq",
        )
    ]
    dictionary_dates = con.execute(
        "SELECT DISTINCT date FROM letter_boxed_dictionary ORDER BY date"
    )
    assert [row[0] for row in dictionary_dates.fetchall()] == [
        D(2024, 6, 10),
        D(2024, 6, 12),
        D(2024, 6, 13),
    ]
