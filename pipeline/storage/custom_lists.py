"""The custom word lists the build writes for the user (`data/custom/<game>.txt`, and the maybe
lists and Zipf frequencies beside them): staged beside the published files, then published whole or not at all.

A build stages its lists, the warehouse file is replaced, then the lists are renamed into place; a
run killed in between leaves staged lists that the next stage publishes (their build is the
committed one) or removes (their build never committed).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from pipeline import config
from pipeline.games import GAMES, Game
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection


def staged_list(game: Game, build_id: str, file_name: str | None = None) -> Path:
    """Return where a build stages a game's word list (or maybe list) before it is published."""
    return config.custom_dir() / f".{file_name or game.custom_file}.{build_id}.part"


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


def recover_word_lists(con: Connection) -> None:
    """Publish or remove the word lists a killed build left staged (see publish_word_lists)."""
    committed = {}
    if warehouse.table_exists(con, "dictionary_rules"):  # its stage has upgraded it already
        committed = dict(warehouse.run(con, "build/committed_builds").fetchall())
    publish_word_lists(committed)


def discard_staged_lists(build_id: str) -> None:
    """Remove the lists a build staged (it failed before its warehouse was committed)."""
    for game in GAMES:
        for file_name in game.list_files:
            with contextlib.suppress(OSError):  # never there, or a folder that takes no change
                staged_list(game, build_id, file_name).unlink(missing_ok=True)


def publish_word_lists(build_ids: dict[str, str]) -> None:
    """Rename each game's staged list of the given build into place; remove every other one.

    A build stages its lists, the warehouse file is replaced, then the lists are renamed into
    place; a run killed in between leaves staged lists that the next stage publishes (their
    build is the committed one) or removes (their build never committed).
    """
    for game in GAMES:
        for file_name in game.list_files:
            for staged in config.custom_dir().glob(f".{file_name}.*.part"):
                build_id = staged.name.removeprefix(f".{file_name}.").removesuffix(".part")
                if build_ids.get(game.name) == build_id:
                    staged.replace(config.custom_dir() / file_name)
                else:
                    staged.unlink()
