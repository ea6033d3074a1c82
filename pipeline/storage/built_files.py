"""The files the build writes beside the lists for the commands a person waits on (`today` reads
a game's days, `explain` the index by word), and the manifest that vouches for them.

They answer those commands' queries without the warehouse, and so hold what the warehouse held
when they were written: the manifest (`built_from.json`) names them with the stamp (size and
modification time) of the warehouse file the build committed. Any stage that commits the
warehouse since replaces that file, and its stamp with it: the files are then not fresh, and the
commands read the warehouse, as they would without them. Staged and published with the lists
(storage/custom_lists.py): the manifest last.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline import config

if TYPE_CHECKING:
    from pipeline.games.game import Game

MANIFEST = "built_from.json"
FORMAT = 3  # of the files and the manifest: a reader of another format reads the warehouse
# (3: the words' file holds each word's other forms and each sense's synonyms and hypernyms)
EXPLAIN_WORDS_FILE = "explain_words.cols"  # the words' own facts, every game's evidence on them


def days_file(game: Game) -> str:
    """Return the file name of a game's days (`pipeline today`)."""
    return f"{game.slug}_days.jsonl"


def explain_file(game: Game) -> str:
    """Return the file name of a game's decisions and verdicts by word (`pipeline explain`)."""
    return f"{game.slug}_explain.cols"


def run_files(games: Iterable[Game]) -> list[str]:
    """Return the files every build writes, whichever games it builds (the manifest last)."""
    return [*(days_file(game) for game in games), EXPLAIN_WORDS_FILE, MANIFEST]


def stamp(path: Path) -> dict[str, int] | None:
    """Return the size and modification time of a file (None when it is missing): a stage that
    commits the warehouse replaces the file, and changes them."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return {"size": found.st_size, "mtime_ns": found.st_mtime_ns}


def read_manifest(folder: Path | None = None) -> dict[str, Any]:
    """Return the published manifest ({} when it is missing or unreadable)."""
    try:
        found = json.loads((folder or config.custom_dir()).joinpath(MANIFEST).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def fresh_files() -> set[str]:
    """Return the names of the files the manifest vouches for, when it was written for the
    warehouse as it is now (none otherwise)."""
    manifest = read_manifest()
    warehouse = stamp(config.warehouse_path())
    if warehouse is None or manifest.get("warehouse") != warehouse:
        return set()
    if manifest.get("format") != FORMAT:
        return set()
    return set(manifest.get("files", ()))


def fresh_paths(*names: str) -> list[Path] | None:
    """Return the paths of the named files when every one is fresh and present, else None."""
    fresh = fresh_files()
    paths = [config.custom_dir() / name for name in names]
    if not all(name in fresh for name in names) or not all(path.is_file() for path in paths):
        return None
    return paths
