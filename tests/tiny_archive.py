"""Hand-written word lists and puzzle days for the tiny warehouse (the `tiny_warehouse` fixture).

Spelling Bee: four puzzles whose eligible words (the universe words each puzzle allows) are

    date        letters    eligible words: accepted | not accepted
    2021-06-01  h dimoru   humidor |
    2024-01-10  a belrty   able bale betrayal | abba alba blab
    2024-02-10  e abdlst   able bales blasted ebbe | bale (nytbee lists it as not accepted)
    2025-01-10  b aeklnt   able alba blab blanket | abba bale ebbe

The pangrams (humidor aside) and ebbe are in no word list. The build's validation year
(2023-01-12 .. 2024-01-11) holds the 2024-01-10 puzzle, its test year the two after it.
Letter Boxed: one board (tests.made_up_days.BLACKSMITH) on three days with growing lists.
The offensive-word marker (LDNOOBW) is on arse (in words_alpha only, never eligible: kept out of
both lists by the guard). WordNet: the first senses of able, bale (bales through it), blab and chat as
the mirror's WordNet 3.0 has them (WORDNET_SENSES), so that clues and `explain`'s WordNet facts
have something to show.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from pipeline.games.letter_boxed.records import BoxRecord
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.sources.wordnet import FORM_COLUMNS, SENSE_COLUMNS
from pipeline.stages.scrape import ScrapeRun, accept
from pipeline.stages.words import WordCollection
from pipeline.storage.download import Fetched
from tests.made_up_days import BLACKSMITH

RUN_ID = "20250111T000000.000000Z"
AS_OF = dt.date(2025, 1, 11)  # the build judges every word as of the day after the archive

# Raw entries per source; capitalized entries and "e-mail" are dropped (and counted).
WORD_LISTS = {
    "words_alpha": ["able", "bale", "blab", "abba", "alba", "bales", "humidor", "chat", "arse"],
    "enable": ["able", "bale", "blab", "the", "bales", "chat"],
    "2of12id": ["able", "blab"],
    "nltk_words": ["able", "alba", "Abba", "Alba", "e-mail"],
    "wordfreq": ["able", "bale", "blab", "alba", "the"],
}
ZIPF = {"able": 5.1, "bale": 3.2, "blab": 2.9, "alba": 1.5, "the": 7.7}
WORDFREQ_RANK = {"the": 1, "able": 1000, "bale": 30000, "blab": 60000, "alba": 200000}
FIRST_NAMES = {"alba"}
OFFENSIVE = ["arse", "two words"]  # "two words" is dropped: a phrase

# lemma, rank, part of speech, lexicographer file, instance, gloss, example, synonyms, hypernyms,
# related gloss, derived forms (sources/wordnet.py SENSE_COLUMNS)
WORDNET_SENSES: tuple[tuple, ...] = (
    ("able", 1, "adjective", "adj.all", False, "(usually followed by `to') having the necessary "
     "means or skill or know-how or authority to do something", "able to swim",
     [], [], None, ["ability"]),
    ("able", 2, "adjective", "adj.all", False, "have the skills and qualifications to do things "
     "well", "able teachers",
     ["capable"], [], None, ["ability"]),
    ("bale", 1, "noun", "noun.artifact", False, "a large bundle bound for storage or transport",
     None,
     [], ["bundle", "sheaf"], None, []),
    ("bale", 2, "noun", "noun.location", True, "a city in northwestern Switzerland", None,
     ["Basel", "Basle"], ["city", "metropolis", "urban center"], None, []),
    ("bale", 3, "verb", "verb.contact", False, "make into a bale", "bale hay",
     [], ["roll up", "collect", "accumulate", "pile up", "amass", "compile", "hoard"], None, []),
    ("blab", 1, "verb", "verb.communication", False, "divulge confidential information or "
     "secrets", "Be careful--his secretary talks",
     ["spill the beans", "let the cat out of the bag", "talk", "tattle", "peach", "babble", "sing",
     "babble out", "blab out"], ["unwrap", "disclose", "let on", "bring out", "reveal", "discover",
     "expose", "divulge", "break", "give away", "let out"], None, ["blabber"]),
    ("blab", 2, "verb", "verb.communication", False, "speak (about unimportant matters) rapidly "
     "and incessantly", None,
     ["chatter", "piffle", "palaver", "prate", "tittle-tattle", "twaddle", "clack", "maunder",
     "prattle", "gibber", "tattle", "blabber", "gabble"], ["talk", "speak", "utter", "mouth",
     "verbalize", "verbalise"], None, []),
    ("chat", 1, "verb", "verb.communication", False, "talk socially without exchanging too much "
     "information", "the men were sitting in the cafe and shooting the breeze",
     ["chew the fat", "shoot the breeze", "confabulate", "confab", "chitchat", "chit-chat",
     "chatter", "chaffer", "natter", "gossip", "jaw", "claver", "visit"], ["converse",
     "discourse"], None, []),
    ("chat", 2, "noun", "noun.communication", False, "an informal conversation", None,
     ["confab", "confabulation", "schmooze", "schmoose"], ["conversation"], None, ["chatty"]),
)  # fmt: skip
WORDNET_FORMS = (("bales", "bale", ["noun", "verb"]),)

P0, P1, P2, P3 = (
    dt.date(2021, 6, 1),
    dt.date(2024, 1, 10),
    dt.date(2024, 2, 10),
    dt.date(2025, 1, 10),
)


def bee(date: dt.date, letters: str, answers: str, pangram: str, source: str, **kw) -> BeeRecord:
    """Return a Spelling Bee record: letters center first, answers space-separated."""
    return BeeRecord(
        date=date,
        center=letters[0],
        others=letters[1:],
        answers=tuple(sorted(answers.split())),
        pangrams=(pangram,),
        source=source,
        **kw,
    )


BEE_RECORDS = [
    bee(P0, "hdimoru", "humidor", "humidor", "nyt_gamedata"),
    bee(P1, "abelrty", "able bale betrayal", "betrayal", "nyt_gamedata"),
    bee(P2, "eabdlst", "able bales blasted ebbe", "blasted", "nyt_gamedata"),
    bee(P2, "eabdlst", "able bales blasted ebbe", "blasted", "nytbee", not_accepted=("bale",)),
    bee(P3, "baeklnt", "able alba blab blanket", "blanket", "nyt_gamedata"),
    # The bulk archive misses alba on 2025-01-10: a disagreement, kept beside the chosen source.
    bee(P3, "baeklnt", "able blab blanket", "blanket", "bulk_archive"),
    # Six letters: quarantined by validation.
    bee(dt.date(2024, 5, 5), "abelrt", "able", "able", "bulk_archive"),
]
BOX_RECORDS = [
    dataclasses.replace(
        BLACKSMITH, date=dt.date(2023, 3, 1), dictionary=("blacksmith", "chip", "hop", "talk")
    ),
    dataclasses.replace(
        BLACKSMITH,
        date=dt.date(2024, 3, 1),
        dictionary=("blacksmith", "chat", "chip", "chop", "hop", "talk"),
    ),
    BLACKSMITH,  # 2024-06-11: blacksmith chip chop hop host ohms talk
]


def word_collection() -> WordCollection:
    """Return the tiny word lists as the words stage collects them."""
    words = WordCollection()
    for source, entries in WORD_LISTS.items():
        words.add_entries(source, entries)
    words.zipf.update(ZIPF)
    words.wordfreq_rank.update(WORDFREQ_RANK)
    words.first_names.update(FIRST_NAMES)
    words.add_offensive(OFFENSIVE)
    words.brown_count.update({"able": 12, "the": 6000})
    words.wordnet_senses = wordnet_sense_columns
    words.wordnet_forms = {
        name: [form[i] for form in WORDNET_FORMS] for i, name in enumerate(FORM_COLUMNS)
    }
    return words


def wordnet_sense_columns() -> dict[str, list]:
    """Return the tiny WordNet's senses as the words stage's input columns (SENSE_COLUMNS)."""
    return {name: [sense[i] for sense in WORDNET_SENSES] for i, name in enumerate(SENSE_COLUMNS)}


def scrape_run() -> ScrapeRun:
    """Return the tiny archive as a scrape run gathers it: validated records, one miss."""
    run = ScrapeRun()
    records: list[BeeRecord | BoxRecord] = [*BEE_RECORDS, *BOX_RECORDS]
    for record in records:
        accept(run, record, f"https://example.org/{record.source}/{record.date}")
    missing = "https://example.org/nytbee/2025-01-09"
    run.log_fetch("nytbee", missing, dt.date(2025, 1, 9), Fetched(missing, None, "missing", 404))
    return run
