"""A third game adds its API without a line in the server: a toy game (tests/toy_api_game/, one
hook) joins the registry, and `pipeline serve` offers its routes, keeps its players' words and
counts them in their statistics, on both progress stores."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.games import GAMES, Game
from pipeline.serve import app, routes
from tests.command_warehouse import build_command_warehouse
from tests.serving import browser, start_server
from tests.toy_api_game.hooks import NAME

TOY = Game(
    name=NAME,
    rules="tests.toy_api_game",
    package="tests.toy_api_game",
    official_answers="none",
    past_answers="none",
)


def test_a_third_game_is_served_from_its_own_folder(
    tmp_path: Path, progress_store: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = build_command_warehouse(tmp_path / "warehouse.duckdb")
    monkeypatch.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
    for module in (app, routes):  # the registry, as a new entry in games/__init__.py makes it
        monkeypatch.setattr(module, "GAMES", (*GAMES, TOY))
    running = start_server(built, progress_store)
    try:
        player = browser(running)
        assert player.get(f"/api/{NAME}/1").json() == {"id": "1", "letters": "cab"}
        assert player.get(f"/api/{NAME}/3").json() == {"error": "no toy puzzle '3'"}
        assert player.post(f"/api/{NAME}/1/guess", {"word": "Cab"}).json() == {
            "word": "cab",
            "found": True,
            "words": ["cab"],
        }
        assert player.post(f"/api/{NAME}/1/guess", {"word": "dog"}).json()["found"] is False
        assert browser(running).post(f"/api/{NAME}/1/guess", {"word": "ab"}).json()["words"] == [
            "ab"
        ]
        stats = player.get("/api/players/me/stats").json()
        assert stats[NAME] == {"puzzles": 1, "words": 1, "points": 3}
        paths = running.get("/openapi.json").json()["paths"]
        assert sorted(path for path in paths if NAME in path) == [
            f"/api/{NAME}/{{puzzle_id}}",
            f"/api/{NAME}/{{puzzle_id}}/guess",
        ]
        assert "Toy Words" in running.get("/openapi.json").json()["info"]["title"]
    finally:
        running.stop()
