"""The scrape stage: fetch the official answers through the cache, parse, validate, merge, load."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from pipeline import progress, warehouse
from pipeline.download import Downloader, Fetched
from pipeline.sources import bulk_archive, nyt_gamedata, nytbee, simeydk
from pipeline.sources.bulk_archive import BULK_ARCHIVE_URL, iter_bulk_archive
from pipeline.sources.nyt_gamedata import NYT_GAMEDATA_URL, parse_nyt_gamedata_day
from pipeline.sources.nyt_live import (
    NYT_LIVE_LETTER_BOXED_URL,
    NYT_LIVE_SPELLING_BEE_URL,
    parse_nyt_live_letter_boxed,
    parse_nyt_live_spelling_bee,
)
from pipeline.sources.nytbee import NYTBEE_URL, parse_nytbee_page
from pipeline.sources.records import (
    BULK_ARCHIVE,
    NYT_GAMEDATA,
    NYTBEE,
    SIMEYDK,
    BeeRecord,
    BoxRecord,
    ParseError,
)
from pipeline.sources.simeydk import SIMEYDK_URL, parse_letterboxed_day
from pipeline.validate_letter_boxed import box_problems
from pipeline.validate_spelling_bee import bee_problems

FIRST_DATES = {
    BULK_ARCHIVE: bulk_archive.FIRST_DATE,
    NYT_GAMEDATA: nyt_gamedata.FIRST_DATE,
    NYTBEE: nytbee.FIRST_DATE,
    SIMEYDK: simeydk.FIRST_DATE,
}
GAMES = ("spelling-bee", "letter-boxed")


@dataclass
class SourceTally:
    """What one source gave during a scrape run."""

    fetched: int = 0
    from_cache: int = 0
    not_available: int = 0
    parsed: int = 0
    rejected: int = 0
    errors: int = 0

    def count_fetch(self, fetched: Fetched) -> None:
        """Count one fetch by where its body came from."""
        if fetched.origin == "network":
            self.fetched += 1
        elif fetched.origin in ("cache", "mirror"):
            self.from_cache += 1
        elif fetched.origin == "error":
            self.errors += 1
        else:
            self.not_available += 1


@dataclass
class ScrapeRun:
    """Everything one scrape run gathered before it is loaded in one transaction."""

    bee_records: list[tuple[BeeRecord, str]] = field(default_factory=list)
    box_records: list[tuple[BoxRecord, str]] = field(default_factory=list)
    quarantine: list[dict] = field(default_factory=list)
    log: list[dict] = field(default_factory=list)
    tallies: dict[str, SourceTally] = field(default_factory=dict)

    def tally(self, source: str) -> SourceTally:
        """Return the tally of a source, creating it on first use."""
        return self.tallies.setdefault(source, SourceTally())

    def reject(
        self,
        game: str,
        source: str,
        url: str,
        date: dt.date | None,
        reason: str,
        record: object = None,
    ) -> None:
        """Quarantine a record (or an unparseable body) with its reason."""
        self.tally(source).rejected += 1
        self.quarantine.append(
            {
                "game": game,
                "date": date,
                "source": source,
                "url": url,
                "reason": reason,
                "record": _as_json(record),
            }
        )

    def log_fetch(self, source: str, url: str, date: dt.date | None, fetched: Fetched) -> None:
        """Count a fetch, and keep a log line for network fetches, misses and errors."""
        self.tally(source).count_fetch(fetched)
        if fetched.origin in ("network", "missing", "error"):
            self.log.append(
                {
                    "source": source,
                    "url": url,
                    "date": date,
                    "outcome": fetched.origin,
                    "http_status": fetched.status,
                    "attempts": fetched.attempts,
                    "error": fetched.error,
                }
            )


def _as_json(record: object) -> str | None:
    """Return a record as JSON text for the quarantine table."""
    if record is None:
        return None
    if dataclasses.is_dataclass(record):
        record = dataclasses.asdict(record)
    return json.dumps(record, default=str, sort_keys=True)


def dates_between(first: dt.date, last: dt.date) -> list[dt.date]:
    """Return every date from first to last inclusive."""
    return [first + dt.timedelta(days=offset) for offset in range((last - first).days + 1)]


def known_dates(con: duckdb.DuckDBPyConnection, source: str) -> set[dt.date]:
    """Return the dates a source already gave (loaded or quarantined), so they are not fetched again."""
    rows = warehouse.run(con, "scrape_known_dates", {"source": source}).fetchall()
    return {row[0] for row in rows}


def accept(run: ScrapeRun, record: BeeRecord | BoxRecord, url: str) -> None:
    """Keep a valid record of either game, or quarantine it with its problems."""
    is_bee = isinstance(record, BeeRecord)
    problems = bee_problems(record) if is_bee else box_problems(record)
    if problems:
        game = "spelling-bee" if is_bee else "letter-boxed"
        run.reject(game, record.source, url, record.date, "; ".join(problems), record)
        return
    run.tally(record.source).parsed += 1
    (run.bee_records if is_bee else run.box_records).append((record, url))


def fetch_and_parse(
    run: ScrapeRun,
    downloader: Downloader,
    game: str,
    source: str,
    url: str,
    date: dt.date | None,
    parse: Callable[[str], Iterable],
    refresh: bool = False,
) -> None:
    """Fetch one URL and accept every record parsed from it; parse failures go to quarantine."""
    fetched = downloader.fetch(url, refresh=refresh)
    run.log_fetch(source, url, date, fetched)
    if fetched.path is None:
        return
    try:
        records = list(parse(fetched.text()))
    except ParseError as error:
        run.reject(game, source, url, date, f"unparseable: {error}")
        return
    for record in records:
        accept(run, record, url)


def scrape_bulk_archive(
    run: ScrapeRun,
    downloader: Downloader,
    con: duckdb.DuckDBPyConnection,
    since: dt.date,
    until: dt.date,
) -> None:
    """Read the bulk Spelling Bee archive (one line a day) for the dates not loaded yet."""
    have = known_dates(con, "bulk_archive")
    refresh = not downloader.offline and (not have or max(have) < until)
    fetched = downloader.fetch(BULK_ARCHIVE_URL, refresh=refresh)
    run.log_fetch("bulk_archive", BULK_ARCHIVE_URL, None, fetched)
    if fetched.path is None:
        return
    for line_number, outcome in iter_bulk_archive(fetched.text()):
        if isinstance(outcome, ParseError):
            run.reject(
                "spelling-bee",
                "bulk_archive",
                f"{BULK_ARCHIVE_URL}#L{line_number}",
                None,
                f"line {line_number}: {outcome}",
            )
        elif since <= outcome.date <= until and outcome.date not in have:
            accept(run, outcome, BULK_ARCHIVE_URL)


def scrape_dated_source(
    run: ScrapeRun,
    downloader: Downloader,
    con: duckdb.DuckDBPyConnection,
    game: str,
    source: str,
    url_template: str,
    parse_day: Callable[[str, dt.date], Iterable],
    since: dt.date,
    until: dt.date,
) -> None:
    """Fetch each date of a one-file-a-day source that the warehouse does not have yet."""
    have = known_dates(con, source)
    wanted = [d for d in dates_between(max(since, FIRST_DATES[source]), until) if d not in have]
    for date in progress.track(wanted, f"{source} ({game})"):
        url = url_template.format(date=date)
        fetch_and_parse(
            run,
            downloader,
            game,
            source,
            url,
            date,
            lambda text, d=date: parse_day(text, d),
        )


def scrape_live_pages(run: ScrapeRun, downloader: Downloader, games: list[str]) -> None:
    """Read the live NYT pages (online only: the page changes every day)."""
    if downloader.offline:
        return
    if "spelling-bee" in games:
        fetch_and_parse(
            run,
            downloader,
            "spelling-bee",
            "nyt_live",
            NYT_LIVE_SPELLING_BEE_URL,
            None,
            parse_nyt_live_spelling_bee,
            refresh=True,
        )
    if "letter-boxed" in games:
        fetch_and_parse(
            run,
            downloader,
            "letter-boxed",
            "nyt_live",
            NYT_LIVE_LETTER_BOXED_URL,
            None,
            lambda text: [parse_nyt_live_letter_boxed(text)],
            refresh=True,
        )


def collect(
    con: duckdb.DuckDBPyConnection,
    downloader: Downloader,
    games: list[str],
    since: dt.date,
    until: dt.date,
) -> ScrapeRun:
    """Fetch, parse and validate everything the warehouse does not have yet."""
    run = ScrapeRun()
    if "spelling-bee" in games:
        with progress.step("Spelling Bee: bulk archive"):
            scrape_bulk_archive(run, downloader, con, since, until)
        with progress.step("Spelling Bee: next-day NYT gameData and nytbee.com pages"):
            scrape_dated_source(
                run,
                downloader,
                con,
                "spelling-bee",
                "nyt_gamedata",
                NYT_GAMEDATA_URL,
                lambda text, _d: [parse_nyt_gamedata_day(text)],
                since,
                until,
            )
            scrape_dated_source(
                run,
                downloader,
                con,
                "spelling-bee",
                "nytbee",
                NYTBEE_URL,
                lambda text, d: [parse_nytbee_page(text, d)],
                since,
                until,
            )
    if "letter-boxed" in games:
        with progress.step("Letter Boxed: daily gameData"):
            scrape_dated_source(
                run,
                downloader,
                con,
                "letter-boxed",
                "simeydk",
                SIMEYDK_URL,
                lambda text, _d: [parse_letterboxed_day(text)],
                since,
                until,
            )
    scrape_live_pages(run, downloader, games)
    return run


def _iso(value: object) -> object:
    """Return dates as ISO strings for JSON."""
    return value.isoformat() if isinstance(value, dt.date) else value


def write_jsonl(path: Path, rows: Iterable[dict]) -> Path:
    """Write dictionaries as JSON lines (dates as ISO strings) and return the path."""
    with path.open("w") as handle:
        for row in rows:
            handle.write(json.dumps({key: _iso(value) for key, value in row.items()}) + "\n")
    return path


def bee_row(record: BeeRecord, url: str) -> dict:
    """Return a source-day row of the Spelling Bee staging table."""
    return {
        "date": record.date,
        "source": record.source,
        "center": record.center,
        "others": record.others,
        "answers": sorted(set(record.answers)),
        "pangrams": sorted(set(record.pangrams)),
        "not_accepted": sorted(set(record.not_accepted)) if record.source == "nytbee" else None,
        "url": url,
    }


def box_row(record: BoxRecord, url: str) -> dict:
    """Return a source-day row of the Letter Boxed staging table."""
    return {
        "date": record.date,
        "source": record.source,
        "sides": list(record.sides),
        "nyt_solution": list(record.nyt_solution),
        "par": record.par,
        "nyt_id": record.nyt_id,
        "dictionary": list(record.dictionary) if record.dictionary is not None else None,
        "yesterdays_sides": list(record.yesterdays_sides) if record.yesterdays_sides else None,
        "yesterdays_solution": list(record.yesterdays_solution)
        if record.yesterdays_solution
        else None,
        "url": url,
    }


def load(con: duckdb.DuckDBPyConnection, run: ScrapeRun, games: list[str], run_id: str) -> None:
    """Load a run's records, quarantine and log, then rebuild the merged tables, in one transaction."""
    with tempfile.TemporaryDirectory() as folder:
        folder_path = Path(folder)
        params = {
            "bee_jsonl": str(
                write_jsonl(folder_path / "bee.jsonl", (bee_row(r, u) for r, u in run.bee_records))
            ),
            "box_jsonl": str(
                write_jsonl(folder_path / "box.jsonl", (box_row(r, u) for r, u in run.box_records))
            ),
            "quarantine_jsonl": str(write_jsonl(folder_path / "quarantine.jsonl", run.quarantine)),
            "log_jsonl": str(write_jsonl(folder_path / "log.jsonl", run.log)),
            "run_id": run_id,
        }
        with warehouse.stage(con):
            warehouse.run(con, "scrape_load", params)
            if "spelling-bee" in games:
                warehouse.run(con, "scrape_merge_spelling_bee")
            if "letter-boxed" in games:
                warehouse.run(con, "scrape_merge_letter_boxed")
            record_summary(con, run, run_id)


def disagreements_by_source(con: duckdb.DuckDBPyConnection) -> Counter:
    """Return how many dates each source disagrees with the chosen source on."""
    if not warehouse.table_exists(con, "spelling_bee_disagreements"):
        return Counter()
    rows = con.execute(
        "SELECT source_b, count(*) FROM spelling_bee_disagreements GROUP BY source_b"
    )
    return Counter(dict(rows.fetchall()))


def record_summary(con: duckdb.DuckDBPyConnection, run: ScrapeRun, run_id: str) -> None:
    """Insert one scrape_runs row per source with its counts."""
    disagreements = disagreements_by_source(con)
    for source, tally in sorted(run.tallies.items()):
        con.execute(
            "INSERT INTO scrape_runs VALUES ($run_id, now(), $source, $fetched, $from_cache, $not_available, $parsed, $rejected, $errors, $disagreements)",
            {
                "run_id": run_id,
                "source": source,
                "disagreements": disagreements.get(source, 0),
                **dataclasses.asdict(tally),
            },
        )


def scrape(
    games: list[str], since: dt.date, until: dt.date, offline: bool
) -> duckdb.DuckDBPyConnection:
    """Run the scrape stage end to end and return the open warehouse."""
    downloader = Downloader.from_env(offline=offline)
    con = warehouse.connect()
    warehouse.run(con, "scrape_schema")
    run = collect(con, downloader, games, since, until)
    run_id = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    with progress.step("loading, validating and merging into the warehouse"):
        load(con, run, games, run_id)
    return con
