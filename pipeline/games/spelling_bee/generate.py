"""Generated Spelling Bee puzzles (`pipeline generate spelling-bee`): honeycombs drawn from what
the build's style step stored (spelling_bee_honeycombs, style_models) by their likeness to the
NYT's, matched to the NYT's recent puzzles, each solved with the custom list."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import numpy as np

from pipeline.dates import day_number
from pipeline.errors import UserError
from pipeline.games import SPELLING_BEE
from pipeline.games.generated import Request, generated_id
from pipeline.games.spelling_bee import style as learned
from pipeline.model import honeycomb_style as hs
from pipeline.model.difficulty import Difficulty
from pipeline.render.text import plural
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from solvers import spelling_bee_scoring as scoring
from solvers.masks import ALPHABET
from solvers.spelling_bee import Puzzle

MAX_EXPECTED_ERRORS = 2.0  # a honeycomb the list may get more words wrong in is never drawn
SECONDS_PER_100 = 1.0  # the target of `pipeline bench generate` for 100 puzzles
SECONDS_PER_ID = 1.0  # its target for the puzzle of the furthest place an id may name


@dataclass(frozen=True)
class StoredHoneycombs:
    """The build's honeycombs with their stored scores."""

    candidates: hs.Honeycombs
    log_odds: np.ndarray
    difficulty: np.ndarray
    nyt_used: np.ndarray
    never_combined_pairs: np.ndarray


def stored_honeycombs(con: Connection) -> StoredHoneycombs:
    """Return spelling_bee_honeycombs as arrays."""
    warehouse.require_tables(con, "spelling_bee_honeycombs", stage_hint="pipeline build")
    r = warehouse.run(con, "generate/spelling_bee_honeycombs").fetchnumpy()
    fields = hs.Honeycombs.__dataclass_fields__
    candidates = hs.Honeycombs(*(np.asarray(r[name]) for name in fields))
    return StoredHoneycombs(
        candidates,
        np.asarray(r["log_odds"]),
        np.asarray(r["difficulty"]),
        np.asarray(r["nyt_used"]),
        np.asarray(r["never_combined_pairs"]),
    )


@dataclass(frozen=True)
class HoneycombWords:
    """The words of the custom list that a generated puzzle may hold: listed or maybe."""

    words: list[str]
    masks: np.ndarray
    listed: np.ndarray
    maybe: np.ndarray
    probability: np.ndarray


def honeycomb_words(con: Connection) -> HoneycombWords:
    """Return the listed and maybe words of the custom Spelling Bee list."""
    r = warehouse.run(con, "generate/spelling_bee_words", {"game": SPELLING_BEE.name}).fetchnumpy()
    return HoneycombWords(
        [str(w) for w in r["word"]],
        np.asarray(r["mask"]),
        np.asarray(r["included"]),
        np.asarray(r["maybe"]),
        np.asarray(r["probability"]),
    )


def publishable(stored: StoredHoneycombs, request: Request) -> np.ndarray:
    """Return which honeycombs may be drawn: no letter pair the NYT never combined, no offensive
    or hand-edited word, at most MAX_EXPECTED_ERRORS expected errors, not the NYT's own (unless
    allowed), and in the difficulty asked for."""
    candidates = stored.candidates
    return (
        (stored.never_combined_pairs == 0)
        & (candidates.unpublishable_words == 0)
        & (candidates.expected_errors <= MAX_EXPECTED_ERRORS)
        & (request.allow_nyt | ~stored.nyt_used)
        & request.difficulty.holds(stored.difficulty)
    )


def since_log_odds(con: Connection, stored: StoredHoneycombs, since: dt.date) -> np.ndarray:
    """Return the candidates' log-odds under the style of the NYT's puzzles from `since` on."""
    nyt, _ = learned.nyt_honeycombs(con)
    recent = nyt.since(day_number(since))
    if len(recent.day) < 10:
        raise UserError(f"--since {since}: only {len(recent.day)} NYT puzzles to learn from")
    model = hs.fit_likeness(stored.candidates, recent, nyt)
    return hs.likeness_scores(model, stored.candidates, nyt, int(nyt.day.max()) + 1)


def recent_nyt_style(
    stored: StoredHoneycombs, nyt: hs.NytPuzzles, difficulty: Difficulty
) -> hs.RecentStyle:
    """Return the NYT's puzzles of the last year (those of the difficulty asked for) that a
    draw is matched to."""
    rows, days, reused = learned.reference_rows_and_days(stored.candidates, nyt)
    kept = difficulty.holds(stored.difficulty[rows])
    until = int(nyt.day.max()) + 1 if len(nyt.day) else 0
    return hs.recent_style(rows[kept], days[kept], reused[kept], until)


@dataclass(frozen=True)
class HoneycombDraws:
    """What drawing Spelling Bee puzzles reads, read once: the stored honeycombs with their
    log-odds (stored, or refitted for --since), the NYT's puzzles and the custom list's words."""

    stored: StoredHoneycombs
    log_odds: np.ndarray
    nyt: hs.NytPuzzles
    words: HoneycombWords

    @classmethod
    def of(cls, con: Connection, since: dt.date | None) -> HoneycombDraws:
        """Return what the draws read, in the stored style or that of the NYT from `since` on."""
        stored = stored_honeycombs(con)
        log_odds = stored.log_odds if since is None else since_log_odds(con, stored, since)
        nyt, _ = learned.nyt_honeycombs(con)
        return cls(stored, log_odds, nyt, honeycomb_words(con))

    def records(self, request: Request) -> list[dict]:
        """Return the records of a draw of `request.count` puzzles (fewer when fewer can be
        published)."""
        stored, log_odds = self.stored, self.log_odds
        pool = np.flatnonzero(publishable(stored, request))
        reused = np.isin(stored.candidates.letters_mask[pool], self.nyt.letters_mask)
        recent = recent_nyt_style(stored, self.nyt, request.difficulty)
        rng = np.random.default_rng(request.seed)
        chosen = hs.draw_like_recent(
            stored.candidates, pool, log_odds[pool], reused, recent, request.count, rng
        )
        return [
            honeycomb_record(request, index, stored, int(row), log_odds[row], self.words)
            for index, row in enumerate(chosen.tolist())
        ]


def generate(con: Connection, request: Request) -> list[dict]:
    """Return the generated Spelling Bee puzzles' records."""
    return HoneycombDraws.of(con, request.since).records(request)


def honeycomb_record(
    request: Request,
    index: int,
    stored: StoredHoneycombs,
    row: int,
    log_odds: float,
    words: HoneycombWords,
) -> dict:
    """Return one generated Spelling Bee puzzle in `pipeline export spelling-bee`'s key names."""
    candidates = stored.candidates
    letters_mask, center_bit = int(candidates.letters_mask[row]), int(candidates.center_bit[row])
    fits = ((words.masks & ~letters_mask) == 0) & ((words.masks & center_bit) != 0)
    center = ALPHABET[center_bit.bit_length() - 1]
    others = "".join(
        letter for i, letter in enumerate(ALPHABET) if letters_mask >> i & 1 and letter != center
    )
    listed = [words.words[i] for i in np.flatnonzero(fits & words.listed).tolist()]
    puzzle = Puzzle(center, others)  # its mask computed once, not once a word
    answers = scoring.order_answers(listed, puzzle)
    points = scoring.total_score(answers, puzzle)
    ranks = dict(scoring.rank_thresholds(points))
    unsure = np.flatnonzero(fits & words.maybe)
    low_share = int(candidates.low_frequency_points[row]) / max(points, 1)
    return {
        "id": generated_id(request, index),
        "center": center,
        "others": others,
        "answers": answers,
        "pangrams": [w for w in answers if scoring.is_pangram(w, puzzle)],
        "points": points,
        "word_count": len(answers),
        "genius": ranks["Genius"],
        "ranks": ranks,
        "maybe": [
            {"word": words.words[i], "probability": round(float(words.probability[i]), 4)}
            for i in unsure.tolist()
            if not words.listed[i]
        ],
        "unsure": [
            {"word": words.words[i], "probability": round(float(words.probability[i]), 4)}
            for i in unsure.tolist()
            if words.listed[i]
        ],
        "likeness": round(float(hs.likeness(np.array([log_odds]))[0]), 4),
        "difficulty": {
            "percentile": round(float(stored.difficulty[row]), 1),
            "word_count": len(answers),
            "points": points,
            "low_frequency_share": round(low_share, 4),
            "longest_pangram": int(candidates.longest_pangram[row]),
        },
        "expected_errors": round(float(candidates.expected_errors[row]), 4),
    }


def clue_count(record: dict) -> str:
    """Return how many of a record's answers have a clue (`clues`: none without them)."""
    if "clues" not in record:
        return ""
    clued = sum(clue["clue"] is not None for clue in record["clues"])
    return f", a clue to {clued} of its {plural(len(record['clues']), 'answer')}"


def format_records(records: list[dict]) -> str:
    """Return generated Spelling Bee puzzles as text: letters, size, ranks and the pangrams
    hidden behind their first letters, so that the text can be played."""
    blocks = []
    for record in records:
        difficulty = record["difficulty"]
        hidden = ", ".join(p[0].upper() + "." * (len(p) - 1) for p in record["pangrams"])
        blocks.append(
            f"{record['id']}: {record['center'].upper()} / {record['others'].upper()}  "
            f"{record['word_count']} words, {record['points']} points "
            f"(Genius {record['genius']}), {plural(len(record['pangrams']), 'pangram')}: "
            f"{hidden}\n"
            f"  difficulty {difficulty['percentile']:.0f} (harder than that share of the NYT's "
            f"recent puzzles), likeness {record['likeness']:.2f}, expected errors "
            f"{record['expected_errors']:.2f}, {plural(len(record['maybe']), 'maybe word')}"
            + clue_count(record)
        )
    return "\n".join(blocks)
