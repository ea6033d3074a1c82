"""Where things live: the cache, the mirror, the warehouse, and the switches.

Defaults are relative to the current folder (not to where the package is installed), and each
`PIPELINE_*` variable overrides one of them.
"""

from __future__ import annotations

import os
from pathlib import Path

from pipeline.errors import UserError


def _env_path(name: str) -> Path | None:
    """Return the path an environment variable names, or None when it is unset or empty."""
    value = os.environ.get(name, "").strip()
    return Path(value).expanduser().resolve() if value else None


def added_game_packages() -> list[str]:
    """Return the packages of the games `PIPELINE_GAMES` adds to the registry (comma-separated):
    a game kept outside this package, each holding its registry entry `GAME` and its hooks."""
    return [
        name.strip() for name in os.environ.get("PIPELINE_GAMES", "").split(",") if name.strip()
    ]


def raw_dir() -> Path:
    """Return the download cache folder (`data/raw/`, or `PIPELINE_RAW`)."""
    return _env_path("PIPELINE_RAW") or Path.cwd() / "data" / "raw"


def custom_dir() -> Path:
    """Return the folder the built dictionaries are written to (`data/custom/`)."""
    return _env_path("PIPELINE_CUSTOM") or Path.cwd() / "data" / "custom"


def reports_dir() -> Path:
    """Return the folder reports are written to (`reports/`)."""
    return _env_path("PIPELINE_REPORTS") or Path.cwd() / "reports"


def mirror_dir() -> Path | None:
    """Return the read-only mirror cache (`PIPELINE_MIRROR`), or None; a value that names no
    folder is a UserError (a typo would otherwise read nothing, silently)."""
    folder = _env_path("PIPELINE_MIRROR")
    if folder is not None and not folder.is_dir():
        raise UserError(f"PIPELINE_MIRROR names {folder}, which is not a folder")
    return folder


def warehouse_path() -> Path:
    """Return the DuckDB warehouse file (`warehouse.duckdb`, or `PIPELINE_WAREHOUSE`)."""
    return _env_path("PIPELINE_WAREHOUSE") or Path.cwd() / "warehouse.duckdb"


def missing_warehouse(path: Path) -> str:
    """Return the sentence for a warehouse that is not there: where it was looked for and how to
    make or find it (a command run outside the project's folder looks in the current one)."""
    if _env_path("PIPELINE_WAREHOUSE") == path:
        return (
            f"no warehouse at {path} (PIPELINE_WAREHOUSE): run `make dictionary`, or point "
            "PIPELINE_WAREHOUSE at the warehouse.duckdb it built"
        )
    if path == Path.cwd() / "warehouse.duckdb":
        return (
            f"no warehouse in {path.parent}: run `make dictionary` in the project's folder, or "
            "set PIPELINE_WAREHOUSE to the warehouse.duckdb it built"
        )
    return f"no warehouse at {path}: run `make dictionary` first"


def missing_custom_list(path: Path) -> str:
    """Return how to make or find a custom list that is not there, naming where it was looked for."""
    if _env_path("PIPELINE_CUSTOM") is None and path.parent == Path.cwd() / "data" / "custom":
        return (
            f"no {path.name} in {path.parent}: run `make dictionary` in the project's folder, or "
            "set PIPELINE_CUSTOM to the data/custom folder it built"
        )
    return f"no {path.name} in {path.parent} (PIPELINE_CUSTOM): run `make dictionary`"


def progress_store() -> str | Path:
    """Return where `pipeline serve` keeps players' progress (`PIPELINE_PROGRESS`): a PostgreSQL
    URL (`postgresql://...`), else a SQLite file (`progress.sqlite` beside the warehouse by
    default), which no stage replaces."""
    value = os.environ.get("PIPELINE_PROGRESS", "").strip()
    if value.startswith(("postgresql://", "postgres://")):
        return value
    return _env_path("PIPELINE_PROGRESS") or warehouse_path().parent / "progress.sqlite"


def cors_origins() -> tuple[str, ...]:
    """Return the other sites whose pages may call the API of `pipeline serve`
    (`PIPELINE_CORS_ORIGINS`, separated by spaces; none by default)."""
    return tuple(os.environ.get("PIPELINE_CORS_ORIGINS", "").split())


def access_log() -> bool:
    """Return True when the processes of `pipeline serve` write the access log
    (`PIPELINE_ACCESS_LOG=1`, which `pipeline serve` sets for its workers)."""
    return os.environ.get("PIPELINE_ACCESS_LOG", "").strip() == "1"


LOCK_WAIT_SECONDS = 30.0  # how long a command waits for another process's lock on the warehouse


def lock_wait_seconds() -> float:
    """Return how long a command waits for the warehouse while another process holds its lock
    (`PIPELINE_LOCK_WAIT`, seconds; 0 gives up at once); a value that is no number of seconds is a
    UserError."""
    value = os.environ.get("PIPELINE_LOCK_WAIT", "").strip()
    if not value:
        return LOCK_WAIT_SECONDS
    try:
        seconds = float(value)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds < float("inf"):
        raise UserError(f"PIPELINE_LOCK_WAIT is {value!r}, not a number of seconds (0 or more)")
    return seconds


def offline_from_env() -> bool:
    """Return True when `PIPELINE_OFFLINE` forbids the network."""
    return os.environ.get("PIPELINE_OFFLINE", "").strip().lower() in {"1", "true", "yes"}
