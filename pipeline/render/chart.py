"""The report's chart: precision and recall per month, the custom dictionary against the raw lists."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.render.model import MIN_BIN_PAIRS
from pipeline.sources.word_lists import reported_lists
from pipeline.storage.output_paths import atomic_write

if TYPE_CHECKING:
    from pipeline.report.results import ConfidenceReport, GameReport

LINE_STYLES: dict[str, dict[str, Any]] = {
    "custom": {"color": "black", "lw": 2.4, "zorder": 5},
    "past_answers": {"color": "tab:gray", "lw": 1.4, "ls": "--"},
    **{raw.name: raw.chart for raw in reported_lists()},  # the registered raw lists' own lines
}


def plot_precision_recall(report: GameReport, dictionaries: Sequence[str], path: Path) -> Path:
    """Draw precision and recall per month over the archive, custom against the raw lists."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (top, bottom) = plt.subplots(2, 1, figsize=(12, 8), sharex=True)
    for name in dictionaries:
        rows = report.archive_scores.where("dictionary", name)
        months = [dt.date.fromisoformat(f"{month}-01") for month in rows.column("period")]
        style = _line_style(name)
        top.plot(months, rows.column("precision"), label=name, **style)
        bottom.plot(months, rows.column("recall"), label=name, **style)
    for axis, label in ((top, "precision"), (bottom, "recall")):
        axis.set_ylabel(f"{label} (micro, per month)")
        axis.set_ylim(0, 1.02)
        axis.grid(alpha=0.3)
        axis.axvspan(report.first, report.last, color="gold", alpha=0.12, lw=0)
        if report.train_until is not None:
            axis.axvline(report.train_until, color="black", lw=0.8, ls=":")
    custom = (
        "rolling backtest" if report.train_until is None else f"trained to {report.train_until}"
    )
    top.set_title(
        f"{report.game.title}: precision and recall against {report.game.official_answers} "
        f"(custom = {custom}; shaded = report window)"
    )
    top.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")
    return save_png(figure, path)


def _line_style(name: str) -> dict[str, Any]:
    """Return the line style of a dictionary in the chart: custom stands out."""
    return LINE_STYLES.get(name, {"lw": 1.0})


KIND_STYLES: dict[str, dict[str, Any]] = {
    "judged before": {"color": "tab:blue", "marker": "o"},
    "new": {"color": "tab:orange", "marker": "s"},
}


def plot_reliability(report: ConfidenceReport, path: Path) -> Path:
    """Draw the reliability diagram: mean predicted probability per decile against the observed
    acceptance rate, words judged before and new words apart (marker area ~ pairs)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(7, 7))
    axis.plot([0, 1], [0, 1], color="gray", lw=0.8, ls="--", label="perfectly calibrated")
    table = report["calibration"]
    for kind, style in KIND_STYLES.items():
        rows = table.where("kind", kind)
        if not rows.rows:
            continue
        points = list(
            zip(
                rows.column("predicted"), rows.column("observed"), rows.column("pairs"), strict=True
            )
        )
        judged = [(x, y) for x, y, n in points if n >= MIN_BIN_PAIRS]
        if judged:
            axis.plot(*zip(*judged, strict=True), lw=1.2, **style, label=kind)
        for x, y, n in points:  # each bin labelled with its pairs; hollow when too few to judge
            face = style["color"] if n >= MIN_BIN_PAIRS else "white"
            axis.scatter([x], [y], s=40, facecolors=face, edgecolors=style["color"], zorder=3)
            axis.annotate(f"{n:,}", (x, y), xytext=(5, 5), textcoords="offset points", fontsize=8)
    axis.set_xlabel(
        f"predicted probability (mean per decile; hollow: fewer than {MIN_BIN_PAIRS} pairs)"
    )
    axis.set_ylabel("observed acceptance rate")
    axis.set_xlim(0, 1)
    axis.set_ylim(0, 1)
    axis.grid(alpha=0.3)
    axis.legend(loc="upper left")
    axis.set_title(
        f"{report.game.title}: reliability of the custom probabilities, "
        f"{report.first} .. {report.last}"
    )
    return save_png(figure, path)


def save_png(figure: Any, path: Path) -> Path:
    """Write a figure as a PNG file (beside the target, then renamed) and close it."""
    import matplotlib.pyplot as plt

    figure.tight_layout()
    try:
        with atomic_write(path) as temporary:
            figure.savefig(temporary, dpi=110, format="png")
    finally:
        plt.close(figure)
    return path
