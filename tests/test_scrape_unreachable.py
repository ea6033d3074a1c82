"""A scrape with no network and no --offline: every host refuses (a closed port on 127.0.0.1).

Each host is asked until three connections in a row fail, then not again; the bulk archive comes
from the mirror, and the summary tells the dates not tried from the dates not published.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from pipeline.sources import answer_source
from pipeline.stages.scrape import collect, load, read_known
from pipeline.stages.summaries import print_scrape_summary
from pipeline.storage import warehouse
from pipeline.storage.download import Downloader, relative_cache_path
from tests.test_download import closed_port
from tests.test_scrape_faults import BULK_ARCHIVE, GAMES

BULK_ARCHIVE_URL = answer_source("bulk_archive").url
NYT_LIVE_SPELLING_BEE_URL = answer_source("nyt_live", "spelling-bee").url
NYTBEE_URL = answer_source("nytbee").url

D = dt.date
SINCE, UNTIL = D(2024, 1, 1), D(2024, 6, 13)  # 165 days: about 500 URLs that are never asked
DAYS = (UNTIL - SINCE).days + 1
HOSTS = ("raw.githubusercontent.com", "nytbee.com", "www.nytimes.com")


def test_a_scrape_without_network_ends_quickly_on_the_mirror(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mirror = tmp_path / "mirror"
    bulk = mirror / relative_cache_path(BULK_ARCHIVE_URL)
    bulk.parent.mkdir(parents=True)
    bulk.write_bytes(BULK_ARCHIVE)
    port = closed_port()
    asked: list[str] = []  # each URL asked of the network (its retries are not asked again)

    def to_the_closed_port(url: str) -> str:
        asked.append(url)
        return f"http://127.0.0.1:{port}/{url.split('/', 3)[3]}"

    downloader = Downloader(
        tmp_path / "raw",
        mirror,
        timeout=1.0,
        backoff=0.05,
        host_delay=0.01,
        url_rewrite=to_the_closed_port,
    )
    con = warehouse.connect(tmp_path / "warehouse.duckdb")

    load(con, collect(read_known(con), downloader, GAMES, SINCE, UNTIL), "run-1")
    print_scrape_summary(con)
    out, err = capsys.readouterr()

    # quick whatever the machine's load: one URL of each host is asked, not 500
    assert sorted({url.split("/")[2] for url in asked}) == sorted(HOSTS)
    assert len(asked) == len(HOSTS), asked
    assert [line for line in err.splitlines() if "unreachable" in line] == [
        f"{host} unreachable after 3 connection failures: using cached and mirrored copies only"
        for host in HOSTS
    ]
    assert con.execute(
        "SELECT date, source FROM spelling_bee_puzzles ORDER BY date"
    ).fetchall() == [(D(2024, 6, day), "bulk_archive") for day in (10, 11, 12)]
    assert con.execute(
        "SELECT source, fetched, from_cache, not_published, not_tried, parsed, rejected, errors "
        "FROM scrape_runs ORDER BY source"
    ).fetchall() == [
        ("bulk_archive", 0, 1, 0, 0, 3, 1, 0),  # the refresh failed: the mirror's copy was read
        ("nyt_gamedata", 0, 0, 0, DAYS, 0, 0, 0),
        ("nyt_live", 0, 0, 0, 1, 0, 0, 1),
        ("nytbee", 0, 0, 0, DAYS - 1, 0, 0, 1),
        ("simeydk", 0, 0, 0, DAYS, 0, 0, 0),
    ]
    assert con.execute(
        "SELECT source, url, outcome, attempts, error FROM scrape_log ORDER BY source"
    ).fetchall() == [
        ("bulk_archive", BULK_ARCHIVE_URL, "error", 3, "connection error after 3 attempts"),
        ("nyt_live", NYT_LIVE_SPELLING_BEE_URL, "error", 3, "connection error after 3 attempts"),
        ("nytbee", NYTBEE_URL.format(date=SINCE), "error", 3, "connection error after 3 attempts"),
    ]
    assert "| not published | not tried |" in out
    assert read_known(con).have(answer_source("nyt_gamedata")) == set()  # the next run asks again
    assert list((tmp_path / "raw").rglob("*")) == []
    con.close()
