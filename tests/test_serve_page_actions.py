"""The page of `pipeline serve` as a player expects it, in Debian's Chromium: every action shows
the server's answer at once (Start again, Restart, a word pulled back), typing goes to the game
after any control, the picker's unchosen boxes never block it, unknown addresses and rooms are
said in plain words (and nothing malformed is asked for: the console stays clean), today's age,
a streak built by playing stored days in order, the square's lines and its solved state, and the
example button only where a clue has an example. The command warehouse's puzzles (Spelling Bee
B / CDEILM, the board BAM / LCI / KTO / SHP), stored on five dates, three of them in a row."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from tests.chromium import needs_chromium
from tests.command_warehouse import PUZZLE_DATES, build_command_warehouse
from tests.serving import Running, start_server
from tests.test_serve_page import found_words, type_word, wait_for_score

pytestmark = needs_chromium
DAY = "2024-01-10"
IN_A_ROW = (dt.date(2025, 1, 8), dt.date(2025, 1, 9), dt.date(2025, 1, 10))  # the last: today
DATES = tuple(sorted({*PUZZLE_DATES, *IN_A_ROW}))


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    built = build_command_warehouse(tmp_path_factory.mktemp("actions") / "warehouse.duckdb", DATES)
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
        started = start_server(built, built.parent / "progress.sqlite")
        yield started
        started.stop()


def text_is(page, selector: str, text: str) -> None:
    """Wait until an element's text is exactly `text`."""
    page.wait_for_function(
        "([s, t]) => document.querySelector(s).textContent === t", arg=[selector, text]
    )


def open_page(chromium, url: str):  # noqa: ANN201 (a Playwright page)
    """Return a new player's page (a context of its own), every console error collected in
    `page.problems`."""
    page = chromium.new_context().new_page()
    page.problems = []
    page.on("console", lambda m: page.problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    page.goto(url)
    return page


def test_start_again_restart_and_backspace_show_the_servers_answer_at_once(
    running: Running, chromium
) -> None:
    page = open_page(chromium, f"{running.url}/#spelling-bee/{DAY}")
    page.wait_for_selector("#hive g")
    type_word(page, "climbed")
    wait_for_score(page, 14)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#restart-bee")
    text_is(page, "#found-count", "You have found 0 words")
    assert (page.inner_text("#score"), page.inner_text("#rank-name"), found_words(page)) == (
        "· 0 points",
        "Beginner",
        [],
    )
    text_is(page, "#hint-summary", "10 words, 43 points and 1 pangram left.")
    assert page.locator("#rank-bar .dot.reached").count() == 1  # Beginner's, at 0

    page.goto(f"{running.url}/#letter-boxed/{DAY}")
    page.wait_for_selector("#square .box-letter")
    type_word(page, "blacksmith")
    text_is(page, "#chain", "blacksmith")
    page.keyboard.press("Backspace")  # the word comes back to the entry; the chain is the server's
    text_is(page, "#box-entry", "blacksmith")
    text_is(page, "#box-count", "0 words so far; par 4")  # once the server has answered
    assert page.text_content("#chain") == ""
    page.keyboard.press("Enter")
    text_is(page, "#box-entry", "h")
    type_word(page, "op")
    text_is(page, "#box-message", "Solved!")
    page.click("#box-restart")
    text_is(page, "#box-count", "0 words so far; par 4")
    assert (page.text_content("#chain"), page.text_content("#box-entry")) == ("", "\xa0")
    assert page.inner_text("#box-left") == "Letters left: A B C H I K L M O P S T"
    assert page.locator("#square line").count() == 0 and page.locator(".solved-mark").count() == 0
    page.reload()  # what the server kept is what was shown
    page.wait_for_selector("#square .box-letter")
    assert page.text_content("#chain") == "" and page.problems == []
    page.context.close()


def test_the_square_draws_the_chain_and_the_word_typed_and_a_solved_board_starts_nothing(
    running: Running, chromium
) -> None:
    page = open_page(chromium, f"{running.url}/#letter-boxed/{DAY}")
    page.wait_for_selector("#square .box-letter")
    lines = lambda kind: page.locator(f"#square line.{kind}").count()  # noqa: E731
    drawn = "() => document.querySelectorAll('#square line.{}').length === {}"
    page.keyboard.type("black")
    page.wait_for_function(drawn.format("entry-line", 4))  # b-l-a-c-k: four dashed
    assert lines("chain-line") == 0
    page.keyboard.type("smith")
    page.keyboard.press("Enter")
    text_is(page, "#chain", "blacksmith")
    page.keyboard.type("o")
    page.wait_for_function(drawn.format("entry-line", 1))  # h-o being typed
    assert lines("chain-line") == 9
    assert page.get_attribute("#square line.chain-line >> nth=0", "x1") == "80"  # b, top left
    type_word(page, "p")
    text_is(page, "#box-message", "Solved!")
    assert (lines("chain-line"), lines("entry-line")) == (11, 0)
    assert page.text_content("#box-entry") == "\xa0"  # no word begun after the last
    assert page.locator("#square .box-letter.off").count() == 0  # no faded letter
    assert page.locator("#square .box-letter.used").count() == 12
    assert page.text_content(".solved-mark") == "Solved!"
    page.keyboard.type("b")
    assert page.text_content("#box-entry") == "\xa0"
    assert page.inner_text("#box-message") == "Solved: Restart plays the board again"
    page.reload()  # a solved board opened again: solved, nothing started
    page.wait_for_selector(".solved-mark")
    assert page.text_content("#box-entry") == "\xa0" and lines("chain-line") == 11
    page.click("#box-restart")
    text_is(page, "#box-count", "0 words so far; par 4")
    page.context.close()


CONTROLS = (  # a control, how the player reaches it, and the word typed after it
    ("the Play button", lambda page: page.click("#play"), "limb"),
    ("the date box", lambda page: page.click("#date"), "bide"),
    ("the seed box", lambda page: page.click("#seed"), "bile"),
    ("the number box", lambda page: page.focus("#place"), "bled"),
    ("the difficulty", lambda page: page.focus("#difficulty"), "belie"),
    ("a radio button", lambda page: page.click("input[name=kind][value=generated]"), "embed"),
    ("a button", lambda page: page.click("#shuffle"), "imbed"),
    ("the hints' summary", lambda page: page.click("#hints-box summary"), "climb"),
)


def test_typing_after_play_and_after_any_control_goes_to_the_game(
    running: Running, chromium
) -> None:
    page = open_page(chromium, f"{running.url}/#spelling-bee/{DAY}")
    page.wait_for_selector("#hive g")
    found = []
    for name, reach, word in CONTROLS:
        reach(page)
        page.wait_for_selector("#hive g")
        type_word(page, word)  # Enter submits the word, not the form
        found.append(word)
        page.wait_for_function(
            f"() => document.querySelectorAll('#found .word').length === {len(found)}"
        )
        assert sorted(found_words(page)) == sorted(found), name
    assert page.url.endswith(f"#spelling-bee/{DAY}") and page.problems == []
    page.context.close()


def test_a_bad_date_in_the_archived_box_never_blocks_generated_and_is_said_when_chosen(
    running: Running, chromium
) -> None:
    page = open_page(chromium, f"{running.url}/#spelling-bee/{DAY}")
    page.wait_for_selector("#hive g")
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.fill("#date", "2010-01-01")  # before the archive: the browser's own check would refuse
    page.check("input[name=kind][value=generated]")
    page.click("#play")
    page.wait_for_function(
        "() => document.querySelector('#title').textContent.startsWith('Spelling Bee g7-any-1:')"
    )
    page.check("input[name=kind][value=date]")
    page.fill("#date", "2010-01-01")
    asked.clear()
    page.click("#play")
    text_is(page, "#title", "No Spelling Bee puzzle is stored for 2010-01-01: the archive holds "
            "5 puzzles from 2024-01-10 to 2025-01-10.")  # fmt: skip
    assert asked == [] and page.url.endswith("#spelling-bee/g7-any-1")
    assert page.problems == []
    page.context.close()


def test_an_unknown_game_or_puzzle_is_said_and_nothing_is_asked_so_the_console_stays_clean(
    running: Running, chromium
) -> None:
    page = open_page(chromium, f"{running.url}/#wordle/x")
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.wait_for_function(
        "() => document.querySelector('#title').textContent.startsWith('There is')"
    )
    assert page.inner_text("#title") == (
        "There is no game “wordle” here: this page plays Spelling Bee and Letter Boxed."
    )
    for address, said in (
        ("#spelling-bee/zzz", "“zzz” names no Spelling Bee puzzle: an address ends with a date "
         "(YYYY-MM-DD), “today” or a generated puzzle such as g7-any-1."),
        ("#letter-boxed/2010-01-01", "No Letter Boxed puzzle is stored for 2010-01-01: the "
         "archive holds 5 puzzles from 2024-01-10 to 2025-01-10."),
        ("#spelling-bee/2025-02-30", "2025-02-30 is not a date."),
        ("#letter-boxed/g7-any-1001", "“g7-any-1001” names no Letter Boxed puzzle: an address "
         "ends with a date (YYYY-MM-DD), “today” or a generated puzzle such as g7-any-1."),
    ):  # fmt: skip
        page.goto(f"{running.url}/{address}")
        text_is(page, "#title", said)
    assert page.locator("#bee").is_hidden() and page.locator("#box").is_hidden()
    assert (page.problems, failed) == ([], [])
    page.context.close()


def test_a_bad_room_link_says_the_room_does_not_exist_and_offers_both_ways_on(
    running: Running, chromium
) -> None:
    page = open_page(chromium, f"{running.url}/?room=zzzzzzzzzzzzzzzz#spelling-bee/{DAY}")
    page.wait_for_selector("#no-room:not([hidden])")
    assert page.inner_text("#no-room p >> nth=0") == (
        "There is no room “zzzzzzzzzzzzzzzz”: its link may be mistyped or cut short."
    )
    assert page.locator("#room-note").is_hidden() and page.locator("#bee").is_hidden()
    page.click("#alone")
    page.wait_for_selector("#hive g")
    assert page.url == f"{running.url}/#spelling-bee/{DAY}"
    page.goto(f"{running.url}/?room=no%20such!#spelling-bee/{DAY}")  # malformed: not even asked
    page.wait_for_selector("#no-room:not([hidden])")
    page.click("#new-room")
    page.wait_for_selector("#room-note:not([hidden])")
    page.wait_for_selector("#hive g")
    assert "?room=" in page.url and page.inner_text("#room-code") == page.url.split("room=")[1][:16]
    page.context.close()


def test_today_offline_says_how_old_it_is_and_stored_days_in_order_build_a_streak(
    running: Running, chromium
) -> None:
    page = open_page(chromium, f"{running.url}/")
    page.wait_for_selector("#hive g")
    days = (dt.datetime.now(ZoneInfo("America/New_York")).date() - IN_A_ROW[-1]).days
    assert page.inner_text("#today-note") == (
        f"Today's puzzle here is the latest stored puzzle, {days} days old (the NYT's page of "
        "the day was not read: offline, or it could not be reached)."
    )
    for played, day in enumerate(IN_A_ROW, 1):
        page.goto(f"{running.url}/#spelling-bee/{day}")
        page.wait_for_function(
            f"() => document.querySelector('#title').textContent.includes('{day}')"
        )
        type_word(page, "limb")
        wait_for_score(page, 1)
        page.wait_for_function(
            f"() => document.querySelector('#stats-tables').textContent.includes('Words found{played}')"
        )
    rows = page.eval_on_selector_all(
        "#stats-tables table:first-child tr", "rows => rows.map(r => r.textContent)"
    )
    assert rows[-2:] == ["Current streak (days)3", "Longest streak (days)3"]
    assert page.locator("#today-note").is_hidden()  # a date's puzzle is not today's
    page.context.close()


def test_the_example_button_shows_only_for_a_clue_with_an_example(
    running: Running, chromium
) -> None:
    page = open_page(chromium, f"{running.url}/#spelling-bee/{DAY}")
    page.wait_for_selector("#hive g")
    page.click("#clues-box summary")
    page.click("#clue-next")
    page.wait_for_selector("#clue .meaning")
    assert page.inner_text("#clue") == "Clue 1 of 10: BE…, 5 letters: be in contradiction with"
    assert page.locator("#clue-more").is_hidden()  # WordNet has no example of it
    for shown in (2, 3):
        page.click("#clue-next")
        page.wait_for_function(
            f"() => document.querySelector('#clue').textContent.startsWith('Clue {shown}')"
        )
    assert page.inner_text("#clue") == "Clue 3 of 10: BI…, 4 letters: dwell"
    page.click("#clue-more")
    assert (
        page.inner_text("#clue-example") == "Example: “You can stay with me while you are in town”"
    )
    page.context.close()


def test_the_page_keeps_all_its_script_in_script_elements() -> None:
    """A Content-Security-Policy of script hashes allows no event-handler attribute and no
    javascript: address."""
    import re

    page = (Path(__file__).parents[1] / "pipeline" / "serve" / "page.html").read_text()
    assert not re.search(r"\son[a-z]+\s*=", page.split("<script>")[0])
    assert "javascript:" not in page
