"""The toy game's own command: `pipeline solve toy-words LETTERS`."""

from typing import Annotated

import typer

from pipeline.cli.app import solve_app
from pipeline.cli.options import load_word_list, user_errors
from tests.toy_game import GAME
from tests.toy_game.rules import allows


@solve_app.command(GAME.name)
@user_errors
def solve_toy_words(
    letters: Annotated[str, typer.Argument(help="The puzzle's letters.")],
) -> None:
    """Print the custom list's words made of the letters.

    Example: pipeline solve toy-words abel
    """
    for word in load_word_list("custom", GAME).words:
        if allows(letters, word):
            print(word)
