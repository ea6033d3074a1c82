"""Markdown: a report's (or explain's) sections as text for a terminal or a Markdown file.

Walks the sections of `pipeline/render/model.py` as every other format does; a long table
(`collapsed`) is named with its file rather than printed.
"""

from __future__ import annotations

from collections.abc import Iterable

from pipeline.render.model import (
    Articles,
    Block,
    Bullets,
    Chart,
    Paragraph,
    Reported,
    Section,
    TableBlock,
)
from pipeline.render.text import markdown_table, plural


def report_markdown(reported: Reported) -> str:
    """Return the Markdown summary of a report run: every section, then the page if written."""
    parts = [sections_markdown(reported.sections)]
    if reported.html is not None:
        parts.append(f"Page: {reported.html}")
    return "\n\n".join(parts)


def sections_markdown(sections: Iterable[Section]) -> str:
    """Return sections as Markdown, one after the other."""
    return "\n\n".join(section_markdown(section) for section in sections)


def section_markdown(section: Section) -> str:
    """Return one section: its heading, then each block."""
    parts = [f"{'#' * section.level} {section.heading}"]
    parts += [text for block in section.blocks if (text := block_markdown(section, block))]
    return "\n\n".join(parts)


def block_markdown(section: Section, block: Block) -> str:
    """Return one block of a section as Markdown ('' for a chart drawn only on the page)."""
    if isinstance(block, Paragraph):
        return block.text
    if isinstance(block, Bullets):
        return "\n".join(f"- {item}" for item in block.items)
    if isinstance(block, TableBlock):
        return table_markdown(section, block)
    if isinstance(block, Chart):
        return f"Chart: {block.png}" if block.png is not None else ""
    if isinstance(block, Articles):
        return articles_markdown(block)
    raise TypeError(f"no Markdown for {block!r}")


def table_markdown(section: Section, table: TableBlock) -> str:
    """Return a table with its caption; a long one is named with its file instead."""
    shown = table.shown
    caption = f"{table.caption}\n\n" if table.caption else ""
    if table.collapsed:
        rows = plural(len(shown.rows), "row")
        return f"{caption}({rows} in {section.csv_name(table)}, and on the page)"
    if not shown.rows:
        return f"{caption}(none)"
    return caption + markdown_table(list(shown.columns), shown.rows)


def articles_markdown(block: Articles) -> str:
    """Return one line per explained word: its decision in each game."""
    lines = []
    for word, sections in block.articles:
        decisions = [section.heading for section in sections if section.level == 2]
        lines.append(f"- {word}: {'; '.join(decisions)} (`pipeline explain {word}`)")
    return "\n".join(lines)
