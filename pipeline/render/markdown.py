"""Markdown: tables, plurals, and the report's text (rendering apart from querying)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.games import LETTER_BOXED, SPELLING_BEE

if TYPE_CHECKING:
    from pipeline.games.letter_boxed_archive import DaySolutions
    from pipeline.report.confidence import ConfidenceReport
    from pipeline.report.model import GameReport, NytAgainstSpace, Reported
    from pipeline.storage.warehouse import Table

ERROR_KINDS = {
    "repeated": "eligible before; the NYT repeated its last verdict",
    "reversed": "eligible before; the NYT reversed its last verdict",
    "new": "never eligible before",
}
NYT_SOLUTIONS_HEADING = "## The NYT's own solutions against the exact solver"


def plural(count: int, noun: str) -> str:
    """Return a count with its noun, plural unless the count is one."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def markdown_table(headers: list[str], rows: list[tuple]) -> str:
    """Return rows as a Markdown table, numbers right-aligned."""
    cells = [[_cell(value) for value in row] for row in rows]
    widths = [max([len(h)] + [len(row[i]) for row in cells]) for i, h in enumerate(headers)]
    numeric = [_numeric_column([row[i] for row in rows]) for i in range(len(headers))]
    lines = [
        "| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |",
        "|" + "|".join(_rule(w, n) for w, n in zip(widths, numeric, strict=True)) + "|",
    ]
    for row in cells:
        padded = [
            value.rjust(w) if n else value.ljust(w)
            for value, w, n in zip(row, widths, numeric, strict=True)
        ]
        lines.append("| " + " | ".join(padded) + " |")
    return "\n".join(lines)


def _rule(width: int, numeric: bool) -> str:
    """Return the Markdown rule under one column (right-aligned for numbers)."""
    return "-" * (width + 1) + ":" if numeric else "-" * (width + 2)


def _numeric_column(values: list) -> bool:
    """Return True when every non-empty value of a column is a number."""
    present = [value for value in values if value is not None]
    return bool(present) and all(_is_number(value) for value in present)


def _is_number(value: object) -> bool:
    """Return True for ints and floats (not bools)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def _cell(value: object) -> str:
    """Format one table cell."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    return str(value)


def report_markdown(reported: Reported) -> str:
    """Return the Markdown summary of a report run: each game, then the NYT's own solutions."""
    sections = []
    for report in reported.reports:
        sections.append(game_report_markdown(report, reported.files.get(report.game.name)))
        if report.game.name in reported.confidence:
            sections.append(confidence_markdown(*reported.confidence[report.game.name]))
        if report.game == SPELLING_BEE and reported.honeycombs is not None:
            sections.append(reported.honeycombs)
        if report.game == LETTER_BOXED:
            sections.append(nyt_solutions_section(reported))
    if reported.html is not None:
        sections.append(f"Page: {reported.html}")
    return "\n\n".join(sections)


def nyt_solutions_section(reported: Reported) -> str:
    """Return the section on the NYT's own Letter Boxed solutions, with the file it wrote."""
    if reported.nyt_solutions is None:
        return f"{NYT_SOLUTIONS_HEADING}\n\nNo Letter Boxed archive: run `pipeline scrape letter-boxed`."
    return (
        nyt_solutions_markdown(reported.nyt_solutions) + f"\n\nFile: {reported.nyt_solutions_file}"
    )


def game_report_markdown(report: GameReport, files: list[Path] | None = None) -> str:
    """Return the Markdown summary of one game's report."""
    game = report.game
    custom = (
        "the rolling backtest: each puzzle judged only on evidence from before its date"
        if report.train_until is None
        else f"a single split: rule applied with evidence up to {report.train_until}"
    )
    found = report.coverage
    parts = [
        f"# {game.title}: dictionaries against {game.official_answers}",
        f"Window {report.first} .. {report.last}: {found['puzzles']:,} puzzles, "
        f"{found['official_answers']:,} official answers. Custom dictionary = {custom}; "
        "a raw list predicts a word iff it holds it; past_answers = accepted at least once before.",
        _recall_note(report),
        "Micro pools every eligible (puzzle, word) pair; macro is the mean of per-puzzle scores.",
        "## Window",
        _score_markdown(report.grain("window"), first=("dictionary",)),
        "## By year",
        _score_markdown(report.grain("year"), first=("year", "dictionary")),
        "## Custom dictionary by month",
        _score_markdown(report.grain("month").where("dictionary", "custom"), first=("month",)),
        "## Where the custom dictionary's errors come from",
        _error_kinds_markdown(report),
        "## Most frequent missed words (official answers the custom dictionary left out, "
        f"top {report.top_errors})",
        _errors_markdown(report.missed),
        f"## Most frequent extra words (predicted but not accepted, top {report.top_errors})",
        _errors_markdown(report.extra),
    ]
    if files:
        parts.append("Files: " + ", ".join(str(path) for path in files))
    return "\n\n".join(parts)


def _recall_note(report: GameReport) -> str:
    """Return the sentence saying whether recall counts every official answer."""
    found = report.coverage
    if found["official_answers"] == found["answers_in_backtest"]:
        return (
            f"Recall is honest: all {found['official_answers']:,} official answers of the window are "
            "eligible pairs (the universe includes every past answer), so no answer outside every "
            "list is missed silently."
        )
    return (
        f"Warning: only {found['answers_in_backtest']:,} of the window's "
        f"{found['official_answers']:,} official answers are eligible pairs; recall ignores the rest."
    )


def _score_markdown(table: Table, first: tuple[str, ...]) -> str:
    """Return a score table as Markdown: its key columns, then counts and scores."""
    columns = (*first, "puzzles", "predicted", "hits", "precision", "recall", "f1", "macro_f1")
    headers = [*first, "puzzles", "predicted", "correct", "P", "R", "F1", "macro F1"]
    if len(first) == 1 and first[0] == "dictionary":
        columns = (*columns[:-1], "macro_precision", "macro_recall", "macro_f1")
        headers = [*headers[:-1], "macro P", "macro R", "macro F1"]
    return markdown_table(headers, table.select(*columns).rows)


def _error_kinds_markdown(report: GameReport) -> str:
    """Return the errors by kind as Markdown, with the ceiling the reversals leave."""
    rows = [
        (ERROR_KINDS[kind], pairs, answers, predicted, extra, missed)
        for kind, pairs, answers, predicted, extra, missed in report.error_kinds.rows
    ]
    headers = ["kind of pair", "pairs", "answers", "predicted", "extra", "missed"]
    precision, recall = report.ceiling()
    return (
        markdown_table(headers, rows)
        + "\n\nA reversal is an error of any rule that trusts the NYT's last verdict on a word. "
        "Guessing every new pair right and following the last verdict everywhere else would "
        f"score P {precision:.4f}, R {recall:.4f}: the ceiling the reversals leave."
    )


def _errors_markdown(table: Table) -> str:
    """Return the missed or extra words as Markdown."""
    if not table.rows:
        return "(none)"
    evidence = table.select(
        "word",
        "times",
        "eligible",
        "accepted",
        "prior_accepted",
        "prior_verdicts",
        "included_now",
        "reason",
    )
    rows = [
        (
            word,
            times,
            eligible,
            accepted,
            f"{before_accepted}/{before}",
            "in" if now else "out",
            why,
        )
        for word, times, eligible, accepted, before_accepted, before, now, why in evidence.rows
    ]
    headers = [
        "word",
        "times",
        "eligible",
        "accepted",
        "accepted/eligible before",
        "now",
        "reason now",
    ]
    return markdown_table(headers, rows)


def nyt_solutions_markdown(days: list[DaySolutions]) -> str:
    """Return the minimum word counts and how the NYT's solutions compare with the best."""
    from pipeline.games.letter_boxed_archive import summarize

    summary = summarize(days)
    parts = [
        f"{NYT_SOLUTIONS_HEADING} ({len(days):,} days with a dictionary)",
        markdown_table(["fewest words", "days"], summary.fewest_words),
        markdown_table(["NYT solution", "days"], summary.comparisons),
        markdown_table(["extra letters (same word count)", "days"], summary.extra_letters),
        "### How many short solutions each day's list allows",
        _short_solutions_markdown(days),
    ]
    return "\n\n".join(parts)


TWO_WORD_BUCKETS = ((0, 0), (1, 1), (2, 5), (6, 20), (21, 100), (101, None))


def _short_solutions_markdown(days: list[DaySolutions]) -> str:
    """Return the days by their number of two-word solutions: best unique, NYT's longer."""
    rows = []
    for low, high in TWO_WORD_BUCKETS:
        bucket = [
            day
            for day in days
            if low <= day.two_word_solutions and (high is None or day.two_word_solutions <= high)
        ]
        label = f"{low}+" if high is None else str(low) if low == high else f"{low}-{high}"
        rows.append(
            (
                label,
                len(bucket),
                sum(day.best_count == 1 for day in bucket),
                sum(day.comparison.startswith("longer") for day in bucket),
            )
        )
    one_word = sum(day.one_word_solutions > 0 for day in days)
    headers = ["two-word solutions", "days", "best solution unique", "NYT's solution longer"]
    return (
        f"Days whose list allows a one-word solution: {one_word:,} of {len(days):,}; days with a "
        f"unique best solution: {sum(day.best_count == 1 for day in days):,}.\n\n"
        + markdown_table(headers, rows)
    )


def nyt_space_markdown(space: NytAgainstSpace, s_allowed_from: object) -> str:
    """Return the archived puzzles placed among every honeycomb of the custom dictionary."""
    sizes = [
        (
            "S allowed" if s.s_allowed else "no S",
            s.valid_words,
            s.pangram_sets,
            s.honeycombs,
        )
        for s in space.spaces
    ]
    eras = space.eras.select(
        "era",
        "honeycombs",
        "zone_honeycombs",
        "zone_share",
        "puzzles",
        "ranked_puzzles",
        "zone_puzzles",
        "zone_puzzles_nyt",
        "median_points_top_share",
        "median_words_top_share",
    )
    parts = [
        "## The NYT's puzzles among every possible honeycomb (custom dictionary)",
        "A honeycomb is a pangram letter set with one of its 7 letters as the center. Each "
        f"archived puzzle is ranked in its era's space: S left out before {s_allowed_from}, "
        "allowed from then on. A top share of 0.05 means 5% of the honeycombs score at least as "
        "much.",
        markdown_table(["era", "valid words", "pangram letter sets", "honeycombs"], sizes),
        markdown_table(
            [
                "era",
                "honeycombs",
                "with 30-45 words",
                "share",
                "puzzles",
                "ranked",
                "puzzles with 30-45 words",
                "same, NYT count",
                "median top share, points",
                "median top share, words",
            ],
            eras.rows,
        ),
        "### The highest-scoring honeycombs the NYT has never used",
        markdown_table(
            ["era", "letters", "center", "words", "pangrams", "points", "NYT centers of letters"],
            space.never_used.rows,
        ),
        "### The NYT's center among the 7 of its letters (1 = the most points)",
        markdown_table(["center rank", "puzzles"], space.center_ranks.rows),
        "### The largest and smallest puzzles for their letters",
        markdown_table(
            [
                "kind",
                "date",
                "letters",
                "words",
                "points",
                "fewest of letters",
                "most of letters",
                "points rank",
                "honeycombs",
            ],
            space.extremes.rows,
        ),
    ]
    return "\n\n".join(parts)


MODELS = {
    "custom": "custom probability",
    "last_verdict": "last verdict alone (its window rate)",
    "list_membership": "list membership (its window rate)",
}


def confidence_markdown(report: ConfidenceReport, files: list[Path] | None = None) -> str:
    """Return the calibration, maybe-tier, guard and hand-edit sections of one game's report."""
    calibration = report["calibration"]
    maybe = report["maybe_tier"]
    overall = maybe.where("kind", "all").rows[0]
    _, puzzles, maybe_pairs, per_puzzle, errors, held, share = overall
    parts = [
        f"## How sure the custom dictionary is ({report.first} .. {report.last}, rolling backtest)",
        "Each pair's probability comes from the evidence strictly before its date: a word judged "
        "before gets the acceptance rate of earlier verdicts on words with its history (last "
        "verdict, count, share accepted, age), a new word its evidence bucket's rate.",
        "### Reliability by probability decile",
        markdown_table(
            ["kind", "decile", "pairs", "mean probability", "accepted", "gap"],
            [
                (k, f"{d / 10:.1f}-{(d + 1) / 10:.1f}", n, p, o, g)
                for k, d, n, p, o, g in calibration.rows
            ],
        ),
        "### Probability scores against simple baselines",
        markdown_table(
            ["kind", "model", "pairs", "Brier", "log loss", "ECE (deciles)"],
            [
                (kind, MODELS.get(model, model), n, brier, loss, ece)
                for model, kind, n, brier, loss, ece in report["probability_scores"].rows
            ],
        ),
        "The baselines' probabilities are the window's own acceptance rates per group (fitted "
        "in-sample, which flatters them); the custom probabilities never see the pair they judge.",
        "### The maybe tier",
        f"The maybe band holds {held:,} of the custom list's {errors:,} errors "
        f"({(share or 0):.1%}) with {maybe_pairs:,} maybe pairs over {puzzles:,} puzzles "
        f"({per_puzzle:.2f} per puzzle).",
        markdown_table(
            ["kind", "puzzles", "maybe pairs", "per puzzle", "errors", "held", "share held"],
            maybe.rows,
        ),
        "### The offensive-word guard",
        "A word of the LDNOOBW list the NYT had never accepted before a pair's date is kept out.",
        markdown_table(
            ["dictionary", "pairs changed", "of them accepted", "P", "R", "F1"],
            report["guard"].rows,
        ),
        "### Hand edits (data/custom/edits.tsv)",
        _edits_markdown(report["edits"]),
    ]
    if files:
        parts.append("Files: " + ", ".join(str(path) for path in files))
    return "\n\n".join(parts)


def _edits_markdown(edits: Table) -> str:
    """Return the hand edits with the window's pairs each would have changed."""
    if not edits.rows:
        return "(no hand edits)"
    changed = sum(edits.column("pairs_changed"))
    right = sum(edits.column("changed_right"))
    return (
        markdown_table(
            ["line", "word", "edit", "reason", "pairs changed", "changed right"], edits.rows
        )
        + f"\n\nThe edits apply to the final lists only; in the window they would have changed "
        f"{plural(changed, 'puzzle-word pair')}, {right:,} of them to the NYT's verdict."
    )
