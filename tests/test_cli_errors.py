"""One error contract for every command: bad input is one `error:` line on stderr, exit status 2,
checked before the work starts, and the warehouse is left as it was; Ctrl-C is `interrupted`, 130.

The matrix runs the console script's entry point (`pipeline.cli.main`) in-process with the real
stdout and stderr captured; a few cases run it as a real process too.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from pipeline.cli.app import main
from tests.command_warehouse import (
    build_command_warehouse,
    warehouse_snapshot,
    workspace_environment,
)

PROJECT_ROOT = Path(__file__).resolve().parent.parent

# Each case: the command line, and environment variables it sets (besides the command warehouse's).
# Files named here are made by the `workspace` fixture; the working folder is the workspace.
CASES: dict[str, list[str]] = {
    "pipeline": [
        "frob",
        "--bogus",
        "solve frob",
        "bench frob",
        "solve chess entivcz",
        "bench spelling-bee-x",
    ],
    "words": [
        "words --bogus",
        "words extra",
        "words --offline=yes",
        "words -x",
        "PIPELINE_MIRROR=nowhere words --offline",
        "PIPELINE_MIRROR=../missing/mirror words",
    ],
    "scrape": [
        "scrape chess",
        "scrape spelling-bee extra",
        "scrape --since 2025-13-01",
        "scrape --since yesterday",
        "scrape --since 01/02/2025",
        "scrape --until 2025-02-30",
        "scrape letter-boxed --until notadate",
        "scrape --since 2025-02-01 --until 2025-01-01",
        "scrape --since",
        "scrape --bogus",
        "PIPELINE_MIRROR=nowhere scrape --offline",
        "PIPELINE_MIRROR=a_file.txt scrape spelling-bee --offline",
    ],
    "today": [
        "today chess",
        "today spelling-bee extra",
        "today --date notadate",
        "today --date 2025-02-30",
        "today --date 2030-01-01",
        "today letter-boxed --date 2001-01-01",
        "today --date",
        "today --bogus",
    ],
    "export": [
        "export",
        "export chess",
        "export spelling-bee letter-boxed",
        "export spelling-bee --format xml",
        "export spelling-bee --format",
        "export letter-boxed --format parquet",
        "export spelling-bee --out",
        "export spelling-bee --out folder",
        "export spelling-bee --out fifo",
        "export spelling-bee --format csv --out link_to_folder",
        "export spelling-bee --out link_to_fifo",
        "export spelling-bee --out dangling_link",
        "export spelling-bee --out missing/records.jsonl",
        "export letter-boxed --format parquet --out missing/deeper/records.parquet",
        "export spelling-bee --bogus",
        "export spelling-bee --since 2026-01-01",
        "export letter-boxed --until 2001-01-01 --format csv",
    ],
    "build": [
        "build chess",
        "build spelling-bee extra",
        "build --bogus",
        "build --game spelling-bee",
        "build SPELLING_BEE",
    ],
    "report": [
        "report chess",
        "report spelling-bee extra",
        "report --from 2025-13-01",
        "report --until nope",
        "report --train-until 2024-02-30",
        "report --from",
        "report --from 2030-01-01 --until 2030-12-31",
        "report spelling-bee --from 2030-01-01 --until 2030-12-31",
        "report letter-boxed --from 2001-01-01 --until 2001-12-31",
        "report --from 2030-01-01",
        "report --since 2030-01-01",
        "report --since 2024-01-01 --from 2024-01-01",
        "report --html --out a_file.txt",
        "report --json --since nodate",
        "report --until 2000-01-01",
        "report --from 2025-02-01 --until 2025-01-01",
        "report --train-until 2001-01-01",
        "report letter-boxed --train-until 2020-01-01",
        "report --train-until 2024-06-01 --from 2024-03-01",
        "report --out fifo",
        "report --out a_file.txt",
        "report --out missing/deeper",
        "report --out link_to_fifo",
        "report spelling-bee --out fifo_inside",
        "report letter-boxed --out folder_inside",
        "report --bogus",
    ],
    "changes": [
        "changes",
        "changes chess",
        "changes spelling-bee extra",
        "changes spelling-bee --kind both",
        "changes spelling-bee --since 2024-13-01",
        "changes spelling-bee --since 2025-02-01 --until 2025-01-01",
        "changes spelling-bee --json --format csv",
        "changes spelling-bee --word ab1",
        "changes letter-boxed --format parquet",
        "changes spelling-bee --out fifo",
        "changes spelling-bee --format xml",
        "changes spelling-bee --since 2030-01-01",
        "changes letter-boxed --since 2024-02-01 --until 2024-06-30 --json",
    ],
    "explain": [
        "explain",
        "explain 'a b'",
        "explain 123",
        "explain zzzzq",
        "explain ''",
        "explain café",
        "explain climb extra",
        "explain climb --game chess",
        "explain climb --game",
        "explain --bogus climb",
    ],
    "solve spelling-bee": [
        "solve spelling-bee xyz",
        "solve spelling-bee abcdefgh",
        "solve spelling-bee aabcdef",
        "solve spelling-bee entivc1",
        "solve spelling-bee",
        "solve spelling-bee -c e",
        "solve spelling-bee -o ntivcz",
        "solve spelling-bee -c ee -o ntivcz",
        "solve spelling-bee -c e -o ntivc",
        "solve spelling-bee entivcz -c e -o ntivcz",
        "solve spelling-bee entivcz extra",
        "solve spelling-bee entivcz --solver foo",
        "solve spelling-bee entivcz --solver",
        "solve spelling-bee entivcz --hints --json",
        "solve spelling-bee entivcz --dictionary empty.txt",
        "solve spelling-bee entivcz --dictionary short.txt",
        "solve spelling-bee entivcz --dictionary binary.dat",
        "solve spelling-bee entivcz --dictionary ./missing.txt",
        "solve spelling-bee entivcz --dictionary folder",
        "solve spelling-bee entivcz --dictionary nosuchlist",
        "solve spelling-bee entivcz --dictionary wordfreq_top0",
        "solve spelling-bee entivcz --batch bee.jsonl",
        "solve spelling-bee -c e -o ntivcz --batch bee.jsonl",
        "solve spelling-bee --batch bee.jsonl --hints",
        "solve spelling-bee --batch bee.jsonl --dictionary empty.txt",
        "solve spelling-bee --batch bad_json.jsonl",
        "solve spelling-bee --batch not_an_object.jsonl",
        "solve spelling-bee --batch no_center.jsonl",
        "solve spelling-bee --batch bad_letters.jsonl",
        "solve spelling-bee --batch missing.jsonl",
        "solve spelling-bee --batch binary.dat",
        "solve spelling-bee --batch",
        "solve spelling-bee entivcz --bogus",
    ],
    "solve letter-boxed": [
        "solve letter-boxed",
        "solve letter-boxed abc",
        "solve letter-boxed abc def ghi",
        "solve letter-boxed abc def ghi jkl mno",
        "solve letter-boxed aaa bbb ccc ddd",
        "solve letter-boxed ab cde fgh ijk",
        "solve letter-boxed ab1 cde fgh ijk",
        "solve letter-boxed abc abd efg hij",
        "solve letter-boxed ozu nri lfa mbt --max-words 0",
        "solve letter-boxed ozu nri lfa mbt --max-words abc",
        "solve letter-boxed ozu nri lfa mbt --words 0",
        "solve letter-boxed ozu nri lfa mbt --words two",
        "solve letter-boxed ozu nri lfa mbt --all --words 2",
        "solve letter-boxed ozu nri lfa mbt --batch box.jsonl",
        "solve letter-boxed --batch no_sides.jsonl",
        "solve letter-boxed --batch bad_words.jsonl",
        "solve letter-boxed --batch three_sides.jsonl",
        "solve letter-boxed --batch missing.jsonl",
        "solve letter-boxed ozu nri lfa mbt --dictionary empty.txt",
        "solve letter-boxed ozu nri lfa mbt --dictionary too_short.txt",
        "solve letter-boxed ozu nri lfa mbt --dictionary binary.dat",
        "solve letter-boxed ozu nri lfa mbt --dictionary nosuchlist",
        "solve letter-boxed ozu nri lfa mbt --bogus",
    ],
    "bench spelling-bee": [
        "bench spelling-bee --puzzles abc",
        "bench spelling-bee --puzzles 0",
        "bench spelling-bee --puzzles -5",
        "bench spelling-bee --puzzles 1.5",
        "bench spelling-bee --seed x",
        "bench spelling-bee --dictionary empty.txt",
        "bench spelling-bee --dictionary binary.dat",
        "bench spelling-bee --dictionary nosuchlist",
        "bench spelling-bee --bogus",
        "bench spelling-bee extra",
    ],
    "bench letter-boxed": [
        "bench letter-boxed --boards abc",
        "bench letter-boxed --boards 0",
        "bench letter-boxed --boards",
        "bench letter-boxed --seed 1.5",
        "bench letter-boxed --dictionary binary.dat",
        "bench letter-boxed --dictionary empty.txt",
        "bench letter-boxed --dictionary too_short.txt",
        "bench letter-boxed --dictionary nosuchlist",
        "bench letter-boxed --bogus",
        "bench letter-boxed extra",
    ],
    "bench stages": [
        "bench stages --stage nope",
        "bench stages --stage",
        "bench stages --stage build --stage boot",
        "bench stages --bogus",
        "bench stages extra",
    ],
}
MATRIX = [case for cases in CASES.values() for case in cases]

FILES = {
    "a_file.txt": "a regular file\n",
    "empty.txt": "",
    "short.txt": "a\nab\nabc\nbee\n",  # nothing of 4 letters (Spelling Bee)
    "too_short.txt": "a\nab\nno\n",  # nothing of 3 letters (Letter Boxed)
    "bee.jsonl": '{"center": "e", "others": "ntivcz"}\n',
    "bad_json.jsonl": '{"center": "e", "others": "ntivcz"}\n{"center": \n',
    "not_an_object.jsonl": '["e", "ntivcz"]\n',
    "no_center.jsonl": '{"others": "ntivcz"}\n',
    "bad_letters.jsonl": '{"center": "e", "others": "ntivc1"}\n',
    "box.jsonl": '{"sides": ["ozu", "nri", "lfa", "mbt"]}\n',
    "no_sides.jsonl": '{"board": ["ozu", "nri", "lfa", "mbt"]}\n',
    "bad_words.jsonl": '{"sides": ["ozu", "nri", "lfa", "mbt"], "dictionary": "zoo"}\n',
    "three_sides.jsonl": '{"sides": ["ozu", "nri", "lfa"]}\n',
}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a folder with the command warehouse, custom lists and the cases' files."""
    root = tmp_path_factory.mktemp("cli_errors")
    build_command_warehouse(root / "warehouse.duckdb")
    WORKSPACE_ROWS[root] = warehouse_snapshot(root / "warehouse.duckdb")
    (root / "custom").mkdir(exist_ok=True)  # the command warehouse's build may have made it
    (root / "custom" / "spelling_bee.txt").write_text("entice\nclimb\nclimbed\n")
    (root / "custom" / "letter_boxed.txt").write_text("blacksmith\nhop\n")
    for name, text in FILES.items():
        (root / name).write_text(text)
    (root / "binary.dat").write_bytes(bytes(range(128)) * 8)  # valid UTF-8, with NUL bytes
    (root / "latin1.txt").write_bytes("cafe\ncafé\n".encode("latin-1"))  # no NUL, not UTF-8
    (root / "folder").mkdir()
    os.mkfifo(root / "fifo")
    (root / "link_to_folder").symlink_to(root / "folder")
    (root / "link_to_fifo").symlink_to(root / "fifo")
    (root / "dangling_link").symlink_to(root / "nothing_here")
    (root / "fifo_inside").mkdir()
    os.mkfifo(root / "fifo_inside" / "spelling_bee_overall.csv")
    (root / "folder_inside").mkdir()
    (root / "folder_inside" / "letter_boxed_nyt_solutions.csv").mkdir()
    return root


def split_case(case: str) -> tuple[dict[str, str], list[str]]:
    """Return a case's environment assignments and its arguments."""
    words = shlex.split(case)
    env = {}
    while words and words[0].startswith("PIPELINE_"):
        name, value = words.pop(0).split("=", 1)
        env[name] = value
    return env, words


def run_main(args: list[str], capfd: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the console script's entry point with arguments; return its status, stdout, stderr."""
    argv = sys.argv
    sys.argv = ["pipeline", *args]
    try:
        with pytest.raises(SystemExit) as exited:
            main()
    finally:
        sys.argv = argv
    out, err = capfd.readouterr()
    code = exited.value.code
    return code if isinstance(code, int) else 1, out, err


def test_the_matrix_covers_every_command_with_enough_cases():
    assert len(MATRIX) >= 120
    assert len(set(MATRIX)) == len(MATRIX)
    assert all(len(CASES[command]) >= 5 for command in CASES)


def in_the_error_style(line: str) -> bool:
    """Return True when an error line starts lower-case (or with a word in capitals, such as NYT
    or PIPELINE_MIRROR, or a quoted name), has no full stop at its end and speaks in its own
    words (not a validation library's: "Input should be a valid integer, ...")."""
    message = line.removeprefix("error: ").rstrip("\n")
    first = message.split(" ", 1)[0].rstrip(":,")
    starts_right = not first[:1].isupper() or (len(first) > 1 and first.isupper())
    return starts_right and not message.endswith(".") and "Input should" not in message


def file_digest(path: Path) -> tuple[str, bool]:
    """Return a file's SHA-256 and whether a write-ahead log stands beside it."""
    return hashlib.sha256(path.read_bytes()).hexdigest(), path.with_suffix(".duckdb.wal").exists()


WORKSPACE_ROWS: dict[
    Path, dict[str, tuple]
] = {}  # each workspace's tables as its fixture made them


@pytest.mark.parametrize("case", MATRIX)
def test_bad_input_is_one_error_line_and_status_2(case, workspace, monkeypatch, capfd):
    env, args = split_case(case)
    for name, value in (workspace_environment(workspace) | env).items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(workspace)
    stored = workspace / "warehouse.duckdb"
    before = file_digest(stored)
    listing = sorted(os.listdir(workspace))

    status, out, err = run_main(args, capfd)

    assert (status, out) == (2, ""), err
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "Traceback" not in out + err
    assert in_the_error_style(err), err
    # the same bytes (a quick test); else the same rows of every table (DuckDB may rewrite a page)
    if file_digest(stored) != before:
        assert warehouse_snapshot(stored) == WORKSPACE_ROWS[workspace]
    assert sorted(os.listdir(workspace)) == listing  # nothing written beside the named paths
    assert (workspace / "fifo").is_fifo() and (workspace / "link_to_fifo").is_symlink()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["export", "spelling-bee", "--format", "xml"],
            "error: invalid value for '--format': 'xml' is not one of 'jsonl', 'csv', 'parquet' "
            "(see `pipeline export --help`)\n",
        ),
        (["scrape", "chess"], "error: invalid value for 'game': "),
        (
            ["bench", "spelling-bee", "--puzzles", "abc"],
            "error: invalid value for '--puzzles': not a whole number "
            "(see `pipeline bench spelling-bee --help`)\n",
        ),
        (
            ["export", "custom", "spelling-bee", "--min-probability", "abc"],
            "error: invalid value for '--min-probability': not a number "
            "(see `pipeline export --help`)\n",
        ),
        (["frob"], "error: no such command 'frob' (see `pipeline --help`)\n"),
        (
            ["solve", "spelling-bee", "entivcz", "--batch", "bee.jsonl"],
            "error: --batch reads the puzzles from a file: give no letters, -c or -o\n",
        ),
        (
            ["report", "--from", "2030-01-01", "--until", "2030-12-31"],
            "error: no Spelling Bee puzzle from 2030-01-01 to 2030-12-31: the archive runs from "
            "2024-01-10 to 2025-01-10\n",
        ),
        (
            ["solve", "spelling-bee", "entivcz", "--dictionary", "empty.txt"],
            "error: the word list empty.txt has no word of 4 letters or more",
        ),
        (
            ["bench", "letter-boxed", "--dictionary", "binary.dat"],
            "error: cannot read word list binary.dat: it is a binary file, not a text word list "
            "(one word a line)\n",
        ),
        (
            ["solve", "spelling-bee", "entivcz", "--dictionary", "/bin/ls"],
            "error: cannot read word list /bin/ls: it is a binary file, not a text word list "
            "(one word a line)\n",
        ),
        (
            ["solve", "letter-boxed", "ozu", "nri", "lfa", "mbt", "--dictionary", "latin1.txt"],
            "error: cannot read word list latin1.txt: its byte 9 is not UTF-8 text, not a text "
            "word list (one word a line)\n",
        ),
        (
            ["export", "spelling-bee", "--out", "fifo"],
            "error: cannot write fifo: it is a FIFO (named pipe), not a regular file\n",
        ),
    ],
    ids=lambda value: " ".join(value[:3]) if isinstance(value, list) else "",
)
def test_a_real_process_prints_the_one_line(args, message, workspace):
    env = {**os.environ, **workspace_environment(workspace)}
    finished = subprocess.run(
        [sys.executable, "-c", "from pipeline.cli import main; main()", *args],
        cwd=workspace,
        env={**env, "PYTHONPATH": str(PROJECT_ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (finished.returncode, finished.stdout) == (2, "")
    assert finished.stderr.startswith(message) and finished.stderr.count("\n") == 1


def test_a_mirror_given_relative_to_the_current_folder_is_found(workspace, monkeypatch):
    from pipeline import config

    monkeypatch.chdir(workspace)
    monkeypatch.setenv("PIPELINE_MIRROR", "folder")
    assert config.mirror_dir() == workspace / "folder"


def test_no_command_prints_the_help(workspace, monkeypatch, capfd):
    monkeypatch.chdir(workspace)
    status, out, err = run_main([], capfd)
    assert status == 2 and err == ""
    assert all(panel in out for panel in ("Setup stages", "Solving", "Reports"))
    assert "report" in out


# One rule for a window of dates that holds no stored puzzle, whichever command reads it: one line
# naming the window and the range the archive stores (the command warehouse: three days of each
# game, 2024-01-10, 2024-07-10 and 2025-01-10, so that February to June 2024 is a gap).
EMPTY_WINDOWS = {
    "export spelling-bee --since 2026-01-01": "Spelling Bee puzzle from 2026-01-01 on",
    "export letter-boxed --until 2020-01-01 --out records.csv --format csv": (
        "Letter Boxed puzzle until 2020-01-01"
    ),
    "report spelling-bee --since 2030-01-01": "Spelling Bee puzzle from 2030-01-01 on",
    "report --since 2024-02-01 --until 2024-06-30": (
        "Spelling Bee puzzle from 2024-02-01 to 2024-06-30"
    ),
    "changes letter-boxed --since 2024-02-01 --until 2024-06-30": (
        "Letter Boxed puzzle from 2024-02-01 to 2024-06-30"
    ),
    "today --date 2030-01-01": "Spelling Bee puzzle on 2030-01-01",
    "today letter-boxed --date 2024-03-01": "Letter Boxed puzzle on 2024-03-01",
}


@pytest.mark.parametrize("command", sorted(EMPTY_WINDOWS))
def test_a_window_without_a_stored_puzzle_is_one_line_naming_the_stored_range(
    command, workspace, capfd, monkeypatch
):
    monkeypatch.chdir(workspace)
    for name, value in workspace_environment(workspace).items():
        monkeypatch.setenv(name, value)
    status, out, err = run_main(shlex.split(command), capfd)
    assert (status, out) == (2, "")
    assert err == (
        f"error: no {EMPTY_WINDOWS[command]}: the archive runs from 2024-01-10 to 2025-01-10\n"
    )
    assert not (workspace / "records.csv").exists()


def test_help_is_status_0(workspace, capfd):
    status, out, err = run_main(["export", "--help"], capfd)
    assert (status, err) == (0, "")
    assert "--format" in out


# --- Ctrl-C ---------------------------------------------------------------------------------------

BIG_BACKTEST_ROWS = 2_000_000


@pytest.fixture(scope="module")
def slow_report_warehouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a command warehouse whose Spelling Bee backtest is big enough to score for seconds."""
    path = build_command_warehouse(tmp_path_factory.mktemp("slow_report") / "warehouse.duckdb")
    with duckdb.connect(str(path)) as con:
        con.execute(
            """
            INSERT INTO backtest
            SELECT 'spelling-bee', DATE '2019-01-01' + CAST(i // 5000 AS INTEGER),
                   'w' || chr(CAST(97 + i % 5000 % 26 AS INTEGER))
                       || chr(CAST(97 + i % 5000 // 26 % 26 AS INTEGER))
                       || chr(CAST(97 + i % 5000 // 676 AS INTEGER)),  -- 5,000 a-z words a day
                   i % 3 = 0, i % 2 = 0, 1, 0, false, 0.5, false, false
            FROM range(CAST($rows AS BIGINT)) AS t(i)
            """,
            {"rows": BIG_BACKTEST_ROWS},
        )
    return path


# A shell that starts a command in the background without job control (`make test &`, a CI
# runner) hands it SIGINT ignored; Python then installs no KeyboardInterrupt of its own. The
# command line hears Ctrl-C either way: started so, the report ran to its end (status 0).
INHERITED_SIGINT = {
    "default": "from pipeline.cli import main; main()",
    "ignored": (
        "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
        "os.execv(sys.executable, [sys.executable, '-c', 'from pipeline.cli import main; main()', "
        "*sys.argv[1:]])"
    ),
}


@pytest.mark.parametrize("inherited", sorted(INHERITED_SIGINT))
def test_ctrl_c_during_a_report_is_the_line_interrupted_and_status_130(
    slow_report_warehouse, tmp_path, inherited
):
    before = warehouse_snapshot(slow_report_warehouse)
    env = {
        **os.environ,
        "PIPELINE_WAREHOUSE": str(slow_report_warehouse),
        "PIPELINE_REPORTS": str(tmp_path / "reports"),
        "PYTHONPATH": str(PROJECT_ROOT),
    }
    process = subprocess.Popen(
        [sys.executable, "-c", INHERITED_SIGINT[inherited], "report", "spelling-bee"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    started = process.stderr.readline()  # the first progress line: the scoring has begun
    assert started.startswith("> Spelling Bee: predictions")
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=300)

    assert process.returncode == 130
    assert err == "interrupted\n"
    assert out == ""
    assert not (tmp_path / "reports").exists()
    assert warehouse_snapshot(slow_report_warehouse) == before


# A module whose import takes a Ctrl-C halfway (its process sends itself SIGINT), then makes a
# class whose `__set_name__` runs Python: a KeyboardInterrupt raised there would reach the caller
# as a RuntimeError, and inside a C extension's start (DuckDB's) it aborted the process.
INTERRUPTED_IMPORT = """
import os, signal

class Named:
    def __set_name__(self, owner, name):
        self.name = name

os.kill(os.getpid(), signal.SIGINT)
for _ in range(200_000):  # Python runs on after the signal: its handler is called meanwhile
    pass

class Made:
    field = Named()

DONE = Made.field.name
"""
AFTER_THE_IMPORT = """
import sys, time
from pipeline.cli.interrupts import hear_ctrl_c

hear_ctrl_c()
try:
    import interrupted_module
    print("imported", interrupted_module.DONE, flush=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        time.sleep(0.01)
    print("never interrupted")
except KeyboardInterrupt:
    print("interrupted after the import")
"""


def test_a_ctrl_c_during_an_import_is_raised_once_the_import_is_over(tmp_path):
    (tmp_path / "interrupted_module.py").write_text(INTERRUPTED_IMPORT)
    finished = subprocess.run(
        [sys.executable, "-c", AFTER_THE_IMPORT],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": f"{tmp_path}:{PROJECT_ROOT}"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (finished.returncode, finished.stderr) == (0, "")
    assert finished.stdout == "imported field\ninterrupted after the import\n"
