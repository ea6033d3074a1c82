"""The toy game's two-puzzle archive, written into a warehouse as a scrape would have left it,
and the verdicts the build reads from it."""

from __future__ import annotations

import datetime as dt

import duckdb
import numpy as np

from pipeline.dates import day_number
from pipeline.model.evidence import Verdicts
from tests.toy_game import GAME
from tests.toy_game.rules import allows

# date: (letters, the words accepted)
PUZZLES = {
    dt.date(2024, 1, 10): ("abel", ("able", "bale")),
    dt.date(2025, 1, 10): ("abels", ("able", "bales", "blab")),
}


def write_archive(con: duckdb.DuckDBPyConnection) -> None:
    """Write the toy's puzzles and answers, and its rows of official_answers."""
    puzzles, answers = GAME.table("puzzles"), GAME.table("answers")
    con.execute(f"CREATE TABLE {puzzles} (date DATE PRIMARY KEY, letters VARCHAR NOT NULL)")
    con.execute(f"CREATE TABLE {answers} (date DATE NOT NULL, word VARCHAR NOT NULL)")
    for date, (letters, words) in PUZZLES.items():
        con.execute(f"INSERT INTO {puzzles} VALUES (?, ?)", [date, letters])
        for word in words:
            con.execute(f"INSERT INTO {answers} VALUES (?, ?)", [date, word])
            con.execute("INSERT INTO official_answers VALUES (?, ?, ?)", [GAME.name, date, word])


def verdicts(con: duckdb.DuckDBPyConnection, as_of: dt.date, universe: list[str]) -> Verdicts:
    """Return every eligible word's verdict of each toy puzzle before `as_of`, by day and word."""
    day, word_id, accepted = [], [], []
    for date, letters in con.execute(
        f"SELECT date, letters FROM {GAME.table('puzzles')} WHERE date < ? ORDER BY date", [as_of]
    ).fetchall():
        answers = {word for (word,) in con.execute(
            f"SELECT word FROM {GAME.table('answers')} WHERE date = ?", [date]
        ).fetchall()}  # fmt: skip
        for position, word in enumerate(universe):
            if allows(letters, word):
                day.append(day_number(date))
                word_id.append(position)
                accepted.append(word in answers)
    return Verdicts(
        np.array(day, dtype=np.int32), np.array(word_id, dtype=np.int32), np.array(accepted, bool)
    )
