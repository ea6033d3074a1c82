"""A stage killed at any point leaves the warehouse and the custom lists as they were committed;
readers keep working while a stage runs. Real processes, SIGKILL, the tiny archive."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pipeline.games import GAMES
from pipeline.stages import build, scrape, words
from pipeline.storage import built_files, custom_lists, warehouse
from tests import tiny_archive

PROJECT_ROOT = Path(__file__).resolve().parent.parent
REAL_MIRROR = os.environ.get("PIPELINE_MIRROR", "")  # read before the fixtures point it elsewhere
TABLES = (
    "words",
    "word_sources",
    "word_drops",
    "spelling_bee_source_days",
    "spelling_bee_puzzles",
    "letter_boxed_puzzles",
    "quarantine",
    "scrape_runs",
    "backtest",
    "custom_words",
    "dictionary_rules",
)

# Runs one CLI command in a process that SIGKILLs itself at a named point. Each point replaces a
# function of the pipeline with one that kills the process when it is reached (the N-th time).
KILLER = """
    import os, signal, sys
    from pipeline.stages import build, scrape, words
    from pipeline.storage import custom_lists, warehouse
    from pipeline.cli.app import main

    point, command = sys.argv[1], sys.argv[2:]

    def kill_on_call(module, name, call=1):
        original, calls = getattr(module, name), []

        def maybe_die(*args, **kwargs):
            calls.append(1)
            if len(calls) == call:
                os.kill(os.getpid(), signal.SIGKILL)
            return original(*args, **kwargs)

        setattr(module, name, maybe_die)

    POINTS = {
        "words: after the words table": (words, "load_source_summary", 1),
        "scrape: during the merges": (scrape, "record_summary", 1),
        "build: between the two games": (build, "build_game", 2),
        "build: lists staged, before the swap": (warehouse, "commit_file", 1),
        "build: after the swap, before the lists": (custom_lists, "publish_word_lists", 2),
        # the compacted copy is written; killed as it is renamed over the stage's copy
        "build: during the compaction": (os, "replace", 1),
    }
    if point == "build: during the compaction":
        warehouse.is_sparse = lambda path: True
    kill_on_call(*POINTS[point])
    sys.argv = ["pipeline", *command]
    main()
"""
BEFORE_THE_COMMIT = [
    ("words: after the words table", ["words", "--offline"]),
    (
        "scrape: during the merges",
        ["scrape", "--offline", "--since", "2025-01-01", "--until", "2025-01-10"],
    ),
    ("build: between the two games", ["build"]),
    ("build: lists staged, before the swap", ["build"]),
    ("build: during the compaction", ["build"]),
]


def table_digests(path: Path) -> dict[str, str]:
    """Return a digest of every row of each table (row order ignored)."""
    with warehouse.open_warehouse(path, read_only=True) as con:
        return {
            table: hashlib.sha256(
                "\n".join(
                    sorted(map(repr, con.execute(f'SELECT * FROM "{table}"').fetchall()))
                ).encode()
            ).hexdigest()
            for table in TABLES
        }


def list_files(folder: Path) -> dict[str, bytes]:
    """Return the published files of the custom folder (not the hidden staged ones), with their
    bytes."""
    return {
        path.name: path.read_bytes()
        for path in sorted(folder.iterdir())
        if not path.name.startswith(".")
    }


@pytest.fixture
def committed(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> dict[str, str]:
    """Build a tiny warehouse and its custom lists in tmp_path; return the pipeline's env."""
    env = {
        "PIPELINE_WAREHOUSE": str(tmp_path / "warehouse.duckdb"),
        "PIPELINE_CUSTOM": str(tmp_path / "custom"),
        "PIPELINE_RAW": str(tmp_path / "raw"),
        "PIPELINE_MIRROR": str(mirror_of_nothing(tmp_path)),
        "PIPELINE_OFFLINE": "1",
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    template = committed_template(tmp_path_factory)
    shutil.copy2(template / "warehouse.duckdb", env["PIPELINE_WAREHOUSE"])
    shutil.copytree(template / "custom", env["PIPELINE_CUSTOM"])
    return env


_TEMPLATES: list[Path] = []


def committed_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a folder with the tiny warehouse and its custom lists, built by the stages once
    per test process (each test gets a copy)."""
    if not _TEMPLATES:
        folder = tmp_path_factory.mktemp("committed_template")
        with pytest.MonkeyPatch.context() as env:
            env.setenv("PIPELINE_CUSTOM", str(folder / "custom"))
            with warehouse.stage_warehouse(folder / "warehouse.duckdb") as con:
                words.load_words(con, tiny_archive.word_collection())
                scrape.load(con, tiny_archive.scrape_run(), tiny_archive.RUN_ID)
                summaries = build.build(con, GAMES, "first-build")
            custom_lists.publish_word_lists(
                {summary.game.name: "first-build" for summary in summaries}
            )
        _TEMPLATES.append(folder)
    return _TEMPLATES[0]


def mirror_of_nothing(tmp_path: Path) -> Path:
    """Return an empty mirror folder: the offline stages find no source and change nothing."""
    folder = tmp_path / "mirror"
    folder.mkdir()
    return folder


def run_killed(point: str, command: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    """Run a pipeline command that kills itself at the point; return the finished process."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(KILLER), point, *command],
        cwd=PROJECT_ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def run_pipeline(command: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    """Run a pipeline command in its own process."""
    return subprocess.run(
        [sys.executable, "-c", "from pipeline.cli import main; main()", *command],
        cwd=PROJECT_ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize(
    ("point", "command"), BEFORE_THE_COMMIT, ids=[p for p, _ in BEFORE_THE_COMMIT]
)
def test_a_stage_killed_before_its_commit_changes_nothing(committed, point, command):
    path, custom = Path(committed["PIPELINE_WAREHOUSE"]), Path(committed["PIPELINE_CUSTOM"])
    if point.startswith("words") and not REAL_MIRROR:
        pytest.skip("the words stage reads the word lists of PIPELINE_MIRROR")
    if point.startswith("words"):
        committed = {**committed, "PIPELINE_MIRROR": REAL_MIRROR}
    tables, lists = table_digests(path), list_files(custom)

    killed = run_killed(point, command, committed)

    assert killed.returncode == -9, killed.stderr
    assert table_digests(path) == tables
    assert list_files(custom) == lists
    leftovers = sorted(p.name for p in path.parent.glob(f".{path.name}.building-*"))
    assert len(leftovers) >= 1  # what the killed stage left: swept by the next one
    # the next stage sweeps what the killed one left: the same stage again, or for `words` (ten
    # seconds of reading word lists) a scrape of a few days, which sweeps the same way
    next_stage = (
        ["scrape", "--offline", "--until", "2018-06-01"] if point.startswith("words") else command
    )
    again = run_pipeline(next_stage, committed)
    assert again.returncode == 0, again.stderr
    assert sorted(p.name for p in path.parent.glob(f".{path.name}.building-*")) == []
    assert sorted(p.name for p in custom.glob(".*.part")) == []


def test_a_build_killed_after_its_commit_is_finished_by_the_next_stage(committed):
    path, custom = Path(committed["PIPELINE_WAREHOUSE"]), Path(committed["PIPELINE_CUSTOM"])
    old_lists = list_files(custom)

    killed = run_killed("build: after the swap, before the lists", ["build"], committed)

    assert killed.returncode == -9, killed.stderr
    with warehouse.open_warehouse(path, read_only=True) as con:
        build_ids = dict(con.execute("SELECT game, build_id FROM dictionary_rules").fetchall())
    assert set(build_ids.values()) != {"first-build"}  # the new build committed
    staged = sorted(p.name for p in custom.glob(".*.part"))
    # 11: each game's list, maybe list and explain index, Letter Boxed's Zipf, both games' days,
    # the words' index and the manifest
    assert len(staged) == len(custom_lists.every_file()) == 11
    assert list_files(custom)["spelling_bee.txt"] == old_lists["spelling_bee.txt"]
    assert built_files.fresh_files() == set()  # the old manifest is not the new warehouse's

    # any stage finishes the lists: a scrape of a few days (it loads nothing new offline)
    finished = run_pipeline(["scrape", "--offline", "--since", "2025-01-01"], committed)

    assert finished.returncode == 0, finished.stderr
    assert sorted(p.name for p in custom.glob(".*.part")) == []
    # the build's files are published, but the scrape replaced the warehouse since: not fresh
    assert built_files.read_manifest()["files"] and built_files.fresh_files() == set()
    with warehouse.open_warehouse(path, read_only=True) as con:
        for game in GAMES:
            included = con.execute(
                "SELECT word FROM custom_words WHERE game = $game AND included ORDER BY word",
                {"game": game.name},
            ).fetchall()
            assert (custom / game.custom_file).read_text().splitlines() == [w for (w,) in included]
            if not game.ranks_by_commonness:
                assert not (custom / game.zipf_file).exists()
                continue
            zipf = con.execute(
                "SELECT word, zipf FROM custom_words WHERE game = $game AND zipf > 0 ORDER BY word",
                {"game": game.name},
            ).fetchall()
            assert (custom / game.zipf_file).read_text().splitlines() == ["word\tzipf"] + [
                f"{word}\t{value:.2f}" for word, value in zipf
            ]


def test_readers_work_while_a_build_runs(committed, tmp_path):
    path = Path(committed["PIPELINE_WAREHOUSE"])
    release = tmp_path / "release"
    held_build = textwrap.dedent(
        """
        import sys, time
        from pathlib import Path
        from pipeline.stages import build
        from pipeline.cli.app import main
        original, release = build.build_game, Path(sys.argv[1])
        def held(*args):
            print("building", flush=True)
            while not release.exists():  # the build waits, inside its stage, for the readers
                time.sleep(0.05)
            return original(*args)
        build.build_game = held
        sys.argv = ["pipeline", "build"]
        main()
        """
    )
    builder = subprocess.Popen(
        [sys.executable, "-c", held_build, str(release)],
        cwd=PROJECT_ROOT,
        env={**os.environ, **committed},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert builder.stdout is not None and builder.stdout.readline() == "building\n"
        readers = [  # three processes opening the committed file while the build holds its copy
            ["export", "spelling-bee"],
            ["explain", "able"],
            ["solve", "spelling-bee", "abelrty", "--dictionary", "words_alpha"],
        ]
        for command in readers:
            result = run_pipeline(command, committed)
            assert result.returncode == 0, (command, result.stderr)
        assert builder.poll() is None  # the build was still holding its stage meanwhile
    finally:
        release.touch()
        builder.wait(timeout=300)
    assert builder.returncode == 0, builder.stderr.read() if builder.stderr else ""
    with warehouse.open_warehouse(path, read_only=True) as con:
        build_ids = {
            row[0] for row in con.execute("SELECT build_id FROM dictionary_rules").fetchall()
        }
    assert "first-build" not in build_ids  # the build committed after the readers had run
