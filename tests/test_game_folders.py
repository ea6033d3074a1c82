"""Everything that names one game lives in its folder (issue 43): no SQL file outside
`pipeline/games/<game>/` is named after a game, the loader reads a game's SQL by the same names
from its folder's `sql/`, no name is held twice, and the package ships every SQL file; no module
of pipeline/sources/ names a game (each game's answer sources and their parsers are in its
folder's `answer_sources` package)."""

from __future__ import annotations

import importlib
import tomllib
from pathlib import Path

from pipeline.games import GAMES
from pipeline.storage import sql_files

ROOT = Path(__file__).resolve().parent.parent
PIPELINE = ROOT / "pipeline"


def game_named_by(path: Path) -> str | None:
    """Return the slug of the game a file's name names (`spelling_bee_days.sql`), or None."""
    for game in GAMES:
        if path.stem == game.slug or path.stem.startswith(f"{game.slug}_"):
            return game.slug
    return None


def misplaced_sql_files() -> list[str]:
    """Return the SQL files of pipeline/ named after a game that lie outside that game's folder."""
    folders = {game.slug: game.sql_dir.parent for game in GAMES}
    return sorted(
        path.relative_to(ROOT).as_posix()
        for path in PIPELINE.rglob("*.sql")
        if (slug := game_named_by(path)) is not None and not path.is_relative_to(folders[slug])
    )


def test_no_sql_file_outside_a_games_folder_is_named_after_a_game() -> None:
    """Every SQL file that names a game is in `pipeline/games/<game>/sql/`."""
    assert misplaced_sql_files() == []


def test_a_games_sql_is_read_from_its_folder_by_the_same_name() -> None:
    """`today/spelling_bee_days` is the Spelling Bee folder's file; a game-neutral name is sql/'s."""
    bee = PIPELINE / "games" / "spelling_bee" / "sql"
    assert sql_files.path("today/spelling_bee_days") == bee / "queries/today/spelling_bee_days.sql"
    assert sql_files.path("scrape/spelling_bee_puzzles", sql_files.TABLES) == (
        bee / "tables/scrape/spelling_bee_puzzles.sql"
    )
    assert sql_files.path("today/expected_words") == (
        PIPELINE / "sql/queries/today/expected_words.sql"
    )
    assert sql_files.path("today/no_such_query") is None
    assert (
        sql_files.sql("today/letter_boxed_days")
        == (PIPELINE / "games/letter_boxed/sql/queries/today/letter_boxed_days.sql").read_text()
    )


def test_no_sql_name_is_held_by_two_roots() -> None:
    """No game's file shadows another root's file of the same name (the first root would win)."""
    for folder in (sql_files.QUERIES, sql_files.TABLES, sql_files.UPGRADES):
        held = [
            path.relative_to(root).as_posix()
            for root in sql_files.roots()
            for path in (root / folder).rglob("*.sql")
        ]
        assert sorted(held) == sorted(set(held)), folder


def test_the_package_data_ships_every_sql_file() -> None:
    """pyproject.toml's package data globs name every SQL file of pipeline/, the games' too."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["pipeline"]
    shipped = {path for pattern in patterns for path in PIPELINE.glob(pattern)}
    every = set(PIPELINE.rglob("*.sql"))
    assert every - shipped == set()
    assert len([path for path in every if "games" in path.relative_to(PIPELINE).parts]) == 51


def names_a_game(text: str) -> list[str]:
    """Return the words of a text that name a game: a registered game's name, slug or title, or
    the record type of a built-in game (`BeeRecord`, `BoxRecord`)."""
    names = {word for game in GAMES for word in (game.name, game.slug, game.title)}
    names |= {"beerecord", "boxrecord"}
    lowered = text.lower()
    return sorted(name for name in names if name.lower() in lowered)


def test_no_module_of_the_sources_package_names_a_game() -> None:
    """pipeline/sources/ keeps only what every game's parsers share: each game's sources and
    parsers are in its folder's `answer_sources` package."""
    named = {
        path.name: found
        for path in sorted((PIPELINE / "sources").glob("*.py"))
        if (found := names_a_game(path.read_text()))
    }
    assert named == {}


def test_every_games_answer_sources_resolve_to_parsers_in_its_folder() -> None:
    """Each registered source's parser is a function of its own game's `answer_sources` package,
    and the sources are the registry's, best first per game, in the order the table stores."""
    from pipeline.sources import answer_sources, sources_of

    for source in answer_sources():
        game = next(game for game in GAMES if game.name == source.game)
        module, _, function = source.parser.partition(":")
        assert module.startswith(f"{game.package}.answer_sources."), source
        assert callable(getattr(importlib.import_module(module), function)), source
    assert [(s.game, s.name) for s in answer_sources()] == [
        ("spelling-bee", "nyt_gamedata"),
        ("spelling-bee", "nyt_live"),
        ("spelling-bee", "bulk_archive"),
        ("spelling-bee", "nytbee"),
        ("letter-boxed", "simeydk"),
        ("letter-boxed", "nyt_live"),
    ]
    assert [s.name for s in sources_of("letter-boxed")] == ["simeydk", "nyt_live"]
