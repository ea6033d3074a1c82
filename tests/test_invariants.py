"""The invariants every built table declares (primary key, NOT NULL, CHECK), checked on the data of
every warehouse the tests build: the tiny one and, with PIPELINE_MIRROR, the mirror's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pipeline.games import GAMES
from pipeline.storage import warehouse
from pipeline.storage.sql_files import TABLES
from solvers.masks import letter_mask

BUILT_TABLES = tuple(name.rpartition("/")[2] for name in warehouse.table_files())
WAREHOUSES = ("tiny", "mirror")
# The keys of the three largest tables, stated in their SQL files rather than declared as a
# PRIMARY KEY: DuckDB would index every key (for the backtest, ~600 MB). Checked here instead.
UNINDEXED_KEYS = {
    "backtest": ("game", "date", "word"),
    "custom_words": ("game", "word"),
    "letter_boxed_dictionary": ("date", "word"),
    "official_answers": ("game", "date", "word"),
}
# Tables whose `game` column is stated to name a game of the games table, not declared as a
# foreign key (DuckDB would index millions of rows): checked here.
STATED_GAME_REFERENCES = ("backtest", "custom_words", "official_answers")


@pytest.fixture(scope="module", params=WAREHOUSES)
def built(request: pytest.FixtureRequest) -> Iterator[warehouse.Connection]:
    """Yield a read-only connection to one warehouse built by the stages."""
    if request.param == "tiny":
        path: Path = request.getfixturevalue("tiny_warehouse")
    else:
        path = request.getfixturevalue("mirror_warehouse").warehouse
    with warehouse.open_warehouse(path, read_only=True) as con:
        yield con


def constraints(con: warehouse.Connection, table: str, kind: str) -> list[tuple]:
    """Return a table's declared constraints of one kind: (columns, expression)."""
    return con.execute(
        "SELECT constraint_column_names, expression FROM duckdb_constraints() "
        "WHERE table_name = $table AND constraint_type = $kind ORDER BY constraint_index",
        {"table": table, "kind": kind},
    ).fetchall()


def count(con: warehouse.Connection, sql: str) -> int:
    """Return the single count a query returns."""
    return con.execute(sql).fetchall()[0][0]


@pytest.mark.parametrize("table", BUILT_TABLES)
def test_declared_invariants_hold(built: warehouse.Connection, table: str) -> None:
    assert warehouse.table_exists(built, table)
    primary_keys = constraints(built, table, "PRIMARY KEY")
    if table in UNINDEXED_KEYS:
        assert primary_keys == [], f"{table}: its key is stated, not declared"
        key_columns = UNINDEXED_KEYS[table]
    else:
        assert len(primary_keys) == 1, f"{table} declares no primary key"
        key_columns = tuple(primary_keys[0][0])
    key = ", ".join(f'"{column}"' for column in key_columns)
    rows = count(built, f'SELECT count(*) FROM "{table}"')
    assert count(built, f'SELECT count(DISTINCT ({key})) FROM "{table}"') == rows
    for (column,), _ in constraints(built, table, "NOT NULL"):
        assert count(built, f'SELECT count(*) FROM "{table}" WHERE "{column}" IS NULL') == 0, (
            f"{table}.{column} is NULL"
        )
    checks = constraints(built, table, "CHECK")
    for _, expression in checks:
        # A CHECK fails only where its expression is false (NULL passes, as in SQL).
        failing = count(built, f'SELECT count(*) FROM "{table}" WHERE ({expression}) IS FALSE')
        assert failing == 0, f"{table}: {failing} rows break CHECK {expression}"


@pytest.mark.parametrize("table", ["words", "custom_words"])
def test_letter_mask_is_the_solvers_letter_mask(built: warehouse.Connection, table: str) -> None:
    """The SQL macro letter_mask and solvers.masks.letter_mask agree on every stored word."""
    rows = built.execute(f"SELECT word, letter_mask FROM {table}").fetchall()
    assert rows
    wrong = [(word, mask) for word, mask in rows if mask != letter_mask(word)]
    assert wrong == []


def test_every_table_file_declares_one_table_of_its_name() -> None:
    for name in warehouse.table_files():
        declared = warehouse.sql(name, TABLES)
        table = name.rpartition("/")[2]
        assert f"TABLE IF NOT EXISTS {table} (" in declared or f"OR REPLACE TABLE {table} (" in (
            declared
        ), name


@pytest.mark.parametrize("table", STATED_GAME_REFERENCES)
def test_stated_game_references_name_registered_games(
    built: warehouse.Connection, table: str
) -> None:
    unknown = f'SELECT count(*) FROM "{table}" WHERE game NOT IN (SELECT name FROM games)'
    assert count(built, unknown) == 0


@pytest.mark.parametrize("game", [game.slug for game in GAMES])
def test_each_source_day_names_a_registered_source_of_its_game(
    built: warehouse.Connection, game: str
) -> None:
    unknown = (
        f'SELECT count(*) FROM "{game}_source_days" AS d ANTI JOIN answer_sources AS s '
        f"ON s.source = d.source AND s.game = replace('{game}', '_', '-')"
    )
    assert count(built, unknown) == 0
