"""The page of `pipeline serve` played in Debian's Chromium (Playwright drives the system browser;
nothing is downloaded) against a real server on the command warehouse, whose answers are known:
Spelling Bee B / CDEILM (43 points) and the Letter Boxed board BAM / LCI / KTO / SHP. Each browser
context is a player of its own (its own cookies); the server keeps progress in SQLite and in a
real PostgreSQL cluster in turn. The page runs under the server's Content-Security-Policy, so each
condition waited for is a function (Playwright runs a bare expression with `eval`, which the
policy refuses)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.chromium import needs_chromium
from tests.command_warehouse import build_command_warehouse
from tests.conftest import STORES, new_store
from tests.made_up_days import BLACKSMITH, CLIMBED_ANSWERS
from tests.serving import Running, start_server

pytestmark = needs_chromium
DAY = "2024-01-10"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    built = build_command_warehouse(tmp_path_factory.mktemp("page") / "warehouse.duckdb")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
        yield built


@pytest.fixture(scope="module")
def running(built: Path) -> Iterator[Running]:
    """A server keeping progress in SQLite (the page's own tests)."""
    started = start_server(built, built.parent / "progress.sqlite")
    yield started
    started.stop()


@pytest.fixture(scope="module", params=STORES)
def running_on_each_store(
    request: pytest.FixtureRequest, built: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Running]:
    """A server on each progress store in turn (the players' tests)."""
    if request.param == "sqlite":
        yield request.getfixturevalue("running")
        return
    started = start_server(built, new_store(request, tmp_path_factory.mktemp("pg")))
    yield started
    started.stop()


def type_word(page, word: str) -> None:
    """Type a word on the page's keyboard and press Enter."""
    page.keyboard.type(word)
    page.keyboard.press("Enter")


def found_words(page) -> list[str]:
    """Return the words in the page's found list, as written (the page capitalizes them)."""
    return page.eval_on_selector_all("#found .word", "words => words.map(w => w.textContent)")


def test_a_spelling_bee_played_scores_ranks_and_keeps_its_progress(
    running: Running, chromium
) -> None:
    page = chromium.new_page(viewport={"width": 390, "height": 844})  # a phone's width
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{running.url}/#spelling-bee/{DAY}")
    page.wait_for_selector("#hive g")
    assert page.inner_text("#rank-name") == "Beginner"
    # nothing the server sent or the page holds names an answer before one is found
    assert not any(word in page.content() for word in CLIMBED_ANSWERS)

    type_word(page, "climbed")
    page.wait_for_function("() => document.querySelector('#score').textContent.includes('14')")
    assert page.inner_text("#message") == "Pangram! +14"
    assert page.inner_text("#rank-name") == "Nice"
    assert found_words(page) == ["climbed"]
    page.wait_for_function(
        "() => document.querySelector('#hint-summary').textContent.startsWith('9')"
    )

    type_word(page, "limbed")
    page.wait_for_function(
        "() => document.querySelector('#message').textContent === 'Not in word list'"
    )
    type_word(page, "bleed")
    page.wait_for_function("() => document.querySelector('#score').textContent.includes('19')")
    assert page.inner_text("#rank-name") == "Great"

    for letter in "limb":  # the mouse: a click on each hexagon, then Enter
        page.click(f"#hive g[data-letter='{letter}']")
    page.click("#enter")
    page.wait_for_function("() => document.querySelector('#score').textContent.includes('20')")

    page.reload()
    page.wait_for_function("() => document.querySelector('#score').textContent.includes('20')")
    assert found_words(page) == ["bleed", "climbed", "limb"]
    assert "belie" not in page.content()  # still unfound, still absent

    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#reveal")
    page.wait_for_selector("#answers p")
    assert "belie" in page.inner_text("#answers")
    assert errors == []
    page.close()


def test_a_letter_boxed_chain_is_played_to_the_end(running: Running, chromium) -> None:
    page = chromium.new_page()
    page.goto(f"{running.url}/#letter-boxed/{DAY}")
    page.wait_for_selector("#square g")
    type_word(page, "blacksmith")
    page.wait_for_function("() => document.querySelector('#chain').textContent === 'blacksmith'")
    assert page.text_content("#box-entry") == "h"  # the next word starts with its last letter
    page.keyboard.press("Backspace")  # h cannot go: the chain's last word comes back to edit
    page.wait_for_function(
        "() => document.querySelector('#box-entry').textContent === 'blacksmith'"
    )
    assert page.text_content("#chain") == ""  # the server keeps the chain without it
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#box-entry').textContent === 'h'")
    page.click("#square g[data-letter='o']")
    page.click("#square g[data-letter='p']")
    page.click("#box-enter")
    page.wait_for_function("() => document.querySelector('#box-message').textContent === 'Solved!'")
    assert page.text_content("#chain") == "blacksmith – hop"
    assert page.inner_text("#box-count") == "Solved in 2 words (par 4)!"
    page.close()


def play_bee(context, url: str):  # noqa: ANN201 (a Playwright page)
    """Open the day's Spelling Bee in a browser context; return the page once it shows."""
    page = context.new_page()
    page.goto(f"{url}/#spelling-bee/{DAY}")
    page.wait_for_selector("#hive g")
    page.wait_for_selector("#stats-tables table")
    return page


def wait_for_score(page, points: int) -> None:
    page.wait_for_function(
        f"() => document.querySelector('#score').textContent.includes(' {points} point')"
    )


def test_two_players_play_apart_and_a_room_link_makes_them_share_one_game(
    running_on_each_store: Running, chromium
) -> None:
    running = running_on_each_store
    first, second = chromium.new_context(), chromium.new_context()
    one = play_bee(first, running.url)
    type_word(one, "climbed")
    wait_for_score(one, 14)
    two = play_bee(second, running.url)
    assert found_words(two) == [] and two.text_content("#score") == " · 0 points"
    type_word(two, "limb")
    wait_for_score(two, 1)
    one.reload()
    wait_for_score(one, 14)
    assert found_words(one) == ["climbed"]  # a reload keeps the player's game, and only theirs

    one.click("#together")  # a room: the page moves into it, with the link to share
    one.wait_for_selector("#room-note:not([hidden])")
    link = one.get_attribute("#room-link", "href")
    assert link.startswith(f"{running.url}/?room=") and link.endswith(f"#spelling-bee/{DAY}")
    assert found_words(one) == []  # the room's game starts empty
    type_word(one, "bleed")
    wait_for_score(one, 5)
    two.goto(link)
    two.wait_for_function("() => document.querySelectorAll('#found div').length === 1")
    assert found_words(two) == ["bleed"]
    type_word(two, "climbed")
    wait_for_score(two, 19)
    one.reload()
    wait_for_score(one, 19)
    assert found_words(one) == ["bleed", "climbed"]
    one.click("#leave-room")  # back to the player's own game
    wait_for_score(one, 14)
    assert found_words(one) == ["climbed"]
    first.close()
    second.close()


def test_cookies_cleared_make_a_new_player_with_an_empty_game(
    running_on_each_store: Running, chromium
) -> None:
    running = running_on_each_store
    context = chromium.new_context()
    page = play_bee(context, running.url)
    type_word(page, "climbed")
    wait_for_score(page, 14)
    page.wait_for_function(
        "() => document.querySelector('#stats-tables').textContent.includes('14')"
    )
    cookie = [c for c in context.cookies() if c["name"] == "player"][0]
    assert (cookie["httpOnly"], cookie["sameSite"]) == (True, "Lax")
    assert page.evaluate("document.cookie") == ""  # no script reads the token
    context.clear_cookies()
    page.reload()
    page.wait_for_selector("#hive g")
    page.wait_for_function("() => document.querySelector('#score').textContent === ' · 0 points'")
    assert found_words(page) == []
    context.close()


def test_the_statistics_panel_counts_what_the_player_did(running: Running, chromium) -> None:
    context = chromium.new_context()
    page = play_bee(context, running.url)
    for word in CLIMBED_ANSWERS:  # every answer: Queen Bee
        type_word(page, word)
        page.wait_for_function(
            f"() => document.querySelector('#found').textContent.includes('{word}')"
        )
    page.wait_for_function(
        "() => document.querySelector('#stats-tables').textContent.includes('43')"
    )
    rows = page.eval_on_selector_all(
        "#stats-tables table:first-child tr",
        "rows => rows.map(r => [r.cells[0].textContent, r.cells[1].textContent])",
    )
    assert rows == [
        ["Puzzles played", "1"],
        ["Words found", "10"],
        ["Points", "43"],
        ["Genius reached", "1"],
        ["Queen Bee reached", "1"],
        ["Current streak (days)", "0"],
        ["Longest streak (days)", "1"],
    ]
    context.close()


@pytest.mark.parametrize("game", ["spelling-bee", "letter-boxed"])
def test_the_page_has_no_accessibility_violation_of_wcag_2_a_and_aa(
    running: Running, chromium, game: str
) -> None:
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    context = chromium.new_context()
    page = context.new_page()
    room = running.post("/api/rooms").json()["room"]
    page.goto(f"{running.url}/?room={room}#{game}/{DAY}")  # every panel shown
    page.wait_for_selector("#square g" if game == "letter-boxed" else "#hive g")
    page.wait_for_selector("#stats-tables table")
    open_every_panel(page, game)  # the hints, a clue and its example
    rules = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}
    results = Axe().run(page, options=rules)
    assert results.generate_snapshot() == ""
    context.close()


def test_the_api_documentation_shows_every_operation_with_the_network_blocked(
    running: Running, chromium
) -> None:
    context = chromium.new_context()
    elsewhere: list[str] = []

    def only_this_server(route) -> None:
        if route.request.url.startswith(running.url):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context.route("**/*", only_this_server)
    page = context.new_page()
    page.goto(f"{running.url}/docs")
    page.wait_for_selector(".opblock")
    operations = page.eval_on_selector_all(
        ".opblock-summary-path", "paths => paths.map(p => p.textContent.trim())"
    )
    document = running.get("/openapi.json").json()
    expected = sum(len(methods) for methods in document["paths"].values())
    assert (len(operations), elsewhere) == (expected, [])
    assert "/api/spelling-bee/{puzzle_id}/guess" in [o.replace("\u200b", "") for o in operations]
    context.close()


LATEST = "2025-01-10"  # the command warehouse's last day: `today` offline
WORD = re.compile(r"[a-z]+")
BOARD_WORDS = set(BLACKSMITH.dictionary or ())


def title(page) -> str:
    return page.inner_text("#title")


def wait_for_title(page, start: str) -> None:
    page.wait_for_function(
        f"() => document.querySelector('#title').textContent.startsWith({start!r})"
    )


def test_a_letter_not_on_the_board_is_said_and_a_refused_word_leaves_the_entry(
    running: Running, chromium
) -> None:
    context = chromium.new_context()
    page = context.new_page()
    page.goto(f"{running.url}/#spelling-bee/{DAY}")
    page.wait_for_selector("#hive g")
    page.keyboard.type("liz")
    assert (page.inner_text("#message"), page.text_content("#entry")) == (
        "Z is not in the honeycomb",
        "li",
    )
    page.goto(f"{running.url}/#letter-boxed/{DAY}")
    page.wait_for_selector("#square g")
    page.keyboard.type("bly")
    assert (page.inner_text("#box-message"), page.text_content("#box-entry")) == (
        "Y is not on the board",
        "bl",
    )
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    type_word(page, "mock")  # letters the board allows, not a word of the day's list
    page.wait_for_function(
        "() => document.querySelector('#box-message').textContent.startsWith('MOCK')"
    )
    assert page.inner_text("#box-message") == "MOCK: not in the NYT's word list of the day"
    assert page.text_content("#box-entry") == "\xa0"  # cleared: the next word starts afresh
    type_word(page, "blacksmith")
    page.wait_for_function("() => document.querySelector('#chain').textContent === 'blacksmith'")
    type_word(page, "ola")  # h-o-l-a: after a word, the entry keeps only the letter carried
    page.wait_for_function(
        "() => document.querySelector('#box-message').textContent.startsWith('HOLA')"
    )
    assert page.text_content("#box-entry") == "h"
    type_word(page, "op")
    page.wait_for_function("() => document.querySelector('#box-message').textContent === 'Solved!'")
    assert page.text_content("#chain") == "blacksmith – hop"
    context.close()


def test_the_address_names_the_puzzle_shown_and_today_is_its_date(
    running: Running, chromium
) -> None:
    context = chromium.new_context()
    page = context.new_page()
    page.goto(f"{running.url}/")
    wait_for_title(page, f"Spelling Bee {LATEST}:")  # today's, offline the latest day
    assert page.url.endswith("/#spelling-bee/today")
    type_word(page, "climbed")
    wait_for_score(page, 14)
    page.check("input[name=kind][value=date]")
    page.fill("#date", "2024-07-10")
    page.click("#play")
    wait_for_title(page, "Spelling Bee 2024-07-10:")
    assert page.url.endswith("/#spelling-bee/2024-07-10") and found_words(page) == []
    page.click("#tab-letter-boxed")
    wait_for_title(page, "Letter Boxed 2024-07-10:")
    assert page.url.endswith("/#letter-boxed/2024-07-10")
    page.go_back()
    wait_for_title(page, "Spelling Bee 2024-07-10:")
    assert page.is_checked("input[name=kind][value=date]")
    page.go_back()
    wait_for_title(page, f"Spelling Bee {LATEST}:")
    assert page.url.endswith("/#spelling-bee/today") and found_words(page) == ["climbed"]
    shared = context.new_page()  # the same address in another tab: the same puzzle, one game
    shared.goto(f"{running.url}/#spelling-bee/{LATEST}")
    wait_for_title(shared, f"Spelling Bee {LATEST}:")
    wait_for_score(shared, 14)
    assert found_words(shared) == ["climbed"]
    shared.goto(f"{running.url}/#letter-boxed/2024-07-10")
    wait_for_title(shared, "Letter Boxed 2024-07-10:")
    context.close()


def test_an_error_of_the_server_is_a_sentence_and_no_text_shows_markdown(
    running: Running, chromium
) -> None:
    page = chromium.new_page()
    page.goto(f"{running.url}/#spelling-bee/yesterday")
    wait_for_title(page, "“yesterday”")
    assert title(page) == (  # the page's own sentence: it asks nothing of a malformed id
        "“yesterday” names no Spelling Bee puzzle: an address ends with a date (YYYY-MM-DD), "
        "“today” or a generated puzzle such as g7-any-1."
    )
    page.goto(f"{running.url}/#spelling-bee/g7-any-1")
    wait_for_title(page, "Spelling Bee g7-any-1:")
    assert title(page) == (
        "Spelling Bee g7-any-1: 4 words, 21 points, 1 pangram (judged by the custom list (a "
        "maybe-tier word it leaves out is judged maybe))"
    )
    assert "`" not in page.inner_text("body")
    page.close()


def open_every_panel(page, game: str) -> None:
    """Open the hints and the clues, show a clue that has an example and its example (and the
    Spelling Bee's reveal)."""
    prefix = "" if game == "spelling-bee" else "box-"
    if game == "spelling-bee":
        page.click("#hints-box summary")
    page.click(f"#{prefix}clues-box summary")
    for _ in range(10):  # the clues in turn, to the first with an example (if any)
        before = page.inner_text(f"#{prefix}clue")
        page.click(f"#{prefix}clue-next")
        page.wait_for_function(
            f"() => document.querySelector('#{prefix}clue').textContent !== {before!r}"
        )
        if page.is_visible(f"#{prefix}clue-more"):
            page.click(f"#{prefix}clue-more")
            assert page.inner_text(f"#{prefix}clue-example").startswith("Example: ")
            break
    if game == "spelling-bee":
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#reveal")
        page.wait_for_selector("#answers p")


@pytest.mark.parametrize("game", ["spelling-bee", "letter-boxed"])
def test_no_sideways_scroll_at_a_phones_width(running: Running, chromium, game: str) -> None:
    """Every panel open, in a room (its long link shown), at 320 to 430 px."""
    context = chromium.new_context(viewport={"width": 360, "height": 780})
    page = context.new_page()
    room = running.post("/api/rooms").json()["room"]
    page.goto(f"{running.url}/?room={room}#{game}/{DAY}")
    page.wait_for_selector("#square g" if game == "letter-boxed" else "#hive g")
    page.wait_for_selector("#stats-tables table")
    open_every_panel(page, game)
    widths = {}
    for width in (320, 360, 390, 430):
        page.set_viewport_size({"width": width, "height": 780})
        widths[width] = page.evaluate("document.documentElement.scrollWidth")
    assert widths == {320: 320, 360: 360, 390: 390, 430: 430}
    if game == "spelling-bee":  # the rank bar's last label ends inside the page
        right = page.evaluate(
            "document.querySelector('#rank-bar .dot.last span').getBoundingClientRect().right"
        )
        assert page.inner_text("#rank-bar .dot.last span") == "Queen Bee 43" and right <= 430
    context.close()


def test_the_page_loads_its_icon_and_plays_without_a_failed_request_or_console_error(
    running: Running, chromium
) -> None:
    context = chromium.new_context()
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("requestfailed", lambda request: problems.append(f"failed {request.url}"))
    page.on(
        "response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )
    page.goto(f"{running.url}/#spelling-bee/{DAY}")
    page.wait_for_selector("#hive g")
    type_word(page, "limb")
    wait_for_score(page, 1)
    page.click("#tab-letter-boxed")
    page.wait_for_selector("#square g")
    icon = page.get_attribute("link[rel=icon]", "href")
    fetched = page.evaluate(
        """async (paths) => Promise.all(paths.map(async (path) => {
             const answer = await fetch(path);
             return [answer.status, answer.headers.get('content-type')];
           }))""",
        [icon, "/favicon.ico"],
    )
    assert fetched == [[200, "image/svg+xml"], [200, "image/svg+xml"]]
    assert problems == []
    context.close()


def clue_shown(page, prefix: str = "") -> str:
    return page.inner_text(f"#{prefix}clue")


def press_on(page, selector: str, key: str = "Enter") -> None:
    """Move the keyboard's focus to an element with Tab, then press a key on it."""
    for _ in range(80):
        if page.evaluate(f"document.activeElement === document.querySelector({selector!r})"):
            page.keyboard.press(key)
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def words_in(text: str) -> set[str]:
    return set(WORD.findall(text.lower()))


def test_a_clue_is_asked_for_one_at_a_time_with_the_keyboard_and_names_no_answer(
    running: Running, chromium
) -> None:
    context = chromium.new_context()
    page = context.new_page()
    received: list[str] = []
    page.on("response", lambda r: received.append(r.text()) if "/api/" in r.url else None)
    page.goto(f"{running.url}/#spelling-bee/{DAY}")
    page.wait_for_selector("#hive g")
    press_on(page, "#clues-box summary")  # the Clues panel opened and used with the keyboard
    press_on(page, "#clue-next")
    page.wait_for_selector("#clue .meaning")
    assert clue_shown(page) == "Clue 1 of 10: BE…, 5 letters: be in contradiction with"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#clue').textContent.startsWith('Clue 2')")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#clue').textContent.startsWith('Clue 3')")
    assert clue_shown(page) == "Clue 3 of 10: BI…, 4 letters: dwell"
    assert page.inner_text("#clue-example") == ""  # the example only on a second request
    press_on(page, "#clue-more", " ")
    assert page.inner_text("#clue-example") == (
        "Example: “You can stay with me while you are in town”"
    )
    assert page.locator("#clues-box .meaning").count() == 1  # one clue at a time
    assert not words_in(page.inner_text("body")) & set(CLIMBED_ANSWERS)
    assert received and not any(words_in(body) & set(CLIMBED_ANSWERS) for body in received)
    type_word(page, "bide")  # the clue's word found: the typing left the button
    page.wait_for_function(
        "() => document.querySelector('#clue').textContent.startsWith('You found')"
    )
    assert clue_shown(page) == "You found the word of that clue."
    page.click("#clue-next")
    page.wait_for_function(
        "() => document.querySelector('#clue').textContent.startsWith('Clue 3 of 9')"
    )
    assert clue_shown(page) == "Clue 3 of 9: BL…, 4 letters: past tense: lose blood from one's body"

    received.clear()
    page.goto(f"{running.url}/#letter-boxed/{DAY}")
    page.wait_for_selector("#square g")
    page.click("#box-clues-box summary")
    page.click("#box-clue-next")
    page.wait_for_selector("#box-clue .meaning")
    assert clue_shown(page, "box-") == (
        "Word 1 of 2: BL…, 10 letters: a smith who forges and shapes iron with a hammer and anvil"
    )
    page.click("#box-clue-next")
    page.wait_for_function(
        "() => document.querySelector('#box-clue').textContent.startsWith('Word 2')"
    )
    assert clue_shown(page, "box-") == "Word 2 of 2: HO…, 3 letters: jump lightly"
    assert not words_in(page.inner_text("body")) & BOARD_WORDS
    assert not any(words_in(body) & BOARD_WORDS for body in received)
    context.close()
