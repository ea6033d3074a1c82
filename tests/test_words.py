"""The words stage: why entries are dropped, what a collection counts, and the real words table."""

from __future__ import annotations

import pytest

from pipeline.sources.word_lists import read_2of12id, read_plain_list
from pipeline.stages.words import WordCollection, brown_tokens, drop_reason, nltk_corpus
from solvers.masks import letter_mask


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        ("apple", None),
        ("", "empty"),
        ("mp3", "digit"),
        ("x-ray", "hyphen"),
        ("don't", "apostrophe"),
        ("don\u2019t", "apostrophe"),
        ("ice cream", "space"),
        ("café", "accent"),
        ("Paris", "proper_noun"),
        ("NASA", "proper_noun"),
        ("iPhone", "other"),
        ("e.g.", "other"),
        ("a1-b", "digit"),  # a digit is named before a hyphen
        ("rock'n-roll", "hyphen"),  # a hyphen before an apostrophe
        ("Zoë", "accent"),  # not ASCII before capitalized
    ],
)
def test_drop_reason(entry, reason):
    assert drop_reason(entry) == reason


def test_word_collection_counts_kept_and_dropped_entries():
    words = WordCollection()
    words.add_entries("list_a", ["apple", "Apple", "x-ray", " berry\r", "apple", "", "Paris"])
    words.add_entries("list_b", ["berry", "cherry", "mp3"])

    assert dict(words.sources_of) == {
        "apple": {"list_a"},
        "berry": {"list_a", "list_b"},
        "cherry": {"list_b"},
    }
    assert words.entries_read == {"list_a": 7, "list_b": 3}
    assert words.drops == {
        ("list_a", "proper_noun"): 2,
        ("list_a", "hyphen"): 1,
        ("list_a", "empty"): 1,
        ("list_b", "digit"): 1,
    }
    assert words.drop_examples[("list_a", "proper_noun")] == ["Apple", "Paris"]
    assert words.capitalized == {"apple", "paris"}
    assert (words.kept("list_a"), words.kept("list_b"), words.kept("list_c")) == (2, 2, 0)


def test_drop_examples_show_the_first_five():
    words = WordCollection()
    words.add_entries("list", [f"x{n}" for n in range(8)])
    assert words.drops == {("list", "digit"): 8}
    assert words.examples("list", "digit") == ["x0", "x1", "x2", "x3", "x4"]


def test_no_example_is_offensive():
    """The summary of `pipeline words` shows no entry of the offensive-word list (its phrases
    were its examples) and no other source's entry on it or holding a word of it."""
    words = WordCollection()
    words.add_offensive(["bad", "bad phrase", "2 bad"])
    words.add_entries(
        "list", ["Bad", "Good", "Bad Phrase", "Badly", "Nice", "Fine", "Okay", "Well"]
    )
    words.add_entries("spaced", ["a bad day", "a good day"])
    assert words.drops[("ldnoobw", "space")] == 1 and words.drops[("ldnoobw", "digit")] == 1
    assert words.examples("ldnoobw", "space") == words.examples("ldnoobw", "digit") == []
    assert words.examples("list", "proper_noun") == ["Good", "Badly", "Nice", "Fine", "Okay"]
    assert words.examples("spaced", "space") == ["a good day"]


def test_readers():
    assert read_plain_list("apple\r\nberry\r\n\r\n cherry \n") == ["apple", "berry", "cherry"]
    assert read_2of12id('{"N": ["apple", "berry"], "V": ["run"]}') == ["apple", "berry", "run"]


# --- the real words table (PIPELINE_MIRROR) ----------------------------------------------------


@pytest.mark.mirror
def test_incentivize_in_the_warehouse(mirror_warehouse):
    con = mirror_warehouse.connect()
    [(sources, mask, length, distinct)] = con.execute(
        "SELECT sources, letter_mask, length, distinct_letters FROM words WHERE word = 'incentivize'"
    ).fetchall()
    # dwyl's words_alpha lacks it (it has incentive, incentively, incentives): only wordfreq has it
    assert sources == ["wordfreq"]
    assert mask == letter_mask("incentivize") == letter_mask("entivcz")
    assert (length, distinct) == (11, 7)


@pytest.mark.mirror
def test_word_drops_of_nltk_words(mirror_warehouse):
    con = mirror_warehouse.connect()
    assert con.execute(
        "SELECT reason, entries FROM word_drops WHERE source = 'nltk_words' ORDER BY reason"
    ).fetchall() == [("hyphen", 2), ("proper_noun", 25197)]


@pytest.mark.mirror
def test_word_sources_of_the_mirror(mirror_warehouse):
    con = mirror_warehouse.connect()
    # wordfreq is left out: its counts depend on the installed package, not on the mirror
    assert con.execute(
        "SELECT source, entries_read, words_kept FROM word_sources WHERE source <> 'wordfreq' "
        "ORDER BY source"
    ).fetchall() == [
        ("2of12id", 93553, 78009),
        ("brown", 1161192, 31886),
        ("enable", 172820, 172820),
        ("ldnoobw", 403, None),
        ("nltk_names", 7576, None),
        ("nltk_stopwords", 179, 153),
        ("nltk_words", 235886, 210687),
        ("wordnet", 147306, None),  # a lexicon: it describes the others' words
        ("words_alpha", 370099, 370099),
    ]


@pytest.mark.mirror
def test_brown_tokens_are_the_readers_words(mirror_warehouse):
    # mirror_warehouse makes the mirror's nltk_data findable when NLTK_DATA is not set
    brown = nltk_corpus("brown", offline=True)
    assert len(brown_tokens(brown)) == 1161192
    # nltk's own reader takes 11 s over the 500 files: every tenth file, from each category
    sample = brown.fileids()[::10]
    assert len(sample) == 50
    for fileid in sample:
        assert brown_tokens(brown, [fileid]) == list(brown.words(fileid)), fileid
