"""A Letter Boxed chain checked as `POST /api/letter-boxed/{id}/check` checks it: the letters
left are those the words before the first broken rule leave."""

from __future__ import annotations

from pipeline.games.letter_boxed.play import BoxPuzzle, check_chain
from solvers import letter_boxed as lb
from tests.made_up_days import BLACKSMITH

WORDS = frozenset(BLACKSMITH.dictionary or ())
PUZZLE = BoxPuzzle("2024-06-11", None, lb.parse_board(BLACKSMITH.sides), 4, WORDS, "the list")


def test_a_valid_chain_leaves_the_letters_it_does_not_use() -> None:
    checked = check_chain(PUZZLE, ["chip"])
    assert (checked["valid"], checked["solved"]) == (True, False)
    assert checked["letters_left"] == sorted("bamlktos")


def test_an_invalid_chain_leaves_the_letters_its_valid_words_do_not_use() -> None:
    # blacksmith uses ten letters; "hopz" (z not on the board) uses none, though "hop" would end it
    checked = check_chain(PUZZLE, ["blacksmith", "hopz"])
    assert checked["problem"] == {"index": 1, "word": "hopz", "reason": "uses 'z', not on the box"}
    assert (checked["valid"], checked["solved"], checked["letters_left"]) == (
        False,
        False,
        ["o", "p"],
    )
    # a word that breaks the chain from the first: every letter is left
    checked = check_chain(PUZZLE, ["mop", "blacksmith", "hop"])
    assert checked["problem"]["reason"] == "not in the list"
    assert checked["letters_left"] == sorted("bamlciktoshp")
