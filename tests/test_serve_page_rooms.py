"""A room played live in Debian's Chromium, on each progress store (SQLite, and a real PostgreSQL
cluster): two players, each in a browser context of their own, see each other's words within 2 s
without a reload (the room's live feed), each word with who found it: "you", the name the finder
chose, or "a teammate"."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.chromium import needs_chromium
from tests.command_warehouse import build_command_warehouse
from tests.conftest import STORES
from tests.serving import Running, served
from tests.test_serve_page import type_word

pytestmark = needs_chromium
DAY = "2024-01-10"
LIVE_MS = 2000  # a teammate's word shows within this


@pytest.fixture(scope="module", params=STORES)
def running(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Running]:
    folder = tmp_path_factory.mktemp("rooms")
    built = build_command_warehouse(folder / "warehouse.duckdb")
    with served(request, built, folder) as started:
        yield started


def shown_with_finders(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "items => items.map(i => i.textContent)")


def wait_for(page, script: str) -> None:
    """Wait at most LIVE_MS for a condition, without a reload."""
    page.wait_for_function(f"() => {script}", timeout=LIVE_MS)


def test_two_players_in_a_room_see_each_others_words_live_with_who_found_them(
    running: Running, chromium
) -> None:
    room = running.post("/api/rooms").json()["room"]
    link = f"{running.url}/?room={room}#spelling-bee/{DAY}"
    ann, bo = chromium.new_context(), chromium.new_context()
    one, two = ann.new_page(), bo.new_page()
    for page in (one, two):
        page.goto(link)
        page.wait_for_selector("#hive g")
        page.wait_for_selector("#room-note:not([hidden])")
    one.fill("#name", "Ann")
    one.click("#name-save")
    one.wait_for_function("() => document.querySelector('#name-said').textContent.includes('Ann')")

    type_word(one, "climbed")
    wait_for(two, "document.querySelectorAll('#found div').length === 1")
    assert shown_with_finders(two, "#found div") == ["climbed · Ann"]
    assert shown_with_finders(one, "#found div") == ["climbed · you"]
    type_word(two, "limb")  # Bo has no name: "a teammate" to Ann
    wait_for(one, "document.querySelectorAll('#found div').length === 2")
    assert shown_with_finders(one, "#found div") == ["climbed · you", "limb · a teammate"]
    assert one.text_content("#score") == " · 15 points"
    two.wait_for_function("() => document.querySelectorAll('#found div').length === 2")
    assert shown_with_finders(two, "#found div") == ["climbed · Ann", "limb · you"]

    for page in (one, two):  # the board, in the same room
        page.click("#tab-letter-boxed")
        page.wait_for_selector("#square .box-letter")
    type_word(two, "blacksmith")
    wait_for(one, "document.querySelector('#chain').textContent === 'blacksmith · a teammate'")
    assert one.text_content("#box-entry") == "h"  # the next word starts from the room's chain
    type_word(one, "op")
    wait_for(two, "document.querySelector('#box-count').textContent.startsWith('Solved')")
    assert two.text_content("#chain") == "blacksmith · you – hop · Ann"
    assert two.locator("#square line.chain-line").count() == 11
    ann.close()
    bo.close()


def test_a_room_read_never_overtakes_the_players_own_write(running: Running, chromium) -> None:
    """Bo's first word in a room makes him a player: the room's feed says so while the guess's
    answer (with his new cookie) is still on its way. The page must not read the progress until
    that answer is in, or the read goes without the cookie and shows his word as a teammate's
    (the failure CI saw on PostgreSQL). Here the guess's answer is held back on purpose: no read
    may go out meanwhile, and one held read would be let through after the answer."""
    room = running.post("/api/rooms").json()["room"]
    bo = chromium.new_context()
    page = bo.new_page()
    with page.expect_response(re.compile(r"/events\?")):  # the feed is open: its first message
        page.goto(f"{running.url}/?room={room}#spelling-bee/{DAY}")
    page.wait_for_selector("#room-note:not([hidden])")
    page.wait_for_timeout(LIVE_MS)  # the read of the feed's first message is over
    guesses: list[object] = []  # the guess's route, then the server's answer not yet given
    reads_meanwhile: list[object] = []

    def hold_guess(route) -> None:
        guesses.append(route)  # first: the feed may speak while the server is answering
        guesses.append(route.fetch())

    def hold_read(route) -> None:
        if guesses:
            reads_meanwhile.append(route)
        else:
            route.continue_()

    page.route(re.compile(r"/guess(\?|$)"), hold_guess)
    page.route(re.compile(r"/progress(\?|$)"), hold_read)
    type_word(page, "limb")
    page.wait_for_timeout(LIVE_MS)  # the word is written, and the feed has said so
    [route, answer] = guesses
    guesses.clear()
    route.fulfill(response=answer)  # type: ignore[attr-defined]
    for held in reads_meanwhile:
        held.continue_()  # type: ignore[attr-defined]
    page.wait_for_function("() => document.querySelectorAll('#found div').length === 1")
    page.wait_for_timeout(LIVE_MS)  # any read still on its way is drawn
    assert reads_meanwhile == []
    assert shown_with_finders(page, "#found div") == ["limb · you"]
    bo.close()
