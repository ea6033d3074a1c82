"""The generators' commands, one alike for every game with a generator (its hook `generator`):
`pipeline generate GAME` and `pipeline bench generate`."""

# No `from __future__ import annotations` here: Typer would evaluate every command's annotations
# from their text at each start-up (10 ms); the few helpers' type-only names are quoted instead.
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline import config
from pipeline.cli.app import bench_app, generate_app
from pipeline.cli.options import (
    SOLVING,
    AllowNyt,
    AsJson,
    GenerateCount,
    GenerateFormatOption,
    GenerateOut,
    GenerateSeed,
    GenerateSince,
    emit,
    parse_date,
    require_at_least_one,
    user_errors,
)
from pipeline.errors import UserError
from pipeline.games import GAMES
from pipeline.games.hooks import hooks_of
from pipeline.model.difficulty import Difficulty
from pipeline.render.text import plural
from pipeline.storage.output_paths import check_output_file, default_folder

if TYPE_CHECKING:
    from pipeline.games import Game
    from pipeline.games.generated import GameGenerator


def add_generate_command(game: "Game", generator: "GameGenerator") -> None:
    """Register `pipeline generate GAME` for a game's generator."""

    @generate_app.command(game.name, rich_help_panel=SOLVING, help=generator.help)
    @user_errors
    def generate(
        count: GenerateCount = 10,
        seed: GenerateSeed = 0,
        difficulty: Annotated[
            Difficulty, typer.Option(help="A third of the NYT's recent puzzles by difficulty.")
        ] = Difficulty.any,
        since: GenerateSince = None,
        allow_nyt: AllowNyt = False,
        format: GenerateFormatOption = None,
        out: GenerateOut = None,
        as_json: AsJson = False,
    ) -> None:
        from pipeline.games.generated import Request
        from pipeline.stages.generate import with_clues, write_records
        from pipeline.storage import warehouse

        require_at_least_one(count, "--count")
        if as_json and format is not None:
            raise UserError("--json prints one JSON object; --format writes records: give one")
        if out is not None and format is None:
            raise UserError("--out writes records: give --format jsonl or csv")
        if out is not None:
            check_output_file(out)
        request = Request(count, seed, difficulty, parse_date(since, "--since", None), allow_nyt)
        with warehouse.open_warehouse(read_only=True) as con:
            records = with_clues(con, generator.generate(con, request), generator.clued)
        if len(records) < count:
            made = plural(len(records), generator.noun)
            print(
                f"only {made} of the custom list can be published ({count} asked for)",
                file=sys.stderr,
            )
        if format is not None:
            write_records(records, format.value, out)
            if out is not None:
                print(f"wrote {plural(len(records), 'record')} to {out}", file=sys.stderr)
        else:
            emit(as_json, lambda: {"puzzles": records}, lambda: generator.text(records))


@bench_app.command("generate")
@user_errors
def bench_generate(
    timing: Annotated[
        bool, typer.Option("--timing/--no-timing", help="Also time 100 puzzles of each game.")
    ] = True,
    sweep: Annotated[
        bool,
        typer.Option(
            "--sweep/--no-sweep",
            help="Also ask each generator for seeds 0-99 x every difficulty x 1 and 20 puzzles.",
        ),
    ] = True,
    as_json: AsJson = False,
) -> None:
    """Judge the generators on the NYT's validation year, with the style learned before it: likeness AUC beside baselines, a classifier's AUC telling generated from NYT puzzles, the expected errors, distribution distances and the difficulty thirds; then ask each for every draw of a sweep, and time both commands and a puzzle by id.

    Example: pipeline bench generate
    """
    from pipeline.bench import generate as bench
    from pipeline.bench.figures import figures_record, format_figures
    from pipeline.games.style import CHECKS_FILE

    sections = bench.bench_generators(sweep, timing)
    bench.keep_checks(figures_record(sections), default_folder(config.reports_dir()) / CHECKS_FILE)
    emit(as_json, figures_record, format_figures, sections)


for each_game in GAMES:
    each_generator = hooks_of(each_game).generator()
    if each_generator is not None:
        add_generate_command(each_game, each_generator)
