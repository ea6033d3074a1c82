"""The base of the objects that hold an open resource (a mapped file, a database) until closed."""

from __future__ import annotations

from typing import Self


class Closing:
    """An open resource a `with` block closes: the subclass says how in `close`."""

    def close(self) -> None:
        """Release the resource."""
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
