"""Benchmarks: every solver in one process, so that the ratios compare."""

from __future__ import annotations

import contextlib
import functools
import itertools
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from pipeline import progress
from pipeline.games.letter_boxed.solutions import archived_days
from pipeline.games.spelling_bee import honeycombs as analyze
from pipeline.render.text import markdown_table
from pipeline.solve.sql_solver import SqlSolver
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from solvers.letter_boxed import Board, WordIndex, solve
from solvers.spelling_bee import SOLVERS, Puzzle, make_puzzle

REPEATS = 5

# Targets of issue 11, checked against medians on a 2-core machine.
SUBSETS_OVER_RADIX = 25.0  # times faster, at least
SUBSETS_MS = 0.030
SQL_SECONDS = 0.2
DAILY_BOX_MS = 0.75
BIG_LIST_BOX_MS = 5.0
SPEED_ORDER = ["naive", "bitwise", "trie", "radix", "subsets"]  # slowest to fastest


def verdict(measured: float, target: float, unit: str, at_least: bool = False) -> str:
    """Return a measurement beside its target with a pass/fail mark: '0.61 ms (target <= 0.75 ms) ok'."""
    passed = measured >= target if at_least else measured <= target
    sign = ">=" if at_least else "<="
    shown = f"{measured:,.0f}" if measured >= 1000 else f"{measured:.3g}"
    return f"{shown} {unit} (target {sign} {target:g} {unit}) {'ok' if passed else 'MISSED'}"


class Timing(NamedTuple):
    """The best time per puzzle of one solver."""

    solver: str
    seconds_per_puzzle: float
    build_seconds: float


def archived_puzzles(con: Connection) -> list[Puzzle]:
    """Return every archived Spelling Bee puzzle, oldest first."""
    warehouse.require_tables(con, "spelling_bee_puzzles", stage_hint="pipeline scrape")
    rows = warehouse.run(con, "bench/spelling_bee_puzzles").fetchall()
    return [make_puzzle(center, others) for center, others in rows]


def best_time(run: Callable[[], object], repeats: int = REPEATS) -> float:
    """Return the best wall time of several runs of a function."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return best


def time_solver(name: str, words: list[str], puzzles: Sequence[Puzzle]) -> Timing:
    """Build a solver (not timed in the result) and time it over the puzzles, best of REPEATS."""
    started = time.perf_counter()
    solver = SOLVERS[name](words)
    build_seconds = time.perf_counter() - started
    solve = solver.solve
    seconds = best_time(lambda: [solve(puzzle) for puzzle in puzzles])
    return Timing(name, seconds / len(puzzles), build_seconds)


def bench_spelling_bee(
    puzzles: list[Puzzle], words: list[str], sample: int, seed: int
) -> tuple[list[Timing], float, int]:
    """Time the five Python solvers on a sample of the puzzles and SQL on all of them."""
    chosen = random.Random(seed).sample(puzzles, min(sample, len(puzzles)))
    timings = []
    for name in progress.track(
        list(SOLVERS), f"timing solvers on {len(chosen)} puzzles, best of {REPEATS}"
    ):
        timings.append(time_solver(name, words, chosen))
    with SqlSolver(words) as sql_solver:
        sql_seconds = best_time(lambda: sql_solver.solve_many(puzzles), repeats=3)
    return timings, sql_seconds, len(puzzles)


def format_spelling_bee_bench(
    timings: list[Timing], sql_seconds: float, sql_puzzles: int, dictionary: str
) -> str:
    """Return the benchmark table and the targets' verdicts."""
    by_name = {t.solver: t for t in timings}
    naive = by_name["naive"].seconds_per_puzzle
    rows = [
        (
            t.solver,
            f"{t.seconds_per_puzzle * 1e3:.4f}",
            f"{naive / t.seconds_per_puzzle:,.1f}x",
            f"{t.build_seconds:.2f}",
        )
        for t in timings
    ]
    rows.append(
        (
            "sql (all puzzles, one query)",
            f"{sql_seconds * 1e3 / sql_puzzles:.4f}",
            f"{naive * sql_puzzles / sql_seconds:,.1f}x",
            "",
        )
    )
    table = markdown_table(["solver", "ms per puzzle", "speedup over naive", "build s"], rows)
    subsets, radix = by_name["subsets"].seconds_per_puzzle, by_name["radix"].seconds_per_puzzle
    ordered = [by_name[name].seconds_per_puzzle for name in SPEED_ORDER if name in by_name]
    in_order = all(slower > faster for slower, faster in itertools.pairwise(ordered))
    verdicts = [
        f"subsets vs radix: {verdict(radix / subsets, SUBSETS_OVER_RADIX, 'x', at_least=True)}",
        f"subsets: {verdict(subsets * 1e3, SUBSETS_MS, 'ms')} per puzzle",
        f"sql: {sql_puzzles:,} puzzles in one query in {verdict(sql_seconds, SQL_SECONDS, 's')}",
        f"speed order {' < '.join(SPEED_ORDER)}: {'ok' if in_order else 'MISSED'}",
        "seed, on another machine: naive 55.7 ms, bitwise 13.3 ms, prefix tree 0.74 ms, radix tree 0.48 ms",
    ]
    return f"Spelling Bee solvers on {dictionary}\n\n{table}\n\n" + "\n".join(verdicts)


def archived_boxes(con: Connection) -> list[tuple[Board, list[str]]]:
    """Return every archived Letter Boxed board with its NYT dictionary, oldest first."""
    return [(board, words) for _date, board, _nyt, words in archived_days(con)]


def time_each(boxes: Sequence, solve_one: Callable) -> list[float]:
    """Return the seconds each board takes to solve (best of 3)."""
    return [best_time(functools.partial(solve_one, box), repeats=3) for box in boxes]


def bench_letter_boxed(
    boxes: list[tuple[Board, list[str]]], dictionary: str, words: list[str], sample: int, seed: int
) -> dict[str, list[float]]:
    """Time the Letter Boxed solver per archived board: NYT daily lists, then a big list."""
    chosen = random.Random(seed).sample(boxes, min(sample, len(boxes)))
    with progress.step(f"{len(chosen)} boards with the NYT's daily dictionaries"):
        daily = time_each(chosen, lambda box: solve(box[0], box[1]))
    index = WordIndex(words)
    with progress.step(f"{len(chosen)} boards with {dictionary} (filtering included)"):
        big = time_each(chosen, lambda box: solve(box[0], index.playable(box[0])))
    return {"NYT daily dictionary": daily, f"{dictionary} (filter + solve)": big}


def format_letter_boxed_bench(timings: dict[str, list[float]]) -> str:
    """Return the median and worst time per board for each word list, medians beside targets."""
    rows = [
        (name, len(times), f"{statistics.median(times) * 1e3:.2f}", f"{max(times) * 1e3:.2f}")
        for name, times in timings.items()
    ]
    table = markdown_table(["word list", "boards", "median ms", "worst ms"], rows)
    daily, big = (statistics.median(times) * 1e3 for times in timings.values())
    return (
        f"Letter Boxed solver, per board\n\n{table}\n\n"
        f"NYT daily lists: median {verdict(daily, DAILY_BOX_MS, 'ms')}\n"
        f"big list, filter + solve: median {verdict(big, BIG_LIST_BOX_MS, 'ms')}\n"
        "reference: C++ BFS < 10 ms, Rust A* about 5 ms"
    )


@dataclass(frozen=True)
class SpaceTiming:
    """The best time to score every honeycomb of one word list under one S rule."""

    name: str
    honeycombs: int
    prepare_seconds: float  # candidates, points and masks handed over (once)
    seconds: float  # the SQL scoring every honeycomb, best of REPEATS
    cpu_seconds: float  # the same runs' best CPU time, all threads (steadier on a busy machine)
    target: float


def time_space(name: str, words: list[str], s_allowed: bool, target: float) -> SpaceTiming:
    """Hand a word list over (timed once) and time scoring all its honeycombs, best of REPEATS."""
    with contextlib.closing(warehouse.in_memory()) as con:
        started = time.perf_counter()
        analyze.load_words(con, words)
        prepare = time.perf_counter() - started
        seconds = cpu_seconds = float("inf")
        for _ in range(REPEATS):
            wall, cpu = time.perf_counter(), time.process_time()
            analyze.score_honeycombs(con, (s_allowed,))
            seconds = min(seconds, time.perf_counter() - wall)
            cpu_seconds = min(cpu_seconds, time.process_time() - cpu)
        honeycombs = analyze.spaces(con)[0].honeycombs
    return SpaceTiming(name, honeycombs, prepare, seconds, cpu_seconds, target)


def bench_analyze(enable: list[str], custom: list[str]) -> list[SpaceTiming]:
    """Time scoring every honeycomb of ENABLE without S and of the custom list with S."""
    return [
        time_space("ENABLE, no S", enable, s_allowed=False, target=0.2),
        time_space("custom, S allowed", custom, s_allowed=True, target=1.0),
    ]


def format_analyze_bench(timings: list[SpaceTiming]) -> str:
    """Return each measurement beside its target."""
    rows = [
        (
            t.name,
            t.honeycombs,
            f"{t.seconds:.3f}",
            f"<= {t.target:g}",
            "met" if t.seconds <= t.target else "missed",
            f"{t.cpu_seconds:.3f}",
            f"{t.prepare_seconds:.3f}",
        )
        for t in timings
    ]
    headers = ["word list", "honeycombs", "scoring s", "target s", "", "cpu s", "hand-over s"]
    return (
        f"Scoring every Spelling Bee honeycomb in SQL, best of {REPEATS}\n\n"
        + markdown_table(headers, rows)
        + "\n\nhand-over (once, not in the target): candidates, points (Python) and masks"
    )


def spelling_bee_bench_record(
    timings: list[Timing], sql_seconds: float, sql_puzzles: int, dictionary: str
) -> dict:
    """Return the Spelling Bee benchmark: milliseconds per puzzle of each solver."""
    solvers = {
        t.solver: {"ms_per_puzzle": t.seconds_per_puzzle * 1e3, "build_seconds": t.build_seconds}
        for t in timings
    }
    solvers["sql"] = {"ms_per_puzzle": sql_seconds * 1e3 / sql_puzzles, "puzzles": sql_puzzles}
    return {"dictionary": dictionary, "solvers": solvers}


def letter_boxed_bench_record(timings: dict[str, list[float]]) -> dict:
    """Return the Letter Boxed benchmark: median and worst milliseconds per board per list."""
    return {
        name: {
            "boards": len(times),
            "median_ms": statistics.median(times) * 1e3,
            "worst_ms": max(times) * 1e3,
        }
        for name, times in timings.items()
    }
