"""The custom word lists the build writes for the user (`data/custom/<game>.txt`, and the maybe
lists and Zipf frequencies beside them), and the files for the commands a person waits on
(storage/built_files.py): staged beside the published files, then published whole or not at all.

A build stages its files, the warehouse file is replaced, then the files are renamed into place
(the manifest last); a run killed in between leaves staged files that the next stage publishes
(their build is the committed one) or removes (their build never committed).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path

from pipeline import config
from pipeline.games import GAMES, Game
from pipeline.storage import built_files, warehouse
from pipeline.storage.warehouse import Connection


def staged_list(game: Game, build_id: str, file_name: str | None = None) -> Path:
    """Return where a build stages a game's word list (or maybe list) before it is published."""
    return staged_file(file_name or game.custom_file, build_id)


def staged_file(file_name: str, build_id: str) -> Path:
    """Return where a build stages a file of data/custom/ before it is published."""
    return config.custom_dir() / f".{file_name}.{build_id}.part"


def game_files(game: Game) -> tuple[str, ...]:
    """Return the files a build of the game writes: its lists, and its explain index."""
    return (*game.list_files, built_files.explain_file(game))


def every_file() -> list[str]:
    """Return the names of every file the build writes in data/custom/ (the manifest last)."""
    return [name for game in GAMES for name in game_files(game)] + built_files.run_files(GAMES)


def stage_word_list(game: Game, words: list[str], build_id: str) -> None:
    """Write a game's new word list beside the published one, one word per line, sorted."""
    _stage_lines(staged_list(game, build_id), [f"{word}\n" for word in words])


def stage_maybe_list(game: Game, rows: list[tuple[str, float, bool]], build_id: str) -> None:
    """Write a game's new maybe list beside the published one: word, probability, included."""
    lines = [MAYBE_HEADER] + [
        f"{word}\t{probability:.4f}\t{'in' if included else 'out'}\n"
        for word, probability, included in rows
    ]
    _stage_lines(staged_list(game, build_id, game.maybe_file), lines)


MAYBE_HEADER = "word\tprobability\tlist\n"


def stage_zipf_list(game: Game, rows: list[tuple[str, float]], build_id: str) -> None:
    """Write the Zipf frequency of each word of the game's universe that has one (the others
    are 0) beside the published list: word, zipf."""
    lines = [ZIPF_HEADER] + [f"{word}\t{zipf:.2f}\n" for word, zipf in rows]
    _stage_lines(staged_list(game, build_id, game.zipf_file), lines)


ZIPF_HEADER = "word\tzipf\n"


def _stage_lines(staged: Path, lines: list[str]) -> None:
    """Write lines to a staged file, flushed to disk."""
    staged.parent.mkdir(parents=True, exist_ok=True)
    with staged.open("w") as handle:
        handle.writelines(lines)
        handle.flush()
        os.fsync(handle.fileno())


def stage_with(file_name: str, build_id: str, write: Callable[[Path], None]) -> None:
    """Stage a file of data/custom/ that `write(path)` writes (flushed to disk)."""
    staged = staged_file(file_name, build_id)
    staged.parent.mkdir(parents=True, exist_ok=True)
    write(staged)


def stage_manifest(build_id: str, files: list[str]) -> None:
    """Stage the manifest naming the files of data/custom/ it vouches for; the warehouse's stamp
    is added once the warehouse is committed (seal_manifest): until then it vouches for none."""
    record = {"format": built_files.FORMAT, "build": build_id, "files": files}
    _stage_lines(staged_file(built_files.MANIFEST, build_id), [json.dumps(record) + "\n"])


def seal_manifest(build_id: str, committed: Path) -> None:
    """Add the stamp of the committed warehouse to the build's staged manifest. An error, or a
    kill while it writes, leaves it unsealed or unreadable: the files are then not fresh, and the
    commands read the warehouse."""
    staged = staged_file(built_files.MANIFEST, build_id)
    with contextlib.suppress(OSError, ValueError):
        record = json.loads(staged.read_text(encoding="utf-8"))
        record["warehouse"] = built_files.stamp(committed)
        _stage_lines(staged, [json.dumps(record) + "\n"])


def recover_word_lists(con: Connection) -> None:
    """Publish or remove the files a killed build left staged (see publish_word_lists)."""
    committed = {}
    if warehouse.table_exists(con, "dictionary_rules"):  # its stage has upgraded it already
        committed = dict(warehouse.run(con, "build/committed_builds").fetchall())
    publish_word_lists(committed)


def discard_staged_lists(build_id: str) -> None:
    """Remove the files a build staged (it failed before its warehouse was committed)."""
    for file_name in every_file():
        with contextlib.suppress(OSError):  # never there, or a folder that takes no change
            staged_file(file_name, build_id).unlink(missing_ok=True)


def publish_word_lists(build_ids: dict[str, str]) -> None:
    """Rename each game's staged files of the given build into place, then the files every build
    writes (of any of these builds), the manifest last; remove every other staged file.

    A build stages its files, the warehouse file is replaced, then the files are renamed into
    place; a run killed in between leaves staged files that the next stage publishes (their
    build is the committed one) or removes (their build never committed).
    """
    for game in GAMES:
        for file_name in game_files(game):
            _publish(file_name, {build_ids[game.name]} if game.name in build_ids else set())
    for file_name in built_files.run_files(GAMES):
        _publish(file_name, set(build_ids.values()))


def _publish(file_name: str, committed: set[str]) -> None:
    """Rename the staged file of a committed build into place; remove the other staged ones."""
    for staged in config.custom_dir().glob(f".{file_name}.*.part"):
        build_id = staged.name.removeprefix(f".{file_name}.").removesuffix(".part")
        if build_id in committed:
            staged.replace(config.custom_dir() / file_name)
        else:
            staged.unlink()
