"""Results worked out from a downloaded file, kept in the download cache (storage/derived_cache.py)."""

from __future__ import annotations

import os

import pytest

from pipeline.storage import derived_cache

VALUE = {"word": ["able", "bale"], "rank": [1, 2], "example": [None, "a bale of hay"]}


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.setenv("PIPELINE_RAW", str(tmp_path / "raw"))
    source, code = tmp_path / "corpus.zip", tmp_path / "reader.py"
    source.write_bytes(b"corpus")
    code.write_text("def senses(): ...\n")
    return source, code


def worked_out(calls: list[int]):
    def work():
        calls.append(1)
        return VALUE

    return work


def test_a_result_is_worked_out_once_then_read_back(files, tmp_path) -> None:
    calls: list[int] = []
    assert derived_cache.remembered("senses", files[0], files[1], worked_out(calls)) == VALUE
    assert derived_cache.remembered("senses", files[0], files[1], worked_out(calls)) == VALUE
    assert len(calls) == 1
    kept = list((tmp_path / "raw" / "derived").iterdir())
    assert [path.name.split("-")[0] for path in kept] == ["senses"]  # no part file left


def test_a_new_corpus_file_new_code_or_new_input_works_it_out_again_and_replaces_it(files) -> None:
    source, code = files
    calls: list[int] = []
    derived_cache.remembered("senses", source, code, worked_out(calls))
    os.utime(source, ns=(0, source.stat().st_mtime_ns + 1_000_000_000))
    derived_cache.remembered("senses", source, code, worked_out(calls))
    code.write_text("def senses(): return 1\n")
    derived_cache.remembered("senses", source, code, worked_out(calls))
    derived_cache.remembered("senses", source, code, worked_out(calls), b"other input")
    assert len(calls) == 4
    kept = [path.name for path in derived_cache.cache_path("senses", source, code).parent.iterdir()]
    assert kept == [derived_cache.cache_path("senses", source, code, b"other input").name]


def test_a_damaged_cache_file_is_worked_out_again_and_replaced(files) -> None:
    calls: list[int] = []
    derived_cache.remembered("senses", files[0], files[1], worked_out(calls))
    path = derived_cache.cache_path("senses", files[0], files[1])
    path.write_bytes(b"\x00not marshal")
    assert derived_cache.remembered("senses", files[0], files[1], worked_out(calls)) == VALUE
    assert len(calls) == 2
    assert derived_cache.remembered("senses", files[0], files[1], worked_out(calls)) == VALUE
    assert len(calls) == 2


def test_a_cache_that_cannot_be_written_is_no_error(files, tmp_path, monkeypatch) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.setenv("PIPELINE_RAW", str(tmp_path / "a-file"))
    calls: list[int] = []
    assert derived_cache.remembered("senses", files[0], files[1], worked_out(calls)) == VALUE
    assert derived_cache.remembered("senses", files[0], files[1], worked_out(calls)) == VALUE
    assert len(calls) == 2 and (tmp_path / "a-file").read_text() == "not a folder"
