"""Spelling Bee: what the game adds to each stage, each hook naming the module that does the work
(`archive.py`: its rules, source-day rows, verdicts and explain lines; `today.py`; `style.py`;
`honeycombs.py`: the report's section on the NYT's puzzles among every honeycomb, and `pipeline
analyze spelling-bee`). Cheap to import: each module loads at its hook's first call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pipeline.games import LETTER_BOXED, SPELLING_BEE
from pipeline.games.hooks import GameHooks, lazy, today_hooks

if TYPE_CHECKING:
    from pipeline.games.api import GameApi
    from pipeline.games.generated import GameGenerator

GENERATE_HELP = (  # `pipeline generate GAME --help`
    "Spelling Bee puzzles the NYT could have made: honeycombs of the custom list drawn by their "
    "likeness to the NYT's, whose answer lists the list is sure of (no offensive word, no "
    "hand-edited word).\n\n"
    "Example: pipeline generate spelling-bee --count 20 --seed 7 --difficulty easy"
)
PACKAGE = SPELLING_BEE.package


class SpellingBeeHooks(GameHooks):
    """What Spelling Bee adds to each stage."""

    staging_columns = (
        "date", "source", "center", "others", "answers", "pangrams", "points", "not_accepted",
        "url",
    )  # fmt: skip
    merges = (
        "scrape/spelling_bee_puzzles",
        "scrape/spelling_bee_answers",
        "scrape/spelling_bee_not_accepted",
        "scrape/spelling_bee_disagreements",
        "scrape/spelling_bee_official_answers",
    )
    archive_tables = tuple(
        SPELLING_BEE.table(name) for name in ("puzzles", "answers", "not_accepted", "disagreements")
    )
    problems = lazy(f"{PACKAGE}.archive:bee_problems")
    staging_row = lazy(f"{PACKAGE}.archive:bee_row")
    judge = lazy(f"{PACKAGE}.archive:judge_answer_words")

    verdicts = lazy(f"{PACKAGE}.archive:spelling_bee_verdicts")
    new_word_model = True  # its new words gain from it (docs/dictionary.md)
    left_out_from = (LETTER_BOXED.name,)  # an NYT Letter Boxed list lacking a playable word
    style_inputs = lazy(f"{PACKAGE}.style:spelling_bee_inputs")
    fit_style = lazy(f"{PACKAGE}.style:fit_spelling_bee_style")
    store_style = lazy(f"{PACKAGE}.style:store_spelling_bee_style")
    style_candidates = "every honeycomb of the custom list with a pangram"

    stored_record, words_for, day_lines, day_record, day_clues = today_hooks(PACKAGE)

    explain_tables = (SPELLING_BEE.table("not_accepted"),)
    explain_queries = ("explain/not_accepted",)
    evidence = lazy(f"{PACKAGE}.archive:not_accepted")
    evidence_lines = lazy(f"{PACKAGE}.archive:not_accepted_lines")

    report_sections = lazy(f"{PACKAGE}.honeycombs:report_sections")
    report_files = lazy(f"{PACKAGE}.honeycombs:report_files")

    solve = lazy(f"{PACKAGE}.today:answers")
    commands = f"{PACKAGE}.cli"

    def generator(self) -> GameGenerator:
        from pipeline.games.generated import GameGenerator

        return GameGenerator.of_folder(
            PACKAGE, GENERATE_HELP, "honeycomb", "answers", "generate:generate"
        )

    def api(self) -> GameApi:
        from pipeline.games.spelling_bee.api import API

        return API


HOOKS = SpellingBeeHooks()
