"""`pipeline solve letter-boxed`: read the board and a word list, solve exactly, format."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import UserError
from pipeline.render.text import plural
from pipeline.solve.batch import read_json_lines
from pipeline.storage.named_lists import MaybeWord
from solvers import letter_boxed as lb
from solvers.letter_boxed import Board, Solution


def board_from_arguments(sides: Sequence[str]) -> Board:
    """Return the board the SIDE arguments describe: four of them, or one or more with the sides
    parted by `/` as `today` prints them (`SLC/WIJ/YGA/NOK`, `SLC / WIJ / YGA / NOK`)."""
    try:
        return lb.parse_board(" ".join(sides).replace("/", " ").split())
    except ValueError as error:
        raise UserError(str(error)) from None


@dataclass(frozen=True)
class BoxAnswer:
    """What the solver found for one board."""

    board: Board
    best: Solution | None
    best_count: int
    listed: list[Solution] | None  # every best solution (--all) or every N-word one (--words)
    max_words: int
    playable: int = 0  # the words of the list the board allows
    uncovered: str = ""  # the board's letters none of them uses


def answer_board(
    board: Board, words: list[str], max_words: int, list_all: bool, exactly: int | None
) -> BoxAnswer:
    """Solve a board: the best solution, how many there are, and the listing asked for."""
    links = lb.board_links(board, words, max_words)
    best = Solution(lb.first_chain(links)) if links else None
    count = lb.chain_count(links) if links else 0
    listed = None
    if exactly is not None:
        listed = lb.solutions_with_words(board, words, exactly)
    elif list_all:
        listed = sorted((Solution(chain) for chain in lb.chains(links)), key=lambda s: s.words)
    uncovered = "".join(sorted(set(board.letters) - set("".join(words))))
    return BoxAnswer(board, best, count, listed, max_words, len(words), uncovered)


def answer_record(answer: BoxAnswer) -> dict:
    """Return an answer as the JSON object of `--json` and `--batch`."""
    best = answer.best
    record: dict[str, object] = {
        "sides": list(answer.board.sides),
        "solution": list(best.words) if best else None,
        "word_count": best.word_count if best else None,
        "letter_count": best.letter_count if best else None,
        "best_count": answer.best_count,
    }
    if answer.listed is not None:
        record["solutions"] = [list(solution.words) for solution in answer.listed]
    return record


def playable_maybe(board: Board, maybe: list[MaybeWord]) -> list[MaybeWord]:
    """Return the maybe words the list leaves out that the board allows, most probable first."""
    fitting = [m for m in maybe if not m.in_list and lb.is_playable(board, m.word)]
    return sorted(fitting, key=lambda m: (-m.probability, m.word))


def maybe_record(board: Board, maybe: list[MaybeWord]) -> list[dict]:
    """Return the board's maybe words as the `maybe` list of `--json`."""
    return [{"word": m.word, "probability": m.probability} for m in playable_maybe(board, maybe)]


def no_solution_line(answer: BoxAnswer) -> str:
    """Return why a board has no solution: no word fits it, a letter no word uses, or none
    within the words searched."""
    if not answer.playable:
        return "No word of the list can be played on this board."
    if answer.uncovered:
        letters = ", ".join(answer.uncovered.upper())
        return f"No solution: no word of the list that the board allows uses {letters}."
    within = plural(answer.max_words, "word")
    return f"No solution within {within} (raise --max-words to search further)."


def format_answer(
    answer: BoxAnswer,
    dictionary: str,
    exactly: int | None,
    maybe: list[MaybeWord] | None = None,
    limit: int | None = None,
) -> str:
    """Return an answer as text (with the board's maybe words, which the solver does not use);
    a listing shows its first `limit` solutions (all with None) and how many more there are."""
    board = " / ".join(side.upper() for side in answer.board.sides)
    lines = [f"Letter Boxed  {board}  ({dictionary})", ""]
    if answer.best is None:
        lines.append(no_solution_line(answer))
    else:
        best = answer.best
        lines.append(f"Best: {' - '.join(word.upper() for word in best.words)}")
        lines.append(
            f"{plural(best.word_count, 'word')}, {plural(best.letter_count, 'letter')}; "
            f"{plural(answer.best_count, 'best solution')}"
        )
    if answer.listed is not None:
        heading = f"Every {exactly}-word solution" if exactly is not None else "Every best solution"
        lines += ["", f"{heading} ({len(answer.listed):,}):"]
        shown = answer.listed if limit is None else answer.listed[:limit]
        lines += [f"  {' - '.join(s.words)}  ({s.letter_count} letters)" for s in shown]
        if len(shown) < len(answer.listed):
            lines.append(
                f"  ... and {len(answer.listed) - len(shown):,} more (--limit sets how many)"
            )
    playable = playable_maybe(answer.board, maybe or [])
    if playable:
        lines += ["", "Maybe (not used by the solver; probability the NYT accepts)"]
        lines += [f"  {m.word:<20} {m.probability:.2f}" for m in playable]
    return "\n".join(lines)


@dataclass(frozen=True)
class BoxBatchLine:
    """One board of a batch file, with the input's own keys and optional word list."""

    line_number: int
    fields: dict
    board: Board
    words: list[str] | None


def read_box_batch(path: Path) -> list[BoxBatchLine]:
    """Read every JSON line of a batch file; a bad line is a UserError naming its number."""
    return read_json_lines(path, box_batch_line)


def box_batch_line(number: int, fields: dict) -> BoxBatchLine:
    """Return the board of one batch line, with its own word list if it has one."""
    if not isinstance(fields.get("sides"), list):
        raise ValueError('a line needs a "sides" list')
    words = fields.get("dictionary")
    if words is not None and not (
        isinstance(words, list) and all(isinstance(w, str) for w in words)
    ):
        raise ValueError('"dictionary" must be a list of words')
    return BoxBatchLine(number, fields, lb.parse_board(fields["sides"]), words)
