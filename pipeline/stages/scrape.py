"""The scrape stage: fetch the official answers through the cache, parse, validate, merge, load."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pipeline import progress
from pipeline.games import GAMES, LETTER_BOXED, SPELLING_BEE, Game
from pipeline.games.letter_boxed_validation import box_problems
from pipeline.games.spelling_bee_validation import bee_problems
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
from pipeline.storage import warehouse
from pipeline.storage.download import Downloader, Fetched
from pipeline.storage.warehouse import Connection
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


@dataclass(frozen=True)
class Known:
    """What the warehouse already has, read before any download: per source, the dates not to
    fetch again, and the quarantined dates to fetch again (`--retry-quarantined`)."""

    dates: dict[str, set[dt.date]] = field(default_factory=dict)
    retry: dict[str, set[dt.date]] = field(default_factory=dict)
    retry_quarantined: bool = False  # read the bulk archive afresh too (bad lines have no date)

    def have(self, source: str) -> set[dt.date]:
        """Return the dates of `source` that are not fetched again."""
        return self.dates.get(source, set())

    def to_retry(self, source: str) -> set[dt.date]:
        """Return the quarantined dates of `source` that are fetched again."""
        return self.retry.get(source, set())


@dataclass(frozen=True)
class Body:
    """The bytes a record was read from: where they came from and their sha256."""

    origin: str
    sha256: str

    @classmethod
    def of(cls, fetched: Fetched, data: bytes) -> Body:
        """Return the origin and digest of a fetched body."""
        return cls(fetched.origin, hashlib.sha256(data).hexdigest())


@dataclass
class SourceTally:
    """What one source gave during a scrape run."""

    fetched: int = 0
    from_cache: int = 0
    not_published: int = 0  # the server said 404 or 410
    not_tried: int = 0  # offline, or the host was unreachable
    parsed: int = 0
    rejected: int = 0
    errors: int = 0

    def count_fetch(self, fetched: Fetched) -> None:
        """Count one fetch by where its body came from."""
        if fetched.origin == "network":
            self.fetched += 1
        elif fetched.origin in ("cache", "mirror"):
            self.from_cache += 1
        elif fetched.origin == "missing":
            self.not_published += 1
        elif fetched.origin in ("offline", "unreachable"):
            self.not_tried += 1
        else:
            self.errors += 1


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
        body: Body | None = None,
    ) -> None:
        """Quarantine a record (or an unparseable body) with its reason and where it came from."""
        self.tally(source).rejected += 1
        self.quarantine.append(
            {
                "game": game,
                "date": date,
                "source": source,
                "url": url,
                "reason": reason,
                "record": _as_json(record),
                "origin": body.origin if body else None,
                "sha256": body.sha256 if body else None,
            }
        )

    def log_fetch(
        self,
        source: str,
        url: str,
        date: dt.date | None,
        fetched: Fetched,
        *,
        count: bool = True,
    ) -> None:
        """Count a fetch (unless it is a second try of the same URL), and keep a log line for
        network fetches, misses and errors."""
        if count:
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


def read_known(con: Connection, retry_quarantined: bool = False) -> Known:
    """Return what every source already gave; quarantined dates are fetched again if asked."""
    if not warehouse.table_exists(con, "scrape_log"):
        return Known()  # a new warehouse: the scrape tables are created when the first run loads
    dates: dict[str, set[dt.date]] = {}
    retry: dict[str, set[dt.date]] = {}
    for source in FIRST_DATES:
        params = {"source": source}
        have = {row[0] for row in warehouse.run(con, "scrape/known_dates", params).fetchall()}
        quarantined: set[dt.date] = set()
        if retry_quarantined:
            rows = warehouse.run(con, "scrape/quarantined_dates", params).fetchall()
            quarantined = {row[0] for row in rows}
        dates[source] = have - quarantined
        retry[source] = quarantined
    return Known(dates, retry, retry_quarantined)


def accept(
    run: ScrapeRun, record: BeeRecord | BoxRecord, url: str, body: Body | None = None
) -> None:
    """Keep a valid record of either game, or quarantine it with its problems."""
    if isinstance(record, BeeRecord):
        if not reject_invalid(run, SPELLING_BEE, bee_problems(record), record, url, body):
            run.bee_records.append((record, url))
    elif not reject_invalid(run, LETTER_BOXED, box_problems(record), record, url, body):
        run.box_records.append((record, url))


def reject_invalid(
    run: ScrapeRun,
    game: Game,
    problems: list[str],
    record: BeeRecord | BoxRecord,
    url: str,
    body: Body | None = None,
) -> bool:
    """Quarantine a record that has problems and return True; count a valid one as parsed."""
    if problems:
        reason = "; ".join(problems)
        run.reject(game.name, record.source, url, record.date, reason, record, body)
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
    """Fetch one URL and accept every record parsed from it; parse failures go to quarantine.

    A stored copy that does not parse is downloaded once more (when online) rather than trusted.
    """
    fetched = fetch_or_stored(run, downloader, source, url, date, refresh)
    if fetched.path is None:
        return
    body, parsed = parse_body(fetched, parse)
    stored = fetched.origin in ("cache", "mirror")
    if isinstance(parsed, ParseError) and stored and not (refresh or downloader.offline):
        fresh = downloader.fetch(url, refresh=True)
        run.log_fetch(source, url, date, fresh, count=False)
        if fresh.origin == "network":
            body, parsed = parse_body(fresh, parse)
    if isinstance(parsed, ParseError):
        run.reject(game, source, url, date, f"unparseable: {parsed}", body=body)
        return
    for record in parsed:
        accept(run, record, url, body)


def parse_body(
    fetched: Fetched, parse: Callable[[str], Iterable]
) -> tuple[Body, list | ParseError]:
    """Return where a fetched body came from with its digest, and its records or why it did not
    parse."""
    data = fetched.body()
    body = Body.of(fetched, data)
    try:
        return body, list(parse(data.decode("utf-8", errors="replace")))
    except ParseError as error:
        return body, error


def fetch_or_stored(
    run: ScrapeRun,
    downloader: Downloader,
    source: str,
    url: str,
    date: dt.date | None,
    refresh: bool,
) -> Fetched:
    """Fetch a URL, refreshing it if asked; a refresh that fails falls back to the stored copy."""
    fetched = downloader.fetch(url, refresh=refresh)
    stored = downloader.stored(url) if refresh and fetched.path is None else None
    if stored is not None:
        run.log_fetch(source, url, date, fetched, count=False)
        fetched = stored
    run.log_fetch(source, url, date, fetched)
    return fetched


def scrape_bulk_archive(
    run: ScrapeRun,
    downloader: Downloader,
    known: Known,
    since: dt.date,
    until: dt.date,
) -> None:
    """Read the bulk Spelling Bee archive (one line a day) for the dates not loaded yet."""
    have = known.have(BULK_ARCHIVE)
    stale = not have or max(have) < until or known.retry_quarantined
    fetched = fetch_or_stored(
        run, downloader, BULK_ARCHIVE, BULK_ARCHIVE_URL, None, stale and not downloader.offline
    )
    if fetched.path is None:
        return
    data = fetched.body()
    body = Body.of(fetched, data)
    for line_number, outcome in iter_bulk_archive(data.decode("utf-8", errors="replace")):
        if isinstance(outcome, ParseError):
            run.reject(
                SPELLING_BEE.name,
                BULK_ARCHIVE,
                f"{BULK_ARCHIVE_URL}#L{line_number}",
                None,
                f"line {line_number}: {outcome}",
                body=body,
            )
        elif since <= outcome.date <= until and outcome.date not in have:
            accept(run, outcome, BULK_ARCHIVE_URL, body)


def scrape_dated_source(
    run: ScrapeRun,
    downloader: Downloader,
    known: Known,
    game: str,
    source: str,
    url_template: str,
    parse_day: Callable[[str, dt.date], Iterable],
    since: dt.date,
    until: dt.date,
) -> None:
    """Fetch each date of a one-file-a-day source that the warehouse does not have yet;
    quarantined dates being retried are downloaded again (a stored copy if that fails)."""
    have, retry = known.have(source), known.to_retry(source)
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
            refresh=date in retry and not downloader.offline,
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
    known: Known,
    downloader: Downloader,
    games: tuple[Game, ...],
    since: dt.date,
    until: dt.date,
) -> ScrapeRun:
    """Fetch, parse and validate everything the warehouse does not have yet (`known`, read
    beforehand: the warehouse is not needed while downloading)."""
    run = ScrapeRun()
    if SPELLING_BEE in games:
        with progress.step("Spelling Bee: bulk archive"):
            scrape_bulk_archive(run, downloader, known, since, until)
        with progress.step("Spelling Bee: next-day NYT gameData and nytbee.com pages"):
            scrape_dated_source(
                run,
                downloader,
                known,
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
                known,
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
                known,
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


QUARANTINE_COLUMNS = ("game", "date", "source", "url", "reason", "record", "origin", "sha256")
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
    if warehouse.run(con, "scrape/scrape_runs_is_old").fetchall()[0][0]:
        warehouse.run(con, "scrape/scrape_runs_upgrade")
    warehouse.run(con, "scrape/scrape_runs", {"run_id": run_id})


def download(
    known: Known,
    games: tuple[Game, ...] = GAMES,
    since: dt.date | None = None,
    until: dt.date | None = None,
    offline: bool = False,
) -> ScrapeRun:
    """Fetch, parse and validate what is not `known` yet, through the configured cache."""
    downloader = Downloader.from_env(offline=offline)
    first = since or FIRST_DATES[BULK_ARCHIVE]
    return collect(known, downloader, games, first, until or dt.date.today())


def load_run(con: Connection, run: ScrapeRun) -> None:
    """Load a collected run into the warehouse under a new run id."""
    run_id = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    with progress.step("loading, validating and merging into the warehouse"):
        load(con, run, run_id)
