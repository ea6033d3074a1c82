"""WordNet in the warehouse: what the words stage stores of the mirror's WordNet, read with nltk's
own reader (base forms by `wordnet.morphy`, senses ranked by frequency, each word's other forms
from morphy and the exception lists both ways), and the one-line error when the corpus is
missing."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from pipeline.sources import wordnet
from pipeline.stages.words import nltk_corpus
from solvers.masks import is_plain_word


@pytest.mark.mirror
def test_wordnet_words_of_the_mirror(mirror_warehouse):
    with mirror_warehouse.connect() as con:
        rows = con.execute(
            "SELECT * FROM wordnet_words WHERE word IN ('tidied', 'geese', 'washington', 'runs') "
            "ORDER BY word"
        ).fetchall()
        counts = con.execute(
            "SELECT (SELECT count(*) FROM wordnet_words), "
            "(SELECT count(*) FROM wordnet_words WHERE word <> base_form), "
            "(SELECT count(*) FROM wordnet_senses)"
        ).fetchall()
        sources = con.execute(
            "SELECT kind, entries_read, words_kept FROM word_sources WHERE source = 'wordnet'"
        ).fetchall()
    geese, runs, tidied, washington = rows
    assert tidied == (
        "tidied", "tidy", ["verb"], 1, ["verb.change"], False,
        "put (things or places) in order", "Tidy up your room!",
    )  # fmt: skip
    assert geese[:6] == (
        "geese",
        "goose",
        ["noun"],
        3,
        ["noun.animal", "noun.person", "noun.food"],
        False,
    )
    # run's verb senses first: its first verb sense is tagged more often than its first noun's
    assert runs[:4] == ("runs", "run", ["verb", "noun"], 57)
    assert washington[:6] == (
        "washington", "washington", ["noun"], 5,
        ["noun.location", "noun.group", "noun.person"], True,
    )  # fmt: skip
    assert counts == [(128295, 55369, 132332)]  # the senses of every plain lemma
    assert sources == [("lexicon", 147306, None)]


@pytest.mark.mirror
def test_wordnet_forms_of_the_mirror(mirror_warehouse):
    with mirror_warehouse.connect() as con:
        rows = con.execute(
            "SELECT * FROM wordnet_forms WHERE word IN ('gave', 'give', 'footed', 'shufti', "
            "'rainflies', 'sex') ORDER BY word, base_form"
        ).fetchall()
        counts = con.execute(
            "SELECT count(*), count(DISTINCT word), count(*) FILTER (WHERE inflects IS NOT NULL) "
            "FROM wordnet_forms"
        ).fetchall()
        tibial = con.execute(
            "SELECT synonyms, hypernyms, related_gloss FROM wordnet_senses WHERE lemma = 'tibial'"
        ).fetchall()
        burning = con.execute(
            "SELECT synonyms, hypernyms FROM wordnet_senses WHERE lemma = 'burning' AND rank = 1"
        ).fetchall()
    assert rows == [
        ("footed", "foot", ["verb"], ["feet", "foot", "footer"]),  # foot's past tense too
        ("footed", "footed", None, ["feet", "foot", "footer"]),
        ("gave", "give", ["verb"], ["give", "given", "giver"]),
        ("give", "give", None, ["gave", "given", "giver"]),  # verb.exc, the other way round
        ("rainflies", "rainfly", ["noun"], ["rainfly"]),  # only the NYT's list holds it
        ("sex", "sex", None, ["sexual", "sexy"]),  # derived from it, and they begin with it
        ("shufti", "shufti", None, []),
    ]
    assert counts == [(226962, 222371, 149765)]
    leg = "the inner and thicker of the two bones of the human leg between the knee and ankle"
    assert tibial == [([], [], leg)]  # its pertainym's gloss
    assert burning == [(["combustion"], ["change of integrity"])]


def test_other_forms_are_the_exception_lists_both_ways_and_morphys_bases():
    reader = wordnet.english_reader()
    exceptions = [  # those morphy gives: the base is a lemma of the part of speech
        (form, base)
        for pos in "nvar"
        for form, bases in reader._exception_map[pos].items()
        for base in bases
        if is_plain_word(form)
        and is_plain_word(base)
        and form != base
        and base in reader._morphy(form, pos)
    ]
    sample = random.Random(42).sample(exceptions, 500)
    words = sorted({word for pair in sample for word in pair})
    found = wordnet.other_forms(reader, words)
    forms = dict(zip(found["word"], found["other_forms"], strict=True))
    assert [pair for pair in sample if pair[1] not in forms.get(pair[0], ())] == []  # fled: flee
    assert [pair for pair in sample if pair[0] not in forms.get(pair[1], ())] == []  # flee: fled
    examples = ["dimmed", "potted", "wryly", "glaringly", "been"]
    found = wordnet.other_forms(reader, examples)
    assert dict(zip(found["word"], found["other_forms"], strict=True)) == {
        "dimmed": ["dim", "dimmer", "dimmest", "dimming"],
        "potted": ["pot", "potting"],
        "wryly": ["wried", "wrier", "wriest", "wry", "wryer", "wryest"],
        "glaringly": ["glare", "glaring"],
        "been": ["am", "are", "be", "is", "was", "were"],
    }


@pytest.mark.mirror
def test_the_senses_of_lade_in_frequency_order(mirror_warehouse):
    with mirror_warehouse.connect() as con:
        assert con.execute(
            "SELECT rank, part_of_speech, lexicographer_file, instance, gloss, example "
            "FROM wordnet_senses WHERE lemma = 'lade' ORDER BY rank"
        ).fetchall() == [
            (1, "verb", "verb.contact", False, "remove with or as if with a ladle",
             "ladle the water out of the bowl"),
            (2, "verb", "verb.contact", False, "fill or place a load on", "load a car"),
        ]  # fmt: skip


@pytest.mark.mirror
def test_base_forms_are_morphys_and_counts_are_the_readers(mirror_warehouse):
    reader = nltk_corpus("wordnet", offline=True)
    with mirror_warehouse.connect() as con:
        words = [word for (word,) in con.execute("SELECT word FROM words").fetchall()]
    sample = random.Random(33).sample(words, 20_000)
    lemmas = set(reader.all_lemma_names())
    expected = {w: base for w in sample if w not in lemmas and (base := reader.morphy(w))}
    english = wordnet.english_reader()  # nltk's reader, without the map for other languages
    forms = wordnet.base_forms(english, sample)  # morphy asked only about the words it may know
    assert dict(zip(forms["word"], forms["base_form"], strict=True)) == expected
    assert len(expected) > 1500
    inflects = [
        [wordnet.PARTS_OF_SPEECH[pos] for pos in "nvar" if reader.morphy(word, pos) == base]
        for word, base in zip(forms["word"], forms["base_form"], strict=True)
    ]
    assert forms["inflects"] == inflects
    counts = wordnet.tagged_counts(reader)
    for synset in list(reader.all_synsets("v"))[:300]:
        for lemma in synset.lemmas():
            assert counts.get(lemma.key(), 0) == lemma.count(), lemma


def test_a_missing_wordnet_is_one_line_naming_the_download(tmp_path):
    env = {
        **os.environ,
        "NLTK_DATA": str(tmp_path / "no_nltk_data"),
        "PIPELINE_WAREHOUSE": str(tmp_path / "warehouse.duckdb"),
        "PIPELINE_RAW": str(tmp_path / "raw"),
        "PIPELINE_OFFLINE": "1",
    }
    done = subprocess.run(
        [sys.executable, "-c", "from pipeline.cli import main; main()", "words"],
        env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "error: nltk corpus 'wordnet' is missing: set NLTK_DATA to a folder holding "
        "corpora/wordnet.zip (e.g. ../shared/mirror/nltk_data), or run online so that "
        f"nltk.download('wordnet') puts it in {tmp_path / 'raw' / 'nltk_data'}"
    ]
    assert not (tmp_path / "warehouse.duckdb").exists()


@pytest.mark.mirror
def test_a_lemma_s_senses_are_the_reader_s_own(mirror_warehouse):
    reader = nltk_corpus("wordnet", offline=True)
    english = wordnet.english_reader()
    assert english.map30 is None and reader.map30 is not None  # 3.0 mapped onto 3.0, unread
    names = sorted(filter(is_plain_word, reader.all_lemma_names()))
    assert names == sorted(filter(is_plain_word, english.all_lemma_names()))
    for name in [*random.Random(36).sample(names, 1_000), "mark", "axes", "lade", "paris"]:
        pairs, seen = [], set()
        for lemma in reader.lemmas(name):  # what the index gives, as nltk's `lemmas` gives it
            if lemma.synset() not in seen:
                seen.add(lemma.synset())
                pairs.append((lemma.key(), lemma.synset().name()))
        found = wordnet.index_senses(english, name)
        assert [(lemma.key(), synset.name()) for lemma, synset in found] == pairs, name


def test_a_senses_hypernym_is_the_same_whatever_the_hash_seed():
    # nltk keeps a synset's hypernyms in a set: its order changes with PYTHONHASHSEED
    script = (
        "from pipeline.sources import wordnet\n"
        "reader = wordnet.english_reader()\n"
        "for name in ('flea.n.01', 'tepee.n.01', 'eaglet.n.01'):\n"
        "    print(wordnet.hypernym_names(reader.synset(name)))\n"
    )
    found = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True, text=True, check=True, timeout=120,
        ).stdout
        for seed in range(4)
    }  # fmt: skip
    assert found == {
        "['ectoparasite', 'ectozoan', 'ectozoon', 'epizoan', 'epizoon']\n"
        "['lodge', 'indian lodge']\n['eagle', 'bird of Jove']\n"
    }
