"""One best Letter Boxed solution everywhere (solvers.letter_boxed.best_chain: fewest words, then
fewest letters, then the commonest rarest word by Zipf frequency, then alphabetical): `today
--reveal`, the page's and the API's reveal, `solve --batch` and the records of generated boards
agree on every archived board of the mirror warehouse, each judged by the same words."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pipeline.cli.app import main
from pipeline.games import LETTER_BOXED
from pipeline.games.hooks import StoredDay
from pipeline.games.letter_boxed import play, today
from pipeline.games.letter_boxed.records import BoxRecord
from pipeline.games.play import custom_words
from pipeline.storage.named_lists import zipf_lookup
from solvers import letter_boxed as lb
from tests.conftest import MirrorWarehouse

SOLVE_SAMPLE = 20


@pytest.fixture
def mirror_env(mirror_warehouse: MirrorWarehouse, monkeypatch: pytest.MonkeyPatch) -> Iterator:
    """Point the pipeline at the mirror warehouse and its lists; yield a connection to it."""
    for name, value in mirror_warehouse.env.items():
        monkeypatch.setenv(name, value)
    with contextlib.closing(mirror_warehouse.connect()) as con:
        yield con


def run(capsys, monkeypatch, *args: str) -> str:
    """Run a command in process; return what it printed (it must succeed)."""
    monkeypatch.setattr("sys.argv", ["pipeline", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    out, err = capsys.readouterr()
    assert exit_info.value.code in (0, None), err
    return out


def archived_boards(con) -> list[BoxRecord]:
    """Return every archived board with the words that judge it: the NYT's list of the day, or
    the custom list on a day without one."""
    rows = con.execute(
        "SELECT p.date, p.sides, p.nyt_solution, p.par, "
        "list(d.word ORDER BY d.word) FILTER (WHERE d.word IS NOT NULL) "
        "FROM letter_boxed_puzzles AS p LEFT JOIN letter_boxed_dictionary AS d USING (date) "
        "GROUP BY ALL ORDER BY p.date"
    ).fetchall()
    custom = tuple(custom_words(LETTER_BOXED))
    return [
        BoxRecord(
            date, tuple(sides), tuple(nyt), par, None, tuple(words or ()) or custom, None, None, ""
        )
        for date, sides, nyt, par, words in rows
    ]


def test_every_archived_board_has_one_best_solution(
    mirror_env, capsys, monkeypatch, tmp_path: Path
) -> None:
    zipf = zipf_lookup(LETTER_BOXED)
    records = archived_boards(mirror_env)
    assert len(records) == 1171
    shown = {}
    for record in records:
        day = StoredDay(LETTER_BOXED, record, "stored", True, list(record.dictionary or ()), "")
        _, today_best = today.best_of_the_day(day, zipf)
        board = lb.parse_board(record.sides)
        puzzle = play.BoxPuzzle(str(record.date), record.date, board, record.par, frozenset(
            record.dictionary or ()), "the NYT's word list of the day")  # fmt: skip
        assert today_best == play.best_solution(puzzle, zipf), record.date
        shown[str(record.date)] = list(today_best or ())
    # `solve --batch` also names the solution of one letter more with commoner words (35 ms a
    # board): one board in SOLVE_SAMPLE
    batch = tmp_path / "archive.jsonl"
    batch.write_text(
        "".join(
            json.dumps({"date": str(r.date), "sides": r.sides, "dictionary": r.dictionary}) + "\n"
            for r in records[::SOLVE_SAMPLE]
        )
    )
    solved = run(capsys, monkeypatch, "solve", "letter-boxed", "--batch", str(batch))
    by_solve = {r["date"]: r["solution"] for r in map(json.loads, solved.splitlines())}
    assert by_solve == {str(r.date): shown[str(r.date)] for r in records[::SOLVE_SAMPLE]}


def test_today_and_the_page_show_the_best_of_2025_08_01(mirror_env, capsys, monkeypatch) -> None:
    # two best solutions of 13 letters whose rarest word has no Zipf frequency: khyals (0) and
    # dankly (0); alphabetical then (the page once showed shouted - dankly, by the total Zipf)
    printed = run(capsys, monkeypatch, "today", "letter-boxed", "--date", "2025-08-01", "--reveal")
    assert "Best solution: khyals - snouted\n" in printed
    assert "(2 best solutions)" in printed


def test_generated_records_hold_the_best_solution_solve_finds(
    mirror_env, capsys, monkeypatch, tmp_path: Path
) -> None:
    out = tmp_path / "generated.jsonl"
    args = ("--count", "20", "--seed", "7", "--format", "jsonl", "--out", str(out))
    run(capsys, monkeypatch, "generate", "letter-boxed", *args)
    generated = [json.loads(line) for line in out.read_text().splitlines()]
    solved = run(capsys, monkeypatch, "solve", "letter-boxed", "--batch", str(out))
    assert [json.loads(line)["solution"] for line in solved.splitlines()] == [
        record["solution"] for record in generated
    ]
    zipf = zipf_lookup(LETTER_BOXED)
    custom = lb.WordIndex(custom_words(LETTER_BOXED), sorted_and_plain=True)
    for record in generated:
        board = lb.parse_board(record["sides"])
        words = frozenset(custom.playable(board))
        puzzle = play.BoxPuzzle(record["id"], None, board, record["par"], words, "the custom list")
        assert list(play.best_solution(puzzle, zipf)) == record["solution"]
