"""Text for people shared by every command: plurals and Markdown tables (rendering only)."""

from __future__ import annotations


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


def decimal(value: float) -> str:
    """Return a table's float with four decimals, a zero never signed (`-0.0000` reads as a
    loss where there is none)."""
    text = f"{value:.4f}"
    return text[1:] if text == "-0.0000" else text


def _cell(value: object) -> str:
    """Format one table cell."""
    if value is None:
        return ""
    if isinstance(value, float):
        return decimal(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    return str(value)
