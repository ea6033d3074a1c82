"""The `pipeline` command line: the Typer application and its groups, and the entry point that
keeps the error contract. Each family of commands registers itself from its own module
(`setup`, `reports`, and one module per game), imported at the end of this one."""

# No `from __future__ import annotations` here: Typer would evaluate every command's annotations
# from their text at each start-up (10 ms); the few helpers' type-only names are quoted instead.
import contextlib
import importlib
import re
import sys
from typing import Annotated, Any

import typer
from typer._click.decorators import help_option
from typer._click.exceptions import NoArgsIsHelpError, UsageError
from typer.core import TyperGroup

from pipeline.cli.coercion import plain_coercion
from pipeline.cli.options import REPORTS, SOLVING, closed_pipe_is_done, flushed
from pipeline.errors import INTERRUPTED, USAGE

HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}


class Commands(TyperGroup):
    """The command tree: a flag (`--json`, `--offline`) shows no type in the help, as it takes
    no value; a plain option's value is coerced without the validation library (coercion.py);
    a help page whose reader went away (`pipeline --help | head -1`) ends with status 0."""

    def make_context(self, info_name, args, parent=None, **extra):  # noqa: ANN001, ANN201
        hide_flag_types(self)
        plain_coercion(self)
        with closed_pipe_is_done():  # the root's own help is printed while its context is made
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx):  # noqa: ANN001, ANN201
        with closed_pipe_is_done():  # a group's or a command's help, printed below the root
            return super().invoke(ctx)


def hide_flag_types(command: Any) -> None:
    """Give every flag of a command and its subcommands an empty metavar (no `<bool>`), the
    help option too (made here as Click makes it on first use, and kept where Click keeps it)."""
    if getattr(command, "add_help_option", False) and command._help_option is None:
        help_option(HELP_OPTIONS["help_option_names"])(command)
        command._help_option = command.params.pop()
    for param in [*getattr(command, "params", []), getattr(command, "_help_option", None)]:
        if getattr(param, "is_flag", False):
            param.metavar = ""
    for sub in getattr(command, "commands", {}).values():
        hide_flag_types(sub)


app = typer.Typer(
    help="Scrape the NYT word games' answers, build dictionaries, solve and report.",
    cls=Commands,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings=HELP_OPTIONS,
)


def command_group(summary: str) -> typer.Typer:
    """Return a group of subcommands (`pipeline solve ...`) that shows its help when called bare."""
    return typer.Typer(help=summary, no_args_is_help=True, context_settings=HELP_OPTIONS)


solve_app = command_group("Solve a Spelling Bee or Letter Boxed puzzle.")
bench_app = command_group("Time the solvers.")
analyze_app = command_group("Score every possible puzzle of a dictionary.")
generate_app = command_group("Generate new puzzles in the NYT's style.")
app.add_typer(solve_app, name="solve", rich_help_panel=SOLVING)
app.add_typer(generate_app, name="generate", rich_help_panel=SOLVING)
app.add_typer(analyze_app, name="analyze", rich_help_panel=SOLVING)
app.add_typer(bench_app, name="bench", rich_help_panel=REPORTS)


def show_version(value: bool) -> None:
    """Print the version and exit (the eager `--version` option)."""
    if value:
        from pipeline import __version__  # read from the package's metadata only when asked

        print(f"pipeline {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=show_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Scrape the NYT word games' answers, build dictionaries, solve and report."""


def usage_message(error: UsageError) -> str:
    """Return a usage error (unknown command, option or choice, a bad number) as one line."""
    message = " ".join(error.format_message().split()).replace("Value error, ", "").rstrip(".")
    message = LIBRARY_WORDS.sub(lambda found: PLAIN_WORDS[found.group(1)], message)
    message = message[:1].lower() + message[1:]
    command = error.ctx.command_path if error.ctx is not None else "pipeline"
    return f"{message} (see `{command} --help`)"


# What the validation library under Typer says of a bad number, and the same in plain words.
LIBRARY_WORDS = re.compile(r"Input should be a valid (integer|number)\b[^()]*?(?=$| \()")
PLAIN_WORDS = {"integer": "not a whole number", "number": "not a number"}


def register_game_commands() -> None:
    """Import each game's own commands, so that they register on the groups."""
    from pipeline.games import GAMES
    from pipeline.games.hooks import hooks_of

    for game in GAMES:
        commands = hooks_of(game).commands
        if commands is not None:
            importlib.import_module(commands)


def main() -> None:
    """Entry point of the console script: every error a user can cause is one `error:` line on
    stderr and exit status 2; Ctrl-C is the line `interrupted` and exit status 130."""
    try:
        status = app(standalone_mode=False, prog_name="pipeline")
    except NoArgsIsHelpError as error:
        status = USAGE
        with contextlib.suppress(typer.Exit), closed_pipe_is_done():
            print(error.format_message())  # `pipeline` or `pipeline solve` alone: the help
    except UsageError as error:
        print(f"error: {usage_message(error)}", file=sys.stderr)
        status = USAGE
    except typer.Abort:  # end of input at a prompt
        status = INTERRUPTED
    except KeyboardInterrupt:  # outside a command, which reports its own
        status = INTERRUPTED
    if status == INTERRUPTED:
        print("interrupted", file=sys.stderr)
    sys.exit(flushed(status if isinstance(status, int) else 0))


# The commands, each family in its module, imported so that they register on the groups: setup
# first, as the help shows the panels in the order their first commands registered; each game's
# own commands (its hook `commands`, in the registry's order) before every generator's and the
# server's.
for module in ("setup", "reports"):
    importlib.import_module(f"pipeline.cli.{module}")
register_game_commands()
for module in ("generate", "serve"):
    importlib.import_module(f"pipeline.cli.{module}")
