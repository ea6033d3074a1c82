"""The index by word that `pipeline explain` reads instead of the warehouse (storage/built_files.py
says when it is fresh): the answers of explain's queries for every word, written by the build.

`explain_words.cols` holds the words' own facts and what each game's archive says of them: per
word, the rows of `explain/word`, of each game's word queries (its hook `explain_queries`:
`explain/not_accepted`, `explain/letter_boxed_lists`, ...) and of `explain/wordnet`, each query run
once for every word, and the senses a clue is made of
(`clues/word_senses`, which `today --clues` reads too: `ExplainIndex.open_fresh(games=())`). `<game>_explain.cols` holds a game's decisions and past verdicts:
the rows of `explain/custom` for every universe word, beside the verdicts the backtest stores
(written from the very rows the build stores, in their order: by word, then date), and the
game's rule (`explain/rule`) in its meta. A column or a query added later is one more column or
table of a file.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.games import GAMES, Game
from pipeline.storage import built_files
from pipeline.storage.closing import Closing
from pipeline.storage.column_file import ColumnFile, TableReader, write_column_file
from pipeline.table import Table

if TYPE_CHECKING:
    import numpy as np

    from pipeline.storage.warehouse import Connection

# The queries of `explain` on the words' own facts, answered by the words' file beside the games'
# word queries: one table each, grouped by word.
WORD, WORDNET = "explain/word", "explain/wordnet"
SENSES = "clues/word_senses"  # a clue's senses, by word: its $words, a list of words
CUSTOM, VERDICTS, RULE = "explain/custom", "explain/verdicts", "explain/rule"
EVERY_WORD = {"word": None}  # a query's $word: NULL answers for every word, ordered by word


# --- writing (the build) -------------------------------------------------------------------------


def word_queries(game_queries: Iterable[str]) -> tuple[str, ...]:
    """Return the word queries the words' file answers: the words' own facts and the games' word
    queries (each once, in their order)."""
    return (
        WORD,
        *dict.fromkeys(name for name in game_queries if name not in (WORD, WORDNET)),
        WORDNET,
    )


def write_word_file(con: Connection, path: Path, build_id: str, queries: tuple[str, ...]) -> None:
    """Write the words' file: each word query's rows for every word (`word_queries`)."""
    write_column_file(path, word_tables(con, queries), {"build": build_id})


def word_tables(con: Connection, queries: tuple[str, ...]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield the words' file's tables, a query at a time (the answers of all of them at once
    held 500 MB)."""
    from pipeline.storage import warehouse

    for name in queries:
        yield from grouped_tables(name, warehouse.run(con, name, EVERY_WORD).fetchnumpy()).items()
    senses = warehouse.run(con, SENSES, {"words": None}).fetchnumpy()
    yield from grouped_tables(SENSES, senses).items()


def write_game_file(
    game: Game,
    custom: Mapping[str, Any],
    verdicts: Mapping[str, np.ndarray],
    rules: list[str],
    build_id: str,
    path: Path,
) -> None:
    """Write a game's file: `explain/custom`'s columns for every universe word (by word id, as
    the build decided them) and each word's verdicts, from the columns the build stored in
    backtest (day, word_id, accepted, predicted; by word id, then day)."""
    import numpy as np

    words = len(custom["word"])
    word_id = np.asarray(verdicts["word_id"])
    if len(word_id) and (word_id[-1] >= words or np.any(np.diff(word_id) < 0)):
        raise RuntimeError("the verdicts are not by word id of the game's universe words")
    ends = np.searchsorted(word_id, np.arange(words), side="right").astype(np.int64)
    rows = {
        "date": np.asarray(verdicts["day"]).astype("datetime64[D]"),
        "accepted": np.asarray(verdicts["accepted"], dtype=bool),
        "predicted": np.asarray(verdicts["predicted"], dtype=bool),
    }
    meta = {"build": build_id, "game": game.name, "rules": rules}
    tables = {CUSTOM: {**custom, "verdicts_end": ends}, VERDICTS: rows}
    write_column_file(path, tables.items(), meta)


def grouped_tables(name: str, columns: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Return a query's rows (by word) as two tables: `NAME` with each word once and where its
    rows end, and `NAME/rows` with the other columns."""
    import numpy as np

    words = np.asarray(columns.pop("word"), dtype=object)
    first = np.r_[True, words[1:] != words[:-1]] if len(words) else np.zeros(0, dtype=bool)
    starts = np.flatnonzero(first)
    ends = np.append(starts[1:], len(words)).astype(np.int64) if len(words) else starts
    keys = {"word": words[starts], "end": ends.astype(np.int64)}
    return {name: keys, f"{name}/rows": columns}


def file_build(name: str) -> str | None:
    """Return the build that wrote a published explain file (None: missing or unreadable)."""
    from pipeline import config
    from pipeline.storage.column_file import ColumnFileError

    try:
        with ColumnFile(config.custom_dir() / name) as found:
            return str(found.meta.get("build"))
    except (OSError, ColumnFileError):
        return None


# --- reading (`pipeline explain`) ----------------------------------------------------------------


@dataclass
class ExplainIndex(Closing):
    """The index files, opened: answers explain's queries by word (a `Reader`)."""

    words: ColumnFile
    games: dict[str, ColumnFile]

    @classmethod
    def open_fresh(cls, games: tuple[Game, ...] = GAMES) -> ExplainIndex | None:
        """Return the index (the words' file, and the files of `games`) when the build wrote it
        from the warehouse as it is now, else None."""
        names = [built_files.EXPLAIN_WORDS_FILE, *map(built_files.explain_file, games)]
        paths = built_files.fresh_paths(*names)
        if paths is None:
            return None
        words, *opened = map(ColumnFile, paths)
        return cls(words, {game.name: found for game, found in zip(games, opened, strict=True)})

    def close(self) -> None:
        """Unmap the files."""
        for found in (self.words, *self.games.values()):
            found.close()

    def table_exists(self, table: str) -> bool:
        """Return True: the build wrote the index from a warehouse that has every table."""
        return True

    def query(self, name: str, params: Mapping[str, Any] | None = None) -> Table:
        """Return what the named query of explain answers for one word (or one game's rule)."""
        params = params or {}
        if name == SENSES:
            return words_rows(self.words, name, params["words"])
        if name in self.words.tables:  # a word query: the words' own facts or a game's
            return word_rows(self.words, name, params["word"])
        game = self.games[params["game"]]
        if name == RULE:
            return Table(("description",), [(rule,) for rule in game.meta["rules"]])
        if name == CUSTOM:
            return custom_rows(game.tables[CUSTOM], params["word"])
        if name == VERDICTS:
            return verdict_rows(game, params["word"])
        raise KeyError(f"the explain index does not answer {name}")


def word_rows(file: ColumnFile, name: str, word: str) -> Table:
    """Return a word query's rows for one word (with the word first, as the query has it)."""
    keys, rows = file.tables[name], file.tables[f"{name}/rows"]
    columns = ("word", *rows.columns)
    found = keys.find("word", word)
    if found is None:
        return Table(columns, [])
    start = keys.values("end", found - 1, found)[0] if found else 0
    end = keys.values("end", found, found + 1)[0]
    return Table(columns, [(word, *row) for row in table_rows(rows, start, end)])


def words_rows(file: ColumnFile, name: str, words: list[str]) -> Table:
    """Return a word query's rows for a list of words, by word (as the query orders them)."""
    found = [word_rows(file, name, word) for word in sorted(set(words))]
    columns = ("word", *file.tables[f"{name}/rows"].columns)
    return Table(columns, [row for table in found for row in table.rows])


def custom_rows(table: TableReader, word: str) -> Table:
    """Return `explain/custom`'s row of one word (none outside the universe)."""
    columns = tuple(name for name in table.columns if name != "verdicts_end")
    found = table.find("word", word)
    return Table(columns, [] if found is None else [table.row(found, columns)])


def verdict_rows(file: ColumnFile, word: str) -> Table:
    """Return `explain/verdicts`'s rows of one word: date, accepted, predicted, by date."""
    custom, verdicts = file.tables[CUSTOM], file.tables[VERDICTS]
    columns = tuple(verdicts.columns)
    found = custom.find("word", word)
    if found is None:
        return Table(columns, [])
    start = custom.values("verdicts_end", found - 1, found)[0] if found else 0
    end = custom.values("verdicts_end", found, found + 1)[0]
    return Table(columns, table_rows(verdicts, start, end))


def table_rows(table: TableReader, start: int, end: int) -> list[tuple]:
    """Return the rows of a table from `start` up to `end`, every column."""
    values = [table.values(name, start, end) for name in table.columns]
    return list(zip(*values, strict=True)) if values else [() for _ in range(end - start)]
