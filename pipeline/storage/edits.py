"""Hand edits of the custom dictionaries: `data/custom/edits.tsv`, committed and reviewed.

One edit a line, tab-separated: `game`, `word`, `in` or `out`, `reason`. A first line naming the
columns and lines starting with `#` (and blank lines) are skipped. The build applies the edits
after the evidence: they decide the final lists and `custom_words`, not the backtest (the NYT's
own later verdicts are what the backtest judges); the report counts the window's pairs they would
have changed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from pipeline import config
from pipeline.errors import UserError
from pipeline.games import GAMES, Game
from solvers.masks import is_plain_word

EDITS_FILE = "edits.tsv"
HEADER = ("game", "word", "in/out", "reason")
VERDICTS = {"in": True, "out": False}


@dataclass(frozen=True)
class Edit:
    """One hand edit: a game's word forced in or out, and why."""

    game: str
    word: str
    included: bool
    reason: str
    line_number: int

    def describe(self) -> str:
        """Return the edit as the reason a decision gives."""
        return f"{'in' if self.included else 'out'} by hand edit: {self.reason}"


def edits_path() -> Path:
    """Return the edits file (`data/custom/edits.tsv`, or `PIPELINE_EDITS`)."""
    value = os.environ.get("PIPELINE_EDITS", "").strip()
    return Path(value).expanduser() if value else config.custom_dir() / EDITS_FILE


def read_edits(path: Path | None = None) -> list[Edit]:
    """Return the edits of a file (none when it does not exist); a bad line is a UserError that
    names its number."""
    path = path or edits_path()
    if not path.exists():
        return []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise UserError(f"cannot read the edits file {path} ({error.__class__.__name__})") from None
    edits: dict[tuple[str, str], Edit] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#") or _is_header(line):
            continue
        try:
            edit = parse_edit(line, number)
        except ValueError as error:
            raise UserError(f"{path} line {number}: {error}") from None
        if (edit.game, edit.word) in edits:
            first = edits[edit.game, edit.word].line_number
            raise UserError(
                f"{path} line {number}: {edit.game} {edit.word!r} is edited already on line {first}"
            )
        edits[edit.game, edit.word] = edit
    return list(edits.values())


def _is_header(line: str) -> bool:
    """Return True for the line naming the columns."""
    return tuple(field.strip().lower() for field in line.split("\t")) == HEADER


def parse_edit(line: str, number: int) -> Edit:
    """Return the edit of one line; a malformed line is a ValueError saying what is wrong."""
    fields = [field.strip() for field in line.split("\t")]
    if len(fields) != len(HEADER):
        raise ValueError(
            f"expected 4 tab-separated fields (game, word, in/out, reason), found {len(fields)}"
        )
    game, word, verdict, reason = fields
    game_of(game)
    if not is_plain_word(word):
        raise ValueError(f"{word!r} is not a word of the lowercase letters a-z")
    if len(word) < game_of(game).min_length:
        raise ValueError(f"{word!r} is shorter than {game} allows ({game_of(game).min_length}+)")
    if verdict not in VERDICTS:
        raise ValueError(f"the third field must be 'in' or 'out', not {verdict!r}")
    if not reason:
        raise ValueError("the reason is empty: say why the word is edited")
    return Edit(game, word, VERDICTS[verdict], reason, number)


def game_of(name: str) -> Game:
    """Return the game an edit names; an unknown one is a ValueError."""
    for game in GAMES:
        if game.name == name:
            return game
    raise ValueError(f"unknown game {name!r}: use one of {', '.join(g.name for g in GAMES)}")


def edit_columns(edits: list[Edit], game: Game) -> dict[str, list]:
    """Return one game's edits as the columns handed over to the build's SQL."""
    chosen = [edit for edit in edits if edit.game == game.name]
    return {
        "word": [edit.word for edit in chosen],
        "included": [edit.included for edit in chosen],
        "reason": [edit.reason for edit in chosen],
        "line_number": [edit.line_number for edit in chosen],
    }
