"""`pipeline changes`: the NYT changing its mind, from the verdict_changes table the scrape
stage keeps (every verdict on each word the NYT both accepted and left out where it qualified).

A flip is a verdict unlike the word's verdict in the puzzle before (accepted-then-rejected, or
rejected-then-accepted); a change made during a day (a source that copied the day earlier
disagreeing with the day's final list, as the 3 a.m. bulk archive and `hamachi` on 2023-12-02)
is a correction, not a flip. Every count is over the window asked for.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import duckdb

from pipeline.errors import UserError
from pipeline.games import Game
from pipeline.games.windows import require_stored_puzzles
from pipeline.report.changes import ALL, KINDS, Changes
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from pipeline.table import Table


@dataclass(frozen=True)
class ChangesAsked:
    """Which of a game's changes of mind are asked for: a window (the whole archive by default),
    one word's or every word's, one kind of flip or all."""

    game: Game
    first: dt.date | None = None
    last: dt.date | None = None
    word: str | None = None
    kind: str = ALL

    def params(self, con: Connection) -> dict:
        """Return the parameters of the changes queries, once the kind and the table are checked."""
        if self.kind not in (ALL, *KINDS):
            raise UserError(f"unknown kind {self.kind!r}: use one of {', '.join((*KINDS, ALL))}")
        warehouse.require_tables(con, "verdict_changes", stage_hint="pipeline scrape")
        require_stored_puzzles(con, self.game, self.first, self.last)
        return {
            "game": self.game.name,
            "first": self.first,
            "last": self.last,
            "word": self.word,
            "kind": self.kind,
        }


def changes_relation(con: Connection, asked: ChangesAsked) -> duckdb.DuckDBPyRelation:
    """Return the words of a game's changes over a window as a relation (for `--format`)."""
    return con.sql(warehouse.sql("changes/words"), params=asked.params(con))


def changes(con: Connection, asked: ChangesAsked) -> Changes:
    """Return a game's changes of mind over a window (one word's, with `word`)."""
    params = asked.params(con)
    words = warehouse.query(con, "changes/words", params)
    corrections = warehouse.query(con, "changes/corrections", params)
    return Changes(asked.game, asked.first, asked.last, asked.kind, words, corrections)


def new_flips(con: Connection, dates: list[dt.date]) -> Table:
    """Return the flips on the given dates (the days a scrape just loaded), every game's."""
    return warehouse.query(con, "changes/new_flips", {"dates": dates})


def changes_record(found: Changes) -> dict:
    """Return a game's changes as one JSON object: the window, the counts, per year, the
    corrections and every word with its flips and history."""
    from pipeline.render.json import records

    return {
        "game": found.game.name,
        "since": found.first,
        "until": found.last,
        "kind": found.kind,
        "counts": found.counts(),
        "by_year": records(found.by_year()),
        "corrections": records(found.corrections),
        "words": records(found.words),
    }
