"""The evidence behind every verdict, computed over plain arrays (no file, no database).

A row is a (day, word) pair: a past puzzle's eligible word with the NYT's verdict, or the build's
own undecided row for every word, the day after the archive. Each row gets the evidence strictly
before its day:
  prior_verdicts / prior_accepted: how often the word was eligible before, and accepted;
  last_accepted, score_last: its most recent verdict (score_last +1 accepted, -1 not, 0 none);
  score_<tau>: its verdicts (+1 / -1) weighted by exp(-age / tau days), so that recent verdicts
    outweigh old ones (the NYT reverses itself over time); score_forever: unweighted;
  bucket / bucket_size / bucket_rate: the word's evidence bucket (in 2of12id, in ENABLE, in an NYT
    Letter Boxed list before, capitalized in web2, an inflection of a word accepted before, in
    words_alpha, in web2; Zipf bin), and how often words of that bucket were accepted the first
    time they were eligible, before this day (smoothed: (a + 1) / (n + 2));
  history_bucket / history_size / history_rate: for a word eligible before, its history in a few
    bands (last verdict; prior verdicts 1, 2, 3-5, 6-15, 16+; share accepted none, under half,
    half+, all; age of the last verdict <1y, 1-3y, 3y+), and how often the NYT accepted words of
    that history bucket, over the verdicts strictly before this day (smoothed likewise);
  probability: the chance the NYT accepts the word that day: history_rate for a word eligible
    before, bucket_rate for a new one;
  guarded: on the offensive-word list (or the plural of a word on it) and never accepted before.

Days are day numbers since 1970-01-01 and words are their positions in the build's universe
(sorted), so that millions of rows stay small numeric arrays. `pipeline/stages/build_evidence.py`
fetches the verdicts and the words' own features from the warehouse, and `build_store.py` stores
what the rule decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

from pipeline.model import newword
from pipeline.model.rule import Evidence

TAUS = (180, 365, 730, 1461)  # days: the decayed scores score_180 .. score_1461
NEVER = np.iinfo(np.int32).max  # the day of something that never happened
UNDECIDED = -1  # `accepted` of the build's own rows

# The flags of an evidence bucket the archive gives a word as of a row's day (the others are the
# word lists', sources/word_lists.py WORD_FLAGS); a game's buckets use some of both, the most
# significant bit first (WordFeatures.flag_names: the game's hook evidence_flags).
IN_LETTER_BOXED_LIST, STEM_ACCEPTED = "in an NYT Letter Boxed list", "inflects an accepted word"
DAY_FLAGS = (IN_LETTER_BOXED_LIST, STEM_ACCEPTED)
ZIPF_BINS = 11  # Zipf 0, 0.5, ..., 5.0 and above

LAST_VERDICTS = ("in", "out")
COUNT_BANDS = ("1", "2", "3-5", "6-15", "16+")
SHARE_BANDS = ("none", "under half", "half+", "all")
AGE_BANDS = ("<1y", "1-3y", "3y+")
HISTORY_BUCKETS = tuple(
    "|".join(parts) for parts in product(LAST_VERDICTS, COUNT_BANDS, SHARE_BANDS, AGE_BANDS)
)


@dataclass(frozen=True)
class Verdicts:
    """Past verdicts, one per (day, word), in day order then word order."""

    day: np.ndarray  # int32 day numbers
    word_id: np.ndarray  # int32 positions in the universe
    accepted: np.ndarray  # bool


@dataclass(frozen=True)
class WordFeatures:
    """What the evidence knows of each universe word before any verdict, by word id."""

    words: list[str]  # the universe, sorted: a word's id is its position
    flag_names: tuple[str, ...]  # the bucket's flags, most significant first (`in 2of12id`, ...)
    flags: np.ndarray  # the bucket bits that do not depend on the day (in 2of12id, ...)
    zipf_bin: np.ndarray  # 0 .. ZIPF_BINS - 1: half-Zipf steps
    first_listed: np.ndarray  # the first day an NYT Letter Boxed list had the word, or NEVER
    offensive: np.ndarray  # on the LDNOOBW list, or the plural of a word on it
    stem_of: tuple[np.ndarray, np.ndarray]  # (word id, id of a word it may inflect) pairs
    # The new-word model's inputs (pipeline/model/newword.py), None for a game that judges new
    # words by their bucket's rate alone: the words' traits as model columns, and the first day
    # each word was left out where it qualified in another game (NEVER if it never was).
    traits: dict[str, np.ndarray] | None = None  # trait name -> column by word id
    left_out_elsewhere: np.ndarray | None = None


def evidence_rows(
    verdicts: Verdicts, features: WordFeatures, as_of: int
) -> tuple[Evidence, Evidence]:
    """Return the evidence of every past verdict (in the verdicts' order) and of every universe
    word on day `as_of` (by word id), each from the verdicts strictly before its day."""
    words = len(features.words)
    day = np.concatenate([verdicts.day, np.full(words, as_of, dtype=np.int32)])
    word_id = np.concatenate([verdicts.word_id, np.arange(words, dtype=np.int32)])
    accepted = np.concatenate(
        [verdicts.accepted.astype(np.int8), np.full(words, UNDECIDED, dtype=np.int8)]
    )
    columns = row_evidence(word_id, day, accepted, features)
    past = len(verdicts.day)
    by_word = columns.pop("by_word")
    current = {name: values[past:].copy() for name, values in columns.items()}
    current.setdefault("factor_codes", np.full((words, FACTORS), -1, dtype=np.int16))
    current.setdefault("factor_values", np.zeros((words, FACTORS), dtype=np.float32))
    current["word"] = np.array(features.words, dtype=object)
    current["bucket"] = np.array(bucket_names(features.flag_names), dtype=object)[
        current["bucket_code"]
    ]
    current["history_bucket"] = np.array(("", *HISTORY_BUCKETS), dtype=object)[
        current["history_code"] + 1
    ]
    history = {name: columns[name][:past] for name in HISTORY_COLUMNS}
    history |= {"word_id": verdicts.word_id, "accepted": verdicts.accepted}
    history["word_order"] = word_order(by_word, past)
    return Evidence(history), Evidence(current)


def word_order(by_word: np.ndarray, past: int) -> np.ndarray:
    """Return each past verdict's place when they are sorted by word, then day (from the rows'
    stable order by word, `by_word`, in which the build's own rows come after them): the backtest
    is stored in that order without sorting its millions of rows again."""
    in_order = by_word[by_word < past]
    place = np.empty(past, dtype=np.int32)
    place[in_order] = np.arange(past, dtype=np.int32)
    return place


# What the build keeps of each past verdict's evidence: what the rule reads, what the backtest
# stores, and the buckets with their sizes (the rates behind a probability, and the day of the
# last verdict, are kept for the build's own rows only).
HISTORY_COLUMNS = (
    "day",
    "prior_verdicts",
    "prior_accepted",
    "last_accepted",
    "score_last",
    *(f"score_{tau}" for tau in TAUS),
    "score_forever",
    "bucket_code",
    "bucket_size",
    "bucket_rate",
    "new_word_rate",
    "history_code",
    "history_size",
    "probability",
    "guarded",
)


def row_evidence(
    word_id: np.ndarray, day: np.ndarray, accepted: np.ndarray, features: WordFeatures
) -> dict[str, np.ndarray]:
    """Return the evidence columns of rows in day order (a word's undecided row comes last), and
    the rows' stable order by word (`by_word`)."""
    columns = verdict_history(word_id, day, accepted)
    judged = columns["prior_verdicts"] > 0
    bucket_code = evidence_bucket(word_id, day, accepted, features)
    history_code = history_bucket(columns, day, judged)
    known = accepted != UNDECIDED
    buckets = (1 << len(features.flag_names)) * ZIPF_BINS
    size, rate = rates_before(bucket_code, buckets, day, known & ~judged, accepted == 1)
    history_size, history_rate = rates_before(
        np.maximum(history_code, 0), len(HISTORY_BUCKETS), day, known & judged, accepted == 1
    )
    new_word = new_word_rates(word_id, day, accepted, features, bucket_code, size, rate, judged)
    history_size[~judged], history_rate[~judged] = 0, 0.0  # in place: a new word has no history
    columns |= {
        "day": day,
        "bucket_code": bucket_code,
        "bucket_size": size,
        "bucket_rate": rate,
        "history_code": history_code,
        "history_size": history_size,
        "history_rate": history_rate,
        **new_word,
        "probability": np.where(judged, history_rate, new_word["new_word_rate"]),
        "guarded": features.offensive[word_id] & (columns["prior_accepted"] == 0),
    }
    return columns


FACTORS = 3  # the model's largest contributions kept for each build row (explain shows them)


def new_word_rates(
    word_id: np.ndarray,
    day: np.ndarray,
    accepted: np.ndarray,
    features: WordFeatures,
    bucket_code: np.ndarray,
    bucket_size: np.ndarray,
    bucket_rate: np.ndarray,
    judged: np.ndarray,
) -> dict[str, np.ndarray]:
    """Return each row's new-word probability (the bucket's rate without a model), its parent
    evidence's and, for the build's own rows, the model's largest factors."""
    if features.traits is None or features.left_out_elsewhere is None:
        return {"new_word_rate": bucket_rate, "parent_rate": bucket_rate}  # read-only: not copied
    columns = {
        "new_word_rate": bucket_rate.astype(np.float64),
        "parent_rate": bucket_rate.astype(np.float64),
    }
    new = np.flatnonzero(~judged)
    flags = bucket_code[new] // ZIPF_BINS
    known = accepted[new] != UNDECIDED
    flag_bits = len(features.flag_names)
    _, flags_rate = rates_before(flags, 1 << flag_bits, day[new], known, accepted[new] == 1)
    design = newword.Design(
        word_id=word_id[new],
        flags=flags,
        zipf_bin=bucket_code[new] % ZIPF_BINS,
        left_out_elsewhere=features.left_out_elsewhere[word_id[new]] < day[new],
        stem_rejected=stems_first(word_id, day, accepted == 0, features)[word_id[new]] < day[new],
        stem_listed=stems_first_listed(features)[word_id[new]] < day[new],
        bucket_rate=bucket_rate[new],
        parent_rate=flags_rate,
        traits=tuple(features.traits.values()),
        flag_bits=flag_bits,
        zipf_bins=ZIPF_BINS,
    )
    fitted = newword.strictly_earlier_probabilities(design, day[new], accepted[new] == 1, known)
    probability, parent = fitted.probability, fitted.parent
    columns["factor_codes"] = np.full((len(day), FACTORS), -1, dtype=np.int16)
    columns["factor_values"] = np.zeros((len(day), FACTORS), dtype=np.float32)
    undecided = np.flatnonzero(~known)  # the build's own rows, judged by the last fit
    if fitted.coefficients is not None and len(undecided):
        p, parent_p, codes, values = newword.judge_undecided(
            design, undecided, fitted.coefficients, FACTORS
        )
        probability[undecided], parent[undecided] = p, parent_p
        columns["factor_codes"][new[undecided]] = codes
        columns["factor_values"][new[undecided]] = values
    columns["new_word_rate"][new] = newword.capped_for_sparse_buckets(
        probability, parent, bucket_size[new]
    )
    columns["parent_rate"][new] = parent
    return columns


def verdict_history(
    word_id: np.ndarray, day: np.ndarray, accepted: np.ndarray
) -> dict[str, np.ndarray]:
    """Return what each row's earlier rows of the same word say: counts, last verdict, scores
    (and the rows' stable order by word, `by_word`).

    The rows are laid out position by position (a word's first row, then its second, ...), each
    position's words longest history first, so that the words at position k are a prefix of
    those at k - 1: every step reads the step before through two slices. Scores add up word by
    word, score[k] = exp(-(day[k] - day[k - 1]) / tau) * (score[k - 1] + vote[k - 1]), so that a
    tiny score stays tiny rather than a residue of one running sum over all rows.
    """
    by_word = np.argsort(word_id, kind="stable").astype(np.int32)  # half the memory of intp
    position = position_among_word(word_id, by_word)
    starts = np.concatenate([[0], np.cumsum(np.bincount(position, minlength=1))])
    slot = position_by_position(word_id, position, starts)
    laid_day = np.empty(len(day), dtype=np.int32)
    laid_day[slot] = day
    laid_accepted = np.empty(len(day), dtype=np.int8)
    laid_accepted[slot] = accepted
    scores = [np.zeros(len(day)) for _ in TAUS]
    decays = decay_tables(laid_day)
    prior_accepted = np.zeros(len(day), dtype=np.int32)
    last = np.zeros(len(day), dtype=np.int8)  # the verdict of the word's row before
    last_day = np.full(len(day), NEVER, dtype=np.int32)
    for k in range(1, len(starts) - 1):
        now = slice(starts[k], starts[k + 1])
        before = slice(starts[k - 1], starts[k - 1] + starts[k + 1] - starts[k])
        age = laid_day[now] - laid_day[before]
        vote = 2.0 * laid_accepted[before] - 1.0  # every earlier row is a verdict
        for decay, score in zip(decays, scores, strict=True):
            score[now] = decay[age] * (score[before] + vote)
        prior_accepted[now] = prior_accepted[before] + (laid_accepted[before] == 1)
        last[now] = laid_accepted[before] == 1
        last_day[now] = laid_day[before]
    last_verdict = last[slot]  # 1 accepted, 0 rejected or none
    columns = {
        "by_word": by_word,
        "prior_verdicts": position,
        "prior_accepted": prior_accepted[slot],
        "last_accepted": last_verdict.view(bool),
        "last_verdict_day": last_day[slot],
        "score_last": (2 * last_verdict - 1) * (position > 0),
    }
    del laid_day, laid_accepted, prior_accepted, last, last_day
    for tau in TAUS:
        columns[f"score_{tau}"] = scores.pop(0)[slot]
    columns["score_forever"] = 2 * columns["prior_accepted"] - position
    return columns


def decay_tables(day: np.ndarray) -> list[np.ndarray]:
    """Return, per tau, exp(-age / tau) for every whole age in days the rows can have: a lookup
    instead of an exponential per row (the same doubles, computed once per age)."""
    ages = -np.arange(int(day.max() - day.min()) + 1 if len(day) else 1, dtype=np.float64)
    return [np.exp(ages / tau) for tau in TAUS]


def position_by_position(
    word_id: np.ndarray, position: np.ndarray, starts: np.ndarray
) -> np.ndarray:
    """Return each row's place when rows are laid out position by position (position k's rows
    from starts[k]), each position's words longest history first (so that each position's words
    are a prefix of the last's)."""
    lengths = np.bincount(word_id, minlength=1)
    rank = np.empty(len(lengths), dtype=np.int32)
    rank[np.argsort(-lengths, kind="stable")] = np.arange(len(lengths), dtype=np.int32)
    return starts.astype(np.int32)[position] + rank[word_id]


def position_among_word(word_id: np.ndarray, by_word: np.ndarray) -> np.ndarray:
    """Return each row's position among the rows of its word (0 for its first row), given the
    rows' stable order by word."""
    counts = np.bincount(word_id, minlength=1)
    first_row = (np.cumsum(counts) - counts).astype(np.int32)  # each word's first, in that order
    position = np.empty(len(word_id), dtype=np.int32)
    position[by_word] = np.arange(len(word_id), dtype=np.int32) - np.repeat(first_row, counts)
    return position


def evidence_bucket(
    word_id: np.ndarray, day: np.ndarray, accepted: np.ndarray, features: WordFeatures
) -> np.ndarray:
    """Return each row's evidence bucket (flags * ZIPF_BINS + Zipf bin) on its day."""
    listed = features.first_listed[word_id] < day
    stem_accepted = stems_first_accepted(word_id, day, accepted, features)[word_id] < day
    flags = (
        features.flags[word_id].astype(np.int32)
        | np.where(listed, flag_bit(features.flag_names, IN_LETTER_BOXED_LIST), 0)
        | np.where(stem_accepted, flag_bit(features.flag_names, STEM_ACCEPTED), 0)
    )
    return (flags * ZIPF_BINS + features.zipf_bin[word_id]).astype(np.int16)


def stems_first_accepted(
    word_id: np.ndarray, day: np.ndarray, accepted: np.ndarray, features: WordFeatures
) -> np.ndarray:
    """Return, per word id, the first day a word it may inflect was accepted (or NEVER)."""
    return stems_first(word_id, day, accepted == 1, features)


def stems_first(
    word_id: np.ndarray, day: np.ndarray, verdict: np.ndarray, features: WordFeatures
) -> np.ndarray:
    """Return, per word id, the first day of a row marked `verdict` (accepted, or left out) of a
    word it may inflect (or NEVER)."""
    first = np.full(len(features.words), NEVER, dtype=np.int32)
    np.minimum.at(first, word_id[verdict], day[verdict])
    return stem_firsts(first, features)


def stems_first_listed(features: WordFeatures) -> np.ndarray:
    """Return, per word id, the first day an NYT Letter Boxed list had a word it may inflect."""
    return stem_firsts(features.first_listed.astype(np.int32), features)


def stem_firsts(first: np.ndarray, features: WordFeatures) -> np.ndarray:
    """Return, per word id, the earliest of `first` over the words it may inflect."""
    inflected, stem = features.stem_of
    stem_first = np.full(len(features.words), NEVER, dtype=np.int32)
    np.minimum.at(stem_first, inflected, first[stem])
    return stem_first


def history_bucket(
    columns: dict[str, np.ndarray], day: np.ndarray, judged: np.ndarray
) -> np.ndarray:
    """Return each judged row's history bucket (its index in HISTORY_BUCKETS), -1 for new words."""
    verdicts = columns["prior_verdicts"]
    accepted = columns["prior_accepted"]
    last = (~columns["last_accepted"]).view(np.int8)  # in 0, out 1
    count = (verdicts > 1).view(np.int8) + (verdicts > 2) + (verdicts > 5) + (verdicts > 15)
    share = np.where(
        accepted == 0, 0, np.where(accepted == verdicts, 3, np.where(2 * accepted < verdicts, 1, 2))
    ).astype(np.int8)
    age_days = day - columns["last_verdict_day"]
    age = (age_days >= 365).view(np.int8) + (age_days >= 1095)
    code = ((last * len(COUNT_BANDS) + count) * len(SHARE_BANDS) + share).astype(np.int16)
    code = code * len(AGE_BANDS) + age
    code[~judged] = -1
    return code


def rates_before(
    code: np.ndarray, codes: int, day: np.ndarray, counted: np.ndarray, accepted: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Return, per row, how many counted rows of its code came on earlier days, and the smoothed
    share of them accepted: (a + 1) / (n + 2)."""
    if not len(day):
        return np.zeros(0, np.int32), np.zeros(0)
    rank, days = day_ranks(day)
    cell = code.astype(np.int32) * days + rank  # a million cells or so
    seen = np.bincount(cell[counted], minlength=codes * days).reshape(codes, days)
    hits = np.bincount(cell[counted & accepted], minlength=codes * days).reshape(codes, days)
    seen_before = (np.cumsum(seen, axis=1) - seen).astype(np.int32).ravel()[cell]
    hits_before = (np.cumsum(hits, axis=1) - hits).astype(np.int32).ravel()[cell]
    return seen_before, (hits_before + 1.0) / (seen_before + 2.0)


def day_ranks(day: np.ndarray) -> tuple[np.ndarray, int]:
    """Return each row's day as its rank among the distinct days of the rows, and their number:
    the same order over the days that have rows only (a puzzle's days, not every day since the
    first), so that the tables of rates_before are a few times smaller."""
    first = int(day.min())
    held = np.bincount(day - first) > 0
    rank_of = (np.cumsum(held) - 1).astype(np.int32)
    return rank_of[day - first], int(held.sum())


def flag_bit(flag_names: tuple[str, ...], name: str) -> int:
    """Return the bit of a flag among a bucket's flags (most significant first), 0 if it is not
    one of them."""
    return 1 << (len(flag_names) - 1 - flag_names.index(name)) if name in flag_names else 0


def bucket_names(flag_names: tuple[str, ...]) -> list[str]:
    """Return the name of every evidence bucket by code: its flags, '@', its Zipf bin."""
    return [
        f"{flags:0{len(flag_names)}b}@{zipf_bin / 2:.1f}"
        for flags in range(1 << len(flag_names))
        for zipf_bin in range(ZIPF_BINS)
    ]
