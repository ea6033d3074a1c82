"""Quarantine is not forever: `--retry-quarantined` fetches those dates again, a stored file that
does not parse is downloaded once more, and a quarantined body says where it came from."""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path

import duckdb

from pipeline.games import LETTER_BOXED, SPELLING_BEE
from pipeline.sources import answer_source
from pipeline.stages.scrape import collect, load, read_known
from pipeline.storage import warehouse
from pipeline.storage.download import Downloader
from tests.conftest import LocalHTTP
from tests.test_scrape_faults import GAMEDATA, gamedata_path, letter_boxed_day, simeydk_path

NYT_GAMEDATA_URL = answer_source("nyt_gamedata").url
SIMEYDK_URL = answer_source("simeydk").url

D = dt.date
DAY = D(2024, 6, 10)
GOOD_BOX = letter_boxed_day("2024-06-10", ["PITCHFORK", "KNEW"])
BAD_BOX = letter_boxed_day("2024-06-10", ["PITCHFORK", "KNEW", "WREN"])  # WR on one side
CORRUPT = GAMEDATA["2024-06-10"][:40]  # a body cut short: not JSON


def downloader_for(root: Path, server: LocalHTTP, **options: object) -> Downloader:
    """Return a fast Downloader on `root/raw` whose requests go to the local server."""
    settings: dict = dict(retries=1, backoff=0.01, host_delay=0.0, timeout=2.0)
    settings.update(options)
    return Downloader(root / "raw", url_rewrite=server.rewrite, **settings)


def scrape_day(
    con: duckdb.DuckDBPyConnection,
    downloader: Downloader,
    game=LETTER_BOXED,
    run_id: str = "run-1",
    retry_quarantined: bool = False,
) -> None:
    """Scrape one game on DAY only."""
    known = read_known(con, retry_quarantined)
    load(con, collect(known, downloader, (game,), DAY, DAY), run_id)


def quarantine(con: duckdb.DuckDBPyConnection) -> list[tuple]:
    return con.execute(
        "SELECT source, date, reason, origin, sha256 FROM quarantine ORDER BY source"
    ).fetchall()


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_retry_quarantined_fetches_the_date_again(tmp_path: Path, local_http: LocalHTTP) -> None:
    local_http.script(simeydk_path("2024-06-10"), [(200, BAD_BOX), (200, GOOD_BOX)])
    downloader = downloader_for(tmp_path, local_http)
    con = warehouse.connect(tmp_path / "warehouse.duckdb")

    scrape_day(con, downloader)
    assert quarantine(con) == [
        (
            "simeydk",
            DAY,
            "NYT solution word 'wren': 'wr' are on one side",
            "network",
            sha256(BAD_BOX),
        )
    ]
    scrape_day(con, downloader, run_id="run-2")
    assert local_http.hits(simeydk_path("2024-06-10")) == 1  # quarantined dates are known
    scrape_day(con, downloader, run_id="run-3", retry_quarantined=True)

    assert local_http.hits(simeydk_path("2024-06-10")) == 2
    assert quarantine(con) == []
    assert con.execute("SELECT date, nyt_solution FROM letter_boxed_puzzles").fetchall() == [
        (DAY, ["pitchfork", "knew"])
    ]
    assert downloader.cache_path(SIMEYDK_URL.format(date=DAY)).read_bytes() == GOOD_BOX
    con.close()


def test_a_retry_that_fails_again_stays_in_quarantine(
    tmp_path: Path, local_http: LocalHTTP
) -> None:
    local_http.script(simeydk_path("2024-06-10"), [(200, BAD_BOX), (503, b"busy")])
    downloader = downloader_for(tmp_path, local_http)
    con = warehouse.connect(tmp_path / "warehouse.duckdb")
    scrape_day(con, downloader)
    scrape_day(con, downloader, run_id="run-2", retry_quarantined=True)

    assert local_http.hits(simeydk_path("2024-06-10")) == 3  # one fetch, one retry of the 503
    assert [(source, origin) for source, _, _, origin, _ in quarantine(con)] == [
        ("simeydk", "cache")  # the refresh failed: the cached copy was judged again
    ]
    con.close()


def corrupt_cached_day(downloader: Downloader) -> Path:
    """Store a corrupt copy of DAY's gameData in the cache and return its path."""
    cached = downloader.cache_path(NYT_GAMEDATA_URL.format(date=DAY))
    cached.parent.mkdir(parents=True)
    cached.write_bytes(CORRUPT)
    return cached


def test_a_cached_file_that_does_not_parse_is_downloaded_again(
    tmp_path: Path, local_http: LocalHTTP
) -> None:
    local_http.script(gamedata_path("2024-06-10"), [(200, GAMEDATA["2024-06-10"])])
    downloader = downloader_for(tmp_path, local_http)
    cached = corrupt_cached_day(downloader)
    con = warehouse.connect(tmp_path / "warehouse.duckdb")

    scrape_day(con, downloader, SPELLING_BEE)

    assert local_http.hits(gamedata_path("2024-06-10")) == 1
    assert cached.read_bytes() == GAMEDATA["2024-06-10"]
    assert quarantine(con) == []
    assert con.execute(
        "SELECT date, source FROM spelling_bee_source_days WHERE source = 'nyt_gamedata'"
    ).fetchall() == [(DAY, "nyt_gamedata")]
    con.close()


def test_a_body_that_does_not_parse_twice_is_quarantined_with_its_digest(
    tmp_path: Path, local_http: LocalHTTP
) -> None:
    served = b'{"printDate": "2024-06-10"'
    local_http.script(gamedata_path("2024-06-10"), [(200, served)])
    downloader = downloader_for(tmp_path, local_http)
    corrupt_cached_day(downloader)
    con = warehouse.connect(tmp_path / "warehouse.duckdb")

    scrape_day(con, downloader, SPELLING_BEE)

    assert local_http.hits(gamedata_path("2024-06-10")) == 1  # once, not again and again
    [(source, date, reason, origin, digest)] = quarantine(con)
    assert (source, date, origin, digest) == ("nyt_gamedata", DAY, "network", sha256(served))
    assert reason.startswith("unparseable: ")
    con.close()


def test_offline_a_stored_file_that_does_not_parse_is_quarantined_as_read(
    tmp_path: Path,
) -> None:
    mirror = tmp_path / "mirror"
    downloader = Downloader(tmp_path / "raw", mirror, offline=True)
    mirrored = downloader.mirror_path(NYT_GAMEDATA_URL.format(date=DAY))
    assert mirrored is not None
    mirrored.parent.mkdir(parents=True)
    mirrored.write_bytes(CORRUPT)
    con = warehouse.connect(tmp_path / "warehouse.duckdb")

    scrape_day(con, downloader, SPELLING_BEE)

    [(source, date, _reason, origin, digest)] = quarantine(con)
    assert (source, date, origin, digest) == ("nyt_gamedata", DAY, "mirror", sha256(CORRUPT))
    con.close()


def test_an_older_warehouse_gains_the_new_columns(tmp_path: Path) -> None:
    con = warehouse.connect(tmp_path / "warehouse.duckdb")
    con.execute(
        "CREATE TABLE scrape_runs (run_id VARCHAR NOT NULL, finished_at TIMESTAMP NOT NULL, "
        "source VARCHAR NOT NULL, fetched INTEGER NOT NULL, from_cache INTEGER NOT NULL, "
        "not_available INTEGER NOT NULL, parsed INTEGER NOT NULL, rejected INTEGER NOT NULL, "
        "errors INTEGER NOT NULL, disagreements INTEGER NOT NULL, PRIMARY KEY (run_id, source))"
    )
    con.execute("INSERT INTO scrape_runs VALUES ('old', now(), 'nytbee', 0, 0, 7, 0, 0, 0, 0)")
    con.execute(
        "CREATE TABLE quarantine (game VARCHAR NOT NULL, source VARCHAR NOT NULL, "
        "url VARCHAR NOT NULL, date DATE, reason VARCHAR NOT NULL, record VARCHAR, "
        "run_id VARCHAR NOT NULL, PRIMARY KEY (source, url))"
    )
    downloader = Downloader(tmp_path / "raw", offline=True)

    scrape_day(con, downloader, SPELLING_BEE, run_id="run-1")

    assert con.execute(
        "SELECT run_id, source, not_published, not_tried FROM scrape_runs ORDER BY ALL"
    ).fetchall() == [
        ("old", "nytbee", 7, 0),
        ("run-1", "bulk_archive", 0, 1),
        ("run-1", "nyt_gamedata", 0, 1),
        ("run-1", "nytbee", 0, 1),
    ]
    assert [row[0] for row in con.execute("DESCRIBE quarantine").fetchall()][-2:] == [
        "origin",
        "sha256",
    ]
    con.close()
