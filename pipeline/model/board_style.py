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

VOWELS_AND_Y = "aeiouy"  # a board's vowels: y counts, as it does for the NYT's boards
BOARD_L2 = 3.0
BOARD_HALF_LIFE_DAYS = 365
VOWEL_BINS = (3, 4, 5)
WORD_BINS = (500, 1000, 1500, 2000, 3000, 4000)
SOLUTION_BINS = (3, 10, 30, 100, 300)  # two-word solutions
PAR_SOLUTION_BINS = (5, 15, 40, 100)
PARS = (3, 4, 5, 6)
PAIR_TRIES = 200
MAX_DRAWS_PER_BOARD = 100
VOWEL_PATTERNS = ((0, 1, 1, 1), (0, 0, 1, 2), (1, 1, 1, 1), (0, 1, 1, 2), (1, 1, 1, 2))


Sides = tuple[str, str, str, str]


@dataclass(frozen=True)
class MadeBoard:
    """A board with the figures the style reads."""

    sides: Sides
    seed_words: tuple[str, str]
    words: int  # playable words of the list
    two_word_solutions: int
    one_word_solutions: int

    @property
    def board(self) -> lb.Board:
        """Return the solver's board."""
        return lb.parse_board(self.sides)


@dataclass(frozen=True)
class LetterStyle:
    """How often the NYT's boards hold each letter, and how many vowels they have."""

    letter_shares: np.ndarray  # (26,) the share of boards holding each letter
    vowel_counts: np.ndarray  # (lb.BOX_SIZE + 1,) the share of boards with each number of vowels


def letter_style(boards: list[tuple[str, ...]], ages: np.ndarray) -> LetterStyle:
    """Return the letter style of boards (each given by its sides; `ages`: days before the last,
    recent ones weighing more)."""
    weights = 0.5 ** (ages / BOARD_HALF_LIFE_DAYS)
    holds = np.array([[chr(97 + i) in "".join(sides) for i in range(26)] for sides in boards])
    vowels = np.bincount(
        [sum(letter in VOWELS_AND_Y for letter in "".join(sides)) for sides in boards],
        weights=weights,
        minlength=lb.BOX_SIZE + 1,
    )
    return LetterStyle(weights @ holds / weights.sum(), vowels / vowels.sum())


IS_VOWEL = np.array([chr(97 + i) in VOWELS_AND_Y for i in range(26)])


def draw_boxes(style: LetterStyle, count: int, rng: np.random.Generator) -> np.ndarray:
    """Return the masks of `count` sets of 12 letters drawn in the NYT's style: a vowel count as
    often as the NYT has it, then vowels and consonants each drawn without replacement by their
    shares (the largest log-share plus a Gumbel variate)."""
    vowels = np.minimum(
        rng.choice(lb.BOX_SIZE + 1, size=count, p=style.vowel_counts), IS_VOWEL.sum()
    )
    keys = rng.gumbel(size=(count, 26)) + np.log(style.letter_shares + 1e-6)
    drawn = np.zeros((count, 26), dtype=bool)
    for group, wanted in ((IS_VOWEL, vowels), (~IS_VOWEL, lb.BOX_SIZE - vowels)):
        letters = np.flatnonzero(group)
        order = np.argsort(-keys[:, letters], axis=1)  # each box's letters of the group, by key
        ranks = np.empty_like(order)
        np.put_along_axis(ranks, order, np.arange(len(letters))[None, :], axis=1)
        drawn[:, letters] = ranks < wanted[:, None]
    return drawn @ (np.int64(1) << np.arange(26))


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
        starts = np.concatenate(([0], ends[:-1] + 1))[: len(index.words)]
        repeated = np.append(codes[1:] == codes[:-1], False)
        doubles = np.add.reduceat(repeated, starts) if len(starts) else np.zeros(0, int)
        return cls(index, index.firsts, index.lasts, doubles == 0)


@dataclass(frozen=True)
class BoxWords:
    """The words of a list made only of the letters of each of several boxes (12 letters each),
    with no letter twice in a row, box after box (in the order of lb.WordIndex.inside_boxes), and
    their letters in box-local bits: bit i and position i are the box's i-th letter in
    alphabetical order."""

    boxes: np.ndarray  # each box's letter mask
    box: np.ndarray  # per word: the number of its box
    inside: np.ndarray  # per word: its position in the index's words
    local: np.ndarray  # per word: its box-local mask
    first: np.ndarray  # per word: the box position of its first letter
    last: np.ndarray  # per word: the box position of its last letter

    @classmethod
    def of(cls, chain: ChainIndex, boxes: np.ndarray) -> BoxWords:
        """Return the words of a chain index made of the letters of each box."""
        inside, local, box = chain.index.inside_boxes(boxes)
        kept = chain.playable[inside]
        inside, local, box = inside[kept], local[kept], box[kept]
        position = np.zeros((len(boxes), 256), dtype=np.int64)  # per box, by letter byte
        letters = lb.box_letters(boxes, lb.BOX_SIZE)
        np.put_along_axis(position, letters + 97, np.arange(lb.BOX_SIZE)[None, :], axis=1)
        first, last = position[box, chain.firsts[inside]], position[box, chain.lasts[inside]]
        return cls(boxes, box, inside, local, first, last)

    def of_box(self, number: int) -> slice:
        """Return where the words of one box are."""
        start, end = np.searchsorted(self.box, [number, number + 1])
        return slice(int(start), int(end))


def with_partner(words: BoxWords) -> np.ndarray:
    """Return, per word, whether some word of its box (itself included) starts with its last
    letter and holds every box letter it lacks: per box and set of letters, the first letters of
    the words holding it (bit f: box letter f), folded over supersets (lb.fold_supersets, as the
    solver counts two-word solutions)."""
    firsts = np.zeros((lb.FULL_BOX + 1, len(words.boxes)), dtype=np.uint16)
    bits = np.left_shift(np.uint16(1), words.first.astype(np.uint16))
    np.bitwise_or.at(firsts, (words.local, words.box), bits)
    lb.fold_supersets(firsts, np.bitwise_or)
    return (firsts[lb.FULL_BOX ^ words.local, words.box] >> words.last) & 1 == 1


def seed_pair(
    chain: ChainIndex, words: BoxWords, chains_on: np.ndarray, number: int, rng: np.random.Generator
) -> tuple[str, str] | None:
    """Return a random pair of one box's words that chain and use all 12 of its letters, or None
    when random tries find none (`chains_on`: with_partner of the words)."""
    at = words.of_box(number)
    local, first, chains = words.local[at], words.first[at], chains_on[at]
    if not len(local):
        return None
    for i in rng.permutation(len(local))[:PAIR_TRIES].tolist():
        if chains[i]:
            partners = np.flatnonzero(
                ((local | local[i]) == lb.FULL_BOX) & (first == words.last[at][i])
            )
            second = partners[rng.integers(len(partners))]
            inside = words.inside[at]
            return chain.index.words[int(inside[i])], chain.index.words[int(inside[second])]
    return None


def layout(pair: tuple[str, str], rng: np.random.Generator) -> Sides | None:
    """Return 4 sides of 3 letters holding the pair's 12 letters with no two neighbours of either
    word on one side, placed in a random order, or None when no layout has none (the search
    tries every one, so another order would find none either)."""
    letters = sorted(set(pair[0]) | set(pair[1]))
    neighbours: dict[str, set[str]] = {letter: set() for letter in letters}
    for word in pair:
        for a, b in zip(word, word[1:], strict=False):
            neighbours[a].add(b)
            neighbours[b].add(a)
    order = [letters[i] for i in rng.permutation(lb.BOX_SIZE)]
    sides: list[list[str]] = [[] for _ in range(lb.SIDE_COUNT)]
    if place(order, sides, neighbours):
        return tuple("".join(sorted(side)) for side in sides)  # type: ignore[return-value]
    return None


def place(order: list[str], sides: list[list[str]], neighbours: dict[str, set[str]]) -> bool:
    """Place the letters of `order` on the sides (backtracking); return True when all fit. Empty
    sides are alike, so a letter tries the first of them only: a failure there fails on each."""
    if not order:
        return True
    letter, rest = order[0], order[1:]
    for side in sides:
        if len(side) < lb.SIDE_LENGTH and not neighbours[letter] & set(side):
            side.append(letter)
            if place(rest, sides, neighbours):
                return True
            side.pop()
        if not side:
            break
    return False


BOX_BATCH = (8, 64)  # the fewest and most boxes drawn or measured at once: their words found in
# one search (the most bounds its memory)
Laid = tuple[tuple[str, str], Sides]  # a box's seed pair and its sides


def board_counts(
    chain: ChainIndex, words: BoxWords, laid: dict[int, Sides]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return, per board laid out on some of the boxes (box number: sides), in that order, its
    playable words, one-word and two-word solutions, counted for all at once. Its playable words
    are its box's words (none with a letter twice in a row) less those that put two letters of
    one side next to each other: WordIndex.playable's, for which a doubled letter clashes too."""
    numbers = list(laid)
    slot = np.full(len(words.boxes), -1)
    slot[numbers] = np.arange(len(numbers))
    same_side = lb.same_side_pairs_of([lb.parse_board(laid[n]) for n in numbers])
    on = np.flatnonzero(slot[words.box] >= 0)
    on = on[~chain.index.clashes_on_boards(words.inside[on], same_side, slot[words.box[on]])]
    board = slot[words.box[on]]
    one, two = lb.solution_counts_by_board(
        board, words.local[on], words.first[on], words.last[on], len(numbers)
    )
    return np.bincount(board, minlength=len(numbers)), one, two


def laid_out_boards(chain: ChainIndex, words: BoxWords, laid: dict[int, Laid]) -> list[MadeBoard]:
    """Return the boards laid out on some of the boxes (box number: seed pair and sides) with
    their figures (board_counts); a board with a one-word solution is left out."""
    playable, one, two = board_counts(chain, words, {n: sides for n, (_, sides) in laid.items()})
    return [
        MadeBoard(laid[n][1], laid[n][0], int(playable[i]), int(two[i]), int(one[i]))
        for i, n in enumerate(laid)
        if one[i] == 0
    ]


def measured_boards(chain: ChainIndex, boards: list[Sides]) -> list[MadeBoard]:
    """Return boards given by their sides with their figures on the list (board_counts), in
    order, BOX_BATCH[1] boards at a time (one search of the list for each batch)."""
    measured: list[MadeBoard] = []
    for start in range(0, len(boards), BOX_BATCH[1]):
        batch = boards[start : start + BOX_BATCH[1]]
        boxes = np.array([letter_mask("".join(sides)) for sides in batch], dtype=np.int64)
        words = BoxWords.of(chain, boxes)
        playable, one, two = board_counts(chain, words, dict(enumerate(batch)))
        measured += [
            MadeBoard(sides, ("", ""), int(playable[i]), int(two[i]), int(one[i]))
            for i, sides in enumerate(batch)
        ]
    return measured


def make_boards(
    chain: ChainIndex, style: LetterStyle, count: int, rng: np.random.Generator
) -> list[MadeBoard]:
    """Return `count` boards made from the list with letters in the NYT's style (each with a
    two-word solution, none with a one-word solution); fewer when a list is too small to make
    them in MAX_DRAWS_PER_BOARD draws of letters each. Letters are drawn a batch at a time
    (about two sets per board still wanted: one in two makes a board)."""
    made: list[MadeBoard] = []
    drawn = 0
    while len(made) < count and drawn < count * MAX_DRAWS_PER_BOARD:
        batch = min(max(2 * (count - len(made)), BOX_BATCH[0]), BOX_BATCH[1])
        made += boards_of(chain, draw_boxes(style, batch, rng), rng)
        drawn += batch
    return made[:count]


def boards_of(chain: ChainIndex, boxes: np.ndarray, rng: np.random.Generator) -> list[MadeBoard]:
    """Return the boards made on sets of 12 letters: for each, a random pair of list words that
    chain and use them all, laid out on the sides, unless the set has none or no layout fits,
    or the board has a one-word solution (about one set in two makes a board)."""
    words = BoxWords.of(chain, boxes)
    chains_on = with_partner(words)
    laid: dict[int, Laid] = {}
    for number in range(len(boxes)):
        pair = seed_pair(chain, words, chains_on, number, rng)
        sides = layout(pair, rng) if pair else None
        if pair and sides:
            laid[number] = (pair, sides)
    return laid_out_boards(chain, words, laid) if laid else []


def side_vowels(sides: tuple[str, ...]) -> tuple[int, ...]:
    """Return the vowels on each side, fewest first."""
    return tuple(sorted(sum(letter in VOWELS_AND_Y for letter in side) for side in sides))


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
    recent = 0.5 ** (nyt_ages / BOARD_HALF_LIFE_DAYS)
    w = np.r_[recent, np.full(len(made), recent.sum() / len(made))]
    counts = np.ones((len(PAR_SOLUTION_BINS) + 1, len(PARS)))  # one of each: no par impossible
    for board, par in zip(nyt, nyt_pars, strict=True):
        if par in PARS:
            counts[np.digitize(board.two_word_solutions, PAR_SOLUTION_BINS), PARS.index(par)] += 1
    return BoardLikeness(
        fit_logistic(x, y, w, l2=BOARD_L2, iterations=25),
        counts / counts.sum(axis=1, keepdims=True),
    )
