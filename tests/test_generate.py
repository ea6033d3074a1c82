"""`pipeline generate`: the style's figures on hand-made words and archives whose style is known,
and the commands on the command warehouse (same seed, same puzzles; every record keeps the rules)."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import numpy as np
import pytest

from pipeline.cli.app import main
from pipeline.games.generated import gumbel_top
from pipeline.model import board_style as bs
from pipeline.model import honeycomb_style as hs
from pipeline.model.difficulty import Difficulty
from solvers import letter_boxed as lb
from solvers.masks import letter_mask
from solvers.spelling_bee_scoring import word_score
from tests.command_warehouse import build_command_warehouse

# One pangram set (b c d e i l m: "climbed"), three listed words and one left out at p = 0.3.
WORDS = ["climbed", "climb", "dice", "medic", "limbed"]
LISTED = [True, True, True, True, False]
PROBABILITY = [0.99, 0.9, 0.8, 0.6, 0.3]


def word_columns() -> hs.WordColumns:
    return hs.WordColumns(
        mask=np.array([letter_mask(w) for w in WORDS], dtype=np.int64),
        length=np.array([len(w) for w in WORDS], dtype=np.int64),
        included=np.array(LISTED),
        probability=np.array(PROBABILITY),
        zipf=np.array([3.5, 4.0, 4.5, 2.0, 1.0]),
        unpublishable=np.zeros(len(WORDS), dtype=bool),
    )


def test_honeycomb_figures_sum_the_words_each_center_allows() -> None:
    figures = hs.honeycomb_figures(word_columns())
    assert len(figures) == 7  # one pangram set, each letter a center
    row = {chr(96 + int(c).bit_length()): i for i, c in enumerate(figures.center_bit)}
    c, b = row["c"], row["b"]
    # center c: climbed (14), climb (5), dice (1), medic (5); limbed is left out
    assert figures.words[c] == 4 and figures.points[c] == 25 and figures.pangrams[c] == 1
    # center b: climbed and climb only
    assert figures.words[b] == 2 and figures.points[b] == 19
    assert figures.longest_pangram[c] == 7
    assert figures.low_frequency_points[c] == 5  # medic, Zipf 2.0
    # expected errors: 1 - p for each listed word, p for limbed (which holds b, not c)
    assert figures.expected_errors[c] == pytest.approx(0.01 + 0.1 + 0.2 + 0.4)
    assert figures.expected_errors[b] == pytest.approx(0.01 + 0.1 + 0.3)
    assert word_score("climbed", "bcdeilm") == 14


def test_a_pair_the_nyt_never_combined_is_counted_as_of_each_day() -> None:
    masks = np.array([letter_mask("abcdefg"), letter_mask("abcdefh")], dtype=np.int64)
    nyt = hs.NytPuzzles(np.array([10, 20]), masks, np.array([1, 1], dtype=np.int64))
    candidate = hs.Honeycombs(
        *(np.array([v]) for v in (letter_mask("abcdegh"), 1, 20, 1, 80, 0, 7, 3.0, 0.5, 0))
    )
    history = hs.history_before(nyt, [15, 25])
    # before day 20 no puzzle held h (6 of the candidate's pairs); from then on only g+h is new
    assert hs.as_of(candidate, history, 0)[0, 0] == 6
    assert hs.as_of(candidate, history, 1)[0, 0] == 1


def test_a_draw_takes_the_nyt_recent_share_of_reused_letter_sets_and_its_sizes() -> None:
    # eight candidates: four of 20 answers, four of 50; the NYT's recent puzzles are two of the
    # 50-answer ones, and half of them reused a letter set
    words = np.array([20, 20, 20, 20, 50, 50, 50, 50])
    zeros = np.zeros(8)
    candidates = hs.Honeycombs(
        np.arange(8), np.ones(8, dtype=np.int64), words, zeros, words * 4, *([zeros] * 5)
    )
    days = np.array([0, 400, 450])  # the first is more than a year before day 500
    recent = hs.recent_style(np.array([4, 5, 6]), days, np.array([1, 0, 1]), 500)
    assert list(recent.rows) == [5, 6] and recent.reused_share == 0.5
    pool = np.arange(8)
    reused = np.array([True, True, False, False, True, True, False, False])
    for seed in range(5):
        drawn = hs.draw_like_recent(
            candidates, pool, np.zeros(8), reused, recent, 2, np.random.default_rng(seed)
        )
        # the small ones have no share in the recent zones: only 50-answer honeycombs, one reused
        assert sorted(reused[drawn]) == [False, True] and set(words[drawn]) == {50}
        first = hs.draw_like_recent(
            candidates, pool, np.zeros(8), reused, recent, 1, np.random.default_rng(seed)
        )
        assert list(first) == list(drawn[:1])  # a prefix of a draw is the smaller draw


def test_difficulty_thirds() -> None:
    assert list(Difficulty.easy.holds(np.array([0.0, 33.0, 34.0, 99.0]))) == [
        True,
        True,
        False,
        False,
    ]
    assert list(Difficulty.hard.holds(np.array([66.0, 67.0, 100.0]))) == [False, True, True]
    assert list(Difficulty.any.holds(np.array([0.0, 100.0]))) == [True, True]


def test_made_boards_keep_the_rules_and_have_a_two_word_solution() -> None:
    words = sorted(["forum", "mobilization", "fulmar", "robotization", "form", "bait", "tram"])
    chain = bs.ChainIndex.of(lb.WordIndex(words, sorted_and_plain=True))
    box = set("forum") | set("mobilization")  # 12 letters, 4 of them vowels
    shares = np.array([1.0 if chr(97 + i) in box else 0.0 for i in range(26)])
    style = bs.LetterStyle(shares, np.eye(13)[4])  # the NYT of this test uses only these
    made = bs.make_boards(chain, style, 3, np.random.default_rng(1))
    assert made, "the pair forum + mobilization makes boards"
    for board in made:
        assert sorted("".join(board.sides)) == sorted(set("forum") | set("mobilization"))
        assert all(len(side) == 3 for side in board.sides)
        solution = lb.solve(board.board, words)
        assert solution is not None and solution.word_count == 2
        assert board.one_word_solutions == 0


def test_a_measured_board_counts_its_playable_words_and_short_solutions() -> None:
    words = sorted(["adgjbehkcfil", "adgjbeh", "hkcfil", "hkcfila", "dad", "add", "abc", "lad"])
    chain = bs.ChainIndex.of(lb.WordIndex(words, sorted_and_plain=True))
    [board] = bs.measured_boards(chain, [("abc", "def", "ghi", "jkl")])
    # add (a letter twice) and abc (one side) are not played; adgjbehkcfil alone fills the box;
    # adgjbeh + hkcfil, adgjbeh + hkcfila, hkcfila + adgjbeh, hkcfila + adgjbehkcfil fill it in two
    assert (board.words, board.one_word_solutions, board.two_word_solutions) == (6, 1, 4)


def test_boards_measured_in_batches_count_as_the_solver_does_board_by_board() -> None:
    rng = np.random.default_rng(5)
    letters = np.array(list("abcdefghijklmn"))
    words = sorted({"".join(rng.choice(letters, rng.integers(3, 9))) for _ in range(3000)})
    chain = bs.ChainIndex.of(lb.WordIndex(words, sorted_and_plain=True))
    boards: list[bs.Sides] = []
    for _ in range(bs.BOX_BATCH[1] + 6):  # two batches, the second one partly filled
        box = "".join(rng.choice(letters, lb.BOX_SIZE, replace=False))
        boards.append((box[0:3], box[3:6], box[6:9], box[9:12]))
    measured = bs.measured_boards(chain, boards)
    assert [board.sides for board in measured] == boards
    for board in measured:
        playable = lb.playable_words(board.board, words)
        counts = lb.count_by_words(board.board, words, 2)
        assert board.words == len(playable)
        assert [board.one_word_solutions, board.two_word_solutions] == counts


def test_a_word_has_a_partner_when_one_starts_with_its_last_letter_and_fills_the_box() -> None:
    words = ["abcdef", "fghijkl", "lab", "labcde", "mab"]  # mab: not made of the box's letters
    chain = bs.ChainIndex.of(lb.WordIndex(words, sorted_and_plain=True))
    box_words = bs.BoxWords.of(chain, np.array([letter_mask("abcdefghijkl")]))
    # by letter set: abcdef, lab, labcde, fghijkl (box-local bits: the box's a-l are bits 0-11)
    assert box_words.inside.tolist() == [0, 2, 3, 1]
    assert box_words.local.tolist() == [0b111111, 0b100000000011, 0b100000011111, 0b111111100000]
    assert box_words.first.tolist() == [0, 11, 11, 5] and box_words.last.tolist() == [5, 1, 4, 11]
    found = bs.with_partner(box_words)
    # abcdef -> fghijkl, fghijkl -> labcde; lab and labcde: no word starts with b or e
    assert found.tolist() == [True, False, False, True]


def test_submasks_are_every_non_empty_subset_ascending() -> None:
    assert lb.submasks(letter_mask("adc")).tolist() == [1, 4, 5, 8, 9, 12, 13]


def test_gumbel_top_draws_distinct_rows_the_same_for_a_seed() -> None:
    log_odds = np.log(np.array([1.0, 1.0, 100.0, 1.0]))
    first = gumbel_top(log_odds, 2, np.random.default_rng(3))
    again = gumbel_top(log_odds, 2, np.random.default_rng(3))
    assert list(first) == list(again) and len(set(first.tolist())) == 2


@pytest.fixture(scope="module")
def command_warehouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_command_warehouse(tmp_path_factory.mktemp("generate") / "warehouse.duckdb")


def run(capsys, monkeypatch, warehouse: Path, *args: str) -> tuple[int, str, str]:
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(warehouse))
    monkeypatch.setenv("PIPELINE_CUSTOM", str(warehouse.parent / "built_lists"))
    monkeypatch.setattr("sys.argv", ["pipeline", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out, err


def test_generated_spelling_bee_keeps_the_rules_and_repeats_for_a_seed(
    capsys, monkeypatch, command_warehouse: Path
) -> None:
    args = ("generate", "spelling-bee", "--count", "3", "--seed", "7", "--format", "jsonl")
    status, out, err = run(capsys, monkeypatch, command_warehouse, *args)
    assert status == 0, err
    again = run(capsys, monkeypatch, command_warehouse, *args)[1]
    assert out == again
    records = [json.loads(line) for line in out.splitlines()]
    # the command warehouse's only pangram set is climbed's; the NYT used center b, never drawn
    # and only center c keeps its expected errors under the limit on this tiny list
    assert [(r["id"], r["center"], r["answers"]) for r in records] == [
        ("g7-any-1", "c", ["climbed", "climb", "dice", "mice"])
    ]
    assert err == "only 1 honeycomb of the custom list can be published (3 asked for)\n"
    assert [(c["word"], c["clue"] is not None) for c in records[0]["clues"]] == [
        ("climbed", True),  # the command warehouse's WordNet extract: climb and its forms
        ("climb", True),
        ("dice", False),
        ("mice", False),
    ]
    text = run(capsys, monkeypatch, command_warehouse, *args[:-2])[1]
    assert text.splitlines()[1].endswith(", a clue to 2 of its 4 answers")
    for record in records:
        letters = record["center"] + record["others"]
        assert sorted(letters) == sorted("bcdeilm")
        for word in record["answers"]:
            assert len(word) >= 4 and record["center"] in word and set(word) <= set(letters)
        assert record["points"] == sum(word_score(w, letters) for w in record["answers"])
        assert record["pangrams"] == [w for w in record["answers"] if set(w) == set(letters)]
        assert record["genius"] == (record["points"] * 70 + 50) // 100
        assert record["id"].startswith("g7-any-")


def test_generate_out_says_what_it_wrote_as_export_does(
    capsys, monkeypatch, command_warehouse: Path, tmp_path: Path
) -> None:
    out = tmp_path / "puzzles.csv"
    args = ("generate", "spelling-bee", "--count", "1", "--seed", "7", "--format", "csv")
    status, printed, err = run(capsys, monkeypatch, command_warehouse, *args, "--out", str(out))
    assert (status, printed, err) == (0, "", f"wrote 1 record to {out}\n")
    assert out.read_text().splitlines()[1].startswith("g7-any-1,c,bdeilm,")


def test_generate_refuses_out_without_format(capsys, monkeypatch, command_warehouse: Path) -> None:
    status, _, err = run(
        capsys, monkeypatch, command_warehouse, "generate", "spelling-bee", "--out", "x.jsonl"
    )
    assert (status, err) == (2, "error: --out writes records: give --format jsonl or csv\n")


def test_letter_boxed_from_a_list_too_small_is_one_error_line(
    capsys, monkeypatch, command_warehouse: Path
) -> None:
    # the command warehouse's list makes boards of one letter set only: the NYT's blacksmith-hop
    status, _, err = run(capsys, monkeypatch, command_warehouse, "generate", "letter-boxed")
    assert (status, err) == (
        2,
        "error: the custom letter-boxed list makes too few new boards (not on the 12 letters of "
        "an NYT board): 0 of the 1,861 boards it made, and a draw needs at least 10 to choose "
        "from\n",
    )
    args = ("generate", "letter-boxed", "--allow-nyt", "--count", "3", "--format", "jsonl")
    status, out, err = run(capsys, monkeypatch, command_warehouse, *args)
    assert (status, err) == (0, "")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in records] == ["g0-any-nyt-1", "g0-any-nyt-2", "g0-any-nyt-3"]
    for record in records:
        assert sorted("".join(record["sides"])) == sorted("blacksmithop")
        assert record["solution"] == ["blacksmith", "hop"]
        assert record["clues"] == [  # a clue to each word of the solution (its WordNet extract)
            {
                "word": "blacksmith",
                "clue": "a smith who forges and shapes iron with a hammer and anvil",
                "example": None,
            },
            {"word": "hop", "clue": "jump lightly", "example": None},
        ]
    status, out, _ = run(capsys, monkeypatch, command_warehouse, *args[:-2])  # as text
    assert out.splitlines()[1:3] == [
        "  1. BL..., 10 letters: a smith who forges and shapes iron with a hammer and anvil",
        "  2. HO..., 3 letters: jump lightly",
    ]


def test_analyze_writes_each_honeycombs_likeness_from_the_build(
    capsys, monkeypatch, command_warehouse: Path, tmp_path: Path
) -> None:
    out = tmp_path / "honeycombs.jsonl"
    args = ("analyze", "spelling-bee", "--format", "jsonl", "--out", str(out))
    status, printed, err = run(capsys, monkeypatch, command_warehouse, *args)
    assert status == 0, err
    assert f"wrote 7 honeycombs to {out}" in printed
    records = [json.loads(line) for line in out.read_text().splitlines()]
    with duckdb.connect(str(command_warehouse), read_only=True) as con:
        built = con.sql(
            "SELECT center, likeness, difficulty, expected_errors FROM spelling_bee_honeycombs"
        ).fetchall()
    assert {
        r["center"]: (r["likeness"], r["difficulty"], r["expected_errors"]) for r in records
    } == {center: tuple(rest) for center, *rest in built}
    assert {(r["letters"], r["pangram_words"][0]) for r in records} == {("bcdeilm", "climbed")}
    order = sorted(records, key=lambda r: (-r["points"], r["center"]))
    assert records == order and records[0]["center"] == "b"  # most points first


def test_the_report_says_how_the_nyt_chooses_with_the_evidence() -> None:
    from pipeline.games import SPELLING_BEE
    from pipeline.games.style_sections import style_sections
    from pipeline.render.model import Bullets, Chart
    from pipeline.table import Table

    rows = Table(
        ("feature", "value", "nyt_puzzles", "nyt_share", "candidate_share"),
        [
            ("never_combined_pair", "e+r", 0, 0.0, 0.32),
            ("never_combined_pair", "j+q", 0, 0.0, 0.01),
            ("s_by_year", "2024", 0, 0.0, None),
            ("s_by_year", "2025", 2, 0.01, None),
            ("vowels", "2", 150, 0.75, 0.5),
            ("vowels", "3", 50, 0.25, 0.5),
        ],
    )
    (section,) = style_sections(SPELLING_BEE, rows, "every honeycomb")
    (findings,) = [block for block in section.blocks if isinstance(block, Bullets)]
    assert findings.items == (
        "vowels among the letters: most often 2, in 150 puzzles or 75% (against 50% of "
        "candidates).",
        "S is in no puzzle of 2024; then 2025: 2 (1.0%).",
        "2 letter pairs are in none of the 200 puzzles, though candidates hold them (share of "
        "candidates): e+r (32%), j+q (1%).",
    )
    charts = [block for block in section.blocks if isinstance(block, Chart)]
    assert [chart.id for chart in charts] == ["style-vowels", "style-s-by-year"]
    assert charts[0].data.groups == (  # type: ignore[union-attr]
        ("2", (("NYT", 75), ("candidates", 50))),
        ("3", (("NYT", 25), ("candidates", 50))),
    )
    assert section.record is not None and section.record["vowels"][0]["nyt_puzzles"] == 150


def test_the_report_shows_the_last_bench_figures_or_says_how_to_get_them(tmp_path: Path) -> None:
    from pipeline.games import SPELLING_BEE
    from pipeline.games.style import generated_checks_sections
    from pipeline.render.model import Paragraph, TableBlock

    path = tmp_path / "generate_checks.json"
    (empty,) = generated_checks_sections(SPELLING_BEE, path)
    assert empty.blocks[0] == Paragraph(
        f"Not measured yet: run `pipeline bench generate` (it keeps its figures in {path})."
    )
    figures = [
        {"name": "classifier AUC", "value": 0.58912, "target": "<= 0.60", "met": True},
        {"name": "distance: vowels", "value": 0.0217, "target": None, "met": None},
    ]
    path.write_text(json.dumps({"measured": "2026-11-25", "spelling-bee": figures}))
    (section,) = generated_checks_sections(SPELLING_BEE, path)
    (table,) = [block for block in section.blocks if isinstance(block, TableBlock)]
    assert table.data.rows == [
        ("classifier AUC", 0.5891, "<= 0.60", "met"),
        ("distance: vowels", 0.0217, "", ""),
    ]
    assert section.csv_name(table) == "spelling_bee_generated_checks.csv"


def test_the_classifier_check_is_judged_on_the_mean_of_its_draws_with_their_spread() -> None:
    from pipeline.bench.generate import classifier_figures

    figures = classifier_figures([0.58, 0.60, 0.62, 0.59])  # a mean of 0.5975: met
    assert [(f.name, round(f.value, 4), f.target, f.met) for f in figures] == [
        ("classifier AUC, 365 generated against the NYT's year (mean of 4 draws)", 0.5975, "<= 0.60", True),
        ("  one draw's standard deviation", 0.0171, "", None),
        ("  the mean's standard error", 0.0085, "", None),
        ("  lowest draw", 0.58, "", None),
        ("  highest draw", 0.62, "", None),
    ]  # fmt: skip
    assert classifier_figures([0.61, 0.60])[0].met is False  # the mean, 0.605, is over 0.60
