"""A room played live in Debian's Chromium, on each progress store (SQLite, and a real PostgreSQL
cluster): two players, each in a browser context of their own, see each other's words within 2 s
without a reload (the room's live feed), each word with who found it: "you", the name the finder
chose, or "a teammate"."""

from __future__ import annotations

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
