"""`pipeline solve spelling-bee`: pick a solver and a word list, solve, and format the answers."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import chain
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.errors import UserError
from pipeline.games.spelling_bee import S_ALLOWED_FROM
from pipeline.render.text import plural
from pipeline.solve.batch import read_json_lines
from pipeline.storage.named_lists import MaybeWord, WordList
from solvers import spelling_bee_scoring as scoring
from solvers.masks import Mask, Word, letter_mask
from solvers.spelling_bee import (
    SOLVERS,
    Puzzle,
    Solver,
    center_submasks,
    is_answer,
    is_candidate,
    make_puzzle,
)
from solvers.spelling_bee_scoring import ScoredAnswers

if TYPE_CHECKING:
    from pipeline.solve.sql_solver import SqlSolver

SOLVER_NAMES = [*SOLVERS, "sql"]
DEFAULT_SOLVER = "subsets"


def make_solver(
    name: str, words: list[Word], masks: list[Mask] | None = None, display_order: bool = False
) -> Solver | SqlSolver:
    """Return a solver built from a word list, by name (subsets: with its words ranked and its
    letter sets scored, from the words' stored letter masks when given; `display_order`: the
    words are its candidates in display order, as named_lists.warehouse_candidates gives them)."""
    if name == "sql":
        from pipeline.solve.sql_solver import SqlSolver  # DuckDB loads for this one only

        return SqlSolver(words)
    if name == "subsets":
        return scoring.ScoredSubsetSolver(words, masks, in_display_order=display_order)
    if name not in SOLVERS:
        raise UserError(f"unknown solver {name!r}: use one of {', '.join(SOLVER_NAMES)}")
    return SOLVERS[name](words)


def solve_puzzles(name: str, word_list: WordList, puzzles: list[Puzzle]) -> list[ScoredAnswers]:
    """Return the scored answers of each puzzle with the named solver (SQL: all in one query)."""
    words = word_list.words
    if name == "sql":
        from pipeline.solve.sql_solver import SqlSolver

        with SqlSolver(words) as sql_solver:
            found = sql_solver.solve_many(puzzles)
    else:
        solver = make_solver(name, words, word_list.masks, word_list.display_order)
        if isinstance(solver, scoring.ScoredSubsetSolver):
            return [solver.solve_scored(puzzle) for puzzle in puzzles]
        found = [solver.solve(puzzle) for puzzle in puzzles]
    return [
        scoring.score_answers(answers, puzzle)
        for answers, puzzle in zip(found, puzzles, strict=True)
    ]


def scored(puzzle: Puzzle, answers: ScoredAnswers | list[Word]) -> ScoredAnswers:
    """Return the answers scored (as they are when solve_puzzles found them)."""
    if isinstance(answers, ScoredAnswers):
        return answers
    return scoring.score_answers(answers, puzzle)


def maybe_words(puzzle: Puzzle, maybe: list[MaybeWord] | MaybeIndex) -> list[MaybeWord]:
    """Return the maybe words the puzzle allows, most probable first (from the words, or from
    their index by letter set: a batch of puzzles looks each one's 64 sets up)."""
    if isinstance(maybe, MaybeIndex):
        fitting = list(
            chain.from_iterable(filter(None, map(maybe.by_set.get, center_submasks(puzzle))))
        )
    else:
        fitting = [m for m in maybe if is_answer(m.word, puzzle)]
    return sorted(fitting, key=lambda m: (-m.probability, m.word))


class MaybeIndex:
    """The maybe words that can answer some puzzle, by letter set."""

    def __init__(self, maybe: list[MaybeWord]) -> None:
        self.by_set: dict[Mask, list[MaybeWord]] = defaultdict(list)
        for found in maybe:
            if is_candidate(found.word):
                self.by_set[letter_mask(found.word)].append(found)


def solution_record(
    puzzle: Puzzle,
    answers: ScoredAnswers | list[Word],
    maybe: list[MaybeWord] | MaybeIndex | None = None,
) -> dict:
    """Return the answers of a puzzle as the JSON object of `--json`; with the maybe tier,
    `maybe` (words the list leaves out) and `unsure` (words it holds) with their probabilities."""
    answers = scored(puzzle, answers)
    record = {
        "center": puzzle.center,
        "others": puzzle.others,
        "words": answers.words,
        "pangrams": answers.pangrams,
        "score": answers.total,
        "word_count": len(answers.words),
        "scores": answers.scores,
        "ranks": dict(scoring.rank_thresholds(answers.total)),
    }
    if maybe is not None:
        record |= maybe_fields(puzzle, answers.words, maybe)
    return record


def maybe_fields(puzzle: Puzzle, words: list[Word], maybe: list[MaybeWord] | MaybeIndex) -> dict:
    """Return the puzzle's maybe words: `maybe` (those the list leaves out) and `unsure` (those
    it holds), with their probabilities."""
    fitting = maybe_words(puzzle, maybe)
    listed = set(words)
    return {
        "maybe": [
            {"word": m.word, "probability": m.probability}
            for m in fitting
            if m.word not in listed and not m.in_list
        ],
        "unsure": [
            {"word": m.word, "probability": m.probability} for m in fitting if m.word in listed
        ],
    }


def format_solution(
    puzzle: Puzzle,
    answers: ScoredAnswers | list[Word],
    dictionary: str,
    maybe: list[MaybeWord] | None = None,
) -> str:
    """Return the answers as text: pangrams, then words by length and alphabet, scores and ranks;
    then the maybe words (not counted), and a `?` after each listed word of the maybe band."""
    record = solution_record(puzzle, answers, maybe)
    unsure = {entry["word"] for entry in record.get("unsure", [])}

    def line(word: str) -> str:
        return f"  {word:<20} {record['scores'][word]:>3}" + ("  ?" if word in unsure else "")

    lines = [
        f"Spelling Bee  center {puzzle.center.upper()}  others {' '.join(puzzle.others.upper())}  ({dictionary})",
        "",
    ]
    if record["pangrams"]:
        lines.append("Pangrams")
        lines += [line(word) for word in record["pangrams"]]
        lines.append("")
    lines.append("Words")
    lines += [line(word) for word in record["words"] if word not in record["pangrams"]]
    lines.append("")
    lines.append(
        f"{plural(record['word_count'], 'word')}, {plural(len(record['pangrams']), 'pangram')}, "
        f"{plural(record['score'], 'point')}"
    )
    lines.append(
        "Ranks: " + " · ".join(f"{rank} {points}" for rank, points in record["ranks"].items())
    )
    if record.get("maybe") or unsure:
        lines += ["", "Maybe (not counted in the score or the ranks; probability the NYT accepts)"]
        lines += [f"  {m['word']:<20} {m['probability']:.2f}" for m in record["maybe"]]
        if unsure:
            lines.append(f"  ? marks {plural(len(unsure), 'listed word')} in the maybe band too")
    if "s" in puzzle.center + puzzle.others:
        lines += ["", S_NOTE]
    return "\n".join(lines)


S_NOTE = (
    f"Note: puzzles with an S are rare (the NYT first used S on {S_ALLOWED_FROM}), and the custom "
    "list has seen few S words judged, so it is least sure of them."
)


def format_hints(puzzle: Puzzle, answers: ScoredAnswers | list[Word]) -> str:
    """Return the NYT-style hint grid and two-letter list."""
    answers = scored(puzzle, answers)
    words = answers.words
    header = (
        f"Spelling Bee hints  center {puzzle.center.upper()}  others {' '.join(puzzle.others.upper())}\n"
        f"WORDS: {len(words)}, POINTS: {answers.total}, PANGRAMS: {len(answers.pangrams)}"
    )
    two_letters = "  ".join(
        f"{start.upper()}-{count}" for start, count in scoring.two_letter_list(words)
    )
    grid = scoring.format_hint_grid(scoring.hint_grid(words))
    return f"{header}\n\n{grid}\n\nTwo letter list:\n{two_letters}"


@dataclass(frozen=True)
class BatchLine:
    """One puzzle of a batch file, with the input's own keys."""

    line_number: int
    fields: dict
    puzzle: Puzzle


def read_batch(path: Path) -> list[BatchLine]:
    """Read every JSON line of a batch file; a bad line is a UserError naming its number."""
    return read_json_lines(path, batch_line)


def batch_line(number: int, fields: dict) -> BatchLine:
    """Return the puzzle of one batch line."""
    center, others = fields.get("center"), fields.get("others")
    if not isinstance(center, str) or not isinstance(others, str):
        raise ValueError('a line needs "center" and "others" strings')
    return BatchLine(number, fields, make_puzzle(center, others))


def batch_output(
    line: BatchLine,
    answers: ScoredAnswers | list[Word],
    maybe: list[MaybeWord] | MaybeIndex | None = None,
) -> dict:
    """Return the output object of a batch line: its own keys plus the solution."""
    return {**line.fields, **solution_record(line.puzzle, answers, maybe)}


def batch_texts(
    name: str, word_list: WordList, lines: list[BatchLine], maybe: list[MaybeWord] | None = None
) -> Iterator[str]:
    """Yield the output of each batch line as JSON text (batch_output, as json.dumps writes it),
    solved with the named solver. The subsets solver's answers are written from the texts of its
    ranked words, each made once, the first time it is an answer (every archived puzzle with
    words_alpha is 438,000 answers of about 70,000 words)."""
    maybe_sets = MaybeIndex(maybe) if maybe is not None else None
    if name != "subsets":
        solved = solve_puzzles(name, word_list, [line.puzzle for line in lines])
        for line, answers in zip(lines, solved, strict=True):
            yield json.dumps(batch_output(line, answers, maybe_sets))
        return
    solver = scoring.ScoredSubsetSolver(
        word_list.words, word_list.masks, in_display_order=word_list.display_order
    )
    # Each ranked word's JSON texts, as json.dumps writes them (a candidate is plain a-z:
    # nothing to escape), made by str.format in C: cheaper than one by one as answers come.
    quoted = list(map('"{}"'.format, solver.words))
    scored = list(map("{}: {}".format, quoted, solver.points))
    for line in lines:
        ranked = solver.solve_ranked(line.puzzle)
        ranks = ranked.pangrams + ranked.others
        found = {
            "center": f'"{line.puzzle.center}"',
            "others": f'"{line.puzzle.others}"',
            "words": f"[{joined(quoted, ranks)}]",
            "pangrams": f"[{joined(quoted, ranked.pangrams)}]",
            "score": str(ranked.total),
            "word_count": str(len(ranks)),
            "scores": f"{{{joined(scored, ranks)}}}",
            "ranks": ranks_text(ranked.total),
        }
        if maybe_sets is not None:
            listed = [solver.words[rank] for rank in ranks]
            extra = maybe_fields(line.puzzle, listed, maybe_sets)
            found |= {key: json.dumps(value) for key, value in extra.items()}
        yield object_text({key: json.dumps(value) for key, value in line.fields.items()} | found)


def joined(texts: list[str], ranks: list[int]) -> str:
    """Return the texts of some ranks joined by `, ` (picked by one itemgetter, in C)."""
    if len(ranks) > 1:
        return ", ".join(itemgetter(*ranks)(texts))
    return texts[ranks[0]] if ranks else ""


@cache
def ranks_text(total: int) -> str:
    """Return the rank thresholds of a total as the JSON text of `ranks`."""
    return json.dumps(dict(scoring.rank_thresholds(total)))


@cache
def key_text(key: str) -> str:
    """Return an object key as JSON text, with the `: ` that follows it."""
    return f"{json.dumps(key)}: "


def object_text(values: dict[str, str]) -> str:
    """Return a JSON object of values already written as JSON, as json.dumps writes it (keys in
    order, `, ` between members and `: ` after keys)."""
    return "{" + ", ".join([key_text(key) + text for key, text in values.items()]) + "}"
