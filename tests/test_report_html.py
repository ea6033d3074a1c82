"""`pipeline report --html` on the tiny warehouse: the page's sections, tables, links and charts,
read by an HTML parser everywhere and rendered by headless Chromium where it is installed."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest
from bs4 import BeautifulSoup, Tag
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.render.html import EXTRA_COLOR, MISSED_COLOR, RAW_COLORS, bar_chart
from pipeline.render.model import FOLDED_ROWS
from tests.chromium import CHROMIUM, needs_chromium

# The tiny warehouse's Spelling Bee from 2024-01-01: 3 puzzles, 11 answers, 14 predicted, 9 hits
# (tests/test_report.py explains each pair); missed alba and blab, extra bale abba alba blab ebbe.
SECTIONS = ("backtest", "errors-per-month", "error-kinds", "missed", "extra", "evidence")


@pytest.fixture(scope="module")
def page(tiny_warehouse: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return the index.html that `pipeline report --html` writes from the tiny warehouse."""
    out = tmp_path_factory.mktemp("html_report") / "reports"
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PIPELINE_WAREHOUSE", str(tiny_warehouse))
        result = CliRunner().invoke(
            app, ["report", "--since", "2024-01-01", "--html", "--out", str(out)]
        )
    assert result.exit_code == 0, result.output
    assert f"Page: {out / 'index.html'}" in result.stdout
    return out / "index.html"


@pytest.fixture(scope="module")
def soup(page: Path) -> BeautifulSoup:
    """Return the page parsed by html.parser."""
    return BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")


def section(soup: BeautifulSoup, anchor: str) -> Tag:
    """Return the element with that id."""
    found = soup.find(id=anchor)
    assert isinstance(found, Tag), f"no #{anchor}"
    return found


def child(tag: Tag, name: str) -> Tag:
    """Return the first descendant of that name."""
    found = tag.find(name)
    assert isinstance(found, Tag), f"no <{name}> in #{tag.get('id')}"
    return found


def table_rows(table: Tag) -> tuple[list[str], list[list[str]]]:
    """Return a table's headers and its rows as text."""
    headers = [th.get_text(strip=True) for th in table.select("thead th")]
    rows = [
        [td.get_text(strip=True) for td in tr.find_all("td")] for tr in table.select("tbody tr")
    ]
    return headers, rows


def test_every_game_has_its_sections(soup: BeautifulSoup) -> None:
    for game in ("spelling-bee", "letter-boxed"):
        for part in SECTIONS:
            assert section(soup, f"{game}-{part}").find("h3") is not None
    assert "The NYT's own solutions" in section(soup, "letter-boxed-nyt-solutions").get_text()


def test_the_calibration_chart_and_its_deciles(soup: BeautifulSoup) -> None:
    part = section(soup, "spelling-bee-calibration")
    _, rows = table_rows(child(part, "table"))
    # From 2024-01-01: 8 pairs judged before, each in a history bucket with no earlier verdict
    # ((0 + 1) / (0 + 2)), 4 of them accepted; 10 new pairs at their evidence buckets' smoothed
    # rates: the six of 2024-01-10 and bales at 1/2 (4 of 7 accepted), blasted and ebbe at 2/3,
    # blanket at 4/5 (all accepted).
    assert rows == [
        ["judged before", "0.5-0.6", "8", "0.5000", "0.5000", "0.0000"],
        ["new", "0.5-0.6", "7", "0.5000", "0.5714", "0.0714"],
        ["new", "0.6-0.7", "2", "0.6667", "1.0000", "0.3333"],
        ["new", "0.8-0.9", "1", "0.8000", "1.0000", "0.2000"],
    ]
    chart = part.find("svg")
    assert chart is not None
    # one point per decile row, labelled with its pairs; every bin holds fewer than 20 pairs, so
    # each is hollow and no line joins them
    assert [circle["fill"] for circle in chart.find_all("circle")] == ["white"] * 4
    assert [label.get_text() for label in chart.select("text.pairs")] == ["8", "7", "2", "1"]
    assert chart.find_all("path") == []
    caption = chart.find_next_sibling("p")
    assert caption is not None and "fewer than 20 pairs is hollow" in caption.get_text()


def test_the_backtest_table_has_every_dictionary_with_its_scores(soup: BeautifulSoup) -> None:
    headers, rows = table_rows(child(section(soup, "spelling-bee-backtest"), "table"))
    assert headers == ["dictionary", "puzzles", "predicted", "correct", "P", "R", "F1"] + [
        "macro P",
        "macro R",
        "macro F1",
    ]
    assert rows[0] == ["custom", "3", "14", "9", "0.6429", "0.8182", "0.7200"] + [
        "0.6556",
        "0.8333",
        "0.7090",
    ]
    assert [row[0] for row in rows][:3] == ["custom", "past_answers", "words_alpha"]


def test_the_error_kinds_and_the_ceiling(soup: BeautifulSoup) -> None:
    part = section(soup, "spelling-bee-error-kinds")
    _, rows = table_rows(child(part, "table"))
    assert rows == [
        ["eligible before; the NYT repeated its last verdict", "4", "2", "2", "0", "0"],
        ["eligible before; the NYT reversed its last verdict", "4", "2", "2", "2", "2"],
        ["never eligible before", "10", "7", "10", "3", "0"],
    ]
    assert "would score P 0.8182, R 0.8182: the ceiling the reversals leave" in part.get_text()
    bars = part.find("svg")
    assert bars is not None and len(bars.find_all("rect")) == 6


def test_error_words_link_to_their_evidence(soup: BeautifulSoup) -> None:
    missed = child(section(soup, "spelling-bee-missed"), "tbody")
    assert [a["href"] for a in missed.find_all("a")] == [
        "#spelling-bee-word-alba",
        "#spelling-bee-word-blab",
    ]
    extra = child(section(soup, "spelling-bee-extra"), "tbody")
    assert [a.get_text() for a in extra.find_all("a")] == ["bale", "abba", "alba", "blab", "ebbe"]
    bale = section(soup, "spelling-bee-word-bale").get_text(" ")
    assert "Spelling Bee: left out" in bale
    assert "out: accepted in 1 of 3 puzzles where it was eligible, score_last = -1.00" in bale
    assert "nytbee 'not accepted': 1 puzzle(s), last 2024-02-10" in bale


def test_every_internal_link_has_a_target_and_nothing_is_external(soup: BeautifulSoup) -> None:
    ids = {tag["id"] for tag in soup.find_all(id=True)}
    links = [str(tag["href"]) for tag in soup.find_all(href=True)]
    assert links and all(link.startswith("#") for link in links)
    assert {link[1:] for link in links} <= ids
    assert soup.find_all(src=True) == []
    assert soup.find("link") is None and soup.find("img") is None
    assert "http" not in " ".join(str(tag.attrs) for tag in soup.find_all(True))


def test_the_month_charts_have_a_line_per_dictionary(soup: BeautifulSoup) -> None:
    charts = section(soup, "spelling-bee-errors-per-month").find_all("svg")
    assert len(charts) == 2
    for chart in charts:
        lines = [child(path, "title").get_text() for path in chart.find_all("path")]
        assert lines[0] == "custom" and len(lines) == 4  # custom and the 3 best raw lists
        assert all(str(path["d"]).startswith("M") for path in chart.find_all("path"))


# --- a real browser -------------------------------------------------------------------------------


def run_chromium(page: Path, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Open a file in headless Chromium with the network off; return the finished process."""
    assert CHROMIUM is not None
    command = [
        CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
        f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", *args, page.as_uri(),
    ]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def console_lines(stderr: str) -> list[str]:
    """Return the page's console messages (errors, uncaught exceptions) Chromium logged."""
    return [line for line in stderr.splitlines() if ":CONSOLE" in line]


@needs_chromium
def test_chromium_reports_a_script_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.html"
    broken.write_text("<!DOCTYPE html><p>x</p><script>throw new Error('boom')</script>")
    finished = run_chromium(broken, tmp_path / "profile", "--dump-dom")
    assert any("Uncaught Error: boom" in line for line in console_lines(finished.stderr))


@needs_chromium
def test_the_page_loads_in_chromium_without_a_console_error(
    page: Path, tmp_path: Path, tiny_warehouse: Path
) -> None:
    finished = run_chromium(page, tmp_path / "profile", "--dump-dom")
    assert finished.returncode == 0, finished.stderr
    assert console_lines(finished.stderr) == []
    dom = BeautifulSoup(finished.stdout, "html.parser")
    charts = dom.find_all("svg")
    assert len(charts) >= 6  # per game: two month charts and the error kinds; the NYT's solutions
    assert all(chart.find_all(["path", "rect", "circle"]) for chart in charts)
    assert uncaptioned(dom) == []
    # as complete as the Markdown report: every heading it prints is a heading Chromium shows
    shown = {heading.get_text(" ", strip=True) for heading in dom.select("h1, h2, h3, h4")}
    printed = markdown_headings(tiny_warehouse, tmp_path / "markdown")
    assert (len(printed), printed - shown) == (28, set())


def markdown_headings(warehouse: Path, folder: Path) -> set[str]:
    """Return the headings of the Markdown report of the page's warehouse and window (its `#`
    lines, without the Markdown syntax)."""
    result = CliRunner().invoke(
        app,
        ["report", "--since", "2024-01-01", "--out", str(folder)],
        env={"PIPELINE_WAREHOUSE": str(warehouse)},
    )
    assert result.exit_code == 0, result.output
    return {
        line.lstrip("#").strip().replace("`", "")
        for line in result.stdout.splitlines()
        if line.startswith("#")
    }


def uncaptioned(page: BeautifulSoup) -> list[str]:
    """Return what on a page lacks a caption: a chart without one under it, or a table without
    one before it (or a summary, when folded); and any table header that is a raw column name
    or a long table left open."""
    missing = [
        f"chart {chart.get('aria-label')}"
        for chart in page.select("svg.chart")
        if not is_caption(chart.find_next_sibling())
    ]
    for table in page.find_all("table"):
        if table.find_parent("article") is not None:
            continue  # an explained word's own tables: what pipeline explain prints
        headers = " | ".join(th.get_text() for th in table.select("thead th"))
        folded = table.find_parent("details") is not None
        if not folded and not is_caption(table.find_previous_sibling()):
            missing.append(f"table {headers}")
        if not folded and len(table.select("tbody tr")) > FOLDED_ROWS:
            missing.append(f"open long table {headers}")
    missing += [f"header {th.get_text()}" for th in page.select("th") if "_" in th.get_text()]
    return missing


def is_caption(tag: object) -> bool:
    """Return True for a caption paragraph."""
    return isinstance(tag, Tag) and "caption" in (tag.get("class") or [])


def test_every_table_and_chart_says_what_it_shows(soup: BeautifulSoup) -> None:
    assert uncaptioned(soup) == []
    read = soup.select("h1, h2, h3, h4, h5, h6, p.caption, th, summary")
    assert [tag.get_text() for tag in read if "`" in tag.get_text()] == []  # no Markdown syntax


@needs_chromium
def test_chromium_draws_the_charts(page: Path, tmp_path: Path) -> None:
    import matplotlib.image

    screenshot = tmp_path / "page.png"
    finished = run_chromium(
        page, tmp_path / "profile", f"--screenshot={screenshot}", "--window-size=1400,3000"
    )
    assert finished.returncode == 0, finished.stderr
    pixels = np.rint(matplotlib.image.imread(screenshot)[:, :, :3] * 255).astype(np.int32)
    packed = np.unique(pixels[..., 0] << 16 | pixels[..., 1] << 8 | pixels[..., 2])
    colors = np.stack([packed >> 16, packed >> 8 & 255, packed & 255], axis=1)

    def drawn(hex_color: str) -> bool:
        rgb = np.array([int(hex_color[i : i + 2], 16) for i in (1, 3, 5)], dtype=np.int16)
        return bool((np.abs(colors - rgb) <= 8).all(axis=1).any())

    assert drawn(EXTRA_COLOR) and drawn(MISSED_COLOR)  # the error kinds' bars
    assert drawn(RAW_COLORS[0])  # a raw list's line in the month charts


def test_a_bar_counting_days_says_day_or_days(soup: BeautifulSoup) -> None:
    chart = section(soup, "letter-boxed-nyt-solutions").find("svg")
    assert chart is not None
    labels = [text.get_text() for text in chart.find_all("text")[1:]]  # after the title
    assert labels == ["one of the best", "3 days"]  # the tiny board's three days
    drawn = BeautifulSoup(
        bar_chart("t", [("a", [("day", 1, "#000")]), ("b", [("day", 2, "#000")])], noun=True),
        "html.parser",
    )
    assert [text.get_text() for text in drawn.find_all("text")[1:]] == ["a", "1 day", "b", "2 days"]
