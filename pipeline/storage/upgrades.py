"""The numbered upgrades of an older warehouse's tables, and the record of each one applied.

Each upgrade is `sql/upgrades/NNN_NAME.sql`, applied by a stage (in its copy of the warehouse,
before its work) when `NNN_NAME.needed.sql` finds the older shape; each application is a row of
`schema_upgrades`. A new table shape gets a new number: the files say what changed, the table
when it was applied to this warehouse.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pipeline import progress
from pipeline.storage import sql_files, warehouse
from pipeline.storage.sql_files import UPGRADE_FILE
from pipeline.storage.warehouse import Connection


@dataclass(frozen=True)
class Upgrade:
    """One upgrade: its number, its name and what it says when it is applied."""

    number: int
    name: str
    note: str

    @property
    def file(self) -> str:
        """Return the name of its SQL file in sql/upgrades/ (without .sql)."""
        return f"{self.number:03d}_{self.name}"


NOTES = {
    1: "the quarantine table is from an older version: it gains origin and sha256",
    2: "the scrape_runs table is from an older version: not_available becomes not_published",
    3: "the build's tables are from an older version: rebuilding them",
    4: "official_answers is a view of an older version: it becomes a table",
    5: "the build's tables are from before the new-word model: rebuilding them",
}


def upgrades() -> list[Upgrade]:
    """Return every upgrade of sql/upgrades/, in number order."""
    folder = sql_files.SQL_DIR / sql_files.UPGRADES
    found = [UPGRADE_FILE.fullmatch(path.stem) for path in sorted(folder.glob("[0-9]*.sql"))]
    return [
        Upgrade(int(match.group(1)), match.group(2), NOTES[int(match.group(1))])
        for match in found
        if match is not None
    ]


def is_needed(con: Connection, upgrade: Upgrade) -> bool:
    """Return True when the warehouse has the older shape the upgrade changes."""
    found = warehouse.run(con, f"{upgrade.file}.needed", folder=sql_files.UPGRADES).fetchall()
    return bool(found and found[0][0])


def needed_upgrades(con: Connection) -> list[Upgrade]:
    """Return the upgrades the warehouse needs, in order."""
    return [upgrade for upgrade in upgrades() if is_needed(con, upgrade)]


def apply_upgrades(
    con: Connection, then: Mapping[int, Callable[[Connection], None]] | None = None
) -> list[Upgrade]:
    """Apply every upgrade the warehouse needs (and what `then` adds to one, by number), record
    each in schema_upgrades, and return them."""
    applied = []
    for upgrade in needed_upgrades(con):
        progress.note(upgrade.note)
        warehouse.run(con, upgrade.file, folder=sql_files.UPGRADES)
        if then and upgrade.number in then:
            then[upgrade.number](con)
        params = {"number": upgrade.number, "name": upgrade.name}
        warehouse.run(con, "registry/schema_upgrade_applied", params)
        applied.append(upgrade)
    return applied
