"""A toy third game, kept outside the pipeline as a game of one's own would be: its folder is the
whole game. A puzzle is a few letters; a word is eligible when it is made of them and three
letters long or more. Registered by `PIPELINE_GAMES=tests.toy_game` (tests/test_third_game.py);
its hooks (`hooks.py`) are three: its verdicts, its API and its commands."""

from __future__ import annotations

from pipeline.games.game import Game

GAME = Game(
    name="toy-words",
    rules="tests.toy_game.rules",
    package="tests.toy_game",
    official_answers="the toy archive's answers",
    past_answers="every past toy answer",
)
