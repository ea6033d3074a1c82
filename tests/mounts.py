"""A tmpfs mounted for a test: a small disk that fills (tests/test_full_disk.py) or a read-only
file system (tests/test_output_paths.py). Mounting needs root; a test that cannot mount skips."""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def tmpfs(folder: Path, options: str) -> Iterator[Path]:
    """Mount a tmpfs with these mount options (`size=16k`, `ro,size=64k`) on a new folder for
    the block, or skip the test."""
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)
