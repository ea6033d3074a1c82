"""The NYT's changes of mind as data and as sections (`pipeline changes`, and the report's
section on reversals): a game's words with both verdicts over a window, counted per kind and
per year, with the same-day corrections. Pure: `stages/changes.py` queries them.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pipeline.render.model import Block, Paragraph, Section, TableBlock
from pipeline.render.text import plural
from pipeline.table import Table

if TYPE_CHECKING:
    from pipeline.games import Game

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


CHANGES_TABLES = ("by_year", "corrections", "words")  # each in the file SLUG_PREFIX_TABLE.csv


def changes_file(game: Game, prefix: str, table: str) -> str:
    """Return the CSV file of one table of a game's changes (`spelling_bee_reversals_words.csv`)."""
    return f"{game.slug}_{prefix}_{table}.csv"


def changes_files(game: Game, prefix: str) -> list[str]:
    """Return the CSV files of a game's changes sections."""
    return [changes_file(game, prefix, table) for table in CHANGES_TABLES]


def changes_sections(
    found: Changes, prefix: str = "changes", limit: int | None = None
) -> list[Section]:
    """Return a game's changes of mind as sections: the counts, per year, the same-day
    corrections, every word with its flips (the report's CSV file; with `limit`, the words with
    the most flips, as many as that, for `pipeline changes`), and (for one word) its whole
    history."""
    first, last = found.first or "the archive's first puzzle", found.last or "its last"
    game = found.game
    sections = [
        Section(
            f"{game.name}-{prefix}",
            f"{game.title}: the NYT's changes of mind ({first} .. {last})",
            blocks=(
                Paragraph(counts_text(found.counts())),
                TableBlock(
                    "by-year",
                    found.by_year(),
                    Table(
                        ("year", "accepted-then-rejected", "rejected-then-accepted", "corrections"),
                        found.by_year().rows,
                    ),
                    caption="Flips of each kind and same-day corrections per year.",
                    file=changes_file(game, prefix, "by_year"),
                ),
                TableBlock(
                    "corrections",
                    found.corrections,
                    caption="Same-day corrections: the day's final list against a source that "
                    "copied it earlier.",
                    file=changes_file(game, prefix, "corrections"),
                ),
                *words_blocks(found.words, changes_file(game, prefix, "words"), limit),
            ),
        )
    ]
    if len(found.words.rows) == 1:
        sections.append(history_section(found, prefix))
    return sections


def counts_text(counts: dict[str, int]) -> str:
    """Return the counts of a game's changes in a sentence."""
    return (
        f"{plural(counts['words_with_both_verdicts'], 'word')} both accepted and left out of a "
        f"puzzle where it qualified: {counts['accepted_then_rejected']:,} dropped after being "
        f"accepted (accepted-then-rejected), {counts['rejected_then_accepted']:,} added after "
        f"being left out (rejected-then-accepted); {counts['currently_out']:,} out as of its "
        f"last puzzle. {plural(counts['flips'], 'flip')} in all, and "
        f"{plural(counts['corrections'], 'same-day correction')} (a word added or removed "
        "during the day: not a flip)."
    )


def history_section(found: Changes, prefix: str) -> Section:
    """Return every verdict on the one word of a game's changes."""
    word = found.words.records()[0]
    rows = [
        (str(h["date"]), "accepted" if h["accepted"] else "left out", h["correction"] or "")
        for h in word.history
    ]
    return Section(
        f"{found.game.name}-{prefix}-{word.word}",
        f"Every verdict on {word.word}",
        level=3,
        blocks=(TableBlock("history", Table(("date", "verdict", "correction"), rows)),),
    )


def words_blocks(words: Table, file: str, limit: int | None) -> list[Block]:
    """Return the blocks of the words with both verdicts: every one (folded and in its CSV file
    when long), or the first `limit` with how many more there are."""
    view = Table(
        ("word", "verdicts", "accepted", "left out", "flips", "now", "last verdict"),
        [
            (w.word, w.verdict_count, w.accepted_count, w.left_out_count)
            + (flips_text(w.flips), w.state, str(w.last_date))
            for w in words.records()
        ],
    )
    caption = (
        "Every such word, the most flips first: its verdicts, its flips (date and the verdict it "
        "turned to) and its state now."
    )
    if limit is None:
        return [TableBlock("words", words, view, caption, file, collapsed=len(words.rows) > 40)]
    shown = Table(view.columns, view.rows[:limit])
    blocks: list[Block] = [TableBlock("words", words, shown, caption, file)]
    if len(view.rows) > limit:
        blocks.append(
            Paragraph(
                f"... and {plural(len(view.rows) - limit, 'more word')} (--limit sets how many; "
                "--format csv --out FILE writes every one)"
            )
        )
    return blocks


def flips_text(flips: list[dict]) -> str:
    """Return a word's flips in a few words: `2025-04-28 out, 2025-06-01 in`."""
    return ", ".join(
        f"{flip['date']} {'out' if flip['change'] == 'accepted-then-rejected' else 'in'}"
        for flip in flips
    )


REVERSALS = "reversals"  # the prefix of the report's changes sections and files


def reversals_files(game: Game) -> list[str]:
    """Return the CSV files of the report's sections on a game's reversals."""
    return [*changes_files(game, REVERSALS), changes_file(game, REVERSALS, "backtest")]


def reversals_section(found: Changes, handled: Table) -> list[Section]:
    """Return the report's sections on the NYT's changes of mind over the whole archive, with how
    the rolling backtest handled each flip."""
    game = found.game
    right = sum(handled.column("predicted_right"))
    flips = sum(handled.column("flips"))
    return [
        *changes_sections(found, prefix=REVERSALS),
        Section(
            f"{game.name}-reversals-backtest",
            "How the custom dictionary handled each flip",
            level=3,
            blocks=(
                Paragraph(
                    f"Of {plural(flips, 'flip')}, the rolling backtest (evidence from before the "
                    f"day only) predicted {right:,} right: a rule that trusts the word's last "
                    "verdict misses every flip, so these are the ones its evidence foresaw."
                ),
                TableBlock(
                    "handled",
                    handled,
                    Table(
                        ("year", "kind", "flips", "predicted right", "not in the backtest"),
                        handled.rows,
                    ),
                    caption="The flips of each year and kind, and how many the backtest predicted "
                    "right (more is better).",
                    file=changes_file(game, REVERSALS, "backtest"),
                ),
            ),
        ),
    ]
