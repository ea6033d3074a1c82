"""The scrape stage against a misbehaving server: what can be loaded is, the rest is logged or quarantined.

Four made-up days, 2024-06-10 .. 2024-06-13, served by `local_http`:

| source        | 06-10                    | 06-11            | 06-12             | 06-13                  |
|---------------|--------------------------|------------------|-------------------|------------------------|
| bulk archive  | ok                       | ok               | ok                | malformed line (no |)  |
| NYT gameData  | 500, then ok (+ dibble)  | 429 + Retry-After| always too slow   | truncated, then ok     |
| nytbee.com    | malformed page           | 404              | 404               | 404                    |
| Letter Boxed  | ok                       | bad solution     | 404               | 404                    |
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import duckdb
import pytest

from pipeline import games as pipeline_games
from pipeline.sources import answer_source
from pipeline.stages.scrape import collect, load, read_known
from pipeline.storage import warehouse
from pipeline.storage.download import Downloader
from tests.conftest import LocalHTTP, Reply

BULK_ARCHIVE_URL = answer_source("bulk_archive").url
NYT_GAMEDATA_URL = answer_source("nyt_gamedata").url
NYT_LIVE_LETTER_BOXED_URL = answer_source("nyt_live", "letter-boxed").url
NYT_LIVE_SPELLING_BEE_URL = answer_source("nyt_live", "spelling-bee").url
NYTBEE_URL = answer_source("nytbee").url
SIMEYDK_URL = answer_source("simeydk").url

D = dt.date
FIRST, LAST = D(2024, 6, 10), D(2024, 6, 13)
GAMES = pipeline_games.GAMES

# --- the made-up sources -----------------------------------------------------------------------

CLIMBED = ["belie", "bide", "bile", "bled", "bleed", "climb", "climbed", "embed", "imbed", "limb"]
PLANTER = ["apple", "leap", "panel", "pant", "paper", "petal", "plant", "planter", "replant", "trap"]  # fmt: skip
GROUNDED = ["done", "door", "drone", "good", "gone", "grounded", "node", "order", "rodeo", "round", "undergo"]  # fmt: skip
CHAPLET = ["chaplet", "chapel", "cheap", "heal", "latch", "leap", "patch", "peach", "plate", "tale", "teach"]  # fmt: skip

BULK_ARCHIVE = "\n".join(
    [
        f"20240610 bcdeilm b 10 43 1 1 0 1 1 climbed | {' '.join(CLIMBED)}",
        f"20240611 aelnprt p 10 75 2 2 1 1 1 planter replant | {' '.join(PLANTER)}",
        f"20240612 degnoru o 11 54 2 1 0 1 1 grounded undergo | {' '.join(GROUNDED)}",
        "20240613 acehlpt a 11 60 1 1 0 1 1 chaplet chapel cheap heal latch",  # no "|"
    ]
).encode()


def game_data(day: str, center: str, outer: str, answers: list[str], pangrams: list[str]) -> bytes:
    """Return a next-day gameData file (the NYT's gameData.yesterday) as JSON bytes."""
    return json.dumps(
        {
            "printDate": day,
            "centerLetter": center,
            "outerLetters": list(outer),
            "validLetters": sorted(center + outer),
            "pangrams": pangrams,
            "answers": answers,
            "id": 1,
            "editor": "A. N. Editor",
        }
    ).encode()


GAMEDATA = {
    "2024-06-10": game_data("2024-06-10", "b", "cdeilm", [*CLIMBED, "dibble"], ["climbed"]),
    "2024-06-11": game_data("2024-06-11", "p", "aelnrt", PLANTER, ["planter", "replant"]),
    "2024-06-12": game_data("2024-06-12", "o", "degnru", GROUNDED, ["grounded", "undergo"]),
    "2024-06-13": game_data("2024-06-13", "a", "cehlpt", CHAPLET, ["chaplet"]),
}

# Sides chosen so that PITCHFORK KNEW solves the box; WREN has W and R on one side.
PITCHFORK_SIDES = ["PHK", "IFN", "TOE", "CRW"]
PITCHFORK_DICTIONARY = ["CHIP", "FORK", "FROWN", "HONE", "KNEW", "PITCH", "PITCHFORK"]


def letter_boxed_day(day: str, solution: list[str]) -> bytes:
    """Return a Letter Boxed gameData file as JSON bytes."""
    return json.dumps(
        {
            "printDate": day,
            "sides": PITCHFORK_SIDES,
            "ourSolution": solution,
            "par": 3,
            "id": 77,
            "dictionary": PITCHFORK_DICTIONARY,
            "yesterdaysSides": ["ABC", "DEF", "GHI", "JKL"],
            "yesterdaysSolution": ["NONE"],
        }
    ).encode()


MALFORMED_NYTBEE = (
    b"<html><head><title>Spelling Bee Answers</title></head><body>"
    b"<h2>Monday, June 10, 2024</h2><div id='answers'><ul class='column-list'><li>belie<li>bide</ul"
)


def path(url_template: str, day: str) -> str:
    """Return the path of a dated source's URL on the local server."""
    date = dt.date.fromisoformat(day)
    return "/" + url_template.format(date=date).split("/", 3)[3]


BULK_PATH = "/" + BULK_ARCHIVE_URL.split("/", 3)[3]


def gamedata_path(day: str) -> str:
    """Return the local path of a next-day gameData file."""
    return path(NYT_GAMEDATA_URL, day)


def simeydk_path(day: str) -> str:
    """Return the local path of a Letter Boxed day file."""
    return path(SIMEYDK_URL, day)


def nytbee_path(day: str) -> str:
    """Return the local path of a nytbee.com page."""
    return path(NYTBEE_URL, day)


def script_sources(local_http: LocalHTTP) -> None:
    """Script every source of the four days, faults included."""
    local_http.script(BULK_PATH, [(200, BULK_ARCHIVE)])
    local_http.script(gamedata_path("2024-06-10"), [(500, b"oops"), (200, GAMEDATA["2024-06-10"])])
    local_http.script(
        gamedata_path("2024-06-11"),
        [(429, b"slow down", {"Retry-After": "1"}), (200, GAMEDATA["2024-06-11"])],
    )
    # answered far later than the scrape's timeout, which is far more than a busy machine's lag
    local_http.script(gamedata_path("2024-06-12"), [Reply(200, GAMEDATA["2024-06-12"], delay=10)])
    local_http.script(
        gamedata_path("2024-06-13"),
        [Reply(200, GAMEDATA["2024-06-13"], truncate_to=40), (200, GAMEDATA["2024-06-13"])],
    )
    local_http.script(nytbee_path("2024-06-10"), [(200, MALFORMED_NYTBEE)])
    local_http.script(
        simeydk_path("2024-06-10"), [(200, letter_boxed_day("2024-06-10", ["PITCHFORK", "KNEW"]))]
    )
    local_http.script(
        simeydk_path("2024-06-11"),
        [(200, letter_boxed_day("2024-06-11", ["PITCHFORK", "KNEW", "WREN"]))],
    )


# --- running the stage -------------------------------------------------------------------------


@dataclass(frozen=True)
class Scraped:
    """A warehouse after one scrape of the four days, with the server and cache it used."""

    con: duckdb.DuckDBPyConnection
    downloader: Downloader
    server: LocalHTTP
    cache: Path


# The first run happens on 2024-07-01, so its 404s for June dates are final.
FIRST_RUN_ID = "20240701T000000.000000Z"


def scrape_once(folder: Path, server: LocalHTTP) -> Scraped:
    """Script the sources, run one scrape (collect, then load) and return what it left."""
    cache = folder / "raw"
    downloader = Downloader(
        cache, url_rewrite=server.rewrite, backoff=0.01, host_delay=0, timeout=2.0, retries=2
    )
    con = warehouse.connect(folder / "warehouse.duckdb")
    script_sources(server)
    load(con, collect(read_known(con), downloader, GAMES, FIRST, LAST), FIRST_RUN_ID)
    return Scraped(con, downloader, server, cache)


@pytest.fixture(scope="module")
def scraped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scraped]:
    """Scrape once for the tests that only read the outcome (the faults take a few seconds)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NO_PROXY", "127.0.0.1")
        patch.setenv("no_proxy", "127.0.0.1")
        server = LocalHTTP()
        server.start()
        try:
            yield scrape_once(tmp_path_factory.mktemp("scrape_faults"), server)
        finally:
            server.stop()


def rows(con: duckdb.DuckDBPyConnection, query: str) -> list[tuple]:
    return con.execute(query).fetchall()


# --- what was loaded ---------------------------------------------------------------------------


def test_what_could_be_loaded_is_loaded(scraped):
    con = scraped.con
    assert rows(con, "SELECT date, source FROM spelling_bee_source_days ORDER BY ALL") == [
        (D(2024, 6, 10), "bulk_archive"),
        (D(2024, 6, 10), "nyt_gamedata"),
        (D(2024, 6, 11), "bulk_archive"),
        (D(2024, 6, 11), "nyt_gamedata"),
        (D(2024, 6, 12), "bulk_archive"),
        (D(2024, 6, 13), "nyt_gamedata"),
    ]
    assert rows(
        con,
        "SELECT date, center, others, answers, pangrams, answer_count, points, source "
        "FROM spelling_bee_puzzles ORDER BY date",
    ) == [
        (
            D(2024, 6, 10),
            "b",
            "cdeilm",
            sorted([*CLIMBED, "dibble"]),
            ["climbed"],
            11,
            49,
            "nyt_gamedata",
        ),
        (
            D(2024, 6, 11),
            "p",
            "aelnrt",
            sorted(PLANTER),
            ["planter", "replant"],
            10,
            56,
            "nyt_gamedata",
        ),
        (
            D(2024, 6, 12),
            "o",
            "degnru",
            sorted(GROUNDED),
            ["grounded", "undergo"],
            11,
            54,
            "bulk_archive",
        ),
        (D(2024, 6, 13), "a", "cehlpt", sorted(CHAPLET), ["chaplet"], 11, 53, "nyt_gamedata"),
    ]
    assert rows(con, "SELECT * FROM spelling_bee_disagreements") == [
        (D(2024, 6, 10), "nyt_gamedata", "bulk_archive", False, ["dibble"], [])
    ]
    assert rows(
        con,
        "SELECT date, sides, nyt_solution, par, nyt_id, dictionary_known, dictionary_size, "
        "corrected_from_next_day FROM letter_boxed_puzzles",
    ) == [
        (D(2024, 6, 10), ["phk", "ifn", "toe", "crw"], ["pitchfork", "knew"], 3, 77, True, 7, False)
    ]
    assert rows(con, "SELECT word FROM letter_boxed_dictionary ORDER BY word") == [
        (word.lower(),) for word in PITCHFORK_DICTIONARY
    ]


def test_malformed_records_are_quarantined_with_their_reasons(scraped):
    con = scraped.con
    assert rows(con, "SELECT game, source, url, date, reason FROM quarantine ORDER BY url") == [
        (
            "spelling-bee",
            "nytbee",
            "https://nytbee.com/Bee_20240610.html",
            D(2024, 6, 10),
            "unparseable: no official answer list (neither #main-answer-list nor #intro-text)",
        ),
        (
            "spelling-bee",
            "bulk_archive",
            f"{BULK_ARCHIVE_URL}#L4",
            None,
            "line 4: expected one '|' between the pangrams and the answers",
        ),
        (
            "letter-boxed",
            "simeydk",
            SIMEYDK_URL.format(date=D(2024, 6, 11)),
            D(2024, 6, 11),
            "NYT solution word 'wren': 'wr' are on one side",
        ),
    ]
    [(record,)] = rows(con, "SELECT record FROM quarantine WHERE source = 'simeydk'")
    assert json.loads(record)["nyt_solution"] == ["pitchfork", "knew", "wren"]


def test_nothing_malformed_reaches_the_puzzle_tables(scraped):
    con = scraped.con
    assert rows(con, "SELECT count(*) FROM letter_boxed_puzzles WHERE date = '2024-06-11'") == [
        (0,)
    ]
    assert rows(con, "SELECT count(*) FROM letter_boxed_source_days WHERE date = '2024-06-11'") == [
        (0,)
    ]
    assert rows(con, "SELECT count(*) FROM spelling_bee_source_days WHERE source = 'nytbee'") == [
        (0,)
    ]
    assert rows(
        con,
        "SELECT count(*) FROM spelling_bee_source_days WHERE source = 'bulk_archive' AND date = '2024-06-13'",
    ) == [(0,)]


def test_fetches_are_logged_errors_included(scraped):
    con = scraped.con
    log = rows(
        con,
        "SELECT source, url, date, outcome, http_status, attempts, error FROM scrape_log ORDER BY source, url",
    )
    assert log == [
        ("bulk_archive", BULK_ARCHIVE_URL, None, "network", 200, 1, None),
        (
            "nyt_gamedata",
            NYT_GAMEDATA_URL.format(date="2024-06-10"),
            D(2024, 6, 10),
            "network",
            200,
            2,
            None,
        ),
        (
            "nyt_gamedata",
            NYT_GAMEDATA_URL.format(date="2024-06-11"),
            D(2024, 6, 11),
            "network",
            200,
            2,
            None,
        ),
        (
            "nyt_gamedata",
            NYT_GAMEDATA_URL.format(date="2024-06-12"),
            D(2024, 6, 12),
            "error",
            None,
            3,
            "timeout after 3 attempts",
        ),
        (
            "nyt_gamedata",
            NYT_GAMEDATA_URL.format(date="2024-06-13"),
            D(2024, 6, 13),
            "network",
            200,
            2,
            None,
        ),
        ("nyt_live", NYT_LIVE_LETTER_BOXED_URL, None, "missing", 404, 1, None),
        ("nyt_live", NYT_LIVE_SPELLING_BEE_URL, None, "missing", 404, 1, None),
        ("nytbee", "https://nytbee.com/Bee_20240610.html", D(2024, 6, 10), "network", 200, 1, None),
        ("nytbee", "https://nytbee.com/Bee_20240611.html", D(2024, 6, 11), "missing", 404, 1, None),
        ("nytbee", "https://nytbee.com/Bee_20240612.html", D(2024, 6, 12), "missing", 404, 1, None),
        ("nytbee", "https://nytbee.com/Bee_20240613.html", D(2024, 6, 13), "missing", 404, 1, None),
        ("simeydk", SIMEYDK_URL.format(date="2024-06-10"), D(2024, 6, 10), "network", 200, 1, None),
        ("simeydk", SIMEYDK_URL.format(date="2024-06-11"), D(2024, 6, 11), "network", 200, 1, None),
        ("simeydk", SIMEYDK_URL.format(date="2024-06-12"), D(2024, 6, 12), "missing", 404, 1, None),
        ("simeydk", SIMEYDK_URL.format(date="2024-06-13"), D(2024, 6, 13), "missing", 404, 1, None),
    ]
    assert rows(
        con,
        "SELECT source, fetched, not_published, parsed, rejected, errors FROM scrape_runs ORDER BY source",
    ) == [
        ("bulk_archive", 1, 0, 3, 1, 0),
        ("nyt_gamedata", 3, 0, 3, 0, 1),
        ("nyt_live", 0, 2, 0, 0, 0),
        ("nytbee", 1, 3, 0, 1, 0),
        ("simeydk", 2, 2, 1, 1, 0),
    ]


def test_retry_after_is_honoured(scraped):
    asked = [r.time for r in scraped.server.requests if r.path == gamedata_path("2024-06-11")]
    assert len(asked) == 2
    assert asked[1] - asked[0] >= 0.95  # Retry-After: 1, not the 0.01 s backoff


def test_the_cache_holds_complete_bodies_only(scraped):
    cache = scraped.cache
    assert list(cache.rglob("*.part")) == []
    stored = cache / "raw.githubusercontent.com" / gamedata_path("2024-06-13").lstrip("/")
    assert stored.read_bytes() == GAMEDATA["2024-06-13"]
    assert not (
        cache / "raw.githubusercontent.com" / gamedata_path("2024-06-12").lstrip("/")
    ).exists()


def test_a_rerun_fetches_only_what_is_not_loaded_yet(tmp_path, local_http):
    first = scrape_once(tmp_path, local_http)
    con = first.con
    loaded_or_quarantined = [
        gamedata_path("2024-06-10"),
        gamedata_path("2024-06-11"),
        gamedata_path("2024-06-13"),
        nytbee_path("2024-06-10"),
        simeydk_path("2024-06-10"),
        simeydk_path("2024-06-11"),
    ]
    refused_long_ago = [nytbee_path("2024-06-11"), simeydk_path("2024-06-12")]
    hits_before = {p: local_http.hits(p) for p in loaded_or_quarantined + refused_long_ago}
    timed_out_before = local_http.hits(gamedata_path("2024-06-12"))
    local_http.script(gamedata_path("2024-06-12"), [(200, GAMEDATA["2024-06-12"])])  # back up

    rerun = collect(read_known(con), first.downloader, GAMES, FIRST, LAST)
    load(con, rerun, "run-2")

    assert {p: local_http.hits(p) for p in loaded_or_quarantined + refused_long_ago} == hits_before
    assert local_http.hits(gamedata_path("2024-06-12")) == timed_out_before + 1
    assert [record.date for record, _url in rerun.records_of("spelling-bee")] == [D(2024, 6, 12)]
    assert rerun.records_of("letter-boxed") == []
    assert rows(con, "SELECT date, source FROM spelling_bee_puzzles ORDER BY date") == [
        (D(2024, 6, 10), "nyt_gamedata"),
        (D(2024, 6, 11), "nyt_gamedata"),
        (D(2024, 6, 12), "nyt_gamedata"),
        (D(2024, 6, 13), "nyt_gamedata"),
    ]
    assert rows(con, "SELECT count(*) FROM quarantine") == [(3,)]
    assert rows(con, "SELECT count(*) FROM letter_boxed_puzzles") == [(1,)]
