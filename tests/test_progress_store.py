"""The players' progress store (storage/player_progress.py) on both databases: a SQLite file and a
real PostgreSQL cluster. Statistics are computed by SQL from what is stored; a store from before
players is upgraded in place and nothing is lost."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from pipeline.storage.player_progress import (
    PLAYER,
    ROOM,
    Progress,
    PuzzleFacts,
    PuzzleKey,
    UnknownOwner,
    Who,
    secret_hash,
)

BEE = "spelling-bee"
LETTERS = "bcdeilm"


def bee_key(day: dt.date) -> PuzzleKey:
    return PuzzleKey(BEE, day.isoformat(), LETTERS)


def bee_facts(day: dt.date) -> PuzzleFacts:
    return PuzzleFacts(day.toordinal(), points=43, genius=30)


def new_player(store: Progress) -> Who:
    """Return a new player of the store, as a request names it (by its token)."""
    token, _ = store.new_owner(PLAYER)
    return Who.named(token)


@pytest.fixture
def store(progress_store: str | Path) -> Iterator[Progress]:
    opened = Progress(progress_store)
    yield opened
    opened.close()


def test_a_player_is_known_by_the_hash_of_the_token_only(store: Progress) -> None:
    token, owner = store.new_owner(PLAYER)
    assert len(token) == 43  # 32 random bytes, base64url
    assert store.owner_of(PLAYER, token) == owner
    assert store.owner_of(PLAYER, token + "x") is None
    assert store.owner_of(ROOM, token) is None  # a player's token names no room
    kept = ownerships(store)
    assert kept == [(PLAYER, secret_hash(token))] and token not in repr(kept)


def ownerships(store: Progress) -> list[tuple[str, str]]:
    """Return every owner's kind and what is kept of its secret."""
    with store.dialect.reading() as session:
        return [
            (row["kind"], row["secret_hash"])
            for row in session.rows_of_text("SELECT kind, secret_hash FROM owners")
        ]


def test_two_players_keep_apart_and_a_forgotten_one_leaves_nothing(store: Progress) -> None:
    day = dt.date(2024, 1, 10)
    first, second = new_player(store), new_player(store)
    assert store.add_word(first, bee_key(day), bee_facts(day), "climbed", 14).changed is True
    assert store.add_word(first, bee_key(day), bee_facts(day), "climbed", 14).changed is False
    store.add_word(second, bee_key(day), bee_facts(day), "limb", 1)
    assert store.progress(first, bee_key(day)).found == ["climbed"]
    assert store.progress(second, bee_key(day)).found == ["limb"]
    store.forget(first)
    with pytest.raises(UnknownOwner):
        store.progress(first, bee_key(day))
    with store.dialect.reading() as session:
        left = session.rows_of_text("SELECT word FROM words_found")
    assert left == [{"word": "limb"}]


def test_a_write_naming_nobody_makes_its_player_and_a_wrong_name_writes_nothing(
    store: Progress,
) -> None:
    day = dt.date(2024, 1, 10)
    made = store.add_word(
        Who.named(None, None, new="t" * 43), bee_key(day), bee_facts(day), "limb", 1
    )
    assert (made.made, made.progress.found) == (True, ["limb"])
    assert store.progress(Who.named("t" * 43), bee_key(day)).found == ["limb"]
    for wrong, kind in ((Who.named("w" * 43), PLAYER), (Who.named(None, "nosuchroom"), ROOM)):
        with pytest.raises(UnknownOwner) as unknown:
            store.add_word(wrong, bee_key(day), bee_facts(day), "bide", 3)
        assert unknown.value.kind == kind
    nobody = store.clear(Who.named(None, None, new="u" * 43), bee_key(day))  # makes no one
    assert (nobody.made, nobody.progress.found) == (False, [])
    with store.dialect.reading() as session:
        assert session.rows_of_text("SELECT count(*) AS n FROM owners") == [{"n": 1}]


def test_statistics_count_streaks_ranks_and_boards_by_sql(store: Progress) -> None:
    owner = new_player(store)
    days = [dt.date(2024, 1, d) for d in (1, 2, 3, 5, 6)]  # runs of 3 and 2
    for day in days:
        store.add_word(owner, bee_key(day), bee_facts(day), "climbed", 14)
    big = dt.date(2024, 1, 6)
    store.add_word(owner, bee_key(big), bee_facts(big), "belie", 5)
    store.add_word(owner, bee_key(big), bee_facts(big), "bleed", 5)
    store.add_word(owner, bee_key(big), bee_facts(big), "climb", 5)  # 29: not yet Genius
    queen = dt.date(2024, 1, 5)
    store.add_word(owner, bee_key(queen), bee_facts(queen), "everything", 29)  # 43: Queen Bee
    revealed = dt.date(2024, 1, 3)
    store.reveal(owner, bee_key(revealed), bee_facts(revealed))
    store.add_word(owner, bee_key(revealed), bee_facts(revealed), "found-after", 29)
    generated = PuzzleKey(BEE, "g7-any-1", LETTERS)  # no day: no streak
    store.add_word(owner, generated, PuzzleFacts(None, 43, 30), "dice", 1)

    box = PuzzleKey("letter-boxed", "2024-01-06", "bamlciktoshp")
    store.replace_chain(
        owner, box, PuzzleFacts(big.toordinal(), par=4), ["blacksmith", "hop"], True
    )
    long_box = PuzzleKey("letter-boxed", "2024-01-05", "bamlciktoshp")
    five = ["bat", "tab", "bait", "tram", "map"]
    store.replace_chain(owner, long_box, PuzzleFacts(queen.toordinal(), par=4), five, True)

    assert store.statistics(owner, today=dt.date(2024, 1, 7)) == {
        BEE: {
            "puzzles": 6,
            "words": 11,
            "points": 14 * 5 + 15 + 29 + 29 + 1,
            "genius": 1,  # 2024-01-05 (2024-01-03 reached it only after the reveal)
            "queen_bee": 1,
            "solved": 0,
            "solved_within_par": 0,
            "current_streak": 2,  # 5, 6: the run ends the day before today
            "longest_streak": 3,
        },
        "letter-boxed": {
            "puzzles": 2,
            "words": 7,
            "points": 0,
            "genius": 0,
            "queen_bee": 0,
            "solved": 2,
            "solved_within_par": 1,
            "current_streak": 2,
            "longest_streak": 2,
        },
    }
    assert store.statistics(owner, today=dt.date(2024, 1, 8))[BEE]["current_streak"] == 0


def test_a_chain_solved_after_a_reveal_counts_as_played_not_solved(store: Progress) -> None:
    owner = new_player(store)
    box = PuzzleKey("letter-boxed", "2024-01-06", "bamlciktoshp")
    facts = PuzzleFacts(dt.date(2024, 1, 6).toordinal(), par=4)
    store.reveal(owner, box, facts)
    store.replace_chain(owner, box, facts, ["blacksmith", "hop"], True)
    played = store.statistics(owner, dt.date(2024, 1, 6))["letter-boxed"]
    assert (played["puzzles"], played["solved"]) == (1, 0)
    assert store.progress(owner, box).revealed is True


def test_a_room_is_one_game_for_whoever_has_its_code(store: Progress) -> None:
    code, room = store.new_owner(ROOM)
    assert len(code) == 16 and store.owner_of(ROOM, code) == room
    day = dt.date(2024, 1, 10)
    first, second = new_player(store), new_player(store)
    store.add_word(Who(first.player, secret_hash(code)), bee_key(day), bee_facts(day), "limb", 1)
    assert store.progress(Who.named(None, code), bee_key(day)).found == ["limb"]
    assert store.progress(Who(second.player, secret_hash(code)), bee_key(day)).found == ["limb"]
    assert store.progress(first, bee_key(day)).found == []  # the room's, not the player's


def test_a_store_from_before_players_is_upgraded_and_claimed_once(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite"
    with sqlite3.connect(path) as old:  # the shape of d1093d6's sql/progress/found_words.sql
        old.execute(
            "CREATE TABLE found_words (game TEXT NOT NULL, puzzle TEXT NOT NULL, letters TEXT "
            "NOT NULL, position INTEGER NOT NULL, word TEXT NOT NULL, "
            "PRIMARY KEY (game, puzzle, letters, word))"
        )
        old.executemany(
            "INSERT INTO found_words VALUES (?, ?, ?, ?, ?)",
            [
                (BEE, "2024-01-10", LETTERS, 1, "limb"),
                (BEE, "2024-01-10", LETTERS, 2, "climbed"),
                (BEE, "2024-01-11", LETTERS, 1, "dice"),
                ("letter-boxed", "g7-any-1", "bamlciktoshp", 1, "blacksmith"),
                ("letter-boxed", "g7-any-1", "bamlciktoshp", 2, "hop"),
            ],
        )
    store = Progress(path)
    try:
        assert [(u.number, u.name) for u in store.applied] == [(1, "players")]
        assert store.has_unclaimed() is True
        token = store.claim_unclaimed()
        assert token is not None and store.claim_unclaimed() is None  # once
        owner = Who.named(token)
        assert store.progress(owner, bee_key(dt.date(2024, 1, 10))).found == ["limb", "climbed"]
        chain = store.progress(owner, PuzzleKey("letter-boxed", "g7-any-1", "bamlciktoshp"))
        assert chain.found == ["blacksmith", "hop"]
        stats = store.statistics(owner, dt.date(2024, 1, 12))
        assert (stats[BEE]["puzzles"], stats[BEE]["words"], stats[BEE]["current_streak"]) == (
            2,
            3,
            2,
        )
        assert stats[BEE]["points"] == 0  # written when each puzzle is played again
    finally:
        store.close()
    reopened = Progress(path)
    assert (reopened.applied, reopened.has_unclaimed()) == ([], False)
    with reopened.dialect.reading() as session:
        applied = session.rows_of_text("SELECT number, name FROM progress_upgrades")
    reopened.close()
    assert applied == [{"number": 1, "name": "players"}]


def test_progress_kept_under_today_moves_to_its_date_once(progress_store: str | Path) -> None:
    """Servers before `today` and its date were one game kept them apart: the upgrade joins them
    (the date's words first, each word once, a reveal under either kept) and runs once."""
    day = dt.date(2024, 1, 10)
    today = PuzzleKey(BEE, "today", LETTERS)
    box = PuzzleKey("letter-boxed", "today", "bamlciktoshp")
    store = Progress(progress_store)  # written as the servers before wrote `today`
    try:
        both, only_today = new_player(store), new_player(store)
        for word in ("climbed", "limb"):
            store.add_word(both, today, bee_facts(day), word, 1)
        store.reveal(both, today, bee_facts(day))
        for word in ("limb", "bleed"):
            store.add_word(both, bee_key(day), bee_facts(day), word, 1)
        box_facts = PuzzleFacts(day.toordinal(), par=4)
        store.replace_chain(only_today, box, box_facts, ["blacksmith", "hop"], True)
    finally:
        store.close()
    upgraded = Progress(progress_store)
    try:
        assert [(u.number, u.name) for u in upgraded.applied] == [(2, "today_as_its_date")]
        joined = upgraded.progress(both, bee_key(day))
        assert (joined.found, joined.revealed) == (["limb", "bleed", "climbed"], True)
        assert upgraded.progress(both, today).found == []
        dated_box = PuzzleKey("letter-boxed", day.isoformat(), "bamlciktoshp")
        moved = upgraded.progress(only_today, dated_box)
        assert (moved.found, moved.solved) == (["blacksmith", "hop"], True)
        stats = upgraded.statistics(both, day)
        assert (stats[BEE]["puzzles"], stats[BEE]["words"]) == (1, 3)
    finally:
        upgraded.close()
    again = Progress(progress_store)
    again.close()
    assert again.applied == []


def test_players_and_rooms_unused_for_a_day_or_idle_for_400_days_are_forgotten(
    store: Progress,
) -> None:
    day, now = dt.date(2024, 1, 10), dt.datetime.now(dt.UTC)
    unused, idle = dt.timedelta(hours=24), dt.timedelta(days=400)
    never_written = new_player(store)
    store.new_owner(ROOM)  # never written to either
    played, made = new_player(store), Who.named(None, None, new="m" * 43)
    store.add_word(played, bee_key(day), bee_facts(day), "climbed", 14)
    store.reveal(made, bee_key(day), bee_facts(day))  # made by its first write
    with store.dialect.writing() as session:  # progress from before players: never forgotten
        session.run_text(
            "INSERT INTO owners (owner_id, kind, secret_hash, created_at) "
            "VALUES ('from-before-players', 'unclaimed', NULL, '2000-01-01T00:00:00+00:00')"
        )
    assert store.purge(now + dt.timedelta(hours=23), unused, idle) == 0
    assert store.purge(now + dt.timedelta(hours=25), unused, idle) == 2
    with pytest.raises(UnknownOwner):
        store.progress(never_written, bee_key(day))
    assert store.progress(played, bee_key(day)).found == ["climbed"]
    assert store.purge(now + dt.timedelta(days=399), unused, idle) == 0
    assert store.purge(now + dt.timedelta(days=401), unused, idle) == 2
    with store.dialect.reading() as session:
        left = session.rows_of_text("SELECT kind FROM owners")
        words = session.rows_of_text("SELECT count(*) AS n FROM words_found")
    assert (left, words) == ([{"kind": "unclaimed"}], [{"n": 0}])


def test_a_store_before_expiry_gets_the_time_of_each_owners_last_write(
    progress_store: str | Path,
) -> None:
    day = dt.date(2024, 1, 10)
    store = Progress(progress_store)
    try:
        played, unused = new_player(store), new_player(store)
        store.add_word(played, bee_key(day), bee_facts(day), "climbed", 14)
        with store.dialect.writing() as session:  # the shape before upgrade 003
            session.run_text("ALTER TABLE owners DROP COLUMN written_at")
    finally:
        store.close()
    upgraded = Progress(progress_store)
    try:
        assert [(u.number, u.name) for u in upgraded.applied] == [(3, "written_at")]
        with upgraded.dialect.reading() as session:
            rows = session.rows_of_text("SELECT secret_hash, written_at FROM owners")
        written = {row["secret_hash"]: row["written_at"] for row in rows}
        assert written[unused.player] is None  # never written to: unused from its making
        assert written[played.player] is not None  # idle from the upgrade on
        assert upgraded.progress(played, bee_key(day)).found == ["climbed"]
    finally:
        upgraded.close()
    again = Progress(progress_store)
    again.close()
    assert again.applied == []
