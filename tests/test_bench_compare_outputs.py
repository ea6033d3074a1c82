"""bench/compare_outputs.py: one md5 per warehouse table, custom file, report file and API answer,
the same for the same output whatever differs between two runs (build ids, times, paths, tokens,
the last bits of parallel sums), different for a different output."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import duckdb
import numpy as np

from pipeline.storage.column_file import write_column_file

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "compare_outputs.py"
GUESSES = ("blanket", "blanket", "blanket", "bla", "qxqx")  # answer, again, pangram, short, bad


def script() -> ModuleType:
    """Return the script as a module (it lives beside the package, not in it)."""
    spec = importlib.util.spec_from_file_location("compare_outputs", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_long_decimals_are_rounded_and_the_rest_kept() -> None:
    text = b'data-sort="0.9932003694732318" 6.435594772e-16 0.5 2025-08-01 1.2.3 -0.12345678901'
    assert script().rounded(text) == b'data-sort="0.993200369" 0 0.5 2025-08-01 1.2.3 -0.123456789'


def test_a_table_s_md5_is_its_rows_whatever_their_order_without_build_ids_and_times() -> None:
    compare = script()
    con = duckdb.connect()
    con.execute(
        "CREATE TABLE t (word VARCHAR, score DOUBLE, sources VARCHAR[], build_id VARCHAR, "
        "built_at TIMESTAMP)"
    )
    rows = [("able", 0.5, ["enable"]), ("bale", None, []), ("abba", 0.25, None)]

    def md5_of(rows: list[tuple], build: str, when: str) -> tuple[str, int]:
        con.execute("DELETE FROM t")
        for row in rows:
            con.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [*row, build, when])
        kept, left_out = compare.table_columns(con, "t")
        assert (kept, left_out) == (["word", "score", "sources"], ["build_id", "built_at"])
        return compare.table_md5(con, "t", kept)

    first = md5_of(rows, "b1", "2025-01-01")
    assert first[1] == 3
    assert md5_of(rows[::-1], "b2", "2026-02-02") == first
    assert md5_of([rows[0], ("bale", 0.0, []), rows[2]], "b1", "2025-01-01") != first
    assert md5_of(rows[:2], "b1", "2025-01-01") != first


def test_a_column_file_is_compared_without_its_build(tmp_path: Path) -> None:
    compare = script()
    columns = {"word": np.array(["able", "bale"], dtype=object), "n": np.array([1, 2])}
    contents = []
    for build, n in (("b1", 1), ("b22", 1), ("b1", 3)):
        path = tmp_path / f"{build}-{n}.cols"
        write_column_file(path, [("t", columns | {"n": np.array([n, 2])})], {"build": build})
        contents.append(compare.file_content(path))
    assert contents[0] == contents[1] != contents[2]


def test_two_runs_of_one_checkout_build_report_and_serve_the_same(
    tiny_warehouse: Path, tmp_path: Path
) -> None:
    """The whole script on the tiny warehouse: this project twice (the second checkout is a
    folder with this project's .venv), each built, reported on and served on its own copy."""
    other = tmp_path / "other"
    other.mkdir()
    (other / ".venv").symlink_to(Path(sys.prefix))
    options = [
        "--warehouse",
        str(tiny_warehouse),
        "--custom",
        str(tiny_warehouse.parent / "custom"),
    ]
    env = {**os.environ, "PIPELINE_MIRROR": "", "PIPELINE_OFFLINE": "1"}
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--checkout", str(ROOT), "--checkout", str(other), *options],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    names = [line.split(maxsplit=2)[2].split("  (")[0] for line in lines[1:-1]]
    assert lines[-1] == f"{len(names)} of {len(names)} the same, 0 different"
    assert {"warehouse custom_words", "warehouse dictionary_rules"} <= set(names)
    assert {"custom built_from.json", "custom spelling_bee_explain.cols"} <= set(names)
    assert {"report (standard output)", "report index.html"} <= set(names)
    played = [name.split(" ", 2)[2] for name in names if "/2025-01-10/" in name]
    assert played == [  # the tiny warehouse's last puzzle: blanket, able, alba, blab
        "POST /api/spelling-bee/2025-01-10/reveal",
        "GET /api/spelling-bee/2025-01-10/progress",
        *[f'POST /api/spelling-bee/2025-01-10/guess {{"word": "{word}"}}' for word in GUESSES],
        "GET /api/spelling-bee/2025-01-10/hints",
        "GET /api/spelling-bee/2025-01-10/clues",
        "GET /api/spelling-bee/2025-01-10/progress",
        "POST /api/spelling-bee/2025-01-10/reveal",
        "POST /api/spelling-bee/2025-01-10/restart",
    ]
    checked = [name.split(" ", 4)[4] for name in names if "/2024-06-11/check" in name]
    assert checked == [  # begun, broken, solved (the BLACKSMITH board: blacksmith hop)
        '{"words": ["blacksmith"]}',
        '{"words": ["blacksmith", "blacksmith"]}',
        '{"words": ["blacksmith", "hop"]}',
    ]
    rules = next(line for line in lines if " warehouse dictionary_rules " in line)
    assert rules.endswith("warehouse dictionary_rules  (2 rows, without built_at, build_id)")
