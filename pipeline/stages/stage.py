"""What every stage does first in its copy of the warehouse: the registries' tables written,
older tables upgraded, and the word lists of a build killed after its commit published."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path

from pipeline.games import GAMES
from pipeline.sources import source_columns
from pipeline.storage import custom_lists, upgrades, warehouse
from pipeline.storage.warehouse import Connection


@contextlib.contextmanager
def open_stage(
    path: Path | None = None, on_commit: Callable[[Path], None] | None = None
) -> Iterator[Connection]:
    """Yield a stage's copy of the warehouse (committed when the block succeeds, then
    `on_commit(path)` runs, as in warehouse.stage_warehouse), with the registries written and
    older tables upgraded; first finish the word lists of a build killed after its commit."""
    with warehouse.stage_warehouse(path, on_commit) as con:
        prepare_stage(con)
        custom_lists.recover_word_lists(con)
        yield con


def prepare_stage(con: Connection) -> None:
    """Write the registries' tables and apply the upgrades the warehouse needs."""
    games_first = sorted(warehouse.table_files("registry"), key=lambda t: t != "registry/games")
    for table in games_first:  # the other tables reference games
        warehouse.create_table(con, table)
    write_registries(con)
    upgrades.apply_upgrades(con, then={4: refill_official_answers})


def write_registries(con: Connection) -> None:
    """Write the games and the answer sources of the registries into their tables."""
    games: dict[str, list] = {
        "name": [game.name for game in GAMES],
        "title": [game.title for game in GAMES],
        "min_length": [game.min_length for game in GAMES],
        "official_answers": [game.official_answers for game in GAMES],
    }
    warehouse.hand_over(con, "registered_games", games)
    warehouse.hand_over(con, "registered_sources", source_columns())
    warehouse.run(con, "registry/games")
    warehouse.run(con, "registry/answer_sources")
    warehouse.release(con, "registered_games", "registered_sources")


def refill_official_answers(con: Connection) -> None:
    """Build the official_answers table from each game's stored archive (upgrade 4)."""
    warehouse.create_missing_tables(con, "scrape")
    for game in GAMES:
        warehouse.run(con, game.query("scrape", "official_answers"), {"game": game.name})
