"""Small text tables printed at the end of stages."""

from __future__ import annotations

import duckdb


def plural(count: int, noun: str) -> str:
    """Return a count with its noun, plural unless the count is one."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def markdown_table(headers: list[str], rows: list[tuple]) -> str:
    """Return rows as a Markdown table, numbers right-aligned."""
    cells = [[_cell(value) for value in row] for row in rows]
    widths = [max([len(h)] + [len(row[i]) for row in cells]) for i, h in enumerate(headers)]
    numeric = [_numeric_column([row[i] for row in rows]) for i in range(len(headers))]
    lines = [
        "| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |",
        "|" + "|".join(_rule(w, n) for w, n in zip(widths, numeric, strict=True)) + "|",
    ]
    for row in cells:
        padded = [
            value.rjust(w) if n else value.ljust(w)
            for value, w, n in zip(row, widths, numeric, strict=True)
        ]
        lines.append("| " + " | ".join(padded) + " |")
    return "\n".join(lines)


def _rule(width: int, numeric: bool) -> str:
    """Return the Markdown rule under one column (right-aligned for numbers)."""
    return "-" * (width + 1) + ":" if numeric else "-" * (width + 2)


def _numeric_column(values: list) -> bool:
    """Return True when every non-empty value of a column is a number."""
    present = [value for value in values if value is not None]
    return bool(present) and all(_is_number(value) for value in present)


def _is_number(value: object) -> bool:
    """Return True for ints and floats (not bools)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def _cell(value: object) -> str:
    """Format one table cell."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    return str(value)


def print_word_sources(con: duckdb.DuckDBPyConnection) -> None:
    """Print what each word source gave and what was dropped."""
    rows = con.execute(
        "SELECT source, kind, entries_read, words_kept FROM word_sources ORDER BY source"
    ).fetchall()
    print(markdown_table(["source", "kind", "entries read", "words kept"], rows))
    drops = con.execute(
        "SELECT source, reason, entries, examples FROM word_drops ORDER BY source, reason"
    ).fetchall()
    print()
    print(markdown_table(["source", "dropped because", "entries", "examples"], drops))
    total = con.execute("SELECT count(*) FROM words").fetchone()[0]
    print(f"\n{total:,} distinct words in the warehouse")


def print_scrape_summary(con: duckdb.DuckDBPyConnection) -> None:
    """Print the last scrape run per source and what the archive now holds."""
    rows = con.execute(
        "SELECT source, fetched, from_cache, not_available, parsed, rejected, errors, disagreements "
        "FROM scrape_runs WHERE run_id = (SELECT max(run_id) FROM scrape_runs) ORDER BY source"
    ).fetchall()
    headers = [
        "source",
        "fetched",
        "from cache",
        "not available",
        "parsed",
        "rejected",
        "errors",
        "disagreements",
    ]
    print(markdown_table(headers, rows))
    print()
    print(markdown_table(["table", "rows"], archive_counts(con)))


def archive_counts(con: duckdb.DuckDBPyConnection) -> list[tuple[str, int]]:
    """Return the row counts of the archive tables that exist."""
    tables = [
        "spelling_bee_puzzles",
        "spelling_bee_answers",
        "spelling_bee_not_accepted",
        "spelling_bee_disagreements",
        "letter_boxed_puzzles",
        "letter_boxed_dictionary",
        "quarantine",
    ]
    present = {
        row[0] for row in con.execute("SELECT table_name FROM information_schema.tables").fetchall()
    }
    return [
        (table, con.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
        for table in tables
        if table in present
    ]
