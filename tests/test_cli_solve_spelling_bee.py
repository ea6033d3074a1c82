"""`pipeline solve spelling-bee`: text, JSON, hints and batch output, bad input, and real puzzles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.cli.options import load_word_list
from pipeline.games import SPELLING_BEE
from pipeline.games.spelling_bee.cli import load_bee_candidates
from pipeline.solve.spelling_bee import SOLVER_NAMES, BatchLine, batch_texts, make_solver
from pipeline.stages.words import WordCollection, load_words
from pipeline.storage import warehouse
from pipeline.storage.named_lists import MaybeWord, read_maybe_list
from solvers.spelling_bee import Puzzle, SubsetSolver
from tests.conftest import MirrorWarehouse

runner = CliRunner()

# The NYT puzzle of 2024-09-18 (center C, others A P T M H U) and a tiny word file for it:
# math lacks the center, cat is short, chomp has an O; Captcha is read as captcha.
WORD_FILE = "matchup\ncatchup\nCaptcha\ncatch\nchamp\nhutch\nchap\nchum\nmuch\nmath\ncat\nchomp\n"
ORDERED = ["matchup", "captcha", "catchup", "catch", "champ", "hutch", "chap", "chum", "much"]
SCORES = {
    "matchup": 14,
    "captcha": 7,
    "catchup": 7,
    "catch": 5,
    "champ": 5,
    "hutch": 5,
    "chap": 1,
    "chum": 1,
    "much": 1,
}
RANKS = {
    "Beginner": 0,
    "Good Start": 1,
    "Moving Up": 2,
    "Good": 4,
    "Solid": 7,
    "Nice": 12,
    "Great": 18,
    "Amazing": 23,
    "Genius": 32,
    "Queen Bee": 46,
}


@pytest.fixture
def word_file(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_text(WORD_FILE)
    return path


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """Point the pipeline at an empty temporary warehouse and custom folder."""
    return {
        "PIPELINE_WAREHOUSE": str(tmp_path / "warehouse.duckdb"),
        "PIPELINE_CUSTOM": str(tmp_path / "custom"),
        "PIPELINE_RAW": str(tmp_path / "raw"),
    }


def solve(*args: str, env: dict[str, str] | None = None):
    """Invoke `pipeline solve spelling-bee ARGS` in-process."""
    return runner.invoke(app, ["solve", "spelling-bee", *args], env=env)


def test_text_output(word_file, env):
    result = solve("captmhu", "--dictionary", str(word_file), env=env)
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"Spelling Bee  center C  others A P T M H U  ({word_file})\n"
        "\n"
        "Pangrams\n"
        "  matchup               14\n"
        "\n"
        "Words\n"
        "  captcha                7\n"
        "  catchup                7\n"
        "  catch                  5\n"
        "  champ                  5\n"
        "  hutch                  5\n"
        "  chap                   1\n"
        "  chum                   1\n"
        "  much                   1\n"
        "\n"
        "9 words, 1 pangram, 46 points\n"
        "Ranks: Beginner 0 · Good Start 1 · Moving Up 2 · Good 4 · Solid 7 · Nice 12 · Great 18 · "
        "Amazing 23 · Genius 32 · Queen Bee 46\n"
    )


def test_a_puzzle_with_an_s_says_the_list_is_least_sure_there(tmp_path, env):
    words = tmp_path / "s_words.txt"
    words.write_text("stab\nbass\nstraband\n")
    with_s = solve("sabdnrt", "--dictionary", str(words), env=env)
    assert with_s.exit_code == 0, with_s.output
    assert with_s.stdout.splitlines()[-1] == (
        "Note: puzzles with an S are rare (the NYT first used S on 2025-03-12), and the custom "
        "list has seen few S words judged, so it is least sure of them."
    )
    without = solve("abdnrte", "--dictionary", str(words), env=env)
    assert without.exit_code == 0 and "Note:" not in without.stdout


def test_center_and_others_options_give_the_same_text(word_file, env):
    positional = solve("captmhu", "-d", str(word_file), env=env)
    options = solve("-c", "C", "-o", "APTMHU", "-d", str(word_file), env=env)
    assert options.exit_code == 0, options.output
    assert options.stdout == positional.stdout


def test_json_output(word_file, env):
    result = solve("captmhu", "--dictionary", str(word_file), "--json", env=env)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "center": "c",
        "others": "aptmhu",
        "words": ORDERED,
        "pangrams": ["matchup"],
        "score": 46,
        "word_count": 9,
        "scores": SCORES,
        "ranks": RANKS,
        "dictionary": str(word_file),
        "solver": "subsets",
    }
    assert list(json.loads(result.stdout)) == [
        "center",
        "others",
        "words",
        "pangrams",
        "score",
        "word_count",
        "scores",
        "ranks",
        "dictionary",
        "solver",
    ]
    assert list(json.loads(result.stdout)["scores"]) == ORDERED


def test_hints_output(word_file, env):
    result = solve("captmhu", "--dictionary", str(word_file), "--hints", env=env)
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "Spelling Bee hints  center C  others A P T M H U\n"
        "WORDS: 9, POINTS: 46, PANGRAMS: 1\n"
        "\n"
        "     4  5  6  7  Σ\n"
        "C:   2  2  -  2  6\n"
        "H:   -  1  -  -  1\n"
        "M:   1  -  -  1  2\n"
        "Σ:   3  3  -  3  9\n"
        "\n"
        "Two letter list:\n"
        "CA-3  CH-3  HU-1  MA-1  MU-1\n"
    )


@pytest.mark.parametrize("solver", SOLVER_NAMES)
def test_every_solver_gives_the_same_json(word_file, env, solver):
    reference = json.loads(solve("captmhu", "-d", str(word_file), "--json", env=env).stdout)
    result = solve("captmhu", "-d", str(word_file), "--json", "--solver", solver, env=env)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {**reference, "solver": solver}


@pytest.mark.parametrize("solver", SOLVER_NAMES)
def test_batch_keeps_other_keys_and_their_order(word_file, env, tmp_path, solver):
    batch = tmp_path / "puzzles.jsonl"
    batch.write_text(
        '{"id": 7, "center": "C", "others": "APTMHU", "note": "2024-09-18"}\n'
        "\n"
        '{"center": "m", "others": "aptchu", "id": 8}\n'
    )
    result = solve("--batch", str(batch), "-d", str(word_file), "--solver", solver, env=env)
    assert result.exit_code == 0, result.output
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    solution_keys = ["words", "pangrams", "score", "word_count", "scores", "ranks"]
    assert list(first) == ["id", "center", "others", "note", *solution_keys]
    assert (first["id"], first["center"], first["others"], first["note"]) == (
        7,
        "c",
        "aptmhu",
        "2024-09-18",
    )
    assert (first["words"], first["score"]) == (ORDERED, 46)
    assert list(second) == ["center", "others", "id", *solution_keys]
    assert second["words"] == ["matchup", "champ", "chum", "math", "much"]  # math: M is the center
    assert (second["pangrams"], second["score"]) == (["matchup"], 22)


# --- bad input ---------------------------------------------------------------------------------


@pytest.fixture
def words_warehouse(env: dict[str, str]) -> dict[str, str]:
    """Load a tiny words table so that warehouse dictionaries can be named; return the env."""
    gathered = WordCollection()
    gathered.add_entries("words_alpha", ["matchup", "much"])
    with warehouse.open_warehouse(Path(env["PIPELINE_WAREHOUSE"])) as con:
        load_words(con, gathered)
    return env


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["captmh"], "expected 7 letters with the center first, got 6 ('captmh')"),
        (["captmhh"], "the letter 'h' is repeated in 'aptmhh'"),
        (["captmh1"], "puzzle letters must be a-z, not '1'"),
        (["captmhc"], "the center letter 'c' is also among the other letters 'aptmhc'"),
        (
            ["-c", "c", "-o", "captmh"],
            "the center letter 'c' is also among the other letters 'captmh'",
        ),
        (["-c", "c"], "give the letters, center first (entivcz), or -c CENTER -o OTHERS"),
        (["captmhu", "-c", "c"], "give either LETTERS or -c/-o, not both"),
        (
            ["captmhu", "--dictionary", "nosuch"],
            "unknown dictionary 'nosuch': use one of custom, 2of12id, brown, enable, nltk_stopwords, "
            "nltk_words, wordfreq, words_alpha, wordfreq_topN, or a path to a word file",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(words_warehouse, args, message):
    result = solve(*args, env=words_warehouse)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"error: {message}\n")


def test_an_unknown_solver_is_a_usage_error_listing_the_choices(words_warehouse):
    # The choice is checked by the command line itself; `pipeline.cli.main` makes it one line
    # (tests/test_cli_errors.py).
    result = solve("captmhu", "--solver", "fast", env=words_warehouse)
    assert result.exit_code == 2
    assert "'fast' is not one of 'naive', 'bitwise', 'trie', 'radix', 'subsets', 'sql'" in " ".join(
        result.stderr.replace("│", " ").split()
    )


def test_a_missing_word_file_or_custom_list_is_a_user_error(env, tmp_path):
    result = solve("captmhu", "-d", str(tmp_path / "none.txt"), env=env)
    assert (result.exit_code, result.stdout) == (2, "")
    assert (
        result.stderr
        == f"error: cannot read word list {tmp_path / 'none.txt'}: no such file or directory\n"
    )
    result = solve("captmhu", env=env)
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: no spelling_bee.txt in {tmp_path / 'custom'} (PIPELINE_CUSTOM): run "
        "`make dictionary`\n"
    )


def test_a_warehouse_dictionary_without_a_warehouse_is_a_user_error(env):
    result = solve("captmhu", "-d", "words_alpha", env=env)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(
        f"error: no warehouse at {env['PIPELINE_WAREHOUSE']} (PIPELINE_WAREHOUSE): run "
    )
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("second_line", "reason"),
    [
        ('{"center": "c", "others": "aptmh', "Unterminated string starting at"),
        ("[1, 2]", "a line must be a JSON object"),
        ('{"center": "c"}', 'a line needs "center" and "others" strings'),
        ('{"center": "c", "others": "aptmhc"}', "The center letter 'c' is also among"),
    ],
)
def test_a_malformed_batch_line_is_named(word_file, env, tmp_path, second_line, reason):
    batch = tmp_path / "puzzles.jsonl"
    batch.write_text(f'{{"center": "c", "others": "aptmhu"}}\n{second_line}\n')
    result = solve("--batch", str(batch), "-d", str(word_file), env=env)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"error: {batch} line 2: {reason}")
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


# --- real puzzles and word lists (PIPELINE_MIRROR) ---------------------------------------------


def test_the_maybe_list_reads_the_rows_made_of_the_letters(tmp_path, monkeypatch):
    maybe_file = tmp_path / SPELLING_BEE.maybe_file
    maybe_file.write_text("word\tprobability\tlist\r\nrow\t0.5000\tin\r\nworld\t0.2500\tout\r\n")
    monkeypatch.setenv("PIPELINE_CUSTOM", str(tmp_path))
    # the header's "word" is made of these letters too; it is no row
    assert read_maybe_list(SPELLING_BEE, "wordxyz") == [MaybeWord("row", 0.5, True)]
    assert [maybe.word for maybe in read_maybe_list(SPELLING_BEE)] == ["row", "world"]
    maybe_file.write_text("word\tprobability\tlist")
    assert read_maybe_list(SPELLING_BEE, "wordxyz") == []


def pangram_section(text: str) -> list[str]:
    """Return the words listed under 'Pangrams' in the text output."""
    lines = text.splitlines()
    if "Pangrams" not in lines:
        return []
    section = lines[lines.index("Pangrams") + 1 : lines.index("Words")]
    return [line.split()[0] for line in section if line.strip()]


@pytest.mark.mirror
def test_incentivize_is_the_pangram_with_wordfreq_and_custom(mirror_warehouse):
    for dictionary in ("wordfreq", "custom"):
        result = solve("entivcz", "--dictionary", dictionary, env=mirror_warehouse.env)
        assert result.exit_code == 0, result.output
        assert pangram_section(result.stdout) == ["incentivize"], dictionary


@pytest.mark.mirror
def test_words_alpha_has_no_pangram_for_entivcz(mirror_warehouse):
    # dwyl's words_alpha has incentive and invective, but not incentivize
    result = solve("entivcz", "--dictionary", "words_alpha", env=mirror_warehouse.env)
    assert result.exit_code == 0, result.output
    assert pangram_section(result.stdout) == []
    assert "  incentive " in result.stdout
    assert "incentivize" not in result.stdout


@pytest.mark.mirror
def test_custom_dictionary_json_after_the_build(mirror_warehouse):
    result = solve("entivcz", "--json", env=mirror_warehouse.env)
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert (record["dictionary"], record["pangrams"], record["words"][0]) == (
        "custom",
        ["incentivize"],
        "incentivize",
    )


@pytest.fixture(scope="module")
def archived_puzzles(mirror_warehouse: MirrorWarehouse) -> list[Puzzle]:
    """Return every archived Spelling Bee puzzle, by date."""
    rows = mirror_warehouse.connect().execute(
        "SELECT center, others FROM spelling_bee_puzzles ORDER BY date"
    )
    return [Puzzle(center, others) for center, others in rows.fetchall()]


@pytest.fixture(scope="module")
def words_alpha(mirror_warehouse: MirrorWarehouse) -> list[str]:
    """Return dwyl's words_alpha as stored in the warehouse."""
    rows = mirror_warehouse.connect().execute(
        "SELECT word FROM words WHERE list_contains(sources, 'words_alpha') ORDER BY word"
    )
    return [row[0] for row in rows.fetchall()]


@pytest.fixture(scope="module")
def words_alpha_solvers(words_alpha: list[str]) -> dict:
    """Return the subset and SQL solvers built once from words_alpha (every archived puzzle)."""
    return {name: make_solver(name, words_alpha) for name in ("subsets", "sql")}


@pytest.mark.mirror
def test_six_solvers_agree_on_twenty_archived_puzzles(archived_puzzles, words_alpha):
    step = len(archived_puzzles) // 20
    sample = archived_puzzles[::step][:20]
    assert len(sample) == 20
    # The words of words_alpha made of one sampled puzzle's letters: the only ones any of the
    # twenty can accept, so the six solvers are built in a second instead of seven.
    letter_sets = [set(puzzle.letters) for puzzle in sample]
    fitting = [word for word in words_alpha if any(set(word) <= s for s in letter_sets)]
    solvers = {name: make_solver(name, fitting) for name in SOLVER_NAMES}
    assert len(solvers) == 6
    for puzzle in sample:
        answers = {name: sorted(solver.solve(puzzle)) for name, solver in solvers.items()}
        expected = answers["subsets"]
        assert expected, puzzle
        assert all(found == expected for found in answers.values()), puzzle


@pytest.mark.mirror
def test_sql_solve_many_equals_the_subset_solver_on_every_archived_puzzle(
    archived_puzzles, words_alpha_solvers
):
    assert len(archived_puzzles) == 2650
    subsets: SubsetSolver = words_alpha_solvers["subsets"]
    solved = words_alpha_solvers["sql"].solve_many(archived_puzzles)
    assert len(solved) == len(archived_puzzles)
    for puzzle, answers in zip(archived_puzzles, solved, strict=True):
        assert answers == sorted(subsets.solve(puzzle)), puzzle


@pytest.mark.mirror
def test_the_batch_writes_its_records_as_json_dumps_does(
    mirror_warehouse: MirrorWarehouse, archived_puzzles, monkeypatch: pytest.MonkeyPatch
):
    for name, value in mirror_warehouse.env.items():
        monkeypatch.setenv(name, value)
    lines = [
        BatchLine(n, {"n": n, "center": puzzle.center.upper(), "others": puzzle.others}, puzzle)
        for n, puzzle in enumerate(archived_puzzles[::5])  # 530 puzzles
    ]
    # words_alpha's candidates come from SQL in display order; the SQL solver's answers are
    # scored and dumped record by record
    ranked = load_bee_candidates("words_alpha")
    lengths = list(map(len, ranked.words))
    assert ranked.display_order and lengths == sorted(lengths, reverse=True)
    alphabetical = load_word_list("words_alpha", SPELLING_BEE)
    assert list(batch_texts("subsets", ranked, lines)) == list(
        batch_texts("sql", alphabetical, lines)
    )
    custom = load_word_list("custom", SPELLING_BEE)  # with its maybe words
    maybe = read_maybe_list(SPELLING_BEE)
    assert list(batch_texts("subsets", custom, lines, maybe)) == list(
        batch_texts("sql", custom, lines, maybe)
    )
