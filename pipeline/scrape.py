"""The scrape stage: fetch the official answers through the cache, parse, validate, merge, load."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pipeline import progress, warehouse
from pipeline.download import Downloader, Fetched
from pipeline.games import GAMES, LETTER_BOXED, SPELLING_BEE, Game
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
from pipeline.warehouse import Connection
from solvers.spelling_bee_scoring import total_score

FIRST_DATES = {
    BULK_ARCHIVE: bulk_archive.FIRST_DATE,
    NYT_GAMEDATA: nyt_gamedata.FIRST_DATE,
    NYTBEE: nytbee.FIRST_DATE,
    SIMEYDK: simeydk.FIRST_DATE,
}
ARCHIVE_TABLES = (
    SPELLING_BEE.table("puzzles"),
    SPELLING_BEE.table("answers"),
    SPELLING_BEE.table("not_accepted"),
    SPELLING_BEE.table("disagreements"),
    LETTER_BOXED.table("puzzles"),
    LETTER_BOXED.table("dictionary"),
    "quarantine",
)  # what the scrape stage builds, as `pipeline scrape` counts them
MERGES = (
    "scrape/spelling_bee_puzzles",
    "scrape/spelling_bee_answers",
    "scrape/spelling_bee_not_accepted",
    "scrape/spelling_bee_disagreements",
    "scrape/letter_boxed_puzzles",
    "scrape/letter_boxed_dictionary",
    "scrape/quarantine_placeholder_boards",
    "scrape/official_answers",
)


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
    if dataclasses.is_dataclass(record) and not isinstance(record, type):
        record = dataclasses.asdict(record)
    return json.dumps(record, default=str, sort_keys=True)


def dates_between(first: dt.date, last: dt.date) -> list[dt.date]:
    """Return every date from first to last inclusive."""
    return [first + dt.timedelta(days=offset) for offset in range((last - first).days + 1)]


def known_dates(con: Connection, source: str) -> set[dt.date]:
    """Return the dates a source already gave (loaded or quarantined), so they are not fetched again."""
    if not warehouse.table_exists(con, "scrape_log"):
        return set()  # a new warehouse: the scrape tables are created when the first run loads
    rows = warehouse.run(con, "scrape/known_dates", {"source": source}).fetchall()
    return {row[0] for row in rows}


def accept(run: ScrapeRun, record: BeeRecord | BoxRecord, url: str) -> None:
    """Keep a valid record of either game, or quarantine it with its problems."""
    if isinstance(record, BeeRecord):
        if not reject_invalid(run, SPELLING_BEE, bee_problems(record), record, url):
            run.bee_records.append((record, url))
    elif not reject_invalid(run, LETTER_BOXED, box_problems(record), record, url):
        run.box_records.append((record, url))


def reject_invalid(
    run: ScrapeRun, game: Game, problems: list[str], record: BeeRecord | BoxRecord, url: str
) -> bool:
    """Quarantine a record that has problems and return True; count a valid one as parsed."""
    if problems:
        run.reject(game.name, record.source, url, record.date, "; ".join(problems), record)
        return True
    run.tally(record.source).parsed += 1
    return False


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
    con: Connection,
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
                SPELLING_BEE.name,
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
    con: Connection,
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
            parser_for(parse_day, date),
        )


def parser_for(
    parse_day: Callable[[str, dt.date], Iterable], date: dt.date
) -> Callable[[str], Iterable]:
    """Return a parser of one date's file."""
    return lambda text: parse_day(text, date)


def scrape_live_pages(run: ScrapeRun, downloader: Downloader, games: tuple[Game, ...]) -> None:
    """Read the live NYT pages (online only: the page changes every day)."""
    if downloader.offline:
        return
    if SPELLING_BEE in games:
        fetch_and_parse(
            run,
            downloader,
            SPELLING_BEE.name,
            "nyt_live",
            NYT_LIVE_SPELLING_BEE_URL,
            None,
            parse_nyt_live_spelling_bee,
            refresh=True,
        )
    if LETTER_BOXED in games:
        fetch_and_parse(
            run,
            downloader,
            LETTER_BOXED.name,
            "nyt_live",
            NYT_LIVE_LETTER_BOXED_URL,
            None,
            lambda text: [parse_nyt_live_letter_boxed(text)],
            refresh=True,
        )


def collect(
    con: Connection,
    downloader: Downloader,
    games: tuple[Game, ...],
    since: dt.date,
    until: dt.date,
) -> ScrapeRun:
    """Fetch, parse and validate everything the warehouse does not have yet."""
    run = ScrapeRun()
    if SPELLING_BEE in games:
        with progress.step("Spelling Bee: bulk archive"):
            scrape_bulk_archive(run, downloader, con, since, until)
        with progress.step("Spelling Bee: next-day NYT gameData and nytbee.com pages"):
            scrape_dated_source(
                run,
                downloader,
                con,
                SPELLING_BEE.name,
                "nyt_gamedata",
                NYT_GAMEDATA_URL,
                lambda text, date: [parse_nyt_gamedata_day(text)],
                since,
                until,
            )
            scrape_dated_source(
                run,
                downloader,
                con,
                SPELLING_BEE.name,
                "nytbee",
                NYTBEE_URL,
                lambda text, date: [parse_nytbee_page(text, date)],
                since,
                until,
            )
    if LETTER_BOXED in games:
        with progress.step("Letter Boxed: daily gameData"):
            scrape_dated_source(
                run,
                downloader,
                con,
                LETTER_BOXED.name,
                "simeydk",
                SIMEYDK_URL,
                lambda text, date: [parse_letterboxed_day(text)],
                since,
                until,
            )
    scrape_live_pages(run, downloader, games)
    return run


def bee_row(record: BeeRecord, url: str) -> dict:
    """Return a source-day row of the Spelling Bee staging table."""
    answers = sorted(set(record.answers))
    return {
        "date": record.date,
        "source": record.source,
        "center": record.center,
        "others": record.others,
        "answers": answers,
        "pangrams": sorted(set(record.pangrams)),
        "points": total_score(answers, record.letters),
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


QUARANTINE_COLUMNS = ("game", "date", "source", "url", "reason", "record")
LOG_COLUMNS = ("source", "url", "date", "outcome", "http_status", "attempts", "error")
BEE_COLUMNS = (
    "date",
    "source",
    "center",
    "others",
    "answers",
    "pangrams",
    "points",
    "not_accepted",
    "url",
)
BOX_COLUMNS = (
    "date", "source", "sides", "nyt_solution", "par", "nyt_id", "dictionary",
    "yesterdays_sides", "yesterdays_solution", "url",
)  # fmt: skip
TALLY_COLUMNS = ("source", *(f.name for f in dataclasses.fields(SourceTally)))


def as_columns(rows: list[dict], names: tuple[str, ...]) -> dict[str, list]:
    """Return row dictionaries as columns, for warehouse.hand_over."""
    return {name: [row[name] for row in rows] for name in names}


def load(con: Connection, run: ScrapeRun, run_id: str) -> None:
    """Load a run's records, quarantine and log, rebuild the merged tables and record the run's
    counts, in one transaction."""
    tallies = [
        {"source": source, **dataclasses.asdict(tally)}
        for source, tally in sorted(run.tallies.items())
    ]
    handed_over = {
        "new_bee_days": as_columns([bee_row(r, u) for r, u in run.bee_records], BEE_COLUMNS),
        "new_box_days": as_columns([box_row(r, u) for r, u in run.box_records], BOX_COLUMNS),
        "new_quarantine": as_columns(run.quarantine, QUARANTINE_COLUMNS),
        "new_log_lines": as_columns(run.log, LOG_COLUMNS),
        "run_tallies": as_columns(tallies, TALLY_COLUMNS),
    }
    for name, columns in handed_over.items():
        warehouse.hand_over(con, name, columns)
    with warehouse.transaction(con):
        for table in (
            "spelling_bee_source_days",
            "letter_boxed_source_days",
            "quarantine",
            "scrape_log",
        ):
            warehouse.run(con, f"scrape/{table}", {"run_id": run_id})
        for merge in MERGES:
            warehouse.run(con, merge)
        record_summary(con, run_id)


def record_summary(con: Connection, run_id: str) -> None:
    """Insert one scrape_runs row per source with its counts (from the handed-over tallies)."""
    warehouse.run(con, "scrape/scrape_runs", {"run_id": run_id})


def scrape(
    con: Connection,
    games: tuple[Game, ...] = GAMES,
    since: dt.date | None = None,
    until: dt.date | None = None,
    offline: bool = False,
) -> None:
    """Run the scrape stage end to end on an open warehouse."""
    downloader = Downloader.from_env(offline=offline)
    run = collect(
        con, downloader, games, since or FIRST_DATES["bulk_archive"], until or dt.date.today()
    )
    run_id = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    with progress.step("loading, validating and merging into the warehouse"):
        load(con, run, run_id)
