"""Work run beside a stage in a second process (pipeline/stages/beside.py), and the build's style
learned there: the same tables as learned in the build's own process."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from pipeline.errors import UserError
from pipeline.games import GAMES
from pipeline.stages import beside, build
from pipeline.storage import warehouse
from tests import tiny_archive


def test_a_call_beside_returns_what_the_function_returns() -> None:
    call = beside.CallBeside(sorted, ["pear", "apple", "fig"])
    assert call.result() == ["apple", "fig", "pear"]


def test_a_call_beside_raises_what_the_function_raised() -> None:
    call = beside.CallBeside(int, "twelve")
    with pytest.raises(ValueError, match=r"^invalid literal for int\(\) with base 10: 'twelve'$"):
        call.result()


def test_a_second_process_that_dies_is_one_clear_error() -> None:
    call = beside.CallBeside(os._exit, 3)
    with pytest.raises(UserError) as raised:
        call.result()
    assert str(raised.value) == (
        "the stage's second process ended with exit status 3 before its work was done "
        "(out of memory?)"
    )


def process_of(word: str) -> tuple[int, str]:
    """Return the id of the process this runs in, with the word."""
    return os.getpid(), word


def test_small_work_is_done_in_the_stage_s_own_process() -> None:
    made = beside.start(process_of, "here", beside=False)
    assert isinstance(made, beside.CallMadeHere)
    assert made.result() == (os.getpid(), "here")
    apart = beside.start(process_of, "there", beside=True)
    assert isinstance(apart, beside.CallBeside)
    assert apart.result() == (apart.pid, "there")
    assert apart.pid != os.getpid()


STAGE_THAT_DIES = """
import os, sys, time
from pipeline.stages.beside import CallBeside
call = CallBeside(time.sleep, 60)
print(call.pid, flush=True)
os._exit(0)
"""


def test_the_second_process_ends_when_the_stage_s_process_is_killed() -> None:
    stage = subprocess.run(
        [sys.executable, "-c", STAGE_THAT_DIES], capture_output=True, text=True, check=True
    )
    pid = int(stage.stdout.strip())
    deadline = time.monotonic() + 60  # it looks every half second; a busy machine is late
    while Path(f"/proc/{pid}").exists() and _state(pid) != "Z" and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not Path(f"/proc/{pid}").exists() or _state(pid) == "Z"


def _state(pid: int) -> str:
    """Return a process's state letter (Z: ended, not yet reaped), or '' when it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""


STYLE_TABLES = {
    "spelling_bee_honeycombs": "letters_mask, center_bit",
    "letter_boxed_boards": "date",
    "nyt_style": "game, feature, value",
    "style_models": "game, model, position",
}


def test_the_style_learned_in_a_second_process_is_the_one_learned_in_the_build_s(
    tiny_warehouse: Path, tiny_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(build, "STYLE_APART_MIN_WORDS", 0)  # every game's style beside
    with warehouse.stage_warehouse(tiny_copy) as con:
        build.build(con, GAMES, tiny_archive.RUN_ID)
    for table, order in STYLE_TABLES.items():
        query = f"SELECT * FROM {table} ORDER BY {order}"
        rows = [_rows(path, query) for path in (tiny_warehouse, tiny_copy)]
        assert rows[0], table  # the tiny build learns every style table
        assert rows[1] == rows[0], table


def _rows(path: Path, query: str) -> list[tuple]:
    with duckdb.connect(str(path), read_only=True) as con:
        return con.execute(query).fetchall()
