"""Letter Boxed: what the game adds to each stage, each hook naming the module that does the work
(`archive.py`: its rules, source-day rows, verdicts and explain lines; `today.py`; `style.py`;
`solutions.py`: the report's section on the NYT's own solutions against the exact solver). Cheap
to import: each module loads at its hook's first call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pipeline.games import LETTER_BOXED
from pipeline.games.hooks import GameHooks, lazy, today_hooks

if TYPE_CHECKING:
    from pipeline.games.api import GameApi
    from pipeline.games.generated import GameGenerator

GENERATE_HELP = (  # `pipeline generate GAME --help`
    "Letter Boxed boards the NYT could have made: letters drawn in the NYT's style, each board "
    "with a two-word solution in the custom list, a par as the NYT gives it.\n\n"
    "Example: pipeline generate letter-boxed --count 20 --seed 7"
)
PACKAGE = LETTER_BOXED.package


class LetterBoxedHooks(GameHooks):
    """What Letter Boxed adds to each stage."""

    staging_columns = (
        "date", "source", "sides", "nyt_solution", "par", "nyt_id", "dictionary",
        "yesterdays_sides", "yesterdays_solution", "url",
    )  # fmt: skip
    merges = (
        "scrape/letter_boxed_puzzles",
        "scrape/letter_boxed_dictionary",
        "scrape/quarantine_placeholder_boards",
        "scrape/letter_boxed_official_answers",
    )
    archive_tables = (LETTER_BOXED.table("puzzles"), LETTER_BOXED.table("dictionary"))
    problems = lazy(f"{PACKAGE}.archive:box_problems")
    staging_row = lazy(f"{PACKAGE}.archive:box_row")
    judge = lazy(f"{PACKAGE}.archive:judge_listed_words")

    verdicts = lazy(f"{PACKAGE}.archive:letter_boxed_verdicts")
    # "in WordNet" raised the validation year's new-word F1 (docs/dictionary.md, the table of
    # WordNet's features)
    evidence_flags = (*GameHooks.evidence_flags, "in WordNet")
    style_inputs = lazy(f"{PACKAGE}.style:letter_boxed_inputs")
    fit_style = lazy(f"{PACKAGE}.style:fit_letter_boxed_style")
    store_style = lazy(f"{PACKAGE}.style:store_letter_boxed_style")
    style_candidates = "boards made from the custom list in the NYT's letter style"

    stored_record, words_for, day_lines, day_record, day_clues = today_hooks(PACKAGE)

    explain_tables = (LETTER_BOXED.table("dictionary"),)
    explain_queries = ("explain/letter_boxed_lists",)
    evidence = lazy(f"{PACKAGE}.archive:listed")
    evidence_lines = lazy(f"{PACKAGE}.archive:listed_lines")

    report_sections = lazy(f"{PACKAGE}.solutions:nyt_solutions_sections")
    report_files = lazy(f"{PACKAGE}.solutions:report_files")

    solve = lazy(f"{PACKAGE}.today:best_solution")
    commands = f"{PACKAGE}.cli"

    def generator(self) -> GameGenerator:
        from pipeline.games.generated import GameGenerator

        return GameGenerator.of_folder(
            PACKAGE, GENERATE_HELP, "board", "solution", "generator:boards"
        )

    def api(self) -> GameApi:
        from pipeline.games.letter_boxed.api import API

        return API


HOOKS = LetterBoxedHooks()
