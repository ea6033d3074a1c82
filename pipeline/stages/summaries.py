"""The small tables printed at the end of the words and scrape stages."""

from __future__ import annotations

from pipeline.render.json import records
from pipeline.render.text import markdown_table
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection


def print_word_sources(con: Connection) -> None:
    """Print what each word source gave and what was dropped."""
    sources = warehouse.query(con, "words/summary_sources")
    print(markdown_table(["source", "kind", "entries read", "words kept"], sources.rows))
    drops = warehouse.query(con, "words/summary_drops")
    print()
    print(markdown_table(["source", "dropped because", "entries", "examples"], drops.rows))
    total = warehouse.query(con, "words/summary_words").rows[0][0]
    print(f"\n{total:,} distinct words in the warehouse")


def print_scrape_summary(con: Connection) -> None:
    """Print the last scrape run per source and what the archive now holds."""
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


def archive_counts(con: Connection) -> list[tuple[str, int]]:
    """Return the row counts of the archive tables that exist."""
    from pipeline.stages.scrape import archive_tables

    return [
        (table, warehouse.query(con, "scrape/summary_table_rows", {"table": table}).rows[0][0])
        for table in archive_tables()
        if warehouse.table_exists(con, table)
    ]


def scrape_record(con: Connection) -> dict:
    """Return the last scrape run per source and the archive's row counts, as one object."""
    runs = warehouse.query(con, "scrape/summary_last_run")
    return {
        "sources": records(runs),
        "tables": dict(archive_counts(con)),
    }
