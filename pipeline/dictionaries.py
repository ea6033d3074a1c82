"""Word lists by name (a warehouse source, a built custom list, wordfreq's top N) or by file."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pipeline import config, warehouse
from pipeline.errors import UserError
from solvers.masks import Word

CUSTOM_FILES = {"spelling-bee": "spelling_bee.txt", "letter-boxed": "letter_boxed.txt"}
WORDFREQ_TOP = re.compile(r"wordfreq_top(\d+)(k?)")


@dataclass(frozen=True)
class WordList:
    """A named list of words."""

    name: str
    words: list[Word]


def load_word_list(name: str, game: str = "spelling-bee") -> WordList:
    """Return the word list a `--dictionary` value names: custom, a warehouse source, or a file."""
    if name == "custom":
        return read_word_file(
            config.custom_dir() / CUSTOM_FILES[game], "custom", hint="run `make dictionary`"
        )
    if WORDFREQ_TOP.fullmatch(name) or "/" not in name and not Path(name).exists():
        return warehouse_word_list(name)
    return read_word_file(Path(name), name)


def read_word_file(path: Path, name: str, hint: str = "") -> WordList:
    """Return the words of a file, one per line (blank lines and case ignored)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        extra = f": {hint}" if hint else ""
        raise UserError(
            f"cannot read word list {path} ({error.__class__.__name__}){extra}"
        ) from None
    return WordList(
        name, sorted({line.strip().lower() for line in text.splitlines() if line.strip()})
    )


def warehouse_sources() -> list[str]:
    """Return the names of the word lists stored in the warehouse."""
    con = warehouse.connect(read_only=True)
    warehouse.require_tables(con, "word_sources", stage_hint="pipeline words")
    rows = con.execute(
        "SELECT source FROM word_sources WHERE words_kept IS NOT NULL ORDER BY source"
    )
    return [row[0] for row in rows.fetchall()]


def warehouse_word_list(name: str) -> WordList:
    """Return a warehouse source's words, or wordfreq's N most frequent (`wordfreq_top50k`)."""
    top = WORDFREQ_TOP.fullmatch(name)
    con = warehouse.connect(read_only=True)
    warehouse.require_tables(con, "words", stage_hint="pipeline words")
    if top:
        limit = int(top.group(1)) * (1000 if top.group(2) else 1)
        rows = con.execute("SELECT word FROM words WHERE wordfreq_rank <= $limit", {"limit": limit})
        return WordList(name, [row[0] for row in rows.fetchall()])
    sources = warehouse_sources()
    if name not in sources:
        known = ", ".join(["custom", *sources, "wordfreq_topN"])
        raise UserError(
            f"unknown dictionary {name!r}: use one of {known}, or a path to a word file"
        )
    rows = con.execute(
        "SELECT word FROM words WHERE list_contains(sources, $name) ORDER BY word", {"name": name}
    )
    return WordList(name, [row[0] for row in rows.fetchall()])
