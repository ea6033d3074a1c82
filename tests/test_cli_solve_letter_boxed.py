"""`pipeline solve letter-boxed` on a tiny word file: output, options, batch and bad input."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app

BOX = ["ozu", "nri", "lfa", "mbt"]
# forum + mobilization (17 letters) and fulmar + robotization (18) both use all 12 letters;
# "form" breaks no rule but ends on m, and "zzz" is not on the box.
WORDS = ["forum", "mobilization", "fulmar", "robotization", "form", "zzz"]


@pytest.fixture
def word_file(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return path


@pytest.fixture(autouse=True)
def no_built_lists(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the custom lists' folder at an empty one (no Zipf frequencies unless a test writes
    them): what the project's own build wrote must not change these answers."""
    custom = tmp_path / "custom"
    custom.mkdir()
    monkeypatch.setenv("PIPELINE_CUSTOM", str(custom))
    return custom


def run(*args: str):
    return CliRunner().invoke(app, ["solve", "letter-boxed", *args])


def test_text_output_names_the_best_solution_and_counts(word_file: Path) -> None:
    result = run(*BOX, "--dictionary", str(word_file))
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"Letter Boxed  OZU / NRI / LFA / MBT  ({word_file})",
        "",
        "Best: FORUM - MOBILIZATION",
        "2 words, 17 letters; 1 best solution",
    ]


def test_json_and_two_word_listing(word_file: Path) -> None:
    result = run(*BOX, "--dictionary", str(word_file), "--words", "2", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "sides": BOX,
        "solution": ["forum", "mobilization"],
        "word_count": 2,
        "letter_count": 17,
        "best_count": 1,
        "prefer": "rule",
        "rarest_zipf": None,
        "alternative": None,
        "solutions": [["forum", "mobilization"], ["fulmar", "robotization"]],
        "dictionary": str(word_file),
    }


def test_no_solution_within_the_word_limit(word_file: Path) -> None:
    result = run(*BOX, "--dictionary", str(word_file), "--max-words", "1", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["solution"] is None
    text = run(*BOX, "--dictionary", str(word_file), "--max-words", "1")
    assert "No solution within 1 word (raise --max-words to search further)." in text.stdout


@pytest.mark.parametrize(
    "sides",
    [
        ["OZU/NRI/LFA/MBT"],
        ["OZU", "/", "NRI", "/", "LFA", "/", "MBT"],
        ["ozu", "nri", "lfa", "mbt"],
    ],
)
def test_sides_as_today_prints_them_are_accepted(word_file: Path, sides: list[str]) -> None:
    result = run(*sides, "--dictionary", str(word_file), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["solution"] == ["forum", "mobilization"]


@pytest.mark.parametrize(
    ("sides", "line"),
    [
        (["qxz", "jkv", "wyh", "fgb"], "No word of the list can be played on this board."),
        (
            ["ozu", "nri", "lfa", "mbq"],
            "No solution: no word of the list that the board allows uses B, I, N, Q, Z.",
        ),
    ],
)
def test_a_board_no_words_can_cover_says_so(word_file: Path, sides: list[str], line: str) -> None:
    result = run(*sides, "--dictionary", str(word_file))
    assert result.exit_code == 0 and result.stdout.splitlines()[2] == line


def test_a_listing_shows_its_first_solutions_with_limit(word_file: Path) -> None:
    result = run(*BOX, "--dictionary", str(word_file), "--words", "2", "--limit", "1")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-3:] == [
        "Every 2-word solution (2):",
        "  forum - mobilization  (17 letters)",
        "  ... and 1 more (--limit sets how many)",
    ]


def test_batch_keeps_keys_and_uses_a_line_s_own_dictionary(word_file: Path, tmp_path: Path) -> None:
    batch = tmp_path / "boxes.jsonl"
    lines = [
        {"id": 1, "sides": BOX},
        {"id": 2, "sides": BOX, "dictionary": ["fulmar", "robotization"]},
    ]
    batch.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    result = run("--batch", str(batch), "--dictionary", str(word_file))
    assert result.exit_code == 0
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(o["id"], o["solution"], o["letter_count"]) for o in out] == [
        (1, ["forum", "mobilization"], 17),
        (2, ["fulmar", "robotization"], 18),
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["ozu", "nri", "lfa"], "error: a Letter Boxed board has exactly 4 sides, not 3"),
        (["ozu", "nri", "lfa", "mb"], "error: side 4 ('mb') must have exactly 3 letters"),
        (["ozu", "nri", "lfa", "mb1"], "error: side 4 ('mb1') must contain only the letters a-z"),
        (["ozu", "nri", "lfa", "mbo"], "error: the letter 'o' appears more than once on the box"),
    ],
)
def test_bad_boards_exit_2_with_one_line(word_file: Path, args: list[str], message: str) -> None:
    result = run(*args, "--dictionary", str(word_file))
    assert result.exit_code == 2
    assert result.stderr.strip() == message


def test_bad_batch_line_names_its_number(word_file: Path, tmp_path: Path) -> None:
    batch = tmp_path / "boxes.jsonl"
    batch.write_text(json.dumps({"sides": BOX}) + "\n{not json\n")
    result = run("--batch", str(batch), "--dictionary", str(word_file))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {batch} line 2: ")
    assert result.stdout == ""


# frum and furm (4 letters) tie for the best with mobilization (16 letters); forum is one letter
# more. By Zipf: forum 4.38, mobilization 3.27, furm 3.00 (made up), frum 2.43.
COMMON_WORDS = ["forum", "frum", "furm", "mobilization"]
ZIPF = "word\tzipf\nforum\t4.38\nfurm\t3.00\nfrum\t2.43\nmobilization\t3.27\n"


@pytest.fixture
def common_words(tmp_path: Path, no_built_lists: Path) -> Path:
    """Return a word file whose best solutions tie, with the Zipf file the build would write."""
    (no_built_lists / "letter_boxed_zipf.tsv").write_text(ZIPF)
    path = tmp_path / "common.txt"
    path.write_text("\n".join(COMMON_WORDS) + "\n")
    return path


def test_the_commonest_best_solution_leads_and_a_commoner_one_letter_more_is_beside_it(
    common_words: Path,
) -> None:
    result = run(*BOX, "--dictionary", str(common_words))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[2:] == [
        "Best: FURM - MOBILIZATION",  # not frum, alphabetically first: furm is commoner
        "2 words, 16 letters; 2 best solutions",
        "Commoner, one letter more: FORUM - MOBILIZATION (rarest word Zipf 3.27, against 3.00)",
    ]


def test_prefer_common_leads_with_the_commoner_solution(common_words: Path) -> None:
    result = run(*BOX, "--dictionary", str(common_words), "--prefer", "common", "--json")
    assert result.exit_code == 0
    record = json.loads(result.stdout)
    assert {key: record[key] for key in ("solution", "letter_count", "prefer", "rarest_zipf")} == {
        "solution": ["forum", "mobilization"],
        "letter_count": 17,
        "prefer": "common",
        "rarest_zipf": 3.27,
    }
    assert record["alternative"] == {
        "solution": ["furm", "mobilization"],
        "word_count": 2,
        "letter_count": 16,
        "rarest_zipf": 3.0,
    }
    text = run(*BOX, "--dictionary", str(common_words), "--prefer", "common").stdout
    assert text.splitlines()[2:] == [
        "Commonest: FORUM - MOBILIZATION",
        "2 words, 17 letters: one more than the best by the rule",
        "By the rule: FURM - MOBILIZATION (rarest word Zipf 3.00, against 3.27)",
    ]


def test_no_commoner_solution_prints_the_best_alone(common_words: Path, no_built_lists) -> None:
    (no_built_lists / "letter_boxed_zipf.tsv").write_text(ZIPF.replace("4.38", "2.90"))
    result = run(*BOX, "--dictionary", str(common_words), "--prefer", "common")
    assert result.stdout.splitlines()[2:] == [
        "Best: FURM - MOBILIZATION",  # forum (2.90) is rarer than furm (3.00)
        "2 words, 16 letters; 2 best solutions",
    ]


@pytest.mark.mirror
def test_the_mirror_list_prints_the_commoner_solution_beside_the_best(mirror_warehouse) -> None:
    """The issue's board: FRUM is the best by the rule; FORUM, one letter more, is commoner."""
    result = CliRunner().invoke(
        app, ["solve", "letter-boxed", "ozu/nri/lfa/mbt", "--no-maybe"], env=mirror_warehouse.env
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[2:] == [
        "Best: FRUM - MOBILIZATION",
        "2 words, 16 letters; 1 best solution",
        "Commoner, one letter more: FORUM - MOBILIZATION (rarest word Zipf 3.27, against 2.43)",
    ]


def test_limit_cuts_the_listing_as_text_and_as_json(word_file: Path) -> None:
    text = run(*BOX, "--dictionary", str(word_file), "--words", "2", "--limit", "1")
    assert text.exit_code == 0
    assert "FORUM - MOBILIZATION" in text.stdout and "FULMAR" not in text.stdout
    assert "  ... and 1 more (--limit sets how many)" in text.stdout
    as_json = run(*BOX, "--dictionary", str(word_file), "--words", "2", "--limit", "1", "--json")
    assert json.loads(as_json.stdout)["solutions"] == [["forum", "mobilization"]]


def test_limit_without_a_listing_is_one_error_line(word_file: Path) -> None:
    result = run(*BOX, "--dictionary", str(word_file), "--limit", "3")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "error: --limit counts the solutions --all or --words lists: give one of them\n"
    )
