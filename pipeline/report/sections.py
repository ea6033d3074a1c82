"""The report's sections, built from its results: what each part says, which tables and charts it
shows and how people read them (labelled columns, captions). Pure: no query, no file; every
format (`pipeline/render/`) walks the sections these functions return.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.render.model import (
    MIN_BIN_PAIRS,
    Articles,
    Bars,
    Bullets,
    Chart,
    Line,
    LogLines,
    Paragraph,
    Reliability,
    Section,
    TableBlock,
)
from pipeline.render.text import plural
from pipeline.report.results import ConfidenceReport, GameReport
from pipeline.table import Table

if TYPE_CHECKING:
    from pipeline.games import Game

ERROR_KINDS = {
    "repeated": "eligible before; the NYT repeated its last verdict",
    "reversed": "eligible before; the NYT reversed its last verdict",
    "new": "never eligible before",
}
MODELS = {
    "custom": "custom probability",
    "last_verdict": "last verdict alone (its window rate)",
    "list_membership": "list membership (its window rate)",
}
SCORE_HEADERS = {
    "dictionary": "dictionary",
    "year": "year",
    "month": "month",
    "puzzles": "puzzles",
    "predicted": "predicted",
    "hits": "correct",
    "precision": "P",
    "recall": "R",
    "f1": "F1",
    "macro_precision": "macro P",
    "macro_recall": "macro R",
    "macro_f1": "macro F1",
}
PRECISION_RECALL_CHART = "precision_recall.png"  # each game's, its slug first
RELIABILITY_CHART = "calibration.png"
# The tables each game's sections here write, each to its CSV file (table_file).
SCORE_TABLES = (
    "overall",
    "by_year",
    "by_month",
    "custom_errors_per_month",
    "archive_by_month",
    "error_kinds",
    "missed_words",
    "extra_words",
)
CONFIDENCE_TABLES = (
    "new_words",
    "calibration",
    "probability_scores",
    "maybe_tier",
    "guard",
    "edits",
)


def table_file(game: Game, table: str) -> str:
    """Return the CSV file of one of a game's report tables (`spelling_bee_overall.csv`)."""
    return f"{game.slug}_{table}.csv"


def chart_file(game: Game, chart: str) -> str:
    """Return the PNG file of one of a game's charts (`spelling_bee_calibration.png`)."""
    return f"{game.slug}_{chart}"


def report_files(game: Game) -> list[str]:
    """Return the files this module's sections of a game write: their tables and charts."""
    tables = [table_file(game, table) for table in (*SCORE_TABLES, *CONFIDENCE_TABLES)]
    return [*tables, *(chart_file(game, c) for c in (PRECISION_RECALL_CHART, RELIABILITY_CHART))]


def part_id(report: GameReport, part: str) -> str:
    """Return the id of one part of a game's report (`spelling-bee-missed`)."""
    return f"{report.game.name}-{part}"


def labelled(table: Table, columns: tuple[str, ...], labels: dict[str, str]) -> Table:
    """Return the chosen columns of a table with people's labels as their names."""
    chosen = table.select(*columns)
    return Table(tuple(labels.get(name, name) for name in columns), chosen.rows)


def game_sections(report: GameReport) -> list[Section]:
    """Return one game's scores as sections: the window, every dictionary, the errors."""
    return [
        introduction(report),
        backtest_section(report),
        by_year_section(report),
        by_month_section(report),
        errors_per_month_section(report),
        error_kinds_section(report),
        error_words_section(report, "missed"),
        error_words_section(report, "extra"),
    ]


def introduction(report: GameReport) -> Section:
    """Return the game's first section: the window, what each dictionary predicts, recall."""
    game = report.game
    custom = (
        "the rolling backtest: each puzzle judged only on evidence from before its date"
        if report.train_until is None
        else f"a single split: rule applied with evidence up to {report.train_until}"
    )
    found = report.coverage
    return Section(
        id=game.name,
        heading=f"{game.title}: dictionaries against {game.official_answers}",
        level=1,
        blocks=(
            Paragraph(plain_summary(report)),
            Paragraph(
                f"Window {report.first} .. {report.last}: {found['puzzles']:,} puzzles, "
                f"{found['official_answers']:,} official answers. Custom dictionary = {custom}; "
                "a raw list predicts a word iff it holds it; past_answers = accepted at least "
                "once before."
            ),
            Paragraph(recall_note(report)),
            Paragraph(
                "Micro pools every eligible (puzzle, word) pair; macro is the mean of per-puzzle "
                "scores."
            ),
        ),
    )


def plain_summary(report: GameReport) -> str:
    """Return the custom dictionary's score in plain words: its wrong words and how often."""
    custom = report.grain("window").where("dictionary", "custom")
    if not custom.rows:
        return "In plain words: the custom dictionary has no puzzle in this window."
    window = custom.record()
    puzzles, predicted, hits, f1 = window.puzzles, window.predicted, window.hits, window.f1
    extra, missed = predicted - hits, report.coverage["answers_in_backtest"] - hits
    wrong = extra + missed
    if wrong == 0:
        pace = "no wrong word at all"
    elif wrong <= puzzles:
        pace = f"about one wrong word every {puzzles / wrong:.1f} puzzles"
    else:
        pace = f"about {wrong / puzzles:.1f} wrong words a puzzle"
    return (
        f"In plain words: over {plural(puzzles, 'puzzle')} the custom dictionary got "
        f"{plural(wrong, 'word')} wrong ({extra:,} it expected that the NYT left out, "
        f"{missed:,} the NYT accepted that it left out): F1 {f1:.3f}, {pace}."
    )


def recall_note(report: GameReport) -> str:
    """Return the sentence saying whether recall counts every official answer."""
    found = report.coverage
    if found["official_answers"] == found["answers_in_backtest"]:
        return (
            f"Recall is honest: all {found['official_answers']:,} official answers of the window "
            "are eligible pairs (the universe includes every past answer), so no answer outside "
            "every list is missed silently."
        )
    return (
        f"Warning: only {found['answers_in_backtest']:,} of the window's "
        f"{found['official_answers']:,} official answers are eligible pairs; recall ignores the "
        "rest."
    )


def one_table_section(report: GameReport, part: str, heading: str, table: TableBlock) -> Section:
    """Return a section of the game's report that is one table."""
    return Section(id=part_id(report, part), heading=heading, blocks=(table,))


def backtest_section(report: GameReport) -> Section:
    """Return the headline table: every dictionary's micro and macro scores over the window."""
    window = report.grain("window")
    columns: tuple[str, ...] = ("dictionary", "puzzles", "predicted", "hits", "precision")
    columns += ("recall", "f1", "macro_precision", "macro_recall", "macro_f1")
    caption = (
        "Precision (P), recall (R) and F1 of each dictionary against the NYT's verdicts: higher "
        "is better, 1.0 is perfect."
    )
    shown = labelled(window, columns, SCORE_HEADERS)
    table = TableBlock("overall", window, shown, caption, table_file(report.game, "overall"))
    return one_table_section(
        report, "backtest", "Backtest: every dictionary over the window", table
    )


def by_year_section(report: GameReport) -> Section:
    """Return every dictionary's scores per year of the window."""
    by_year = report.grain("year")
    columns = ("year", "dictionary", "puzzles", "predicted", "hits", "precision", "recall", "f1")
    shown = labelled(by_year, (*columns, "macro_f1"), SCORE_HEADERS)
    caption = "The same scores per calendar year of the window."
    table = TableBlock("by-year", by_year, shown, caption, table_file(report.game, "by_year"))
    return one_table_section(report, "by-year", "By year", table)


def by_month_section(report: GameReport) -> Section:
    """Return the custom dictionary's scores per month (every dictionary's in the CSV file)."""
    by_month = report.grain("month")
    columns = ("month", "puzzles", "predicted", "hits", "precision", "recall", "f1", "macro_f1")
    shown = labelled(by_month.where("dictionary", "custom"), columns, SCORE_HEADERS)
    caption = (
        "The custom dictionary's scores per month of the window (every dictionary's in the CSV "
        "file)."
    )
    table = TableBlock("by-month", by_month, shown, caption, table_file(report.game, "by_month"))
    return one_table_section(report, "by-month", "Custom dictionary by month", table)


# The two charts of errors per month: (name, title, column of monthly_errors, what it shares).
MONTHLY_ERRORS = (
    (
        "extra-per-month",
        "1 - precision per month (extra words)",
        "one_minus_precision",
        "predictions the NYT did not accept",
    ),
    (
        "missed-per-month",
        "1 - recall per month (missed words)",
        "one_minus_recall",
        "the NYT's answers it left out",
    ),
)


def monthly_error_chart(
    error: tuple[str, str, str, str],
    tables: dict[str, Table],
    months: tuple[str, ...],
    shade: tuple[str, str],
) -> Chart:
    """Return one of MONTHLY_ERRORS as a chart: each dictionary's line on a log scale."""
    name, title, column, shares = error
    lines = LogLines(months, monthly_lines(tables, months, column), shade)
    return Chart(
        name,
        title,
        lines,
        caption=f"Each dictionary's share of {shares}, per month; lower is better.",
    )


def errors_per_month_section(report: GameReport) -> Section:
    """Return 1 - precision and 1 - recall per month on a log scale, the custom dictionary
    against the best raw lists, and the custom dictionary's counts per month."""
    names = ["custom", *report.best_raw_lists()]
    months = tuple(sorted(set(report.archive_scores.column("period"))))
    tables = {name: report.monthly_errors(name) for name in names}
    shade = (f"{report.first:%Y-%m}", f"{report.last:%Y-%m}")
    custom = tables["custom"]
    return Section(
        id=part_id(report, "errors-per-month"),
        heading="Errors per month",
        blocks=(
            Paragraph(
                "The share of each month's predictions the NYT did not accept (1 - precision) and "
                "the share of its answers a dictionary left out (1 - recall), on a log scale so "
                "that 0.5% and 5% differ as much as 5% and 50%; the best raw lists by window F1. "
                "Shaded: the report window. A month without an error sits on the line marked 0. "
                "Lower is better."
            ),
            *(monthly_error_chart(error, tables, months, shade) for error in MONTHLY_ERRORS),
            TableBlock(
                "custom-errors-per-month",
                custom,
                labelled(
                    custom,
                    custom.columns,
                    {"one_minus_precision": "1 - P", "one_minus_recall": "1 - R"},
                ),
                caption="The custom dictionary's extra and missed words per month of the archive.",
                file=table_file(report.game, "custom_errors_per_month"),
                collapsed=True,
            ),
            TableBlock(
                "archive-by-month",
                report.archive_by_month(),
                caption="Every dictionary's scores per month over the whole archive (the charts' "
                "data).",
                file=table_file(report.game, "archive_by_month"),
                collapsed=True,
            ),
        ),
    )


def monthly_lines(
    tables: dict[str, Table], months: tuple[str, ...], column: str
) -> tuple[Line, ...]:
    """Return one line per dictionary of a column of its errors per month (None where it has
    no value), the custom dictionary's drawn bold."""
    drawn = []
    for name, table in tables.items():
        values = dict(zip(table.column("month"), table.column(column), strict=True))
        drawn.append(Line(name, tuple(values.get(month) for month in months), name == "custom"))
    return tuple(drawn)


def error_kinds_section(report: GameReport) -> Section:
    """Return the custom dictionary's errors by kind, as bars and a table, with the ceiling."""
    kinds = report.error_kinds
    bars = Bars(
        tuple(
            (ERROR_KINDS[row.kind], (("extra", row.extra), ("missed", row.missed)))
            for row in kinds.records()
        )
    )
    view = Table(
        ("kind of pair", "pairs", "answers", "predicted", "extra", "missed"),
        [(ERROR_KINDS[row[0]], *row[1:]) for row in kinds.rows],
    )
    precision, recall = report.ceiling()
    custom = report.grain("window").where("dictionary", "custom").records()
    achieved = (
        f" The custom dictionary scores P {custom[0].precision:.4f}, R {custom[0].recall:.4f}."
        if custom
        else ""
    )
    return Section(
        id=part_id(report, "error-kinds"),
        heading="Where the custom dictionary's errors come from",
        blocks=(
            Chart(
                "error-kinds",
                "Extra and missed words of the custom dictionary, by kind of pair",
                bars,
                caption="The custom dictionary's errors in the window by what the NYT had said of "
                "the word before; shorter bars are better.",
            ),
            TableBlock(
                "error-kinds",
                kinds,
                view,
                caption="Every eligible pair of the window by what the NYT had said of its word "
                "before; extra and missed are the custom dictionary's errors (fewer is better).",
                file=table_file(report.game, "error_kinds"),
            ),
            Paragraph(
                "A reversal is an error of any rule that trusts the NYT's last verdict on a word. "
                "Guessing every new pair right and following the last verdict everywhere else "
                f"would score P {precision:.4f}, R {recall:.4f}: the ceiling the reversals leave."
                + achieved
            ),
        ),
    )


ERROR_WORDS = {
    "missed": (
        "Missed words: the official answers the custom dictionary left out most often (top {n}, "
        "by puzzles missed, then by puzzles where the word was eligible)",
        "Official answers the custom dictionary left out; a word links to its evidence.",
        "missed_words",
    ),
    "extra": (
        "Extra words: the words it predicted that the NYT left out most often (top {n}, by "
        "puzzles, then by puzzles where the word was eligible)",
        "Words the custom dictionary predicted that the NYT did not accept.",
        "extra_words",
    ),
}


ERROR_ORDER = "the puzzles where the word was wrong, then the puzzles where it was eligible"


def error_words_section(report: GameReport, kind: str) -> Section:
    """Return the missed or extra words with their evidence, each linked to it on the page."""
    heading, note, table_name = ERROR_WORDS[kind]
    table = report.missed if kind == "missed" else report.extra
    view = Table(
        ("word", "times", "eligible", "accepted", "accepted/eligible before", "last error")
        + ("now", "reason now"),
        [
            (w.word, w.times, w.eligible, w.accepted, f"{w.prior_accepted}/{w.prior_verdicts}")
            + (str(w.last_error), "in" if w.included_now else "out", w.reason)
            for w in table.records()
        ],
    )
    return Section(
        id=part_id(report, kind),
        heading=heading.format(n=report.top_errors),
        blocks=(
            Paragraph(note),
            TableBlock(
                kind,
                table,
                view,
                caption=f"Ranked by {ERROR_ORDER}; the column now is the list's verdict today "
                "(a word the list has since corrected is fixed). Fewer rows is better.",
                file=table_file(report.game, table_name),
                links=report.game.name,
            ),
        ),
    )


def evidence_section(report: GameReport, explained: dict[str, list[Section]]) -> Section:
    """Return what `pipeline explain` shows for each missed and extra word."""
    return Section(
        id=part_id(report, "evidence"),
        heading="The evidence for each word (what pipeline explain shows)",
        blocks=(Articles(report.game.name, tuple((w, tuple(s)) for w, s in explained.items())),),
    )


def files_section(report: GameReport, files: list[Path]) -> Section:
    """Return the list of files the report wrote for a game."""
    return Section(
        id=part_id(report, "files"),
        heading="Files",
        blocks=(Bullets(tuple(str(path) for path in files)),),
    )


# --- how sure the custom dictionary is --------------------------------------------------------


def confidence_sections(report: ConfidenceReport, chart: Path | None = None) -> list[Section]:
    """Return the new-word, calibration, probability-score, maybe-tier, guard and hand-edit
    sections (`chart`: the reliability diagram's PNG file)."""
    return [
        new_words_section(report),
        calibration_section(report, chart),
        probability_scores_section(report),
        maybe_tier_section(report),
        guard_section(report),
        Section(
            f"{report.game.name}-edits",
            "Hand edits (data/custom/edits.tsv)",
            level=3,
            blocks=edits_blocks(report["edits"], report.game),
        ),
    ]


def new_words_section(report: ConfidenceReport) -> Section:
    """Return the scores of the new words' pairs beside every pair's."""
    new_words = report["new_words"]
    new = [row for row in new_words.records() if row.kind == "new"]
    scored = (
        f"On the window's {new[0].pairs:,} new-word pairs: P {new[0].precision:.4f}, "
        f"R {new[0].recall:.4f}, F1 {new[0].f1:.4f}."
        if new
        else "The window has no new-word pair."
    )
    return Section(
        f"{report.game.name}-new-words",
        "New words beside every pair",
        blocks=(
            Paragraph(
                "A new word is one no earlier puzzle allowed: the NYT has never judged it, so the "
                "custom dictionary decides on what is known of the word (the new-word model, or "
                "its evidence bucket's rate) rather than on the NYT's own verdicts. " + scored
            ),
            TableBlock(
                "new-words",
                new_words,
                Table(
                    ("kind", "pairs", "answers", "predicted", "correct", "P", "R", "F1")
                    + ("Brier", "ECE (deciles)"),
                    new_words.rows,
                ),
                caption="Precision, recall and F1 (higher is better), Brier score and expected "
                "calibration error (lower is better), by kind of pair.",
                file=table_file(report.game, "new_words"),
            ),
        ),
    )


def calibration_section(report: ConfidenceReport, chart: Path | None) -> Section:
    """Return the reliability diagram and its table: each probability decile's mean probability
    against the share accepted."""
    calibration = report["calibration"]
    window = f"{report.first} .. {report.last}"
    return Section(
        id=f"{report.game.name}-calibration",
        heading=f"How sure the custom dictionary is ({window}, rolling backtest)",
        blocks=(
            Paragraph(
                "Each pair's probability comes from the evidence strictly before its date: a word "
                "judged before gets the acceptance rate of earlier verdicts on words with its "
                "history (last verdict, count, share accepted, age), a new word its evidence "
                "bucket's rate. A calibrated probability sits on the diagonal: of the pairs "
                "predicted at 0.3, three in ten were accepted."
            ),
            Chart(
                "reliability",
                f"Reliability, {window}",
                Reliability(calibration),
                chart,
                caption="Each decile's mean probability against the share accepted, one line per "
                "kind of pair; the closer to the dashed diagonal, the better. Each point is "
                f"labelled with its pairs; a bin of fewer than {MIN_BIN_PAIRS} pairs is hollow "
                "and left off the line (too few pairs to judge its share).",
            ),
            TableBlock(
                "calibration",
                calibration,
                Table(
                    ("kind", "decile", "pairs", "mean probability", "accepted", "gap"),
                    [
                        (b.kind, decile_text(b.decile), b.pairs, b.predicted, b.observed, b.gap)
                        for b in calibration.records()
                    ],
                ),
                caption="Reliability by probability decile: the smaller the gap between the mean "
                "probability and the accepted share, the better.",
                file=table_file(report.game, "calibration"),
            ),
        ),
    )


def decile_text(decile: int) -> str:
    """Return a probability decile as its range: `0.3-0.4`."""
    return f"{decile / 10:.1f}-{(decile + 1) / 10:.1f}"


def probability_scores_section(report: ConfidenceReport) -> Section:
    """Return the custom probabilities' scores against the baselines' (Brier, log loss, ECE)."""
    scores = report["probability_scores"]
    return Section(
        id=f"{report.game.name}-probability-scores",
        heading="Probability scores against simple baselines",
        level=3,
        blocks=(
            TableBlock(
                "probability-scores",
                scores,
                Table(
                    ("kind", "model", "pairs", "Brier", "log loss", "ECE (deciles)"),
                    [
                        (s.kind, MODELS.get(s.model, s.model), s.pairs, s.brier, s.log_loss, s.ece)
                        for s in scores.records()
                    ],
                ),
                caption="Lower is better for all three scores.",
                file=table_file(report.game, "probability_scores"),
            ),
            Paragraph(
                "The baselines' probabilities are the window's own acceptance rates per group "
                "(fitted in-sample, which flatters them); the custom probabilities never see the "
                "pair they judge."
            ),
        ),
    )


def maybe_tier_section(report: ConfidenceReport) -> Section:
    """Return how many of the list's errors the maybe band holds, and at what cost."""
    maybe = report["maybe_tier"]
    every = next(row for row in maybe.records() if row.kind == "all")
    return Section(
        id=f"{report.game.name}-maybe-tier",
        heading="The maybe tier",
        level=3,
        blocks=(
            Paragraph(
                f"The maybe band holds {every.errors_held:,} of the custom list's "
                f"{every.errors:,} errors ({(every.share_held or 0):.1%}) with "
                f"{every.maybe_pairs:,} maybe pairs over {every.puzzles:,} puzzles "
                f"({every.maybe_per_puzzle:.2f} per puzzle)."
            ),
            TableBlock(
                "maybe-tier",
                maybe,
                Table(
                    ("kind", "puzzles", "maybe pairs", "per puzzle", "errors", "held")
                    + ("share held",),
                    maybe.rows,
                ),
                caption="How many of the list's errors the maybe band holds (a higher share held "
                "is better) and what it costs: maybe words per puzzle (fewer is better).",
                file=table_file(report.game, "maybe_tier"),
            ),
        ),
    )


def guard_section(report: ConfidenceReport) -> Section:
    """Return the pairs the offensive-word guard changed and the scores with it."""
    return Section(
        id=f"{report.game.name}-guard",
        heading="The offensive-word guard",
        level=3,
        blocks=(
            Paragraph(
                "A word of the LDNOOBW list the NYT had never accepted before a pair's date is "
                "kept out."
            ),
            TableBlock(
                "guard",
                report["guard"],
                Table(
                    ("dictionary", "pairs changed", "of them accepted", "P", "R", "F1"),
                    report["guard"].rows,
                ),
                caption="The pairs the guard changed in the window and the scores with it; few "
                "of them accepted is better.",
                file=table_file(report.game, "guard"),
            ),
        ),
    )


def edits_blocks(edits: Table, game: Game) -> tuple[Paragraph | TableBlock, ...]:
    """Return the hand edits with the window's pairs each would have changed."""
    view = Table(("line", "word", "edit", "reason", "pairs changed", "changed right"), edits.rows)
    table = TableBlock(
        "edits",
        edits,
        view,
        caption="Each hand edit with the window's pairs it would have changed and how many of "
        "those to the NYT's verdict (more right is better).",
        file=table_file(game, "edits"),
    )
    if not edits.rows:
        return (table,)
    changed = sum(edits.column("pairs_changed"))
    right = sum(edits.column("changed_right"))
    return (
        table,
        Paragraph(
            "The edits apply to the final lists only; in the window they would have changed "
            f"{plural(changed, 'puzzle-word pair')}, {right:,} of them to the NYT's verdict."
        ),
    )
