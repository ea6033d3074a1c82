"""Exact values of the evidence (pipeline/evidence.py) and of the build's tables, on the tiny
warehouse (tests/tiny_archive.py): decay, strictly-before, bucket rates, last verdicts."""

from __future__ import annotations

import datetime as dt
import math
from pathlib import Path

import numpy as np
import pytest

from pipeline.dates import day_number
from pipeline.games import GAMES, SPELLING_BEE
from pipeline.games.hooks import hooks_of
from pipeline.model.evidence import DAY_FLAGS, HISTORY_BUCKETS, bucket_names
from pipeline.sources.word_lists import WORD_FLAGS, WORD_LISTS
from pipeline.storage import warehouse
from tests.conftest import BuiltEvidence
from tests.tiny_archive import AS_OF, P1, P2, P3

NEW_WORDS_BUCKET = "0000000@0.0"  # in no list, Zipf 0: betrayal, blasted, ebbe, blanket


def row(evidence: BuiltEvidence, word: str, as_of: dt.date) -> dict:
    """Return one evidence row as a dictionary: None where the word has no such fact yet (no
    earlier verdict: no last verdict, no history bucket; the build's own row: no verdict)."""
    words = evidence.current["word"].tolist()
    rows = evidence.current if as_of == AS_OF else evidence.history
    if rows is evidence.current:
        where = np.array([words.index(word)])
    else:
        same_day = evidence.history["day"] == day_number(as_of)
        where = np.flatnonzero(same_day & (evidence.history["word_id"] == words.index(word)))
    assert len(where) == 1, (word, as_of, where)
    found: dict = {name: plain(values[where[0]]) for name, values in rows.columns.items()}
    judged = found["prior_verdicts"] > 0
    found["accepted"] = found.get("accepted")
    found["last_accepted"] = found["last_accepted"] if judged else None
    found["bucket"] = bucket_names(hooks_of(SPELLING_BEE).evidence_flags)[found["bucket_code"]]
    found["history_bucket"] = HISTORY_BUCKETS[found["history_code"]] if judged else None
    return found


def plain(value: object) -> object:
    """Return a numpy scalar as the Python value it holds."""
    return value.item() if isinstance(value, np.generic) else value


def decayed(votes: list[tuple[int, dt.date]], as_of: dt.date, tau: float) -> float:
    """Return the sum of votes weighted by exp(-age / tau), age in days before as_of."""
    return sum(vote * math.exp(-(as_of - date).days / tau) for vote, date in votes)


def test_decay_weighs_each_verdict_by_its_age(tiny_evidence) -> None:
    able = row(tiny_evidence, "able", P3)
    # accepted 2024-01-10 (366 days before 2025-01-10: 2024 is a leap year) and 2024-02-10 (335)
    assert able["score_180"] == pytest.approx(math.exp(-366 / 180) + math.exp(-335 / 180))
    assert able["score_365"] == pytest.approx(math.exp(-366 / 365) + math.exp(-335 / 365))
    assert (able["score_forever"], able["score_last"]) == (2, 1)
    bale = row(tiny_evidence, "bale", AS_OF)
    # accepted 2024-01-10 (367 days before 2025-01-11), rejected 2024-02-10 (336) and 2025-01-10 (1)
    votes = [(1, P1), (-1, P2), (-1, P3)]
    assert bale["score_180"] == pytest.approx(
        math.exp(-367 / 180) - math.exp(-336 / 180) - math.exp(-1 / 180)
    )
    for tau in (180, 365, 730, 1461):
        assert bale[f"score_{tau}"] == pytest.approx(decayed(votes, AS_OF, tau))
    assert (bale["score_forever"], bale["score_last"]) == (-1, -1)


def test_a_verdict_is_not_evidence_for_its_own_day(tiny_evidence) -> None:
    able = row(tiny_evidence, "able", P1)
    assert (able["accepted"], able["prior_verdicts"], able["prior_accepted"]) == (True, 0, 0)
    assert (able["last_accepted"], able["score_180"], able["score_last"]) == (None, 0, 0)
    bale = row(tiny_evidence, "bale", P3)  # rejected that day: only 2024-01-10 and 2024-02-10 count
    assert (bale["accepted"], bale["prior_verdicts"], bale["prior_accepted"]) == (False, 2, 1)
    assert bale["score_forever"] == 0
    # The build's row (as of the day after the archive) counts the last puzzle too.
    current = row(tiny_evidence, "bale", AS_OF)
    assert (current["accepted"], current["prior_verdicts"], current["prior_accepted"]) == (
        None,
        3,
        1,
    )


def test_last_accepted_is_the_most_recent_earlier_verdict(tiny_evidence) -> None:
    assert row(tiny_evidence, "able", P2)["last_accepted"] is True
    assert row(tiny_evidence, "bale", P3)["last_accepted"] is False  # rejected 2024-02-10
    assert row(tiny_evidence, "blab", P3)["last_accepted"] is False  # rejected 2024-01-10
    assert row(tiny_evidence, "blab", AS_OF)["last_accepted"] is True  # accepted 2025-01-10


def test_bucket_rates_count_earlier_new_words_from_the_next_day(tiny_evidence) -> None:
    # Smoothed (a + 1) / (n + 2) over the new words of the bucket judged before that day.
    betrayal = row(tiny_evidence, "betrayal", P1)
    assert (betrayal["bucket"], betrayal["bucket_size"], betrayal["bucket_rate"]) == (
        NEW_WORDS_BUCKET,
        0,
        0.5,
    )
    # blasted and ebbe, both new on 2024-02-10, see betrayal (accepted) but not each other.
    for word in ("blasted", "ebbe"):
        new = row(tiny_evidence, word, P2)
        assert (new["bucket"], new["bucket_size"]) == (NEW_WORDS_BUCKET, 1)
        assert new["bucket_rate"] == pytest.approx(2 / 3)
    blanket = row(tiny_evidence, "blanket", P3)  # betrayal, blasted, ebbe: 3 of 3 accepted
    assert (blanket["bucket_size"], blanket["bucket_rate"]) == (3, 0.8)
    # bales inflects bale, accepted the puzzle before: the fifth flag of its bucket.
    assert row(tiny_evidence, "bales", P2)["bucket"] == "0100110@0.0"
    # A word never eligible (chat) gets the rate of its bucket, empty here: (0 + 1) / (0 + 2).
    chat = row(tiny_evidence, "chat", AS_OF)
    assert (chat["prior_verdicts"], chat["bucket_size"], chat["bucket_rate"]) == (0, 0, 0.5)


def test_backtest_rows_hold_the_evidence_before_each_puzzle(tiny_warehouse: Path) -> None:
    with warehouse.open_warehouse(tiny_warehouse, read_only=True) as con:
        rows = con.execute(
            "SELECT date, accepted, predicted, prior_verdicts, prior_accepted, last_accepted "
            "FROM backtest WHERE game = 'spelling-bee' AND word = 'bale' ORDER BY date"
        ).fetchall()
    # The rule (score_last, 0.3): new words are in (rate 0.5), then the last verdict decides.
    assert rows == [
        (P1, True, True, 0, 0, None),
        (P2, False, True, 1, 1, True),
        (P3, False, False, 2, 1, False),
    ]


def test_custom_words_rows(tiny_warehouse: Path) -> None:
    columns = (
        "word, included, prior_verdicts, prior_accepted, last_accepted, last_verdict_date, "
        "last_accepted_date, last_rejected_date, score, bucket, bucket_size, bucket_rate, "
        "nytbee_not_accepted, length, letter_mask"
    )
    with warehouse.open_warehouse(tiny_warehouse, read_only=True) as con:
        rows = con.execute(
            f"SELECT {columns} FROM custom_words "
            "WHERE game = 'spelling-bee' AND word IN ('bale', 'blanket', 'chat') ORDER BY word"
        ).fetchall()
    # letter masks: bit i is chr(97 + i); a 1, b 2, c 4, e 16, h 128, k 1024, l 2048, n 8192, t 2**19
    assert rows == [
        # last rejected: out; its bucket's one earlier new word (bale itself) was accepted: 2/3
        ("bale", False, 3, 1, False, P3, P1, P3, -1.0, "0100010@3.0", 1, 2 / 3, 1, 4,
         2 + 1 + 2048 + 16),
        # betrayal, blasted, ebbe, blanket: 4 of 4 new words of its bucket accepted: 5/6
        ("blanket", True, 1, 1, True, P3, P3, None, 1.0, NEW_WORDS_BUCKET, 4, 5 / 6, 0, 7,
         2 + 2048 + 1 + 8192 + 1024 + 16 + 2**19),
        # never eligible; listed by the NYT Letter Boxed on 2024-03-01 (the third flag)
        ("chat", True, 0, 0, None, None, None, None, 0.0, "0110010@0.0", 0, 0.5, 0, 4,
         4 + 128 + 1 + 2**19),
    ]  # fmt: skip


def test_the_word_features_hold_every_flag_the_word_lists_give(tiny_warehouse: Path) -> None:
    """build/word_features.sql has a column per flag of the word lists' registry (WORD_FLAGS), and
    a list's membership flag is true exactly for the universe words the list gave."""
    with warehouse.open_warehouse(tiny_warehouse, read_only=True) as con:
        params = {"game": SPELLING_BEE.name, "min_length": 4, "edited_words": []}
        warehouse.run(con, "build/universe", params)
        warehouse.run(con, "build/word_stems")
        features = warehouse.run(con, "build/word_features").fetchnumpy()
        sources = con.sql(
            "SELECT coalesce(w.sources, []) FROM universe AS u LEFT JOIN words AS w USING (word) "
            "ORDER BY u.word_id"
        ).fetchall()
    flag_columns = [
        name for name in features if name not in ("zipf_bin", "first_listed", "offensive")
    ]
    assert flag_columns == list(WORD_FLAGS)
    for listed in WORD_LISTS:
        if listed.keeps_words and listed.evidence:
            membership = [listed.name in found for (found,) in sources]
            assert features[listed.evidence[0]].tolist() == membership, listed.name


def test_every_game_s_flags_are_known_once() -> None:
    for game in GAMES:
        flags = hooks_of(game).evidence_flags
        assert sorted(set(flags)) == sorted(flags), game.name
        assert set(flags) <= {*WORD_FLAGS, *DAY_FLAGS}, game.name
