"""`pipeline changes`: the NYT changing its mind, from the verdict_changes table the scrape
stage keeps (every verdict on each word the NYT both accepted and left out where it qualified).

A flip is a verdict unlike the word's verdict in the puzzle before (accepted-then-rejected, or
rejected-then-accepted); a change made during a day (a source that copied the day earlier
disagreeing with the day's final list, as the 3 a.m. bulk archive and `hamachi` on 2023-12-02)
is a correction, not a flip. Every count is over the window asked for.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass

import duckdb

from pipeline.errors import UserError
from pipeline.games import Game
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from pipeline.table import Table

KINDS = ("accepted-then-rejected", "rejected-then-accepted")
ALL = "all"


@dataclass(frozen=True)
class Changes:
    """A game's changes of mind over a window: one row per word, and the same-day corrections."""

    game: Game
    first: dt.date | None
    last: dt.date | None
    kind: str
    words: Table  # changes/words.sql: word, counts, state, flips and history
    corrections: Table  # date, word, correction, source

    def counts(self) -> dict[str, int]:
        """Return how many words have both verdicts, a flip of each kind, or are out now, and
        how many same-day corrections there were."""
        flips = [flip["change"] for flips in self.words.column("flips") for flip in flips]
        kinds = {
            kind: sum(
                any(f["change"] == kind for f in flips) for flips in self.words.column("flips")
            )
            for kind in KINDS
        }
        return {
            "words_with_both_verdicts": len(self.words.rows),
            "accepted_then_rejected": kinds[KINDS[0]],
            "rejected_then_accepted": kinds[KINDS[1]],
            "currently_out": self.words.column("state").count("out"),
            "flips": len(flips),
            "corrections": len(self.corrections.rows),
        }

    def by_year(self) -> Table:
        """Return the flips of each kind and the corrections per year of the window."""
        flips = Counter(
            (str(flip["date"].year), flip["change"])
            for flips in self.words.column("flips")
            for flip in flips
        )
        corrections = Counter(str(date.year) for date in self.corrections.column("date"))
        years = sorted({year for year, _ in flips} | set(corrections))
        rows = [
            (year, flips[year, KINDS[0]], flips[year, KINDS[1]], corrections[year])
            for year in years
        ]
        return Table(
            ("year", "accepted_then_rejected", "rejected_then_accepted", "corrections"), rows
        )


def changes_relation(
    con: Connection,
    game: Game,
    first: dt.date | None = None,
    last: dt.date | None = None,
    word: str | None = None,
    kind: str = ALL,
) -> duckdb.DuckDBPyRelation:
    """Return the words of a game's changes over a window as a relation (for `--format`)."""
    check_kind(kind)
    warehouse.require_tables(con, "verdict_changes", stage_hint="pipeline scrape")
    params = {"game": game.name, "first": first, "last": last, "word": word, "kind": kind}
    return con.sql(warehouse.sql("changes/words"), params=params)


def check_kind(kind: str) -> None:
    """Raise a UserError for a kind of flip that is not one."""
    if kind not in (ALL, *KINDS):
        raise UserError(f"unknown kind {kind!r}: use one of {', '.join((*KINDS, ALL))}")


def changes(
    con: Connection,
    game: Game,
    first: dt.date | None = None,
    last: dt.date | None = None,
    word: str | None = None,
    kind: str = ALL,
) -> Changes:
    """Return a game's changes of mind over a window (one word's, with `word`)."""
    check_kind(kind)
    warehouse.require_tables(con, "verdict_changes", stage_hint="pipeline scrape")
    params = {"game": game.name, "first": first, "last": last, "word": word, "kind": kind}
    words = warehouse.query(con, "changes/words", params)
    corrections = warehouse.query(con, "changes/corrections", params)
    return Changes(game, first, last, kind, words, corrections)


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
