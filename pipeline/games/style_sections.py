"""The report's "How the NYT chooses" sections, built from a game's `nyt_style` rows: one finding
per feature with its evidence (the NYT's share against the candidates' where there are
candidates), a table and a picture for each. Pure: no query, no file.
"""

from __future__ import annotations

from pipeline.games.game import Game
from pipeline.render.model import Bars, Bullets, Chart, Paragraph, Section, TableBlock
from pipeline.table import Table

HEADING = "How the NYT chooses"
FEATURES = {  # feature -> what people read (in the order shown)
    "vowels": "vowels among the letters",
    "answers": "official answers",
    "points": "points",
    "pangrams": "pangrams",
    "letter_set_used_before": "letter set used before (with another center)",
    "s_by_year": "puzzles with an S, by year",
    "never_combined_pair": "letter pairs never combined",
    "letter": "letters",
    "center": "centers",
    "vowels_per_side": "vowels on each side (sorted)",
    "par": "par",
    "two_word_solutions": "two-word solutions in the custom list",
}
UNCHARTED = ("never_combined_pair", "letter_set_used_before")
PAIRS_SHOWN = 8
SERIES = ("NYT", "candidates")


def style_sections(game: Game, rows: Table, candidates: str) -> list[Section]:
    """Return the "How the NYT chooses" section of a game from its nyt_style rows
    (feature, value, nyt_puzzles, nyt_share, candidate_share, ordered by feature and position);
    `candidates` says what the candidates are."""
    section_id = f"{game.name}-nyt-style"
    if not rows.rows:
        text = f"No style learned for {game.title}: run `pipeline build {game.name}`."
        return [Section(section_id, HEADING, blocks=(Paragraph(text),))]
    features = [name for name in FEATURES if rows.where("feature", name).rows]
    puzzles = total_puzzles(rows)
    blocks: list[Paragraph | Bullets | TableBlock | Chart] = [
        Paragraph(
            f"What the NYT's {puzzles:,} {game.title} puzzles have in common, learned by the "
            f"build from the whole archive. Where a share of candidates is given, candidates are "
            f"{candidates}: a feature whose NYT share differs from the candidates' share is a choice."
        ),
        Bullets(tuple(finding(name, rows.where("feature", name), puzzles) for name in features)),
    ]
    charted = [name for name in features if name not in UNCHARTED]
    blocks += [feature_chart(name, rows.where("feature", name)) for name in charted]
    blocks.append(style_table(game, rows))
    record = {name: feature_record(rows.where("feature", name)) for name in features}
    return [
        Section(
            section_id,
            HEADING,
            blocks=tuple(blocks),
            record_key=f"{game.name.replace('-', '_')}_nyt_style",
            record=record,
        )
    ]


def total_puzzles(rows: Table) -> int:
    """Return how many NYT puzzles the style was learned from (the count behind any share)."""
    for puzzles, share in rows.select("nyt_puzzles", "nyt_share").rows:
        if puzzles and share:
            return round(puzzles / share)
    return 0


def finding(feature: str, rows: Table, puzzles: int) -> str:
    """Return one feature's finding in words, with its evidence."""
    label = FEATURES[feature]
    if feature == "never_combined_pair":
        return never_combined_finding(rows, puzzles)
    if feature == "s_by_year":
        return s_finding(rows)
    if feature == "letter_set_used_before":
        share = rows.column("nyt_share")[0]
        return f"{share:.0%} of the puzzles reuse a letter set the NYT had used before."
    value, count, share, candidates = max(
        rows.select("value", "nyt_puzzles", "nyt_share", "candidate_share").rows,
        key=lambda row: row[1],
    )
    against = "" if candidates is None else f" (against {candidates:.0%} of candidates)"
    return f"{label}: most often {value}, in {count:,} puzzles or {share:.0%}{against}."


def never_combined_finding(rows: Table, puzzles: int) -> str:
    """Return the finding on letter pairs absent from every puzzle, commonest in candidates first."""
    pairs = sorted(rows.select("value", "candidate_share").rows, key=lambda row: -(row[1] or 0.0))
    shown = ", ".join(f"{pair} ({share or 0.0:.0%})" for pair, share in pairs[:PAIRS_SHOWN])
    return (
        f"{len(pairs)} letter pairs are in none of the {puzzles:,} puzzles, though candidates "
        f"hold them (share of candidates): {shown}."
    )


def s_finding(rows: Table) -> str:
    """Return the finding on S: the years without it and its share since."""
    years = rows.select("value", "nyt_puzzles", "nyt_share").rows
    without = [year for year, count, _ in years if count == 0]
    since = [f"{year}: {count} ({share:.1%})" for year, count, share in years if count]
    if not since:
        return f"S is in no puzzle ({years[0][0]}..{years[-1][0]})."
    return f"S is in no puzzle of {', '.join(without)}; then {', '.join(since)}."


def feature_chart(feature: str, rows: Table) -> Chart:
    """Return one feature's bars: the NYT's share of each value against the candidates'."""
    title = FEATURES[feature].capitalize() + ": share of puzzles, percent"
    shares = rows.select("value", "nyt_puzzles", "nyt_share", "candidate_share")
    caption = (
        "The NYT's share of puzzles with each value against the share among every candidate "
        "puzzle: a value the NYT uses more or less than chance shows its style (neither is better)."
    )
    return Chart(f"style-{feature.replace('_', '-')}", title, bars(shares), caption=caption)


def style_table(game: Game, rows: Table) -> TableBlock:
    """Return every feature's values in one table (the CSV file holds them all)."""
    view = Table(
        ("feature", "value", "NYT puzzles", "NYT share", "candidates' share"),
        [
            (FEATURES[feature], value, count, f"{share:.1%}", percent(other))
            for feature, value, count, share, other in rows.rows
        ],
    )
    return TableBlock(
        "features",
        rows,
        view,
        caption="Every feature's values: the NYT's puzzles with each, and the candidates' share.",
        file=style_file(game),
        collapsed=True,
    )


def style_file(game: Game) -> str:
    """Return the name of the CSV file of a game's style."""
    return f"{game.slug}_nyt_style.csv"


def bars(table: Table) -> Bars:
    """Return the NYT's share (and the candidates' where known) of each value, in percent."""
    groups = []
    for value, _, share, other in table.rows:
        series = [(SERIES[0], round(100 * share))]
        if other is not None:
            series.append((SERIES[1], round(100 * other)))
        groups.append((str(value), tuple(series)))
    return Bars(tuple(groups))


def percent(share: float | None) -> str:
    """Return a share as a percentage, or a dash."""
    return "—" if share is None else f"{share:.1%}"


def feature_record(rows: Table) -> list[dict]:
    """Return one feature's rows for --json."""
    columns = ("value", "nyt_puzzles", "nyt_share", "candidate_share")
    return [dict(zip(columns, row, strict=True)) for row in rows.select(*columns).rows]


CHECKS_HEADING = "Generated puzzles against the NYT"


def checks_sections(
    game: Game, figures: list[dict], measured: str | None, path: object
) -> list[Section]:
    """Return the section on generated puzzles against the NYT's validation year: each figure of
    `pipeline bench generate` beside its target."""
    rows = [
        (f["name"], round(float(f["value"]), 4), f.get("target") or "", met_word(f.get("met")))
        for f in figures
    ]
    table = Table(("figure", "measured", "target", "met"), rows)
    if measured:
        text = (
            f"Measured by `pipeline bench generate` on {measured} ({path}): 365 generated puzzles "
            "against the NYT's validation year, with the style learned from the puzzles before it. "
            "A classifier AUC near 0.5 means the two cannot be told apart; a distance near 0 means "
            "the same spread."
        )
    else:
        text = f"Not measured yet: run `pipeline bench generate` (it keeps its figures in {path})."
    return [
        Section(
            f"{game.name}-generated-checks",
            CHECKS_HEADING,
            blocks=(
                Paragraph(text),
                TableBlock(
                    "figures",
                    table,
                    caption="Each figure of the generator beside its target, where it has one.",
                    file=checks_file(game),
                ),
            ),
        )
    ]


def met_word(met: bool | None) -> str:
    """Return whether a target was met, in words (nothing when there is no target)."""
    return "" if met is None else "met" if met else "missed"


def checks_file(game: Game) -> str:
    """Return the name of the CSV file of a game's generator checks."""
    return f"{game.slug}_generated_checks.csv"
