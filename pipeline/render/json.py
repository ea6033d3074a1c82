"""JSON objects of the commands' results for `--json` (rendering apart from querying)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pipeline.render.model import Articles, Bullets, Paragraph, Section

if TYPE_CHECKING:
    from pipeline.render.model import Reported
    from pipeline.report.results import GameReport
    from pipeline.table import Table


def records(table: Table) -> list[dict]:
    """Return a table's rows as objects keyed by column name."""
    return [dict(zip(table.columns, row, strict=True)) for row in table.rows]


def game_report_record(report: GameReport, files: list) -> dict:
    """Return one game's report: window, coverage, scores, errors by kind, error words, files."""
    precision, recall = report.ceiling()
    return {
        "game": report.game.name,
        "first": report.first,
        "last": report.last,
        "train_until": report.train_until,
        "coverage": report.coverage,
        "window": records(report.grain("window")),
        "by_year": records(report.grain("year")),
        "error_kinds": records(report.error_kinds),
        "ceiling": {"precision": precision, "recall": recall},
        "missed": records(report.missed),
        "extra": records(report.extra),
        "files": [str(path) for path in files],
    }


def report_record(reported: Reported) -> dict:
    """Return a report run as one object: each game's scores, every section (its notes, tables
    and charts) and what sections state at the top level (`nyt_solutions`), and the page."""
    record: dict[str, object] = {
        "games": [
            game_report_record(report, reported.files.get(report.game.name, []))
            for report in reported.reports
        ],
        "sections": [section_record(section) for section in reported.sections],
        "html": str(reported.html) if reported.html else None,
    }
    for section in reported.sections:
        if section.record_key is not None:
            record[section.record_key] = section.record
    return record


def section_record(section: Section) -> dict:
    """Return one section as an object: its heading, notes, tables (every column) and charts."""
    return {
        "id": section.id,
        "heading": section.heading,
        "level": section.level,
        "notes": [block.text for block in section.blocks if isinstance(block, Paragraph)]
        + [item for block in section.blocks if isinstance(block, Bullets) for item in block.items],
        "tables": {
            table.id: {
                "caption": table.caption,
                "file": section.csv_name(table),
                "rows": records(table.data),
            }
            for table in section.tables()
        },
        "charts": [
            {"id": chart.id, "title": chart.title, "png": str(chart.png) if chart.png else None}
            for chart in section.charts()
        ],
        "words": [
            word
            for block in section.blocks
            if isinstance(block, Articles)
            for word, _ in block.articles
        ],
    }
