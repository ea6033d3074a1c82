"""Every draw the custom lists can make is delivered: seeds 0-99 x every difficulty x `--count` 1
and 20, both games, on the mirror warehouse, with each record checked against the rules.

The generators are called in process, once per draw, through the objects `pipeline generate`
builds once per command (BoardMaker, HoneycombDraws): the draws of a seed share the boards made
for it, as one command's draws would. Each game's 100 seeds are swept in chunks of CHUNK seeds, so
that the test processes of `make test` share them (the 20 chunks took 59 s of CPU on 2026-11-26,
most of it Letter Boxed's: about 230 boards made a seed, the hard third a quarter of the boards
made, a block of 10 drawn from 30 of them); each process makes a game's generator once.
`pipeline bench generate` sweeps the same draws (its figures "draws delivered whole"). The clues
of the draws of four seeds are checked too: every word WordNet knows has one.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

from pipeline.bench.generate import SWEEP_COUNTS, SWEEP_SEEDS
from pipeline.games import LETTER_BOXED
from pipeline.games.generated import Request
from pipeline.games.letter_boxed.generate import BoardMaker
from pipeline.games.letter_boxed.play import BoxPuzzle, best_solution
from pipeline.games.play import custom_words
from pipeline.games.spelling_bee.generate import HoneycombDraws
from pipeline.model.difficulty import Difficulty
from pipeline.stages.clues import answer_clues
from pipeline.stages.generate import with_clues
from pipeline.stages.words import nltk_corpus
from pipeline.storage.named_lists import zipf_lookup
from solvers import letter_boxed as lb
from solvers.masks import is_plain_word
from solvers.spelling_bee_scoring import word_score
from tests.conftest import MirrorWarehouse

FEW, MANY = sorted(SWEEP_COUNTS)
PLACES = range(1, MANY + 1)
CHUNK = 10
CHUNKS = [SWEEP_SEEDS[start : start + CHUNK] for start in range(0, len(SWEEP_SEEDS), CHUNK)]


def chunk_id(seeds: range) -> str:
    """Return a chunk's test id (`seeds10-19`)."""
    return f"seeds{seeds[0]}-{seeds[-1]}"


@pytest.fixture(scope="module")
def mirror_env(mirror_warehouse: MirrorWarehouse) -> Iterator:
    """Point the pipeline at the mirror warehouse and its lists; yield a connection to it."""
    with pytest.MonkeyPatch.context() as env:
        for name, value in mirror_warehouse.env.items():
            env.setenv(name, value)
        with contextlib.closing(mirror_warehouse.connect()) as con:
            yield con


@pytest.fixture(scope="module")
def board_maker(mirror_env) -> BoardMaker:
    """Return Letter Boxed's generator, made once per test process."""
    return BoardMaker.of(mirror_env, custom_words(LETTER_BOXED), zipf_lookup(LETTER_BOXED), None)


@pytest.fixture(scope="module")
def honeycombs(mirror_env) -> HoneycombDraws:
    """Return Spelling Bee's generator, made once per test process."""
    return HoneycombDraws.of(mirror_env, None)


def draws(seed: int) -> Iterator[tuple[Difficulty, Request, Request]]:
    """Yield each difficulty with the seed's draws of MANY and of FEW puzzles."""
    for difficulty in Difficulty:
        many, few = (Request(count, seed, difficulty, None, False) for count in (MANY, FEW))
        yield difficulty, many, few


def in_third(difficulty: Difficulty, percentile: float) -> bool:
    """Return whether a rounded percentile is in the difficulty's third."""
    low, high = difficulty.bounds
    return round(low, 1) <= percentile <= round(high, 1)


@pytest.mark.parametrize("seeds", CHUNKS, ids=chunk_id)
def test_every_letter_boxed_draw_is_delivered(board_maker: BoardMaker, seeds: range) -> None:
    maker = board_maker
    nyt_letters = maker.reference.nyt_letters
    for seed in seeds:
        for difficulty, many, few in draws(seed):
            records = maker.records(many)
            assert [r["id"] for r in records] == [f"g{seed}-{difficulty}-{n}" for n in PLACES]
            assert maker.records(few) == records[:FEW]  # the first n boards are the draw of n
            assert maker.last_record(many) == records[-1]  # an id's board, from its block
            assert len({tuple(r["sides"]) for r in records}) == len(records)
            for record in records:
                assert_board_keeps_the_rules(record, difficulty, nyt_letters)
        maker.made.clear()  # a seed's boards are made for it alone


def assert_board_keeps_the_rules(
    record: dict, difficulty: Difficulty, nyt_letters: set[frozenset[str]]
) -> None:
    """Check a generated board: new, of its difficulty, solved in two words that chain."""
    board = lb.parse_board(record["sides"])
    assert frozenset(board.letters) not in nyt_letters
    assert in_third(difficulty, record["difficulty"]["percentile"])
    first, second = record["solution"]  # a made board has a two-word solution
    assert first[-1] == second[0] and set(first + second) == set(board.letters)
    assert lb.is_playable(board, first) and lb.is_playable(board, second)


@pytest.mark.parametrize("seeds", CHUNKS, ids=chunk_id)
def test_every_spelling_bee_draw_is_delivered(honeycombs: HoneycombDraws, seeds: range) -> None:
    for seed in seeds:
        for difficulty, many, few in draws(seed):
            records = honeycombs.records(many)
            assert [r["id"] for r in records] == [f"g{seed}-{difficulty}-{n}" for n in PLACES]
            assert honeycombs.records(few) == records[:FEW]
            assert len({(r["center"], r["others"]) for r in records}) == len(records)
            for record in records:
                letters = record["center"] + record["others"]
                assert in_third(difficulty, record["difficulty"]["percentile"])
                assert all(set(p) == set(letters) for p in record["pangrams"])
                assert record["points"] == sum(word_score(w, letters) for w in record["answers"])


CLUED_SEEDS = range(4)  # the draws of 20 puzzles of any difficulty whose clues are checked


def unknown_to_wordnet(words: list[str]) -> list[str]:
    """Return the words WordNet does not know: none of nltk's morphy's bases is a plain lemma."""
    wordnet = nltk_corpus("wordnet", offline=True)
    return [
        word
        for word in words
        if not any(is_plain_word(base) for pos in "nvar" for base in wordnet._morphy(word, pos))
    ]


def clued_figures(con, records: list[dict], words_key: str) -> tuple[int, int, list[str]]:
    """Return how many words the records' clues are for, how many have one, and the words
    without one that WordNet knows."""
    clues = [clue for record in with_clues(con, records, words_key) for clue in record["clues"]]
    unclued = [clue["word"] for clue in clues if clue["clue"] is None]
    known = sorted(set(unclued) - set(unknown_to_wordnet(unclued)))
    return len(clues), len(clues) - len(unclued), known


def test_every_generated_board_word_wordnet_knows_has_a_clue(mirror_env, board_maker) -> None:
    records = [
        record
        for seed in CLUED_SEEDS
        for record in board_maker.records(Request(MANY, seed, Difficulty.any, None, False))
    ]
    assert clued_figures(mirror_env, records, "solution") == (160, 91, [])
    # the server clues a generated board's best solution, which it solves again: the record's
    words, zipf = custom_words(LETTER_BOXED), zipf_lookup(LETTER_BOXED)
    for record in records[:MANY]:
        board = lb.parse_board(record["sides"])
        playable = frozenset(lb.playable_words(board, words))
        puzzle = BoxPuzzle(record["id"], None, board, record["par"], playable, "the custom list")
        assert list(best_solution(puzzle, zipf)) == record["solution"]
    with_record = with_clues(mirror_env, records[:1], "solution")[0]["clues"]
    served = answer_clues(mirror_env, records[0]["solution"])
    assert [(c["clue"], c["example"]) for c in with_record] == [
        (clue.text, clue.example) if clue else (None, None) for clue in served.values()
    ]


def test_every_generated_answer_wordnet_knows_has_a_clue(mirror_env, honeycombs) -> None:
    records = [
        record
        for seed in CLUED_SEEDS
        for record in honeycombs.records(Request(MANY, seed, Difficulty.any, None, False))
    ]
    assert clued_figures(mirror_env, records, "answers") == (3585, 3231, [])
