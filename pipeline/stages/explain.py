"""Why the custom dictionary includes or leaves out one word: its lists, verdicts and decision.

Read through a `Reader`: the index the build wrote beside the lists when it is fresh
(storage/explain_index.py), else the warehouse; both answer the same queries."""

from __future__ import annotations

import re
from typing import Any

from pipeline.errors import UserError
from pipeline.games import GAMES, Game
from pipeline.games.hooks import hooks_of
from pipeline.model.buckets import MIN_COMPARABLE
from pipeline.model.clues import clue_among
from pipeline.render.json import records
from pipeline.render.markdown import sections_markdown
from pipeline.render.model import Block, Bullets, Paragraph, Section, TableBlock
from pipeline.render.text import plural
from pipeline.stages.clues import described_words
from pipeline.storage.reader import Reader, require_tables
from pipeline.storage.warehouse import WarehouseReader
from pipeline.table import Table

LAST_VERDICTS = 10
WORD = re.compile(r"[a-z]+")


def normalize(word: str) -> str:
    """Return the word in lower case; anything but letters is a UserError."""
    cleaned = word.strip().lower()
    if not WORD.fullmatch(cleaned):
        raise UserError(f"{word!r} is not a word: use the letters a-z only")
    return cleaned


def custom_entry(reader: Reader, game: Game, word: str) -> Table:
    """Return the word's row of a game's custom dictionary (no row outside its universe)."""
    found = reader.query("explain/custom", {"game": game.name, "word": word})
    return found.select(*(column for column in found.columns if column != "word"))


def known_anywhere(reader: Reader, word: str) -> bool:
    """Return True when the word is in a list, a game's universe, or what a game's word query
    finds (its archive's: an nytbee not-accepted list, an NYT Letter Boxed list)."""
    if reader.query("explain/word", {"word": word}).rows:
        return True
    if reader.table_exists("custom_words") and any(
        custom_entry(reader, game, word).rows for game in GAMES
    ):
        return True
    return any(
        reader.query(name, {"word": word}).rows
        for game in GAMES
        for name in hooks_of(game).explain_queries
    )


def word_evidence(reader: Reader, word: str) -> dict:
    """Return the word's lists, Zipf frequency and wordfreq rank, whether web2 capitalizes it and
    whether it is a first name, what WordNet says of it, and what each game's archive says of it
    (`explain --json`)."""
    entry = reader.query("explain/word", {"word": word})
    found: dict[str, Any] = {
        "lists": [],
        "zipf": None,
        "wordfreq_rank": None,
        "capitalized_in_web2": None,
        "first_name": None,
    }
    if entry.rows:
        known = entry.records()[0]
        found |= {
            "lists": known.lists.split(", "),
            "zipf": round(float(known.zipf or 0), 2),
            "wordfreq_rank": known.wordfreq_rank,
            "capitalized_in_web2": bool(known.capitalized),
            "first_name": bool(known.first_name),
        }
    found["wordnet"] = wordnet_facts(reader, word)
    for game in GAMES:  # every game's archive speaks of the word, whichever games are asked
        found |= hooks_of(game).evidence(reader, word)
    return found


def wordnet_facts(reader: Reader, word: str) -> dict | None:
    """Return what WordNet says of the word (None: it does not know it, or the warehouse has no
    WordNet yet): its base form, parts of speech, sense count, lexicographer files, its most
    frequent sense's gloss and example, and its clue on its own (`pipeline/model/clues.py`)."""
    if not reader.table_exists("wordnet_words"):
        return None
    found = reader.query("explain/wordnet", {"word": word})
    if not found.rows:
        return None
    row = dict(zip(found.columns, found.rows[0], strict=True))
    described = described_words(reader, [word])[word]
    senses, base_form = described.senses, row["base_form"]
    clue = clue_among(word, described, {})  # on its own: no other answer to keep out
    return {
        "base_form": base_form,
        "parts_of_speech": list(row["parts_of_speech"]),
        "sense_count": row["senses"],
        "lexicographer_files": list(row["lexicographer_files"]),
        "gloss": senses[0].gloss,
        "example": senses[0].example,
        "clue": None if clue is None else {"text": clue.text, "example": clue.example},
    }


def wordnet_lines(facts: dict | None) -> list[str]:
    """Return the lines saying what WordNet says of the word and its clue."""
    if facts is None:
        return ["WordNet: not in it (no clue)"]
    lines = [
        f"WordNet: base form {facts['base_form']}; {', '.join(facts['parts_of_speech'])}; "
        f"{plural(facts['sense_count'], 'sense')} "
        f"({', '.join(facts['lexicographer_files'])})",
        f"WordNet's first sense: {facts['gloss']}"
        + (f' (e.g. "{facts["example"]}")' if facts["example"] else ""),
    ]
    clue = facts["clue"]
    if clue is None:
        return [*lines, "clue: none (every gloss says too little once the word is blanked)"]
    example = f' (example: "{clue["example"]}")' if clue["example"] else ""
    return [*lines, f"clue: {clue['text']}{example}"]


def word_lines(reader: Reader, word: str, games: tuple[Game, ...] = GAMES) -> list[str]:
    """Return the lines about the word's lists, Zipf, capitalization and each game's archive."""
    found = word_evidence(reader, word)
    if found["zipf"] is not None:
        rank = found["wordfreq_rank"]
        rank_text = f"wordfreq rank {rank:,}" if rank else "not in wordfreq"
        lines = [
            f"lists: {', '.join(found['lists'])}",
            f"Zipf frequency {found['zipf']:.2f} ({rank_text}); capitalized in web2: "
            f"{_yes_no(found['capitalized_in_web2'])}; a first name: "
            f"{_yes_no(found['first_name'])}",
        ]
    else:
        lines = ["lists: in no word list (known only from the NYT games)"]
    lines += wordnet_lines(found["wordnet"])
    for game in GAMES:  # every game's archive speaks of the word, whichever games are asked
        lines += hooks_of(game).evidence_lines(found)
    return lines


def _yes_no(value: object) -> str:
    """Return yes or no for a flag."""
    return "yes" if value else "no"


def require_built(reader: Reader, game: Game) -> None:
    """Raise a UserError unless the build wrote what explain reads of a game (a warehouse never
    built, or built by an older version; the index is written by this version's build)."""
    if isinstance(reader, WarehouseReader):
        from pipeline.stages.backtest import require_backtest  # numpy loads for the warehouse only

        require_backtest(reader.con, game)


def game_section(reader: Reader, game: Game, word: str) -> Section:
    """Return the section on one game's decision for the word and its past verdicts."""
    require_built(reader, game)
    title = game.title
    custom = custom_entry(reader, game, word)
    if not custom.rows:
        return Section(
            f"{game.name}-{word}",
            f"{title}: not in the universe",
            blocks=(
                Paragraph(
                    f"{word!r} is not a candidate: the {title} universe holds the word-list words "
                    f"of {game.min_length}+ letters and {game.past_answers}, so the custom "
                    "dictionary leaves it out."
                ),
            ),
        )
    entry = dict(zip(custom.columns, custom.rows[0], strict=True))
    verdicts = reader.query("explain/verdicts", {"game": game.name, "word": word})
    blocks: list[Block] = [
        Paragraph(f"reason: {entry['reason']}"),
        Paragraph(probability_line(entry)),
        *(Paragraph(line) for line in rule_lines(reader, game)),
        Paragraph(_verdict_summary(verdicts)),
    ]
    if len(verdicts.rows) > LAST_VERDICTS:
        by_year = verdicts_by_year(verdicts)
        headers = ("year", "eligible", "accepted", "backtest right")
        blocks.append(TableBlock("by-year", by_year, Table(headers, by_year.rows)))
        blocks.append(Paragraph(f"last {LAST_VERDICTS}:"))
    if verdicts.rows:
        rows = [
            (str(date), "accepted" if accepted else "not accepted", _predicted(predicted))
            for date, accepted, predicted in verdicts.rows[-LAST_VERDICTS:]
        ]
        view = Table(("date", "NYT", "backtest predicted"), rows)
        blocks.append(TableBlock("verdicts", verdicts, view))
    return Section(
        f"{game.name}-{word}",
        f"{title}: {'included' if entry['included'] else 'left out'}",
        blocks=tuple(blocks),
    )


def probability_line(entry: dict) -> str:
    """Return the line giving the word's probability, where it comes from, and its tier."""
    if entry["prior_verdicts"]:
        source = (
            f"the rate of {entry['history_size']:,} earlier verdicts on words with its history "
            f"[{entry['history_bucket']}]"
        )
    elif entry.get("factor_1") is not None:
        source = (
            "the new-word model; its evidence bucket "
            f"[{entry['bucket']}] had {entry['bucket_size']:,} earlier new words (rate "
            f"{entry['bucket_rate']:.3f}), its parent evidence (the rate of every earlier new "
            f"word with its flags) gives {entry['parent_probability']:.3f}"
        )
    else:
        source = f"the rate of its evidence bucket's {entry['bucket_size']:,} earlier new words"
    tier = (
        " (maybe tier)"
        if entry["maybe"]
        else " (kept out by the offensive-word guard)"
        if entry["guarded"]
        else ""
    )
    line = f"probability the NYT accepts it: {entry['probability']:.3f}, {source}{tier}"
    if entry.get("factor_1") is not None:
        factors = ", ".join(
            f"{entry[f'factor_{k}']} {entry[f'factor_{k}_weight']:+.2f}" for k in (1, 2, 3)
        )
        line += f"; the largest factors (log-odds): {factors}"
    if entry.get("parent_probability") is not None and entry["bucket_size"] < MIN_COMPARABLE:
        line += (
            f"; its bucket has fewer than {MIN_COMPARABLE} earlier new words, so it reaches 0.5 "
            "only if its parent evidence does"
        )
    return line


def rule_lines(reader: Reader, game: Game) -> list[str]:
    """Return the line stating the game's stored rule (none before the first build)."""
    if not reader.table_exists("dictionary_rules"):
        return []
    rule = reader.query("explain/rule", {"game": game.name})
    return [f"rule: {description}" for (description,) in rule.rows]


def verdicts_by_year(verdicts: Table) -> Table:
    """Return per year (as text) the eligible puzzles of the verdicts, the accepted ones and the
    ones the backtest predicted right."""
    years: dict[str, list[int]] = {}
    for date, accepted, predicted in verdicts.rows:
        counts = years.setdefault(str(date.year), [0, 0, 0])
        counts[0] += 1
        counts[1] += bool(accepted)
        counts[2] += predicted == accepted
    columns = ("year", "eligible", "accepted", "predicted_right")
    return Table(columns, [(year, *counts) for year, counts in sorted(years.items())])


def _verdict_summary(verdicts: Table) -> str:
    """Return one sentence counting the puzzles where the word was eligible."""
    if not verdicts.rows:
        return "never eligible in a past puzzle"
    accepted = sum(1 for value in verdicts.column("accepted") if value)
    return (
        f"eligible in {len(verdicts.rows):,} past puzzles "
        f"({verdicts.rows[0][0]} .. {verdicts.rows[-1][0]}), accepted in {accepted:,}"
    )


def _predicted(value: object) -> str:
    """Return the backtest prediction as a word."""
    return "in" if value else "out"


def explain_sections(reader: Reader, word: str, games: tuple[Game, ...] = GAMES) -> list[Section]:
    """Return the evidence for a word and why each game's custom dictionary includes it or not,
    as sections: the word's lists first, then one section per game."""
    word = normalize(word)
    require_tables(reader, "words", stage_hint="pipeline words")
    require_tables(
        reader,
        *(table for game in GAMES for table in hooks_of(game).explain_tables),
        stage_hint="pipeline scrape",
    )
    if not known_anywhere(reader, word):
        raise UserError(
            f"unknown word {word!r}: in no word list, never a candidate, never an NYT answer"
        )
    header = Section(word, word, level=1, blocks=(Bullets(tuple(word_lines(reader, word))),))
    return [header, *(game_section(reader, game, word) for game in games)]


def explain(reader: Reader, word: str, games: tuple[Game, ...] = GAMES) -> str:
    """Return the evidence for a word as Markdown (what `pipeline explain WORD` prints)."""
    return sections_markdown(explain_sections(reader, word, games))


def explain_record(reader: Reader, word: str, games: tuple[Game, ...] = GAMES) -> dict:
    """Return the evidence for a word as one object: its lists, and per game its custom_words row
    (null outside the universe) and every past verdict."""
    explain(reader, word, games)  # the same checks: a bad or unknown word is a UserError
    word = normalize(word)
    record: dict[str, object] = {"word": word, "evidence": word_evidence(reader, word)}
    for game in games:
        custom = records(custom_entry(reader, game, word))
        verdicts = reader.query("explain/verdicts", {"game": game.name, "word": word})
        record[game.name] = {
            "decision": custom[0] if custom else None,
            "verdicts": records(verdicts),
        }
    return record
