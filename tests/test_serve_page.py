"""The page of `pipeline serve` played in Debian's Chromium (Playwright drives the system browser;
nothing is downloaded) against a real server on the command warehouse, whose answers are known:
Spelling Bee B / CDEILM (43 points) and the Letter Boxed board BAM / LCI / KTO / SHP."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

from tests.command_warehouse import build_command_warehouse
from tests.made_up_days import CLIMBED_ANSWERS
from tests.serving import Running, start_server

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not on PATH (Debian: apt-get install -y chromium)"
)
DAY = "2024-01-10"


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    folder = tmp_path_factory.mktemp("page")
    built = build_command_warehouse(folder / "warehouse.duckdb")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
        started = start_server(built, folder / "progress.sqlite")
        yield started
        started.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def type_word(page, word: str) -> None:
    """Type a word on the page's keyboard and press Enter."""
    page.keyboard.type(word)
    page.keyboard.press("Enter")


def found_words(page) -> list[str]:
    """Return the words in the page's found list, as written (the page capitalizes them)."""
    return page.eval_on_selector_all("#found div", "divs => divs.map(d => d.textContent)")


def test_a_spelling_bee_played_scores_ranks_and_keeps_its_progress(
    running: Running, browser
) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})  # a phone's width
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{running.url}/#spelling-bee/{DAY}")
    page.wait_for_selector("#hive g")
    assert page.inner_text("#rank-name") == "Beginner"
    # nothing the server sent or the page holds names an answer before one is found
    assert not any(word in page.content() for word in CLIMBED_ANSWERS)

    type_word(page, "climbed")
    page.wait_for_function("document.querySelector('#score').textContent.includes('14')")
    assert page.inner_text("#message") == "Pangram! +14"
    assert page.inner_text("#rank-name") == "Nice"
    assert found_words(page) == ["climbed"]
    page.wait_for_function("document.querySelector('#hint-summary').textContent.startsWith('9')")

    type_word(page, "limbed")
    page.wait_for_function("document.querySelector('#message').textContent === 'Not in word list'")
    type_word(page, "bleed")
    page.wait_for_function("document.querySelector('#score').textContent.includes('19')")
    assert page.inner_text("#rank-name") == "Great"

    for letter in "limb":  # the mouse: a click on each hexagon, then Enter
        page.click(f"#hive g[data-letter='{letter}']")
    page.click("#enter")
    page.wait_for_function("document.querySelector('#score').textContent.includes('20')")

    page.reload()
    page.wait_for_function("document.querySelector('#score').textContent.includes('20')")
    assert found_words(page) == ["bleed", "climbed", "limb"]
    assert "belie" not in page.content()  # still unfound, still absent

    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#reveal")
    page.wait_for_selector("#answers p")
    assert "belie" in page.inner_text("#answers")
    assert errors == []
    page.close()


def test_a_letter_boxed_chain_is_played_to_the_end(running: Running, browser) -> None:
    page = browser.new_page()
    page.goto(f"{running.url}/#letter-boxed/{DAY}")
    page.wait_for_selector("#square g")
    type_word(page, "blacksmith")
    page.wait_for_function("document.querySelector('#chain').textContent === 'blacksmith'")
    assert page.text_content("#box-entry") == "h"  # the next word starts with its last letter
    page.keyboard.press("Backspace")  # h cannot go: the chain's last word comes back to edit
    assert page.text_content("#box-entry") == "blacksmith"
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#box-entry').textContent === 'h'")
    page.click("#square g[data-letter='o']")
    page.click("#square g[data-letter='p']")
    page.click("#box-enter")
    page.wait_for_function("document.querySelector('#box-message').textContent === 'Solved!'")
    assert page.text_content("#chain") == "blacksmith – hop"
    assert page.inner_text("#box-count") == "Solved in 2 words (par 4)!"
    page.close()
