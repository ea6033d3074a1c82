"""The small tables printed at the end of the words and scrape stages."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from pipeline.render.json import records
from pipeline.render.text import markdown_table, plural
from pipeline.report.changes import KINDS
from pipeline.stages import changes
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from pipeline.table import Table


def print_word_sources(con: Connection) -> None:
    """Print what each word source gave and what was dropped."""
    sources = warehouse.query(con, "words/summary_sources")
    print(markdown_table(["source", "kind", "entries read", "words kept"], sources.rows))
    drops = warehouse.query(con, "words/summary_drops")
    print()
    print(markdown_table(["source", "dropped because", "entries", "examples"], drops.rows))
    total = warehouse.query(con, "words/summary_words").rows[0][0]
    described, inflected = warehouse.query(con, "words/summary_wordnet").rows[0]
    print(
        f"\n{total:,} distinct words in the warehouse; WordNet describes {described:,} of them "
        f"({described - inflected:,} lemmas, {inflected:,} inflected forms through their base form)"
    )


def print_scrape_summary(con: Connection, dates: list[dt.date] | None = None) -> None:
    """Print the last scrape run per source, what the archive now holds, and the reversals the
    days it loaded brought."""
    runs = warehouse.query(con, "scrape/summary_last_run")
    headers = [
        "source",
        "fetched",
        "from cache",
        "not published",
        "not tried",
        "parsed",
        "rejected",
        "errors",
        "disagreements",
    ]
    print(markdown_table(headers, runs.rows))
    print()
    print(markdown_table(["table", "rows"], archive_counts(con)))
    print()
    print(new_reversals_line(new_reversals(con, dates or [])))


def archive_counts(con: Connection) -> list[tuple[str, int]]:
    """Return the row counts of the archive tables that exist."""
    from pipeline.stages.scrape import archive_tables

    return [
        (table, warehouse.query(con, "scrape/summary_table_rows", {"table": table}).rows[0][0])
        for table in archive_tables()
        if warehouse.table_exists(con, table)
    ]


def scrape_record(con: Connection, dates: list[dt.date] | None = None) -> dict:
    """Return the last scrape run per source, the archive's row counts and the reversals the
    loaded days brought, as one object."""
    runs = warehouse.query(con, "scrape/summary_last_run")
    return {
        "sources": records(runs),
        "tables": dict(archive_counts(con)),
        "new_reversals": records(new_reversals(con, dates or [])),
    }


def new_reversals(con: Connection, dates: list[dt.date]) -> Table:
    """Return the flips on the days a scrape loaded (none without the verdict_changes table)."""
    if not dates or not warehouse.table_exists(con, "verdict_changes"):
        return Table(("game", "date", "word", "change"), [])
    return changes.new_flips(con, dates)


def new_reversals_line(flips: Table) -> str:
    """Return the line announcing the reversals a scrape brought: per game, how many of each
    kind and the command that lists them. No word is named: the NYT drops slurs from its lists,
    so its reversals are where they are (a first scrape's began with three)."""
    if not flips.rows:
        return "No new reversals: the days loaded repeat every earlier verdict."
    games = []
    for game in dict.fromkeys(flips.column("game")):
        rows = [row for row in flips.rows if row[0] == game]
        kinds = Counter(change for *_, change in rows)
        counted = ", ".join(f"{kinds[kind]:,} {kind}" for kind in KINDS if kinds[kind])
        since = min(date for _, date, _, _ in rows)
        games.append(
            f"{game} {len(rows):,} ({counted}; `pipeline changes {game} --since {since}` lists them)"
        )
    return f"{plural(len(flips.rows), 'new reversal')}: {', '.join(games)}"
