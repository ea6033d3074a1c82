"""A game of the registry: its names, its word rule and where its data lives (plain data every
layer reads; what the game does in each stage is its hooks, `pipeline/games/hooks.py`)."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Game:
    """One NYT word game: its names, its word rule and where its data lives."""

    name: str  # the CLI argument and the value of every `game` column
    rules: str  # the solver module that states the game's rules (imported only when needed)
    package: str  # its own modules: hooks.py and those its hooks name (imported when first used)
    official_answers: str  # what the NYT publishes that the dictionary is judged against
    past_answers: str  # what "a past answer" means for the game
    # its solver ranks solutions by commonness, so the build writes the Zipf frequencies of its
    # words beside the list (zipf_file)
    ranks_by_commonness: bool = False

    @property
    def min_length(self) -> int:
        """Return the shortest word the game accepts, as its solver module states it."""
        return int(importlib.import_module(self.rules).MIN_LENGTH)

    @property
    def title(self) -> str:
        """Return the game's name as people write it (`Spelling Bee`)."""
        return self.name.replace("-", " ").title()

    @property
    def slug(self) -> str:
        """Return the prefix of the game's archive tables and the stem of its files."""
        return self.name.replace("-", "_")

    @property
    def custom_file(self) -> str:
        """Return the file name of the game's custom word list."""
        return f"{self.slug}.txt"

    @property
    def maybe_file(self) -> str:
        """Return the file name of the game's maybe list (words, probabilities) beside the list."""
        return f"{self.slug}_maybe.tsv"

    @property
    def zipf_file(self) -> str:
        """Return the file name of the Zipf frequencies of the game's words beside the list."""
        return f"{self.slug}_zipf.tsv"

    @property
    def list_files(self) -> tuple[str, ...]:
        """Return the names of the files the build writes for the game in data/custom/."""
        zipf = (self.zipf_file,) if self.ranks_by_commonness else ()
        return (self.custom_file, self.maybe_file, *zipf)

    @property
    def sql_dir(self) -> Path:
        """Return the folder of the game's own SQL files (`<its package>/sql/`), found without
        importing its package."""
        spec = importlib.util.find_spec(self.package)
        if spec is None or not spec.submodule_search_locations:
            raise ImportError(f"no package {self.package!r} for the game {self.name!r}")
        return Path(next(iter(spec.submodule_search_locations))) / "sql"

    def module(self, name: str) -> str:
        """Return the dotted name of one of the game's own modules (`hooks`, `generate`, `play`)."""
        return f"{self.package}.{name}"

    def table(self, suffix: str) -> str:
        """Return the name of one of the game's archive tables (`spelling_bee_puzzles`)."""
        return f"{self.slug}_{suffix}"

    def query(self, command: str, name: str) -> str:
        """Return the name of one of the game's own SQL queries (`today/spelling_bee_day`)."""
        return f"{command}/{self.slug}_{name}"
