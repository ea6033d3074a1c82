"""Where things live: the project root, the cache, the mirror, the warehouse, and the switches."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _env_path(name: str) -> Path | None:
    """Return the path an environment variable names, or None when it is unset or empty."""
    value = os.environ.get(name, "").strip()
    return Path(value).expanduser().resolve() if value else None


def raw_dir() -> Path:
    """Return the download cache folder (`data/raw/`, or `PIPELINE_RAW`)."""
    return _env_path("PIPELINE_RAW") or PROJECT_ROOT / "data" / "raw"


def custom_dir() -> Path:
    """Return the folder the built dictionaries are written to (`data/custom/`)."""
    return _env_path("PIPELINE_CUSTOM") or PROJECT_ROOT / "data" / "custom"


def reports_dir() -> Path:
    """Return the folder reports are written to (`reports/`)."""
    return _env_path("PIPELINE_REPORTS") or PROJECT_ROOT / "reports"


def mirror_dir() -> Path | None:
    """Return the read-only mirror cache (`PIPELINE_MIRROR`), or None."""
    return _env_path("PIPELINE_MIRROR")


def warehouse_path() -> Path:
    """Return the DuckDB warehouse file (`warehouse.duckdb`, or `PIPELINE_WAREHOUSE`)."""
    return _env_path("PIPELINE_WAREHOUSE") or PROJECT_ROOT / "warehouse.duckdb"


def offline_from_env() -> bool:
    """Return True when `PIPELINE_OFFLINE` forbids the network."""
    return os.environ.get("PIPELINE_OFFLINE", "").strip().lower() in {"1", "true", "yes"}
