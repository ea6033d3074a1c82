"""What the NYT's Spelling Bee honeycombs look like, learned as a likeness score; how hard one is.

Pure numpy, no I/O. A candidate is a honeycomb of the custom list (a pangram letter set and its
center) with its figures. The likeness model is a logistic regression fitted case-control: each
NYT puzzle against `CONTROLS` candidates drawn at random, every row described as of that puzzle's
day (the letter pairs the NYT had never combined by then, how often it had used the letter set).
Its log-odds estimate how much more often the NYT picks a honeycomb like this one than chance
does, so drawing candidates in proportion to the odds imitates the NYT's choices.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pipeline.model.newword import fit_logistic, sigmoid
from solvers.masks import letter_mask

VOWELS = "aeiou"  # a honeycomb's vowels (y is not one: see board_style.VOWELS_AND_Y)
VOWEL_MASK = letter_mask(VOWELS)
CONTROLS = 10  # random candidates per NYT puzzle in the fit
# chosen on 2023-08-10 .. 2024-08-09 with the puzzles before it (pipeline bench generate)
HONEYCOMB_L2 = 3.0
HONEYCOMB_HALF_LIFE_DAYS = 365  # older puzzles count less: the NYT's puzzles have grown since 2018
ITERATIONS = 25
WORD_BINS = (15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 70, 80, 100, 130)
POINT_BINS = (50, 75, 100, 125, 150, 175, 200, 250, 300, 400, 500)
PANGRAM_BINS = (2, 3, 4)
RATIO_BINS = (3.5, 4.0, 4.5, 5.0, 5.5, 6.0)  # points per word
NEVER_PAIR_BINS = (1, 2, 3)
REUSE_BINS = (1, 2, 3, 5)
VOWEL_BINS = (2, 3, 4)
SINCE_BINS = (90, 180, 365, 730, 1460, 99999)
ZIPF_BINS = (1.0, 2.0, 2.5, 3.0, 3.5, 4.0)
LOW_SHARE_BINS = (0.1, 0.2, 0.3, 0.4, 0.5)
LOW_FREQUENCY_ZIPF = 3.0  # rarer than once in a million words
DIFFICULTY_PARTS = ("size", "low_frequency_share", "longest_pangram")
REFERENCE_YEARS = 2  # difficulty percentiles against the NYT's puzzles of the last two years
PAIRS = [(i, j) for i in range(26) for j in range(i + 1, 26)]


# ------------------------------------------------------------------ figures of every honeycomb


@dataclass(frozen=True)
class WordColumns:
    """The eligible universe words of the custom Spelling Bee list, as arrays."""

    mask: np.ndarray  # int64 letter masks
    length: np.ndarray
    included: np.ndarray  # bool: in the custom list
    probability: np.ndarray  # the build's probability that the NYT accepts it
    zipf: np.ndarray
    unpublishable: np.ndarray  # bool: offensive or guarded (and listed or maybe), or hand-edited


@dataclass(frozen=True)
class Honeycombs:
    """Candidate honeycombs (every pangram set of the list with each of its letters as center)."""

    letters_mask: np.ndarray
    center_bit: np.ndarray
    words: np.ndarray
    pangrams: np.ndarray
    points: np.ndarray
    low_frequency_points: np.ndarray
    longest_pangram: np.ndarray
    common_pangram_zipf: np.ndarray
    expected_errors: np.ndarray
    unpublishable_words: np.ndarray

    def __len__(self) -> int:
        return len(self.letters_mask)

    def take(self, rows: np.ndarray) -> Honeycombs:
        """Return the candidates at `rows`."""
        return Honeycombs(*(getattr(self, name)[rows] for name in self.__dataclass_fields__))


def bit_count(masks: np.ndarray) -> np.ndarray:
    """Return the number of set bits of each mask."""
    masks = masks.astype(np.int64)
    return sum(((masks >> i) & 1) for i in range(26))  # type: ignore[return-value]


def word_points(length: np.ndarray, pangram: np.ndarray) -> np.ndarray:
    """Return the Spelling Bee points of words of these lengths (the rule of solvers/)."""
    from solvers.spelling_bee_scoring import length_points

    return np.asarray(length_points(length, pangram), dtype=np.int64)


def honeycomb_figures(words: WordColumns) -> Honeycombs:
    """Score every honeycomb of the listed words' pangram sets: its answers, pangrams, points,
    points in low-frequency words, longest pangram, expected errors and unpublishable words.

    A honeycomb's sum is over the 64 subsets of its letters that hold the center: each letter set's
    sums are computed once, then gathered for every pangram set's 127 subsets.
    """
    distinct = bit_count(words.mask)
    listed = words.included
    pangram = distinct == 7
    points = word_points(words.length, pangram) * listed
    wrong = np.where(listed, 1 - words.probability, words.probability)
    values = np.stack(
        [
            listed.astype(np.float64),
            points.astype(np.float64),
            points * (words.zipf < LOW_FREQUENCY_ZIPF),
            wrong,
            words.unpublishable.astype(np.float64),
        ],
        axis=1,
    )
    keys, inverse = np.unique(words.mask, return_inverse=True)
    sums = np.zeros((len(keys), values.shape[1]))
    np.add.at(sums, inverse, values)
    sets = np.unique(words.mask[listed & pangram])
    bits = set_bits(sets)  # (sets, 7) the letter bits of each set
    k = np.arange(1, 128)
    holds = (k[:, None] >> np.arange(7)) & 1  # (127, 7): subset k holds the set's j-th letter
    subsets = holds @ bits.T  # (127, sets)
    rows = np.searchsorted(keys, subsets)
    rows = np.minimum(rows, len(keys) - 1)
    found = keys[rows] == subsets
    gathered = np.where(found[..., None], sums[rows], 0.0)  # (127, sets, values)
    per_center = np.einsum("ksv,kc->scv", gathered, holds.astype(np.float64))  # (sets, 7, values)
    longest, commonest = pangram_extremes(words, sets)
    pangram_counts = sums[np.searchsorted(keys, sets), 0]
    return Honeycombs(
        letters_mask=np.repeat(sets, 7),
        center_bit=bits.reshape(-1),
        words=per_center[..., 0].reshape(-1).round().astype(np.int64),
        pangrams=np.repeat(pangram_counts.round().astype(np.int64), 7),
        points=per_center[..., 1].reshape(-1).round().astype(np.int64),
        low_frequency_points=per_center[..., 2].reshape(-1).round().astype(np.int64),
        longest_pangram=np.repeat(longest, 7),
        common_pangram_zipf=np.repeat(commonest, 7),
        expected_errors=per_center[..., 3].reshape(-1),
        unpublishable_words=per_center[..., 4].reshape(-1).round().astype(np.int64),
    )


def set_bits(sets: np.ndarray) -> np.ndarray:
    """Return each 7-letter mask's letter bits, lowest first: an array (sets, 7)."""
    singles = (sets[:, None] >> np.arange(26)) & 1
    letters = np.nonzero(singles)[1].reshape(len(sets), 7)
    return (1 << letters).astype(np.int64)


def pangram_extremes(words: WordColumns, sets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the length of the longest listed pangram of each letter set, and the Zipf frequency
    of its commonest."""
    rows = words.included & np.isin(words.mask, sets)
    positions = np.searchsorted(sets, words.mask[rows])
    longest = np.zeros(len(sets), dtype=np.int64)
    np.maximum.at(longest, positions, words.length[rows])
    commonest = np.zeros(len(sets))
    np.maximum.at(commonest, positions, words.zipf[rows])
    return longest, commonest


# ------------------------------------------------------------------ the NYT's history, by day


@dataclass(frozen=True)
class NytPuzzles:
    """The NYT's archived honeycombs, in date order."""

    day: np.ndarray  # days since 1970-01-01
    letters_mask: np.ndarray
    center_bit: np.ndarray

    def before(self, day: int) -> NytPuzzles:
        """Return the puzzles published before `day`."""
        rows = self.day < day
        return NytPuzzles(self.day[rows], self.letters_mask[rows], self.center_bit[rows])

    def since(self, day: int) -> NytPuzzles:
        """Return the puzzles published on or after `day`."""
        rows = self.day >= day
        return NytPuzzles(self.day[rows], self.letters_mask[rows], self.center_bit[rows])


PAIR_FIRSTS = np.array([i for i, _ in PAIRS])
PAIR_SECONDS = np.array([j for _, j in PAIRS])


def pair_matrix(masks: np.ndarray) -> np.ndarray:
    """Return a (rows, 325) 0/1 matrix: which letter pairs each mask holds."""
    letters = ((np.asarray(masks)[:, None] >> np.arange(26)) & 1).astype(np.int8)
    return letters[:, PAIR_FIRSTS] & letters[:, PAIR_SECONDS]


@dataclass(frozen=True)
class SetUse:
    """How the NYT had used one letter set by some day."""

    times: int
    last_day: int
    centers: int  # the mask of the centers it had with these letters


@dataclass(frozen=True)
class History:
    """What the NYT had done by each of a list of days: pairs combined, letter sets used."""

    days: list[int]
    pairs_seen: np.ndarray  # (days, 325) bool: the pair was in some earlier puzzle
    set_uses: list[dict[int, SetUse]]  # per day: letter set -> its use before that day


def history_before(nyt: NytPuzzles, days: Sequence[int]) -> History:
    """Return, for each day, the pairs the NYT had combined and its letter sets' uses before it."""
    order = np.argsort(nyt.day, kind="stable")
    puzzle_days, masks, centers = nyt.day[order], nyt.letters_mask[order], nyt.center_bit[order]
    pairs = pair_matrix(masks).astype(bool)
    seen = np.zeros(len(PAIRS), dtype=bool)
    uses: dict[int, SetUse] = {}
    pairs_seen, set_uses = [], []
    position = 0
    for day in days:
        while position < len(puzzle_days) and puzzle_days[position] < day:
            seen |= pairs[position]
            key = int(masks[position])
            before = uses.get(key, SetUse(0, 0, 0))
            uses[key] = SetUse(
                before.times + 1,
                int(puzzle_days[position]),
                before.centers | int(centers[position]),
            )
            position += 1
        pairs_seen.append(seen.copy())
        set_uses.append(dict(uses))
    return History(list(days), np.array(pairs_seen).reshape(len(days), len(PAIRS)), set_uses)


# ------------------------------------------------------------------ the likeness model


def one_hot(values: np.ndarray, bins: Sequence[float]) -> np.ndarray:
    """Return the one-hot columns of `values` cut at `bins` (len(bins) + 1 columns)."""
    return np.eye(len(bins) + 1, dtype=np.float32)[np.digitize(values, bins)]


def letter_columns(masks: np.ndarray) -> np.ndarray:
    """Return 26 0/1 columns: the letters of each mask."""
    return ((masks[:, None] >> np.arange(26)) & 1).astype(np.float32)


FEATURE_GROUPS = (
    ("letter", 26),
    ("center", 26),
    ("vowels", len(VOWEL_BINS) + 1),
    ("words", len(WORD_BINS) + 1),
    ("points", len(POINT_BINS) + 1),
    ("pangrams", len(PANGRAM_BINS) + 1),
    ("points_per_word", len(RATIO_BINS) + 1),
    ("never_combined_pairs", len(NEVER_PAIR_BINS) + 1),
    ("letter_set_uses", len(REUSE_BINS) + 1),
    ("same_center_used", 1),
    ("days_since_set_used", len(SINCE_BINS) + 1),
    ("common_pangram_zipf", len(ZIPF_BINS) + 1),
    ("low_frequency_share", len(LOW_SHARE_BINS) + 1),
    ("intercept", 1),
)


def features(candidates: Honeycombs, standing: np.ndarray) -> np.ndarray:
    """Return the model's columns for candidates, given their standing as of some day (as_of)."""
    never_pairs, set_uses, same_center, since = standing.T
    columns = [
        letter_columns(candidates.letters_mask),
        letter_columns(candidates.center_bit),
        one_hot(bit_count(candidates.letters_mask & VOWEL_MASK), VOWEL_BINS),
        one_hot(candidates.words, WORD_BINS),
        one_hot(candidates.points, POINT_BINS),
        one_hot(candidates.pangrams, PANGRAM_BINS),
        one_hot(candidates.points / np.maximum(candidates.words, 1), RATIO_BINS),
        one_hot(never_pairs, NEVER_PAIR_BINS),
        one_hot(set_uses, REUSE_BINS),
        same_center[:, None].astype(np.float32),
        one_hot(since, SINCE_BINS),
        one_hot(candidates.common_pangram_zipf, ZIPF_BINS),
        one_hot(candidates.low_frequency_points / np.maximum(candidates.points, 1), LOW_SHARE_BINS),
        np.ones((len(candidates), 1), dtype=np.float32),
    ]
    return np.hstack(columns)


def feature_names() -> list[str]:
    """Return the name of each column of `features`."""
    return [f"{group}_{i}" for group, width in FEATURE_GROUPS for i in range(width)]


def as_of(candidates: Honeycombs, history: History, index: int | np.ndarray) -> np.ndarray:
    """Return the candidates' standing as of day `index` of the history (one for all, or one per
    candidate): the letter pairs the NYT had never combined, its earlier uses of the letter set,
    whether of this very center, and the days since the set's last use (columns of an array)."""
    indices = np.broadcast_to(np.asarray(index), (len(candidates),)).tolist()
    unseen = ~history.pairs_seen[indices]
    never = (pair_matrix(candidates.letters_mask).astype(bool) & unseen).sum(axis=1)
    none = SetUse(0, 0, 0)
    masks = candidates.letters_mask.tolist()
    found = [history.set_uses[i].get(m, none) for i, m in zip(indices, masks, strict=True)]
    times = np.array([use.times for use in found])
    same_center = np.array(
        [use.centers & c != 0 for use, c in zip(found, candidates.center_bit.tolist(), strict=True)]
    )
    since = np.array(
        [
            history.days[i] - use.last_day if use.times else 99999
            for i, use in zip(indices, found, strict=True)
        ]
    )
    return np.stack([never, times, same_center, since], axis=1)


@dataclass(frozen=True)
class Likeness:
    """A fitted likeness model: its coefficients and the day its history ends."""

    coefficients: np.ndarray
    trained_puzzles: int

    def log_odds(self, x: np.ndarray) -> np.ndarray:
        """Return how much more likely (log-odds) the NYT is to pick each row than chance."""
        return x @ self.coefficients.astype(np.float32)


def rows_of_honeycombs(
    candidates: Honeycombs, letters_mask: np.ndarray, center_bit: np.ndarray
) -> np.ndarray:
    """Return the candidate row of each honeycomb (letters mask, center bit), -1 where the
    candidates lack it."""
    wanted = np.asarray(letters_mask, dtype=np.int64) << 26 | np.asarray(center_bit)
    if not len(candidates.letters_mask):
        return np.full(len(wanted), -1, dtype=np.int64)
    keys = candidates.letters_mask.astype(np.int64) << 26 | candidates.center_bit
    order = np.argsort(keys, kind="stable")
    found = order[np.minimum(np.searchsorted(keys[order], wanted), len(keys) - 1)]
    return np.where(keys[found] == wanted, found, -1)


def candidate_rows(candidates: Honeycombs) -> dict[tuple[int, int], int]:
    """Return each candidate's row by (letters mask, center bit)."""
    return {
        (int(m), int(c)): i
        for i, (m, c) in enumerate(zip(candidates.letters_mask, candidates.center_bit, strict=True))
    }


def fit_likeness(
    candidates: Honeycombs,
    nyt: NytPuzzles,
    history_of: NytPuzzles,
    seed: int = 0,
    l2: float = HONEYCOMB_L2,
) -> Likeness:
    """Fit the likeness model on the NYT's puzzles `nyt` (each against random candidates, as of
    its day in the history of `history_of`), later puzzles weighing more."""
    rows_of = candidate_rows(candidates)
    kept = [
        (int(day), rows_of[(int(m), int(c))])
        for day, m, c in zip(nyt.day, nyt.letters_mask, nyt.center_bit, strict=True)
        if (int(m), int(c)) in rows_of
    ]
    days = [day for day, _ in kept]
    history = history_before(history_of, days)
    rng = np.random.default_rng(seed)
    rows = np.concatenate(
        [np.concatenate([[row], rng.integers(0, len(candidates), CONTROLS)]) for _, row in kept]
    )
    chosen = candidates.take(rows)
    puzzle = np.repeat(np.arange(len(kept)), CONTROLS + 1)  # each row's NYT puzzle
    x = features(chosen, as_of(chosen, history, puzzle))
    y = np.tile(np.r_[1.0, np.zeros(CONTROLS)], len(kept))
    w = np.repeat(0.5 ** ((max(days) - np.array(days)) / HONEYCOMB_HALF_LIFE_DAYS), CONTROLS + 1)
    return Likeness(fit_logistic(x, y, w, l2=l2, iterations=ITERATIONS), len(kept))


def likeness_scores(
    model: Likeness, candidates: Honeycombs, history_of: NytPuzzles, day: int
) -> np.ndarray:
    """Return each candidate's log-odds as of `day` (the NYT's history before it)."""
    history = history_before(history_of, [day])
    return model.log_odds(features(candidates, as_of(candidates, history, 0)))


def likeness(log_odds: np.ndarray) -> np.ndarray:
    """Return the likeness shown to users: the chance the model gives a honeycomb of being the
    NYT's pick among itself and `CONTROLS` random candidates."""
    return sigmoid(log_odds)


# ------------------------------------------------------------------ difficulty


@dataclass(frozen=True)
class DifficultyScale:
    """How the difficulty parts are standardized, and the reference puzzles' indices."""

    means: np.ndarray
    deviations: np.ndarray
    reference: np.ndarray  # the sorted indices of the reference NYT puzzles


def difficulty_parts(candidates: Honeycombs) -> np.ndarray:
    """Return each candidate's raw difficulty parts: size (log answers plus log points, halved),
    the share of points in low-frequency words, and the longest pangram's length."""
    size = (np.log(np.maximum(candidates.words, 1)) + np.log(np.maximum(candidates.points, 1))) / 2
    low = candidates.low_frequency_points / np.maximum(candidates.points, 1)
    return np.stack([size, low, candidates.longest_pangram.astype(np.float64)], axis=1)


def difficulty_scale(reference: Honeycombs) -> DifficultyScale:
    """Return the scale of the reference puzzles (the NYT's recent ones)."""
    parts = difficulty_parts(reference)
    means, deviations = parts.mean(axis=0), parts.std(axis=0) + 1e-9
    index = ((parts - means) / deviations).mean(axis=1)
    return DifficultyScale(means, deviations, np.sort(index))


def difficulty_index(scale: DifficultyScale, candidates: Honeycombs) -> np.ndarray:
    """Return each candidate's difficulty index: the mean of its standardized parts."""
    return ((difficulty_parts(candidates) - scale.means) / scale.deviations).mean(axis=1)


def difficulty_percentile(scale: DifficultyScale, candidates: Honeycombs) -> np.ndarray:
    """Return the percentage of the reference NYT puzzles each candidate is harder than."""
    index = difficulty_index(scale, candidates)
    return 100.0 * np.searchsorted(scale.reference, index) / len(scale.reference)


def reference_start(end: dt.date) -> dt.date:
    """Return the first day of the difficulty's reference window ending before `end`."""
    return end.replace(year=end.year - REFERENCE_YEARS)


# ------------------------------------------------------------------ judging


def auc(scores: np.ndarray, positive: np.ndarray) -> float:
    """Return the area under the ROC curve: the chance a positive outranks a negative (ties half)."""
    order = np.argsort(scores, kind="stable")
    ranks = np.empty(len(scores))
    sorted_scores = scores[order]
    _, first, counts = np.unique(sorted_scores, return_index=True, return_counts=True)
    average = first + (counts - 1) / 2 + 1
    ranks[order] = np.repeat(average, counts)
    n_pos = positive.sum()
    n_neg = len(scores) - n_pos
    return float((ranks[positive].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


# ------------------------------------------------------------------ matching the NYT's sizes

SIZE_MARGINS = (("words", WORD_BINS), ("points", POINT_BINS))  # what the draw is raked to
RAKE_ROUNDS = 10
# The NYT's recent style: its puzzles of the last year before the date. Its puzzles grow and it
# reuses more letter sets year by year (a set used before, with a new center: 62% of the puzzles
# of the two years before 2024-08-10, 71% of the last of them), so the last year says most.
RECENT_DAYS = 365


@dataclass(frozen=True)
class RecentStyle:
    """The candidate rows of the NYT's recent puzzles and the share of them that reused a letter
    set: what a draw of generated puzzles is matched to."""

    rows: np.ndarray
    reused_share: float


def recent_style(rows: np.ndarray, days: np.ndarray, reused: np.ndarray, until: int) -> RecentStyle:
    """Return the recent style from the NYT's puzzles (their candidate rows, days, and whether
    each reused a letter set) of the RECENT_DAYS before `until`."""
    recent = (days >= until - RECENT_DAYS) & (days < until)
    share = float(reused[recent].mean()) if recent.any() else float("nan")
    return RecentStyle(rows[recent], share)


def size_margins(candidates: Honeycombs, rows: np.ndarray) -> list[np.ndarray]:
    """Return, per SIZE_MARGINS entry, the zone of each of the rows."""
    return [np.digitize(getattr(candidates, name)[rows], bins) for name, bins in SIZE_MARGINS]


def rake(log_odds: np.ndarray, drawn: list[np.ndarray], wanted: list[np.ndarray]) -> np.ndarray:
    """Return log-odds adjusted so that a draw in proportion to their odds has, on each margin,
    the shares of the reference (iterative proportional fitting, one margin after the other).
    `drawn[k]` is the pool's class on margin k, `wanted[k]` the reference's; a class the pool
    lacks is left out of the target."""
    adjusted = log_odds - log_odds.max()
    for _ in range(RAKE_ROUNDS):
        for classes, target in zip(drawn, wanted, strict=True):
            size = max(int(classes.max()), int(target.max())) + 1
            have = np.bincount(classes, np.exp(adjusted), size)
            want = np.where(have > 0, np.bincount(target, minlength=size), 0)
            if not want.sum():
                continue
            have_share = np.maximum(have / have.sum(), 1e-300)
            ratio = np.where(have > 0, want / want.sum() / have_share, 1.0)
            adjusted = adjusted + np.log(np.maximum(ratio, 1e-12))[classes]
    return adjusted


def gumbel_keys(log_odds: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Return random keys whose top k are a draw without replacement in proportion to the odds."""
    return log_odds + rng.gumbel(size=len(log_odds))


def draw_like_recent(
    candidates: Honeycombs,
    pool: np.ndarray,
    log_odds: np.ndarray,
    reused: np.ndarray,
    recent: RecentStyle,
    count: int,
    rng: np.random.Generator,
) -> np.ndarray:
    """Return `count` rows of the pool drawn by their odds, matched to the NYT's recent puzzles:
    the odds raked to their answer and point zones, and as many reused letter sets as their share
    (the rest new), place by place. `reused` says per pool row whether its letter set was used
    before; with no recent puzzle, the plain draw by the odds."""
    if not len(recent.rows) or not len(pool):
        return pool[np.argsort(-gumbel_keys(log_odds, rng), kind="stable")[:count]]
    raked = rake(log_odds, size_margins(candidates, pool), size_margins(candidates, recent.rows))
    order = np.argsort(-gumbel_keys(raked, rng), kind="stable")
    queues = [order[~reused[order]].tolist(), order[reused[order]].tolist()]  # new, reused
    picked: list[int] = []
    taken = [0, 0]
    for place in range(min(count, len(pool))):
        # reused sets so far: the share of the puzzles so far, rounded half up; a prefix of a
        # draw is the smaller draw, so an id (seed, place) means one puzzle whatever the count
        wants_reused = int((place + 1) * recent.reused_share + 0.5) > taken[1]
        kind = 1 if (wants_reused and taken[1] < len(queues[1])) else 0
        if taken[kind] >= len(queues[kind]):
            kind = 1 - kind
        picked.append(queues[kind][taken[kind]])
        taken[kind] += 1
    return pool[np.array(picked, dtype=np.int64)]
