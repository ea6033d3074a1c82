"""`pipeline solve letter-boxed`: read the board and a word list, solve exactly, format."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.render.text import plural
from pipeline.solve.batch import read_json_lines
from pipeline.storage.named_lists import MaybeWord
from solvers import letter_boxed as lb
from solvers.letter_boxed import Board, Solution
from solvers.masks import Word

RULE, COMMON = "rule", "common"  # --prefer: the best by the rule, or the commonest words
Links = list[dict[lb.State, list[lb.Link]]]  # the links that spell the best solutions


@dataclass(frozen=True)
class BoxAnswer:
    """What the solver found for one board."""

    board: Board
    best: Solution | None  # by the rule: fewest words, then letters (then the commonest words)
    best_count: int
    listed: list[Solution] | None  # every best solution (--all) or every N-word one (--words)
    max_words: int
    playable: int = 0  # the words of the list the board allows
    uncovered: str = ""  # the board's letters none of them uses
    commoner: Solution | None = None  # one letter more, a commoner rarest word (see commoner)
    zipf: Mapping[Word, float] = field(default_factory=dict)  # of the board's words
    prefer: str = RULE  # which of best and commoner leads: RULE or COMMON

    @property
    def lead(self) -> Solution | None:
        """Return the solution the answer leads with: the commoner one with --prefer common."""
        return self.commoner if self.prefer == COMMON and self.commoner else self.best

    @property
    def second(self) -> Solution | None:
        """Return the solution printed beside the lead (None when there is no other)."""
        if self.commoner is None:
            return None
        return self.best if self.lead == self.commoner else self.commoner

    def rarest(self, solution: Solution) -> float:
        """Return the Zipf frequency of a solution's rarest word."""
        return lb.rarest_zipf(solution, self.zipf)


def answer_board(
    board: Board,
    words: list[str],
    max_words: int,
    list_all: bool,
    exactly: int | None,
    zipf: Mapping[Word, float] | None = None,
    prefer: str = RULE,
    links_of: Callable[[Board, list[str], int], Links] = lb.board_links,
) -> BoxAnswer:
    """Solve a board: the best solution (the commonest of the exact best ones when Zipf
    frequencies are known), how many there are, the listing asked for, and the commoner
    solution of one letter more. `links_of` finds the best solutions' links: by arrays (a batch
    of boards), or by the search alone (lb.search_links: one board, no numpy)."""
    zipf = zipf or {}
    links = links_of(board, words, max_words)
    best = Solution(lb.best_chain(links, zipf)) if links else None
    count = lb.chain_count(links) if links else 0
    listed = None
    if exactly is not None:
        listed = lb.solutions_with_words(board, words, exactly)
    elif list_all:
        listed = sorted((Solution(chain) for chain in lb.chains(links)), key=lambda s: s.words)
    uncovered = "".join(sorted(set(board.letters) - set("".join(words))))
    commoner = commoner_solution(board, words, best, zipf) if zipf and best else None
    return BoxAnswer(
        board, best, count, listed, max_words, len(words), uncovered, commoner, zipf, prefer
    )


def commoner_solution(
    board: Board, words: list[str], best: Solution, zipf: Mapping[Word, float]
) -> Solution | None:
    """Return the solution of as many words as the best and at most one letter more whose
    rarest word is the most common, when that word is commoner than the best's rarest."""
    found = lb.commonest_solution(board, words, zipf, best.word_count, best.letter_count + 1)
    if found is None or lb.rarest_zipf(found, zipf) <= lb.rarest_zipf(best, zipf):
        return None
    return found


def answer_record(answer: BoxAnswer, limit: int | None = None) -> dict:
    """Return an answer as the JSON object of `--json` and `--batch`: the lead solution, its
    counts and rarest word's Zipf, the other solution (by the rule or commoner) beside it, and
    the first `limit` solutions listed (all with None)."""
    lead, second = answer.lead, answer.second
    record: dict[str, object] = {
        "sides": list(answer.board.sides),
        "solution": list(lead.words) if lead else None,
        "word_count": lead.word_count if lead else None,
        "letter_count": lead.letter_count if lead else None,
        "best_count": answer.best_count,
        "prefer": answer.prefer,
        "rarest_zipf": answer.rarest(lead) if lead and answer.zipf else None,
        "alternative": solution_record(answer, second) if second else None,
    }
    if answer.listed is not None:
        record["solutions"] = [list(solution.words) for solution in answer.listed[:limit]]
    return record


def solution_record(answer: BoxAnswer, solution: Solution) -> dict:
    """Return one solution as JSON: its words, counts and rarest word's Zipf."""
    return {
        "solution": list(solution.words),
        "word_count": solution.word_count,
        "letter_count": solution.letter_count,
        "rarest_zipf": answer.rarest(solution),
    }


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
        lines += solution_lines(answer)
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


def solution_lines(answer: BoxAnswer) -> list[str]:
    """Return the lead solution's lines, and the other one beside it (by the rule, or one
    letter more with commoner words) with each one's rarest word."""
    lead, second, best = answer.lead, answer.second, answer.best
    assert lead is not None and best is not None
    counts = f"{plural(lead.word_count, 'word')}, {plural(lead.letter_count, 'letter')}"
    if lead == best:
        lines = [
            f"Best: {spelled(lead)}",
            f"{counts}; {plural(answer.best_count, 'best solution')}",
        ]
    else:
        lines = [f"Commonest: {spelled(lead)}", f"{counts}: one more than the best by the rule"]
    if second is not None:
        other = "By the rule" if second == best else "Commoner, one letter more"
        lines.append(
            f"{other}: {spelled(second)} (rarest word Zipf {answer.rarest(second):.2f}, "
            f"against {answer.rarest(lead):.2f})"
        )
    return lines


def spelled(solution: Solution) -> str:
    """Return a solution's words as the NYT shows them: upper case, joined by dashes."""
    return " - ".join(word.upper() for word in solution.words)


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
