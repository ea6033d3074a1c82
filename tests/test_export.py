"""`pipeline export`: the archive between --since and --until, typed in Parquet; a custom list's
listed words only, or those of a least probability; options that do not apply are one error line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import pytest

from pipeline.cli import main
from tests.command_warehouse import build_command_warehouse


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_command_warehouse(tmp_path_factory.mktemp("export") / "warehouse.duckdb")


def run(capsys, monkeypatch, built: Path, *args: str) -> tuple[int, str, str]:
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(built))
    monkeypatch.setattr("sys.argv", ["pipeline", "export", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out, err


def test_the_archive_between_two_days(capsys, monkeypatch, built: Path) -> None:
    status, out, _ = run(
        capsys, monkeypatch, built, "spelling-bee", "--since", "2024-02-01", "--until", "2024-12-31"
    )
    assert status == 0
    assert [json.loads(line)["date"] for line in out.splitlines()] == ["2024-07-10"]


def test_parquet_dates_are_dates(capsys, monkeypatch, built: Path, tmp_path: Path) -> None:
    target = tmp_path / "boxes.parquet"
    status, _, err = run(
        capsys,
        monkeypatch,
        built,
        "letter-boxed",
        "--since",
        "2025-01-01",
        "--format",
        "parquet",
        "--out",
        str(target),
    )
    assert (status, err) == (0, f"wrote 1 record to {target}\n")
    described = duckdb.execute(f"DESCRIBE SELECT * FROM '{target}'").fetchall()
    types = {row[0]: row[1] for row in described}
    assert types == {
        "date": "DATE",
        "sides": "VARCHAR[]",
        "nyt_solution": "VARCHAR[]",
        "par": "INTEGER",
        "dictionary": "VARCHAR[]",
    }


def test_a_custom_list_s_listed_words_or_the_likely_ones(
    capsys, monkeypatch, built: Path, tmp_path: Path
) -> None:
    judged = tmp_path / "warehouse.duckdb"
    shutil.copy(built, judged)
    with duckdb.connect(str(judged)) as con:  # two words left out, one of them unlikely
        con.execute(
            "UPDATE custom_words SET included = false, probability = 0.2 WHERE word = 'bile'"
        )
        con.execute(
            "UPDATE custom_words SET included = false, probability = 0.7 WHERE word = 'limb'"
        )

    def rows(*options: str) -> list[dict]:
        out = run(capsys, monkeypatch, judged, "custom", "spelling-bee", *options)[1]
        return [json.loads(line) for line in out.splitlines()]

    every, listed, likely = rows(), rows("--included-only"), rows("--min-probability", "0.5")
    assert [row["word"] for row in every if row not in listed] == ["bile", "limb"]
    assert listed == [row for row in every if row["included"]]
    assert [row["word"] for row in every if row not in likely] == ["bile"]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("custom", "spelling-bee", "--since", "2024-01-01"), "--since and --until choose archive days: export custom has no dates"),
        (("spelling-bee", "--included-only"), "--included-only and --min-probability choose custom words: use export custom"),
        (("custom", "letter-boxed", "--min-probability", "1.5"), "--min-probability 1.5 is not a probability (0 to 1)"),
        (("spelling-bee", "--since", "2025-01-02", "--until", "2025-01-01"), "--since 2025-01-02 is after --until 2025-01-01"),
    ],
)  # fmt: skip
def test_options_that_do_not_apply_are_one_error_line(
    capsys, monkeypatch, built: Path, args, line
) -> None:
    assert run(capsys, monkeypatch, built, *args) == (2, "", f"error: {line}\n")


# --- written as Python always wrote it, without holding the rows -------------------------------

# Values of every kind a relation may hold, the awkward ones included: text with a comma, a quote,
# a line's end, a carriage return, a tab, a control character, non-ASCII and beyond the first
# 65,536 characters; NULLs; doubles that are no number; dates; lists and structs; and FLOAT and
# DECIMAL, which Python reads otherwise than DuckDB writes (so they are fetched).
AWKWARD = """
SELECT * FROM (VALUES
    (1, 'plain', 0.25::DOUBLE, true, DATE '2024-01-10', 7::BIGINT, ['a', 'b'],
     {'day': DATE '2024-01-10', 'ok': false}, 1.5::FLOAT, 2.50::DECIMAL(4, 2)),
    (2, 'a, "quoted" word', 1e-06::DOUBLE, false, NULL, NULL, [], NULL, NULL, NULL),
    (3, e'two\\nlines\\r\\tand \\x01', 'nan'::DOUBLE, NULL, DATE '1999-12-31', -3, NULL,
     {'day': NULL, 'ok': NULL}, 0.1::FLOAT, 0.00::DECIMAL(4, 2)),
    (4, 'café … 😀 \\ back', 'inf'::DOUBLE, true, DATE '2025-08-09', 0, ['é, "x"'], NULL, NULL,
     NULL),
    (5, '', '-inf'::DOUBLE, false, NULL, 1, [NULL], NULL, NULL, NULL),
    (6, NULL, 123456789012345680.0::DOUBLE, true, NULL, 2, NULL, NULL, NULL, NULL)
) AS t(n, text, number, flag, day, count, words, pair, single, money)
ORDER BY n DESC
"""
COLUMN_SETS = {
    "plain": "text, number, flag, day, count",
    "one column": "text",
    "lists and structs": "n, words, pair",
    "fetched": "n, single, money",
    "one name twice": "text, text",
}


def as_python_wrote_it(relation: duckdb.DuckDBPyRelation, fmt: str) -> str:
    """Return the rows as the export wrote them before it streamed: every row fetched, then the
    csv module (lists and structs as JSON in a cell) or `json.dumps` of each row as a dict."""
    import csv
    import io

    from pipeline.storage.table_files import csv_row

    rows, columns, buffer = relation.fetchall(), relation.columns, io.StringIO()
    if fmt == "csv":
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(map(csv_row, rows))
    for row in rows if fmt == "jsonl" else ():
        buffer.write(json.dumps(dict(zip(columns, row, strict=True)), default=str) + "\n")
    return buffer.getvalue()


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
@pytest.mark.parametrize("columns", sorted(COLUMN_SETS))
def test_every_value_is_written_as_python_wrote_it(
    fmt: str, columns: str, tmp_path: Path, capsysbinary
) -> None:
    from pipeline.storage.table_files import write_relation

    con = duckdb.connect()
    relation = con.sql(f"SELECT {COLUMN_SETS[columns]} FROM ({AWKWARD})")
    expected = as_python_wrote_it(relation, fmt)
    assert write_relation(relation, fmt, tmp_path / f"rows.{fmt}") == 6
    assert (tmp_path / f"rows.{fmt}").read_bytes().decode() == expected  # "\r" kept as it is
    assert write_relation(relation, fmt, None) == 6
    assert capsysbinary.readouterr().out.decode() == expected
    empty = relation.filter("false")
    assert write_relation(empty, fmt, tmp_path / "none") == 0
    assert (tmp_path / "none").read_bytes().decode() == as_python_wrote_it(empty, fmt)


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_a_custom_list_is_written_a_range_of_words_at_a_time_as_one_table(
    fmt: str, capsys, monkeypatch, built: Path
) -> None:
    from pipeline.stages import export

    args = ("custom", "spelling-bee", "--format", fmt)
    whole = run(capsys, monkeypatch, built, *args)
    monkeypatch.setattr(export, "PART_ROWS", 2)  # ranges of two words
    status, out, err = run(capsys, monkeypatch, built, *args)
    assert (status, out, err) == whole
    lines = out.splitlines()
    assert lines.count("word,probability,included,reason") == (1 if fmt == "csv" else 0)
    words = [line.split(",")[0] for line in lines[1:]] if fmt == "csv" else []
    words = words or [json.loads(line)["word"] for line in lines]
    assert words == sorted(words) and len(words) > 4  # several ranges, each once, in order
