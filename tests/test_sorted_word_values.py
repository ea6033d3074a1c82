"""The Zipf file beside the Letter Boxed list looked up by bisection over its bytes
(`named_lists.SortedWordValues`): every word found, every other word missing, whatever the lines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.storage.named_lists import SortedWordValues

ROWS = {"aaa": 3.77, "aaaa": 2.59, "cab": 4.0, "hop": 5.25, "zoo": 1.5}


def file_of(rows: dict[str, float], line_end: str = "\n", last_end: bool = True) -> bytes:
    lines = ["word\tzipf", *(f"{word}\t{value}" for word, value in sorted(rows.items()))]
    return (line_end.join(lines) + (line_end if last_end else "")).encode("ascii")


@pytest.mark.parametrize("line_end", ["\n", "\r\n"])
@pytest.mark.parametrize("last_end", [True, False])
def test_every_word_is_found_and_no_other(line_end: str, last_end: bool) -> None:
    values = SortedWordValues(file_of(ROWS, line_end, last_end))
    assert {word: values[word] for word in ROWS} == ROWS
    assert [word for word in ("aa", "word", "zipf", "hops", "zzz", "b") if word in values] == []
    assert list(values) == sorted(ROWS) and len(values) == 5


def test_a_file_of_only_its_header_or_nothing_holds_no_word() -> None:
    assert "word" not in SortedWordValues(b"word\tzipf\n")
    assert "aaa" not in SortedWordValues(b"")


@pytest.mark.parametrize(
    ("data", "rows"),
    [(b"", False), (b"word\tzipf\n", False), (b"word\tzipf\n\n\r\n", False), (file_of(ROWS), True)],
)
def test_a_file_is_true_when_it_has_a_row(data: bytes, rows: bool) -> None:
    # the solver asks `if not zipf` of every board it solves: from the first row, not a count
    assert bool(SortedWordValues(data)) is rows is (len(SortedWordValues(data)) > 0)


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(st.text("abcz", min_size=1, max_size=5), st.integers(0, 700), max_size=40),
    st.lists(st.text("abcz", min_size=1, max_size=5), max_size=20),
)
def test_lookups_agree_with_a_dictionary(rows: dict[str, int], asked: list[str]) -> None:
    values = SortedWordValues(file_of({word: value / 100 for word, value in rows.items()}))
    for word in [*rows, *asked]:
        assert values.get(word) == (rows[word] / 100 if word in rows else None)
