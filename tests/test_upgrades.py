"""The upgrades' tests of an older shape (sql/upgrades/NNN_NAME.needed.sql) on tables made here."""

from __future__ import annotations

import pytest

from pipeline.storage import upgrades, warehouse


def upgrade(number: int) -> upgrades.Upgrade:
    return next(found for found in upgrades.upgrades() if found.number == number)


@pytest.mark.parametrize(
    ("number", "table", "column"), [(1, "quarantine", "sha256"), (5, "custom_words", "factor_1")]
)
def test_an_upgrade_is_needed_when_its_table_lacks_the_column(number, table, column) -> None:
    con = warehouse.in_memory()
    assert upgrades.is_needed(con, upgrade(number)) is False  # no such table: nothing to upgrade
    con.execute(f"CREATE TABLE {table} (word VARCHAR)")
    assert upgrades.is_needed(con, upgrade(number)) is True
    con.execute(f"ALTER TABLE {table} ADD COLUMN {column} VARCHAR")
    assert upgrades.is_needed(con, upgrade(number)) is False


def test_the_upgrades_are_numbered_one_to_five_with_a_note_each() -> None:
    assert [(found.number, found.file) for found in upgrades.upgrades()] == [
        (1, "001_quarantine_origin"),
        (2, "002_scrape_runs_not_tried"),
        (3, "003_rebuild_old_build_tables"),
        (4, "004_official_answers_table"),
        (5, "005_new_word_model"),
    ]
