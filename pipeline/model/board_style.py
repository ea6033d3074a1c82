"""What the NYT's Letter Boxed boards look like, and boards made in their image.

No I/O: words come in as a solver's WordIndex. A board is made from two list words that chain
(the second starts with the first's last letter) and together use exactly 12 letters, laid on
4 sides so that neither word puts two letters of one side next to each other: every board made
has a two-word solution by construction. A logistic regression tells the NYT's boards from boards
made at random (letters, vowels per side, how many words and two-word solutions the board
allows); drawing made boards in proportion to its odds imitates the NYT's choices, and par is
drawn from the NYT's par for boards with as many two-word solutions.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pipeline.model.honeycomb_style import letter_columns, one_hot
from pipeline.model.newword import fit_logistic, sigmoid
from solvers import letter_boxed as lb
from solvers.masks import letter_mask

VOWELS = "aeiouy"
SIDES = 4
SIDE_LENGTH = 3
LETTERS = SIDES * SIDE_LENGTH
L2 = 3.0
HALF_LIFE_DAYS = 365
VOWEL_BINS = (3, 4, 5)
WORD_BINS = (500, 1000, 1500, 2000, 3000, 4000)
SOLUTION_BINS = (3, 10, 30, 100, 300)  # two-word solutions
PAR_SOLUTION_BINS = (5, 15, 40, 100)
PARS = (3, 4, 5, 6)
PAIR_TRIES = 200
LAYOUT_TRIES = 50
MAX_DRAWS_PER_BOARD = 100
VOWEL_PATTERNS = ((0, 1, 1, 1), (0, 0, 1, 2), (1, 1, 1, 1), (0, 1, 1, 2), (1, 1, 1, 2))


@dataclass(frozen=True)
class MadeBoard:
    """A board with the figures the style reads."""

    sides: tuple[str, str, str, str]
    seed_words: tuple[str, str]
    words: int  # playable words of the list
    two_word_solutions: int
    one_word_solutions: int

    @property
    def board(self) -> lb.Board:
        """Return the solver's board."""
        return lb.parse_board(self.sides)


def figures(index: lb.WordIndex, sides: tuple[str, str, str, str]) -> tuple[int, int, int]:
    """Return a board's playable word count, one-word and two-word solution counts."""
    board = lb.parse_board(sides)
    playable = index.playable(board)
    arrays = lb.BoardWords.of_sorted(board, playable)
    one, two = lb.short_solution_counts(arrays)
    return len(playable), one, two


@dataclass(frozen=True)
class LetterStyle:
    """How often the NYT's boards hold each letter, and how many vowels they have."""

    letter_shares: np.ndarray  # (26,) the share of boards holding each letter
    vowel_counts: np.ndarray  # (LETTERS + 1,) the share of boards with each number of vowels


def letter_style(boards: list[tuple[str, ...]], ages: np.ndarray) -> LetterStyle:
    """Return the letter style of boards (each given by its sides; `ages`: days before the last,
    recent ones weighing more)."""
    weights = 0.5 ** (ages / HALF_LIFE_DAYS)
    holds = np.array([[chr(97 + i) in "".join(sides) for i in range(26)] for sides in boards])
    vowels = np.bincount(
        [sum(letter in VOWELS for letter in "".join(sides)) for sides in boards],
        weights=weights,
        minlength=LETTERS + 1,
    )
    return LetterStyle(weights @ holds / weights.sum(), vowels / vowels.sum())


def draw_letters(style: LetterStyle, rng: np.random.Generator) -> int:
    """Return the mask of 12 letters drawn in the NYT's style: a vowel count as often as the NYT
    has it, then vowels and consonants each drawn without replacement by their shares."""
    vowel_count = int(rng.choice(LETTERS + 1, p=style.vowel_counts))
    is_vowel = np.array([chr(97 + i) in VOWELS for i in range(26)])
    mask = 0
    for wanted, group in ((vowel_count, is_vowel), (LETTERS - vowel_count, ~is_vowel)):
        letters = np.flatnonzero(group)
        keys = rng.gumbel(size=len(letters)) + np.log(style.letter_shares[letters] + 1e-6)
        for letter in letters[np.argsort(-keys)[:wanted]]:
            mask |= 1 << int(letter)
    return mask


@dataclass(frozen=True)
class ChainIndex:
    """A word index with what chaining words reads: each word's first and last letter (as
    bytes) and whether it can be played at all (no letter twice in a row)."""

    index: lb.WordIndex
    firsts: np.ndarray
    lasts: np.ndarray
    playable: np.ndarray

    @classmethod
    def of(cls, index: lb.WordIndex) -> ChainIndex:
        """Return the chain index of a word index (one pass over its words' bytes)."""
        codes = np.frombuffer(("\n".join(index.words) + "\n").encode("ascii"), dtype=np.uint8)
        ends = np.flatnonzero(codes == ord("\n"))
        starts = np.concatenate(([0], ends[:-1] + 1))
        repeated = np.append(codes[1:] == codes[:-1], False)
        doubles = np.add.reduceat(repeated, starts) if len(starts) else np.zeros(0, int)
        return cls(index, codes[starts], codes[ends - 1], doubles == 0)


def seed_pair(chain: ChainIndex, box: int, rng: np.random.Generator) -> tuple[str, str] | None:
    """Return a random pair of list words that chain and use exactly the 12 letters of `box`, or
    None when random tries find none."""
    inside = chain.index.indices_inside(box)
    inside = inside[chain.playable[inside]]
    if not len(inside):
        return None
    masks, firsts, lasts = chain.index.masks[inside], chain.firsts[inside], chain.lasts[inside]
    chains_on = with_partner(masks, firsts, lasts, box)
    for i in rng.permutation(len(inside))[:PAIR_TRIES].tolist():
        if chains_on[i]:
            partners = np.flatnonzero(((masks | masks[i]) == box) & (firsts == lasts[i]))
            second = inside[partners[rng.integers(len(partners))]]
            return chain.index.words[int(inside[i])], chain.index.words[int(second)]
    return None


def with_partner(masks: np.ndarray, firsts: np.ndarray, lasts: np.ndarray, box: int) -> np.ndarray:
    """Return, per word made of the box's letters, whether some such word (itself included)
    starts with its last letter and holds every box letter it lacks: counts of words by first
    letter and box-local letter set, summed over supersets (lb.fold_supersets, as the solver
    counts two-word solutions)."""
    letters = np.flatnonzero((box >> np.arange(26)) & 1)
    local = ((masks[:, None] >> letters) & 1) @ (1 << np.arange(len(letters)))
    full = (1 << len(letters)) - 1
    counts = np.bincount(local * 26 + (firsts - 97), minlength=(full + 1) * 26).astype(np.int32)
    counts = counts.reshape(full + 1, 26)
    lb.fold_supersets(counts, np.add)
    return counts[full ^ local, lasts.astype(np.int64) - 97] > 0


def layout(pair: tuple[str, str], rng: np.random.Generator) -> tuple[str, str, str, str] | None:
    """Return 4 sides of 3 letters holding the pair's 12 letters with no two neighbours of either
    word on one side, or None when random tries find none."""
    letters = sorted(set(pair[0]) | set(pair[1]))
    neighbours: dict[str, set[str]] = {letter: set() for letter in letters}
    for word in pair:
        for a, b in zip(word, word[1:], strict=False):
            neighbours[a].add(b)
            neighbours[b].add(a)
    for _ in range(LAYOUT_TRIES):
        order = [letters[i] for i in rng.permutation(LETTERS)]
        sides: list[list[str]] = [[] for _ in range(SIDES)]
        if place(order, sides, neighbours):
            return tuple("".join(sorted(side)) for side in sides)  # type: ignore[return-value]
    return None


def place(order: list[str], sides: list[list[str]], neighbours: dict[str, set[str]]) -> bool:
    """Place the letters of `order` on the sides (backtracking); return True when all fit."""
    if not order:
        return True
    letter, rest = order[0], order[1:]
    for side in sides:
        if len(side) < SIDE_LENGTH and not neighbours[letter] & set(side):
            side.append(letter)
            if place(rest, sides, neighbours):
                return True
            side.pop()
    return False


def make_boards(
    chain: ChainIndex, style: LetterStyle, count: int, rng: np.random.Generator
) -> list[MadeBoard]:
    """Return `count` boards made from the list with letters in the NYT's style (each with a
    two-word solution, none with a one-word solution); fewer when a list is too small to make
    them in MAX_DRAWS_PER_BOARD draws of letters each."""
    made: list[MadeBoard] = []
    for _ in range(count * MAX_DRAWS_PER_BOARD):
        if len(made) == count:
            break
        pair = seed_pair(chain, draw_letters(style, rng), rng)
        sides = layout(pair, rng) if pair else None
        if pair is None or sides is None:
            continue
        words, one, two = figures(chain.index, sides)
        if one == 0:
            made.append(MadeBoard(sides, pair, words, two, one))
    return made


def side_vowels(sides: tuple[str, ...]) -> tuple[int, ...]:
    """Return the vowels on each side, fewest first."""
    return tuple(sorted(sum(letter in VOWELS for letter in side) for side in sides))


def feature_names() -> list[str]:
    """Return the name of each column of `board_features`."""
    groups = (
        ("letter", 26),
        ("vowels_per_side", len(VOWEL_PATTERNS) + 1),
        ("vowels", len(VOWEL_BINS) + 1),
        ("words", len(WORD_BINS) + 1),
        ("two_word_solutions", len(SOLUTION_BINS) + 1),
        ("intercept", 1),
    )
    return [f"{group}_{i}" for group, width in groups for i in range(width)]


def board_features(boards: list[MadeBoard]) -> np.ndarray:
    """Return the likeness model's columns of boards."""
    masks = np.array([letter_mask("".join(b.sides)) for b in boards], dtype=np.int64)
    patterns = np.array(
        [
            VOWEL_PATTERNS.index(p)
            if (p := side_vowels(b.sides)) in VOWEL_PATTERNS
            else len(VOWEL_PATTERNS)
            for b in boards
        ]
    )
    vowels = np.array([sum(p) for p in map(side_vowels, (b.sides for b in boards))])
    return np.hstack(
        [
            letter_columns(masks),
            np.eye(len(VOWEL_PATTERNS) + 1, dtype=np.float32)[patterns],
            one_hot(vowels, VOWEL_BINS),
            one_hot(np.array([b.words for b in boards]), WORD_BINS),
            one_hot(np.array([b.two_word_solutions for b in boards]), SOLUTION_BINS),
            np.ones((len(boards), 1), dtype=np.float32),
        ]
    )


@dataclass(frozen=True)
class BoardLikeness:
    """The fitted board model and the par the NYT gives boards by two-word solutions."""

    coefficients: np.ndarray
    par_shares: np.ndarray  # (len(PAR_SOLUTION_BINS) + 1, len(PARS))

    def log_odds(self, boards: list[MadeBoard]) -> np.ndarray:
        """Return how much more likely the NYT is to make each board than the maker is."""
        return board_features(boards) @ self.coefficients.astype(np.float32)

    def likeness(self, boards: list[MadeBoard]) -> np.ndarray:
        """Return the chance the model gives each board of being the NYT's against one made."""
        return sigmoid(self.log_odds(boards))

    def draw_par(self, board: MadeBoard, rng: np.random.Generator) -> int:
        """Return a par drawn as the NYT gives it to boards with as many two-word solutions."""
        shares = self.par_shares[np.digitize(board.two_word_solutions, PAR_SOLUTION_BINS)]
        return PARS[int(rng.choice(len(PARS), p=shares))]


def fit_board_likeness(
    nyt: list[MadeBoard], nyt_pars: list[int], nyt_ages: np.ndarray, made: list[MadeBoard]
) -> BoardLikeness:
    """Fit the board model on the NYT's boards (`nyt_ages`: days before the last, recent ones
    weighing more) against made ones, both sides weighing the same in total."""
    x = np.vstack([board_features(nyt), board_features(made)])
    y = np.r_[np.ones(len(nyt)), np.zeros(len(made))]
    recent = 0.5 ** (nyt_ages / HALF_LIFE_DAYS)
    w = np.r_[recent, np.full(len(made), recent.sum() / len(made))]
    counts = np.ones((len(PAR_SOLUTION_BINS) + 1, len(PARS)))  # one of each: no par impossible
    for board, par in zip(nyt, nyt_pars, strict=True):
        if par in PARS:
            counts[np.digitize(board.two_word_solutions, PAR_SOLUTION_BINS), PARS.index(par)] += 1
    return BoardLikeness(
        fit_logistic(x, y, w, l2=L2, iterations=25), counts / counts.sum(axis=1, keepdims=True)
    )
