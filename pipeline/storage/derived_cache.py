"""What a stage works out from a downloaded file alone, kept in the download cache
(`data/raw/derived/`) so that the next run reads it instead of working it out again.

A result is keyed by the file it comes from (its path, size and modification time) and by the
source code of the module that works it out, so a new corpus or a change of the code makes it
anew. It is written whole or not at all (a file beside it, then renamed), in marshal's format:
plain values only (lists, strings, numbers, None), which no load can turn into running code. A
cache that cannot be read or written is worked around, never an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pipeline import config

T = TypeVar("T")
FOLDER = "derived"


def remembered(name: str, source: Path, code: Path, work: Callable[[], T], asked: bytes = b"") -> T:
    """Return `work()`, read from the cache when it holds the result for this `source` file, this
    `code` module and what `work` is `asked` (its input besides the file), else worked out and
    kept there."""
    path = cache_path(name, source, code, asked)
    try:
        return marshal.loads(path.read_bytes())  # type: ignore[no-any-return]
    except (OSError, EOFError, ValueError, TypeError):
        pass  # not cached yet, or unreadable: worked out again
    value = work()
    keep(path, value)
    for stale in path.parent.glob(f"{name}-*.marshal"):  # the same result for an older input
        if stale != path:
            with contextlib.suppress(OSError):
                stale.unlink()
    return value


def cache_path(name: str, source: Path, code: Path, asked: bytes = b"") -> Path:
    """Return the file that holds `name` worked out from `source` by `code` for `asked`."""
    found = source.stat()
    key = f"{source.resolve()}|{found.st_size}|{found.st_mtime_ns}|".encode()
    digest = hashlib.sha256(key + code.read_bytes() + b"|" + asked).hexdigest()[:16]
    return config.raw_dir() / FOLDER / f"{name}-{digest}.marshal"


def keep(path: Path, value: Any) -> None:
    """Write a value whole into the cache, or nothing (a folder that cannot be written)."""
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(marshal.dumps(value))
        os.replace(part, path)
    except OSError:
        with contextlib.suppress(OSError):  # nothing to remove, or no folder to remove it from
            part.unlink()
