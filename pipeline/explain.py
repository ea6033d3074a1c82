"""Why the custom dictionary includes or leaves out one word: its lists, verdicts and decision."""

from __future__ import annotations

import re

import duckdb

from pipeline import dictionary, warehouse
from pipeline.errors import UserError
from pipeline.report import GAME_TITLES, Table, fetch_table, use_game
from pipeline.reporting import markdown_table

LAST_VERDICTS = 10
PAST_ANSWERS = {
    "spelling-bee": "every past official answer",
    "letter-boxed": "every word of a past NYT Letter Boxed list",
}
WORD = re.compile(r"[a-z]+")


def normalize(word: str) -> str:
    """Return the word in lower case; anything but letters is a UserError."""
    cleaned = word.strip().lower()
    if not WORD.fullmatch(cleaned):
        raise UserError(f"{word!r} is not a word: use the letters a-z only")
    return cleaned


def query(con: duckdb.DuckDBPyConnection, name: str, word: str) -> Table:
    """Return the rows a named explain query gives for a word."""
    return fetch_table(warehouse.run(con, name, {"word": word}))


def known_anywhere(con: duckdb.DuckDBPyConnection, word: str) -> bool:
    """Return True when the word is in a list, a game's universe, or an nytbee not-accepted list."""
    if query(con, "explain_word", word).rows:
        return True
    for game in dictionary.GAMES:
        if warehouse.table_exists(con, f"{dictionary.TABLE_PREFIX[game]}_custom"):
            use_game(con, game)
            if query(con, "explain_custom", word).rows:
                return True
    return bool(query(con, "explain_not_accepted", word).rows)


def word_lines(con: duckdb.DuckDBPyConnection, word: str) -> list[str]:
    """Return the lines about the word's lists, Zipf, capitalization and NYT lists."""
    entry = query(con, "explain_word", word)
    if entry.rows:
        _, _, sources, zipf, rank, capitalized, first_name = entry.rows[0]
        rank_text = f"wordfreq rank {rank:,}" if rank else "not in wordfreq"
        lines = [
            f"lists: {', '.join(sources)}",
            f"Zipf frequency {zipf or 0:.2f} ({rank_text}); capitalized in web2: "
            f"{_yes_no(capitalized)}; a first name: {_yes_no(first_name)}",
        ]
    else:
        lines = ["lists: in no word list (known only from the NYT games)"]
    days, first_listed, last_listed = query(con, "explain_letter_boxed_lists", word).rows[0]
    lines.append(
        f"NYT Letter Boxed lists: {days:,} days, first {first_listed}, last {last_listed}"
        if days
        else "NYT Letter Boxed lists: never listed"
    )
    rejected = query(con, "explain_not_accepted", word).column("date")
    lines.append(
        f"nytbee 'not accepted': {len(rejected):,} puzzle(s), last {rejected[-1]}"
        + (f" ({', '.join(map(str, rejected[-LAST_VERDICTS:]))})" if rejected else "")
        if rejected
        else "nytbee 'not accepted': never listed"
    )
    return lines


def _yes_no(value: object) -> str:
    """Return yes or no for a flag."""
    return "yes" if value else "no"


def game_section(con: duckdb.DuckDBPyConnection, game: str, word: str) -> str:
    """Return the Markdown section on one game's decision for the word and its past verdicts."""
    use_game(con, game)
    title = GAME_TITLES[game]
    custom = query(con, "explain_custom", word)
    if not custom.rows:
        minimum = dictionary.MIN_LENGTH[game]
        return (
            f"## {title}: not in the universe\n\n{word!r} is not a candidate: the {title} universe "
            f"holds the word-list words of {minimum}+ letters and {PAST_ANSWERS[game]}, so the "
            "custom dictionary leaves it out."
        )
    included, *_, reason = custom.rows[0]
    verdicts = query(con, "explain_verdicts", word)
    lines = [
        f"## {title}: {'included' if included else 'left out'}",
        f"reason: {reason}",
        *rule_lines(con, game),
        _verdict_summary(verdicts),
    ]
    if len(verdicts.rows) > LAST_VERDICTS:
        by_year = query(con, "explain_verdicts_by_year", word)
        headers = ["year", "eligible", "accepted", "backtest right"]
        lines.append(markdown_table(headers, by_year.rows))
        lines.append(f"last {LAST_VERDICTS}:")
    if verdicts.rows:
        rows = [
            (str(date), "accepted" if accepted else "not accepted", _predicted(predicted))
            for date, accepted, predicted in verdicts.rows[-LAST_VERDICTS:]
        ]
        lines.append(markdown_table(["date", "NYT", "backtest predicted"], rows))
    return "\n\n".join(lines)


def rule_lines(con: duckdb.DuckDBPyConnection, game: str) -> list[str]:
    """Return the line stating the game's stored rule (none before the first build)."""
    if not warehouse.table_exists(con, "dictionary_rules"):
        return []
    rule = fetch_table(warehouse.run(con, "explain_rule", {"game": game}))
    return [f"rule: {row[0]}" for row in rule.rows]


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


def explain(word: str, games: tuple[str, ...] = dictionary.GAMES) -> str:
    """Return the evidence for a word and why each game's custom dictionary includes it or not."""
    word = normalize(word)
    con = warehouse.connect(read_only=True)
    warehouse.require_tables(con, "words", stage_hint="pipeline words")
    warehouse.require_tables(
        con, "letter_boxed_dictionary", "spelling_bee_not_accepted", stage_hint="pipeline scrape"
    )
    if not known_anywhere(con, word):
        raise UserError(
            f"unknown word {word!r}: in no word list, never a candidate, never an NYT answer"
        )
    header = "\n".join([f"# {word}", "", *(f"- {line}" for line in word_lines(con, word))])
    return "\n\n".join([header, *(game_section(con, game, word) for game in games)])
