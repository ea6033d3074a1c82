"""Files the commands write for the user (`--out`): regular files only, replaced whole.

A path is checked before any long work starts, so that a FIFO, a device, a folder given for a file
or a missing folder is one error line and not a hang or a lost hour. A symlink is followed to the
regular file it points at: the target is replaced, the link stays. Writing goes to a temporary
file beside the target, which then replaces it by a rename; nothing else is ever changed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from pipeline.errors import UserError


def check_output_file(path: Path) -> Path:
    """Return the regular file that writing to `path` replaces (a symlink's target), or raise a
    UserError when it is something else or its folder cannot take a new file."""
    try:
        return _checked_output_file(path)
    except OSError as error:  # a name too long, a loop of symlinks, ...
        raise UserError(f"cannot write {path}: {reason(error)}") from None


def _checked_output_file(path: Path) -> Path:
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    if path.is_symlink() and not target.exists():
        raise UserError(f"cannot write {path}: it is a symlink to {target}, which does not exist")
    if target.exists():
        kind = _kind(target)
        if kind != "regular file":
            via = f" (the target of the symlink {path})" if target != path else ""
            raise UserError(f"cannot write {target}{via}: it is a {kind}, not a regular file")
        if not os.access(target, os.W_OK):
            raise UserError(f"cannot write {target}: permission denied")
    _check_folder_takes_files(target.parent, target)
    return target


def default_folder(folder: Path) -> Path:
    """Return a command's default output folder (`reports/`), made with its parents when it is
    missing, as in a fresh clone; a folder the user names with --out is never made this way."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UserError(f"cannot make the folder {folder}: {reason(error)}") from None
    return folder


def check_output_folder(folder: Path, names: Iterable[str] = ()) -> None:
    """Raise a UserError unless `folder` is (or can be created as) a writable folder whose files
    `names` can be written."""
    if folder.exists():
        if not folder.is_dir():
            raise UserError(f"cannot write into {folder}: it is a {_kind(folder)}, not a folder")
        _check_folder_takes_files(folder, folder)
        for name in names:
            check_output_file(folder / name)
        return
    if folder.is_symlink():
        raise UserError(f"cannot write into {folder}: it is a symlink to a missing folder")
    _check_folder_takes_files(folder.parent, folder)


@contextlib.contextmanager
def atomic_write(path: Path) -> Iterator[Path]:
    """Yield a temporary path beside `path`'s target; when the block succeeds it replaces the
    target with the umask's permissions, otherwise it is removed."""
    target = check_output_file(path)
    try:
        descriptor, name = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".part"
        )
    except OSError as error:
        raise UserError(f"cannot write {target}: {reason(error)}") from None
    os.close(descriptor)
    temporary = Path(name)
    try:
        yield temporary
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes it 0600
        os.replace(temporary, target)
    except BaseException as error:
        for leftover in (temporary, temporary.with_name(f"tmp_{temporary.name}")):
            leftover.unlink(missing_ok=True)  # DuckDB writes a Parquet file through tmp_NAME
        if isinstance(error, OSError):  # the disk filled, the folder went away: target as it was
            raise UserError(f"cannot write {target}: {reason(error)}") from None
        if NO_SPACE in str(error):  # the same, said by DuckDB
            raise UserError(f"cannot write {target}: {NO_SPACE.lower()}") from None
        raise


def _check_folder_takes_files(folder: Path, wanted: Path) -> None:
    """Raise a UserError unless new files can be created in `folder` (for writing `wanted`)."""
    if not folder.is_dir():
        raise UserError(f"cannot write {wanted}: the folder {folder} does not exist")
    try:  # really try: as root every folder looks writable to os.access, /proc and /sys too
        descriptor, name = tempfile.mkstemp(dir=folder, prefix=f".{wanted.name}.", suffix=".probe")
    except OSError as error:
        raise UserError(f"cannot write {wanted}: {reason(error, folder)}") from None
    os.close(descriptor)
    os.unlink(name)


NO_SPACE = "No space left on device"


def reason(error: OSError, folder: Path | None = None) -> str:
    """Return why a file could not be written, in words."""
    if error.errno == errno.ENOENT and folder is not None:
        return f"the folder {folder} does not take new files"
    if error.errno in (errno.EACCES, errno.EPERM) and folder is not None:
        return f"the folder {folder} is not writable"
    if error.errno == errno.EROFS and folder is not None:
        return f"the folder {folder} is on a read-only file system"
    return (error.strerror or str(error)).lower()


def _kind(path: Path) -> str:
    """Return what a path is, in words: regular file, folder, FIFO, device, socket, ..."""
    mode = path.lstat().st_mode
    kinds = (
        (stat.S_ISREG, "regular file"),
        (stat.S_ISDIR, "folder"),
        (stat.S_ISFIFO, "FIFO (named pipe)"),
        (stat.S_ISCHR, "character device"),
        (stat.S_ISBLK, "block device"),
        (stat.S_ISSOCK, "socket"),
        (stat.S_ISLNK, "symlink"),
    )
    return next((name for test, name in kinds if test(mode)), "special file")


def _umask() -> int:
    """Return the process's umask (reading it means setting it, so set it back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
