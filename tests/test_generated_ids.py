"""One id, one puzzle: the id `pipeline generate` prints names the puzzle the page serves for it,
whatever options drew it (`--allow-nyt` and `--since` are in the id), for both games, on the
mirror warehouse and through a real server."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from tests.conftest import MirrorWarehouse
from tests.serving import Running, start_server

# What goes into an id for each set of options that changes the draw.
OPTIONS = {
    "": [],
    "-nyt": ["--allow-nyt"],
    "-since2025-01-01": ["--since", "2025-01-01"],
    "-nyt-since2025-01-01": ["--allow-nyt", "--since", "2025-01-01"],
}
SEED = 3


@pytest.fixture(scope="module")
def mirror_server(
    mirror_warehouse: MirrorWarehouse, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Running]:
    """Serve the mirror warehouse and its lists on a progress store of its own."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PIPELINE_CUSTOM", str(mirror_warehouse.custom))
        running = start_server(
            mirror_warehouse.warehouse, tmp_path_factory.mktemp("ids") / "progress.sqlite"
        )
        try:
            yield running
        finally:
            running.stop()


def generated(mirror_warehouse: MirrorWarehouse, game: str, options: list[str]) -> list[dict]:
    """Return the records `pipeline generate GAME --count 2 --seed 3 --json OPTIONS` prints."""
    args = ["generate", game, "--count", "2", "--seed", str(SEED), "--json", *options]
    result = CliRunner().invoke(app, args, env=mirror_warehouse.env)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["puzzles"]


def letters(game: str, puzzle: dict) -> tuple[str, ...]:
    """Return what makes a puzzle of a game: a honeycomb's center and others, a board's sides."""
    if game == "spelling-bee":
        return (puzzle["center"], puzzle["others"])
    return tuple(puzzle["sides"])


@pytest.mark.mirror
@pytest.mark.parametrize("game", ["spelling-bee", "letter-boxed"])
def test_an_id_names_the_puzzle_the_page_serves_whatever_options_drew_it(
    game: str, mirror_warehouse: MirrorWarehouse, mirror_server: Running
) -> None:
    draws = {form: generated(mirror_warehouse, game, options) for form, options in OPTIONS.items()}

    assert {form: [record["id"] for record in records] for form, records in draws.items()} == {
        form: [f"g{SEED}-any{form}-1", f"g{SEED}-any{form}-2"] for form in OPTIONS
    }
    for records in draws.values():
        for record in records:
            served = mirror_server.get(f"/api/{game}/{record['id']}")
            assert served.status_code == 200, served.text
            assert letters(game, served.json()) == letters(game, record)
    # the options change the draw: without them in the id, one id named several puzzles
    firsts = {letters(game, records[0]) for records in draws.values()}
    assert len(firsts) >= 2


@pytest.mark.mirror
def test_a_generated_id_with_a_date_that_is_none_is_unknown(mirror_server: Running) -> None:
    answer = mirror_server.get("/api/spelling-bee/g3-any-since2025-02-30-1")
    assert (answer.status_code, answer.json()) == (
        404,
        {"error": "no generated puzzle g3-any-since2025-02-30-1: day is out of range for month"},
    )


def test_only_the_options_that_change_the_draw_are_in_the_id() -> None:
    from pipeline.games.generated import GENERATED_ID, Request, generated_id, id_request
    from pipeline.model.difficulty import Difficulty

    request = Request(5, 7, Difficulty.easy, None, True)
    assert generated_id(request, 2) == "g7-easy-nyt-3"
    match = GENERATED_ID.fullmatch("g7-easy-nyt-3")
    assert match is not None and id_request(match) == Request(3, 7, Difficulty.easy, None, True)
    assert GENERATED_ID.fullmatch("g7-easy-since2025-01-01-nyt-3") is None  # one order only
