"""Word lists by `--dictionary` name: a built custom list, a word file, or a warehouse list."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline import config
from pipeline.errors import UserError
from pipeline.games import Game
from solvers.masks import Mask, Word, is_plain_word

if TYPE_CHECKING:
    from pipeline.storage.warehouse import Connection

CUSTOM = "custom"
WORDFREQ_TOP = re.compile(r"wordfreq_top(\d+)(k?)")
WORD_LINE_FLAGS = re.MULTILINE | re.IGNORECASE


@dataclass(frozen=True)
class WordList:
    """A named list of words; a warehouse list also brings each word's stored letter mask. Its
    words are sorted, unless they are a game's candidates in display order (`display_order`)."""

    name: str
    words: list[Word]
    masks: list[Mask] | None = None
    display_order: bool = False


def needs_warehouse(name: str) -> bool:
    """Return True when a `--dictionary` value names a list stored in the warehouse."""
    if name == CUSTOM:
        return False
    return bool(WORDFREQ_TOP.fullmatch(name)) or ("/" not in name and not Path(name).exists())


def file_word_list(name: str, game: Game, within: str | None = None) -> WordList:
    """Return the game's custom list (`custom`) or the words of a file; with `within`, only the
    words made of those letters. A list with no word long enough for the game is a UserError."""
    path = Path(name)
    if name == CUSTOM:
        path = config.custom_dir() / game.custom_file
        if not path.exists():
            raise UserError(config.missing_custom_list(path))
    text = read_word_text(path)
    if within is None:
        return require_game_words(WordList(name, plain_words(text)), game)
    if not re.search(rf"^[ \t]*[a-z]{{{game.min_length},}}[ \t\r]*$", text, WORD_LINE_FLAGS):
        require_game_words(WordList(name, plain_words(text)), game)  # raises, naming the count
    letters = re.escape("".join(sorted(set(within.lower()))))
    # A line is found by its newline (the first one added): a literal the search skips to, three
    # times faster than testing `^` at every character.
    line = re.compile(rf"\n[ \t]*([{letters}]+)[ \t\r]*(?=\n|\Z)", re.IGNORECASE)
    return WordList(name, sorted({word.lower() for word in line.findall("\n" + text)}))


@dataclass(frozen=True)
class MaybeWord:
    """A word of a game's maybe tier: its probability, and whether the custom list holds it."""

    word: Word
    probability: float
    in_list: bool


def read_maybe_list(game: Game, letters: str | None = None) -> list[MaybeWord]:
    """Return the game's maybe words (the file the build writes beside the custom list), only
    those made of `letters` when given; none when the file is missing (a list built by an older
    version) or unreadable."""
    rows = word_rows(config.custom_dir() / game.maybe_file, letters, fields=2)
    return [
        MaybeWord(word, float(probability), in_list == "in") for word, probability, in_list in rows
    ]


def read_zipf(game: Game, letters: str | None = None) -> dict[Word, float]:
    """Return the Zipf frequency of the game's words (only those made of `letters` when given):
    the file the build writes beside the custom list, every universe word with a frequency (a
    word it lacks is 0); empty when the file is missing (a list built by an older version) or
    unreadable."""
    rows = word_rows(config.custom_dir() / game.zipf_file, letters, fields=1)
    return {word: float(zipf) for word, zipf in rows}


def zipf_lookup(game: Game) -> Mapping[Word, float]:
    """Return the Zipf frequency of each of the game's words as read_zipf does, looked up in
    the file when asked (it is written sorted by word): opening it is one read and one scan for
    line ends, milliseconds where parsing its 288,000 lines takes 0.3 s."""
    try:
        return SortedWordValues((config.custom_dir() / game.zipf_file).read_bytes())
    except OSError:
        return {}


class SortedWordValues(Mapping[Word, float]):
    """The rows of a `word<TAB>number` file sorted by word, after a header line, found by
    bisection over the file's bytes (no index of its lines is built: a lookup reads a few dozen
    lines, and nothing but the bytes is loaded)."""

    def __init__(self, data: bytes) -> None:
        """Keep the file's bytes; the rows start after the header's line."""
        self._data = data
        self._first = data.find(b"\n") + 1 if b"\n" in data else len(data)
        self._found: dict[Word, float | None] = {}  # each word looked up once

    def _line_around(self, at: int, first: int) -> tuple[int, int]:
        """Return the start and end of the line holding byte `at` (not before `first`)."""
        start = max(self._data.rfind(b"\n", 0, at) + 1, first)
        end = self._data.find(b"\n", start)
        return start, len(self._data) if end < 0 else end

    def _number_of(self, key: bytes) -> bytes | None:
        """Return the number of a word's line, or None when the file has no such word."""
        low, high = self._first, len(self._data)  # the word's line, if any, starts in [low, high)
        while low < high:
            start, end = self._line_around((low + high) // 2, low)
            word, _, number = self._data[start:end].partition(b"\t")
            if word == key:
                return number.rstrip(b"\r")
            if word < key:
                low = end + 1
            else:
                high = start
        return None

    def __getitem__(self, word: Word) -> float:
        """Return the number of a word; KeyError when the file does not have it."""
        if word not in self._found:
            number = self._number_of(word.encode("ascii", "replace"))
            self._found[word] = None if number is None else float(number)
        value = self._found[word]
        if value is None:
            raise KeyError(word)
        return value

    def _rows(self) -> list[bytes]:
        """Return the file's rows after the header."""
        return [line for line in self._data[self._first :].split(b"\n") if line.strip()]

    def __iter__(self) -> Iterator[Word]:
        """Yield the file's words in order."""
        return (row.partition(b"\t")[0].decode("ascii") for row in self._rows())

    def __len__(self) -> int:
        """Return the number of rows."""
        return len(self._rows())

    def __bool__(self) -> bool:
        """Return True when the file has a row, reading up to the first one (not every row, as
        `len` would: `if not zipf` is asked once per board solved)."""
        start = self._first
        while start < len(self._data):
            end = self._data.find(b"\n", start)
            end = len(self._data) if end < 0 else end
            if self._data[start:end].strip():
                return True
            start = end + 1
        return False


def word_rows(path: Path, letters: str | None, fields: int) -> list[tuple[str, ...]]:
    """Return the rows (word and `fields` tab-separated fields) of a file the build writes
    beside a list, after its header line, only those whose word is made of `letters` when
    given; none when the file is missing or unreadable."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    word_pattern = f"[{re.escape(letters)}]+" if letters else "[a-z]+"
    # One search over the file, from line to line by their newlines (most words use other
    # letters: they are never split or parsed).
    cells = r"\t([^\t\r\n]*)" * fields
    row = re.compile(rf"\n({word_pattern}){cells}\r?(?=\n|\Z)")
    header_end = text.find("\n")
    return row.findall(text, header_end) if header_end >= 0 else []


def plain_words(text: str) -> list[Word]:
    """Return the sorted distinct lowercase a-z words of a one-word-a-line text (a text that is
    already that, as the build writes its lists, is read as it is: 30 ms, not 0.6 s)."""
    if PLAIN_LINES.fullmatch(text):
        words = text.split()
        if all(first < second for first, second in zip(words, words[1:], strict=False)):
            return words
    lowered = (line.strip().lower() for line in text.splitlines())
    return sorted({word for word in lowered if is_plain_word(word)})


PLAIN_LINES = re.compile(r"(?:[a-z]+\n)*[a-z]*")  # lowercase a-z words, one a line


NOT_A_WORD_LIST = "not a text word list (one word a line)"


def read_word_text(path: Path) -> str:
    """Return the text of a word file; a folder, an unreadable file, a binary one or one that is
    not UTF-8 text is a UserError that says which in plain words."""
    if path.is_dir():
        raise UserError(f"cannot read word list {path}: it is a folder")
    try:
        data = path.read_bytes()
    except OSError as error:
        why = (error.strerror or error.__class__.__name__).lower()
        raise UserError(f"cannot read word list {path}: {why}") from None
    if b"\0" in data:
        raise UserError(f"cannot read word list {path}: it is a binary file, {NOT_A_WORD_LIST}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UserError(
            f"cannot read word list {path}: its byte {error.start + 1:,} is not UTF-8 text, "
            f"{NOT_A_WORD_LIST}"
        ) from None


def require_game_words(word_list: WordList, game: Game) -> WordList:
    """Return the list, or raise a UserError when it has no word long enough for the game."""
    if not any(len(word) >= game.min_length for word in word_list.words):
        raise UserError(
            f"the word list {word_list.name} has no word of {game.min_length} letters or more "
            f"(it has {len(word_list.words):,} words of a-z): nothing to solve {game.title} with"
        )
    return word_list


def warehouse_sources(con: Connection) -> list[str]:
    """Return the names of the word lists stored in the warehouse."""
    from pipeline.storage import warehouse

    warehouse.require_tables(con, "word_sources", stage_hint="pipeline words")
    return [row[0] for row in warehouse.run(con, "solve/word_list_names").fetchall()]


def warehouse_word_list(con: Connection, name: str) -> WordList:
    """Return a warehouse source's words, or wordfreq's N most frequent (`wordfreq_top50k`)."""
    from pipeline.storage import warehouse

    warehouse.require_tables(con, "words", stage_hint="pipeline words")
    if top := WORDFREQ_TOP.fullmatch(name):
        limit = int(top.group(1)) * (1000 if top.group(2) else 1)
        rows = warehouse.run(con, "solve/wordfreq_top_words", {"limit": limit}).fetchall()
        return stored_word_list(name, rows)
    require_source(con, name)
    rows = warehouse.run(con, "solve/word_list_words", {"name": name}).fetchall()
    return stored_word_list(name, rows)


def require_source(con: Connection, name: str) -> None:
    """Raise a UserError unless the warehouse stores a word list of that name."""
    sources = warehouse_sources(con)
    if name not in sources:
        known = ", ".join([CUSTOM, *sources, "wordfreq_topN"])
        raise UserError(
            f"unknown dictionary {name!r}: use one of {known}, or a path to a word file"
        )


def warehouse_candidates(con: Connection, name: str, min_length: int, max_letters: int) -> WordList:
    """Return a stored list's candidates of a game whose answers have `min_length` letters or
    more and at most `max_letters` distinct ones, with their masks, longest first, then
    alphabetically (the Spelling Bee subsets solver's display order, sorted by DuckDB)."""
    from pipeline.storage import warehouse

    if WORDFREQ_TOP.fullmatch(name):
        return warehouse_word_list(con, name)  # sorted: the solver orders its candidates
    warehouse.require_tables(con, "words", stage_hint="pipeline words")
    require_source(con, name)
    params = {"name": name, "min_length": min_length, "max_letters": max_letters}
    rows = warehouse.run(con, "solve/spelling_bee_candidates", params).fetchall()
    return WordList(name, [word for word, _ in rows], [mask for _, mask in rows], True)


def stored_word_list(name: str, rows: list[tuple[Word, Mask]]) -> WordList:
    """Return a word list from the warehouse's (word, letter_mask) rows."""
    return WordList(name, [word for word, _ in rows], [mask for _, mask in rows])
