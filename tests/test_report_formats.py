"""Every format walks the same sections: no section of a report is missing from the Markdown
summary, the page, --json or the CSV files (tiny warehouse)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from pipeline.games import GAMES
from pipeline.render import json as render_json
from pipeline.render import markdown as render_markdown
from pipeline.render.model import Reported
from pipeline.stages import report
from pipeline.storage import warehouse


@pytest.fixture(scope="module")
def reported(tiny_warehouse: Path, tmp_path_factory: pytest.TempPathFactory) -> Reported:
    """Return a report of both games written with its page into a folder of its own."""
    folder = tmp_path_factory.mktemp("formats")
    with warehouse.open_warehouse(tiny_warehouse, read_only=True) as con:
        return report.report(con, GAMES, folder, first=dt.date(2024, 1, 1), html=True)


def test_the_report_has_the_sections_of_every_game(reported: Reported) -> None:
    ids = [section.id for section in reported.sections]
    assert len(ids) == len(set(ids))
    for game in GAMES:
        assert f"{game.name}-backtest" in ids and f"{game.name}-calibration" in ids
    assert "spelling-bee-honeycombs" in ids and "letter-boxed-nyt-solutions" in ids


def test_every_section_is_in_the_markdown(reported: Reported) -> None:
    text = render_markdown.report_markdown(reported)
    headings = [line for line in text.splitlines() if line.startswith("#")]
    for section in reported.sections:
        assert f"{'#' * section.level} {section.heading}" in headings


def test_every_section_is_on_the_page(reported: Reported) -> None:
    assert reported.html is not None
    page = BeautifulSoup(reported.html.read_text(encoding="utf-8"), "html.parser")
    for section in reported.sections:
        element = page.find(id=section.id)
        assert element is not None, section.id
        assert section.heading in element.get_text(" ")


def test_every_section_and_table_is_in_the_json(reported: Reported) -> None:
    record = render_json.report_record(reported)
    by_id = {section["id"]: section for section in record["sections"]}
    for section in reported.sections:
        assert [table.id for table in section.tables()] == list(by_id[section.id]["tables"])


def test_every_table_is_a_csv_file_named_before_the_work(reported: Reported) -> None:
    folder = next(iter(reported.files.values()))[0].parent
    written = {path.name for paths in reported.files.values() for path in paths}
    for section in reported.sections:
        for table in section.tables():
            assert (folder / section.csv_name(table)).is_file()
    assert written | {"index.html"} == set(report.file_names(GAMES, html=True))
