"""The scrape stage: fetch the official answers through the cache, parse, validate, merge, load."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pipeline import progress
from pipeline.games import GAMES, Game, game_named
from pipeline.games.hooks import hooks_of
from pipeline.sources import AnswerSource, answer_sources, first_date, sources_of
from pipeline.sources.records import ParseError, Record
from pipeline.stages.stage import prepare_stage
from pipeline.storage import warehouse
from pipeline.storage.download import Downloader, Fetched
from pipeline.storage.warehouse import Connection

SourceKey = tuple[str, str]  # (game, source): nyt_live serves both games
# A game's sources are read bulk archives first (one file, every day), the live page last.
KINDS_IN_ORDER = ("bulk", "daily", "live")


@dataclass(frozen=True)
class Known:
    """What the warehouse already has, read before any download: per source, the dates not to
    fetch again, and the quarantined dates to fetch again (`--retry-quarantined`)."""

    dates: dict[SourceKey, set[dt.date]] = field(default_factory=dict)
    retry: dict[SourceKey, set[dt.date]] = field(default_factory=dict)
    retry_quarantined: bool = False  # read the bulk archive afresh too (bad lines have no date)

    def have(self, source: AnswerSource) -> set[dt.date]:
        """Return the dates of `source` that are not fetched again."""
        return self.dates.get((source.game, source.name), set())

    def to_retry(self, source: AnswerSource) -> set[dt.date]:
        """Return the quarantined dates of `source` that are fetched again."""
        return self.retry.get((source.game, source.name), set())


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

    records: dict[str, list[tuple[Record, str]]] = field(default_factory=dict)  # by game
    quarantine: list[dict] = field(default_factory=list)
    log: list[dict] = field(default_factory=list)
    tallies: dict[str, SourceTally] = field(default_factory=dict)

    def records_of(self, game: str) -> list[tuple[Record, str]]:
        """Return the valid records of a game gathered so far, with their URLs."""
        return self.records.setdefault(game, [])

    def loaded_dates(self) -> list[dt.date]:
        """Return the dates of every valid record gathered (the days a load adds or renews)."""
        return sorted({record.date for records in self.records.values() for record, _ in records})

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
    dates: dict[SourceKey, set[dt.date]] = {}
    retry: dict[SourceKey, set[dt.date]] = {}
    for source in answer_sources():
        game = game_named(source.game)
        params = {"source": source.name, "game": game.name, "days": game.table("source_days")}
        have = {row[0] for row in warehouse.run(con, "scrape/known_dates", params).fetchall()}
        quarantined: set[dt.date] = set()
        if retry_quarantined:
            rows = warehouse.run(con, "scrape/quarantined_dates", params).fetchall()
            quarantined = {row[0] for row in rows}
        dates[source.game, source.name] = have - quarantined
        retry[source.game, source.name] = quarantined
    return Known(dates, retry, retry_quarantined)


def accept(run: ScrapeRun, record: Record, url: str, body: Body | None = None) -> None:
    """Keep a valid record of its game, or quarantine it with its problems."""
    game = game_named(record.game)
    if not reject_invalid(run, game, hooks_of(game).problems(record), record, url, body):
        run.records_of(game.name).append((record, url))


def reject_invalid(
    run: ScrapeRun,
    game: Game,
    problems: list[str],
    record: Record,
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


@dataclass(frozen=True)
class Scraping:
    """One scrape: its run, its downloader, what the warehouse has, and the dates wanted."""

    run: ScrapeRun
    downloader: Downloader
    known: Known
    since: dt.date
    until: dt.date


def scrape_bulk_archive(scraping: Scraping, source: AnswerSource) -> None:
    """Read a bulk archive (one line a day) for the dates not loaded yet."""
    run, downloader, known = scraping.run, scraping.downloader, scraping.known
    have = known.have(source)
    stale = not have or max(have) < scraping.until or known.retry_quarantined
    fetched = fetch_or_stored(
        run, downloader, source.name, source.url, None, stale and not downloader.offline
    )
    if fetched.path is None:
        return
    data = fetched.body()
    body = Body.of(fetched, data)
    for line_number, outcome in source.parse(data.decode("utf-8", errors="replace")):
        if isinstance(outcome, ParseError):
            run.reject(
                source.game,
                source.name,
                f"{source.url}#L{line_number}",
                None,
                f"line {line_number}: {outcome}",
                body=body,
            )
        elif scraping.since <= outcome.date <= scraping.until and outcome.date not in have:
            accept(run, outcome, source.url, body)


def scrape_dated_source(scraping: Scraping, source: AnswerSource) -> None:
    """Fetch each date of a one-file-a-day source that the warehouse does not have yet;
    quarantined dates being retried are downloaded again (a stored copy if that fails)."""
    run, downloader, since = scraping.run, scraping.downloader, scraping.since
    have, retry = scraping.known.have(source), scraping.known.to_retry(source)
    first = max(since, source.first_date or since)
    wanted = [d for d in dates_between(first, scraping.until) if d not in have]
    for date in progress.track(wanted, f"{source.name} ({source.game})"):
        fetch_and_parse(
            run,
            downloader,
            source.game,
            source.name,
            source.url_for(date),
            date,
            parser_for(source, date),
            refresh=date in retry and not downloader.offline,
        )


def parser_for(source: AnswerSource, date: dt.date | None) -> Callable[[str], Iterable]:
    """Return a parser of one body of a source (one date's file, or the live page)."""
    return lambda text: source.parse(text, date)


def scrape_live_page(run: ScrapeRun, downloader: Downloader, source: AnswerSource) -> None:
    """Read a live NYT page (online only: the page changes every day)."""
    if downloader.offline:
        return
    fetch_and_parse(
        run, downloader, source.game, source.name, source.url, None, parser_for(source, None), True
    )


def scrape_source(scraping: Scraping, source: AnswerSource) -> None:
    """Fetch, parse and validate what one source has that the warehouse does not."""
    if source.kind == "bulk":
        scrape_bulk_archive(scraping, source)
    elif source.kind == "daily":
        scrape_dated_source(scraping, source)
    else:
        scrape_live_page(scraping.run, scraping.downloader, source)


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
    scraping = Scraping(run, downloader, known, since, until)
    for game in games:
        for source in sorted(sources_of(game.name), key=lambda s: KINDS_IN_ORDER.index(s.kind)):
            if source.kind == "live" and downloader.offline:
                continue
            with progress.step(f"{game.title}: {source.name} ({source.kind})"):
                scrape_source(scraping, source)
    return run


QUARANTINE_COLUMNS = ("game", "date", "source", "url", "reason", "record", "origin", "sha256")
LOG_COLUMNS = ("source", "url", "date", "outcome", "http_status", "attempts", "error")
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
    loaded = [(game.name, r.source, r.date) for game in GAMES for r, _ in run.records_of(game.name)]
    handed_over: dict[str, dict[str, list]] = {
        "new_quarantine": as_columns(run.quarantine, QUARANTINE_COLUMNS),
        "new_log_lines": as_columns(run.log, LOG_COLUMNS),
        "run_tallies": as_columns(tallies, TALLY_COLUMNS),
        "new_source_dates": {
            "game": [game for game, _, _ in loaded],
            "source": [source for _, source, _ in loaded],
            "date": [date for _, _, date in loaded],
        },
    }
    sourced = [game for game in GAMES if sources_of(game.name)]  # a game without: nothing staged
    for game in sourced:
        rows = [hooks_of(game).staging_row(r, url) for r, url in run.records_of(game.name)]
        handed_over[f"new_{game.slug}_days"] = as_columns(rows, hooks_of(game).staging_columns)
    for name, columns in handed_over.items():
        warehouse.hand_over(con, name, columns)
    with warehouse.transaction(con):
        prepare_stage(con)
        warehouse.create_missing_tables(con, "scrape")
        for game in sourced:
            warehouse.run(con, game.query("scrape", "source_days"))
        for table in ("quarantine", "scrape_log"):
            warehouse.run(con, f"scrape/{table}", {"run_id": run_id})
        for game in GAMES:
            for merge in hooks_of(game).merges:
                warehouse.build(con, merge, {"game": game.name})
        judge_verdict_changes(con, [g for g in GAMES if run.records_of(g.name)])
        record_summary(con, run_id)


def judge_verdict_changes(con: Connection, games: list[Game]) -> None:
    """Rewrite the verdict_changes rows of the games whose archive this run changed (and of any
    game without rows yet, as after the upgrade that brought the table)."""
    known = set(warehouse.run(con, "scrape/games_with_changes").fetchall())
    for game in GAMES:
        judge = hooks_of(game).judge
        if judge is not None and (game in games or (game.name,) not in known):
            judge(con)
            warehouse.run(con, "scrape/verdict_changes", {"game": game.name})


def record_summary(con: Connection, run_id: str) -> None:
    """Insert one scrape_runs row per source with its counts (from the handed-over tallies)."""
    warehouse.run(con, "scrape/scrape_runs", {"run_id": run_id})


def archive_tables() -> list[str]:
    """Return the tables the scrape stage builds, as `pipeline scrape` counts them."""
    return [table for game in GAMES for table in hooks_of(game).archive_tables] + ["quarantine"]


def download(
    known: Known,
    games: tuple[Game, ...] = GAMES,
    since: dt.date | None = None,
    until: dt.date | None = None,
    offline: bool = False,
) -> ScrapeRun:
    """Fetch, parse and validate what is not `known` yet, through the configured cache."""
    downloader = Downloader.from_env(offline=offline)
    first = since or first_date()
    return collect(known, downloader, games, first, until or dt.date.today())


def load_run(con: Connection, run: ScrapeRun) -> None:
    """Load a collected run into the warehouse under a new run id."""
    run_id = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    with progress.step("loading, validating and merging into the warehouse"):
        load(con, run, run_id)
