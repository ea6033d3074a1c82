"""The targets of the probabilities, the maybe tier and the guard, on the mirror's warehouse:
the backtest window 2024-08-10 .. 2025-08-09 (the rule and the band chosen on the year before)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from pipeline.games import LETTER_BOXED, SPELLING_BEE
from pipeline.report import confidence as report_confidence
from pipeline.report.results import ConfidenceReport
from pipeline.stages import report
from tests.conftest import MirrorWarehouse

WINDOW = (dt.date(2024, 8, 10), dt.date(2025, 8, 9))


@pytest.fixture(scope="module")
def confidence(mirror_warehouse: MirrorWarehouse) -> dict[str, ConfidenceReport]:
    """Return each game's confidence report over the window."""
    with mirror_warehouse.connect() as con:
        return {
            game.name: report_confidence.confidence_report(con, game, *WINDOW)
            for game in (SPELLING_BEE, LETTER_BOXED)
        }


@pytest.mark.mirror
@pytest.mark.parametrize(("game", "floor"), [(SPELLING_BEE, 0.9936), (LETTER_BOXED, 0.9971)])
def test_the_sure_lists_keep_their_f1(mirror_warehouse, game, floor) -> None:
    with mirror_warehouse.connect() as con:
        report.prepare_pairs(con, game)
        scores = report.scores(con, game, *WINDOW).where("grain", "window")
    custom = scores.where("dictionary", "custom")
    assert round(custom.column("f1")[0], 4) >= floor  # the targets are stated to 4 decimals


@pytest.mark.mirror
def test_new_word_probabilities_are_calibrated(confidence) -> None:
    assert confidence[SPELLING_BEE.name].ece("new") <= 0.05
    assert confidence[LETTER_BOXED.name].ece("new") <= 0.05


@pytest.mark.mirror
def test_custom_probabilities_beat_the_baselines(confidence) -> None:
    scores = confidence[SPELLING_BEE.name]["probability_scores"].where("kind", "all")
    brier = dict(zip(scores.column("model"), scores.column("brier"), strict=True))
    log_loss = dict(zip(scores.column("model"), scores.column("log_loss"), strict=True))
    assert brier["custom"] < min(brier["last_verdict"], brier["list_membership"])
    assert log_loss["custom"] < min(log_loss["last_verdict"], log_loss["list_membership"])


@pytest.mark.mirror
def test_the_maybe_tier_holds_a_third_of_the_errors_in_few_words(confidence) -> None:
    overall = confidence[SPELLING_BEE.name]["maybe_tier"].where("kind", "all")
    assert overall.column("share_held")[0] >= 1 / 3
    assert overall.column("maybe_per_puzzle")[0] <= 1.5


@pytest.mark.mirror
def test_the_guard_costs_almost_no_f1(confidence) -> None:
    # Spelling Bee: no pair changed; Letter Boxed: 3 pairs of words the NYT then accepted.
    changed = {
        game.name: confidence[game.name]["guard"].column("pairs_changed")[0]
        for game in (SPELLING_BEE, LETTER_BOXED)
    }
    assert changed == {SPELLING_BEE.name: 0, LETTER_BOXED.name: 3}
    for game in (SPELLING_BEE, LETTER_BOXED):
        with_guard, without = confidence[game.name]["guard"].column("f1")
        assert with_guard >= without - 1e-5


@pytest.mark.mirror
def test_no_offensive_word_the_nyt_never_accepted_is_in_a_custom_list(mirror_warehouse) -> None:
    with mirror_warehouse.connect() as con:
        never_accepted = {
            word
            for (word,) in con.execute(
                "SELECT word FROM words WHERE offensive "
                "AND word NOT IN (SELECT word FROM official_answers)"
            ).fetchall()
        }
    assert len(never_accepted) > 100
    for name in ("spelling_bee.txt", "letter_boxed.txt"):
        listed = set((mirror_warehouse.custom / name).read_text().split())
        assert sorted(listed & never_accepted) == []


@pytest.mark.mirror
def test_the_committed_edits_are_applied(mirror_warehouse) -> None:
    with mirror_warehouse.connect() as con:
        rows = con.execute(
            "SELECT count(*), count(*) FILTER (WHERE c.included = e.included) "
            "FROM dictionary_edits AS e JOIN custom_words AS c USING (game, word)"
        ).fetchall()
    edits, applied = rows[0]
    assert edits >= 10 and applied == edits


@pytest.mark.mirror
def test_the_new_word_model_meets_its_targets(confidence) -> None:
    # Spelling Bee's new words (never eligible before): the model chosen on the year before.
    new = confidence[SPELLING_BEE.name]["new_words"].where("kind", "new")
    precision, recall, f1, _brier, ece = new.rows[0][5:]
    assert round(f1, 4) >= 0.88 and round(ece, 4) <= 0.01
    assert (new.column("pairs")[0], new.column("answers")[0]) == (2886, 481)


@pytest.mark.mirror
def test_no_sparse_bucket_alone_lifts_a_word_to_one_half(mirror_warehouse) -> None:
    with mirror_warehouse.connect() as con:
        lifted = con.execute(
            "SELECT count(*) FROM custom_words WHERE game = 'spelling-bee' AND prior_verdicts = 0 "
            "AND bucket_size < 10 AND probability >= 0.5 AND parent_probability < 0.5"
        ).fetchall()[0][0]
    assert lifted == 0


def page_table(page: Path, header: str) -> list[list[str]]:
    """Return the rows (cells, stripped) of the page's table whose header line starts so."""
    lines = page.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


README = Path(__file__).resolve().parent.parent / "README.md"
DICTIONARY_PAGE = README.parent / "docs" / "dictionary.md"
README_DICTIONARIES = ("custom", "past_answers", "2of12id", "enable", "words_alpha")


@pytest.mark.mirror
def test_the_readme_s_scores_are_the_backtest_s(mirror_warehouse) -> None:
    """The README's table of P / R / F1 per game and dictionary is what the report computes."""
    computed = []
    with mirror_warehouse.connect() as con:
        for game in (SPELLING_BEE, LETTER_BOXED):
            report.prepare_pairs(con, game)
            window = report.scores(con, game, *WINDOW).where("grain", "window")
            scores = {
                row[0]: row[1:]
                for row in window.select("dictionary", "precision", "recall", "f1").rows
            }
            computed.append(
                [f"{game.title} P / R / F1"]
                + [" / ".join(f"{v:.4f}" for v in scores[name]) for name in README_DICTIONARIES]
            )
    assert page_table(README, "| | custom | past answers |") == computed


def how_sure_column(sure: ConfidenceReport, band: tuple[float, float]) -> list[str]:
    """Return one game's column of docs/dictionary.md's "How sure it is" table."""
    scores = sure["probability_scores"]
    brier = {(model, kind): (pairs, b, loss) for model, kind, pairs, b, loss, _ in scores.rows}
    maybe = sure["maybe_tier"].where("kind", "all")
    _, _, _, per_puzzle, errors, held, share = maybe.rows[0]
    guard = sure["guard"]
    (changed, kept_out), with_f1, without_f1 = guard.rows[0][1:3], *guard.column("f1")
    return [
        f"{sure.ece('new'):.4f} ({brier['custom', 'new'][0]:,} pairs)",
        f"{sure.ece('judged before'):.4f}",
        *(
            f"{brier[model, 'all'][1]:.4f} / {brier[model, 'all'][2]:.4f}"
            for model in ("custom", "last_verdict", "list_membership")
        ),
        f"{band[0]:.2f} .. {band[1]:.2f}",
        f"{held:,} of {errors:,} ({share:.1%})",
        f"{per_puzzle:.2f}",
        f"{changed:,} ({kept_out:,})",
        f"{with_f1:.4f} / {without_f1:.4f}",
        f"{sum(sure['edits'].column('pairs_changed')):,}",
    ]


@pytest.mark.mirror
def test_the_readme_s_confidence_table_is_the_report_s(mirror_warehouse, confidence) -> None:
    with mirror_warehouse.connect() as con:
        bands = {
            game: (low, high)
            for game, low, high in con.execute(
                "SELECT game, maybe_low, maybe_high FROM dictionary_rules"
            ).fetchall()
        }
    columns = [
        how_sure_column(confidence[game.name], bands[game.name])
        for game in (SPELLING_BEE, LETTER_BOXED)
    ]
    rows = page_table(DICTIONARY_PAGE, "| | Spelling Bee | Letter Boxed |")
    assert [row[1:] for row in rows] == [list(cells) for cells in zip(*columns, strict=True)]
