"""The bare script `pipeline bench spelling-bee --batch` times `solve spelling-bee --batch`
against: the words of a stored list filed under their letter sets, and each puzzle's answers
printed, nothing more (no scores, no pangrams, no order, no record).

    python bench/bare_spelling_bee.py WAREHOUSE LIST BATCH

It is what one writes first for the job, after Norvig's notebook: the list's words from the
warehouse, each word's set of letters as a bitmask, a dict from a set to its words, and for each
puzzle (a JSON line with `center` and `others`) the words of the 64 sets made of its center and
any of its other letters, printed as one JSON list. It stands alone (DuckDB and the standard
library only), so its one query is written here.
"""

import json
import sys

import duckdb

WORDS = "SELECT word FROM words WHERE list_contains(sources, $name)"


def letter_set(word: str) -> int:
    """Return the bitmask of a word's letters (bit i: the letter chr(97 + i))."""
    mask = 0
    for letter in word:
        mask |= 1 << (ord(letter) - 97)
    return mask


def main(warehouse: str, name: str, batch: str) -> None:
    """Print the answers of each puzzle of the batch file, one JSON list a line."""
    with duckdb.connect(warehouse, read_only=True) as con:
        words = [word for (word,) in con.execute(WORDS, {"name": name}).fetchall()]
    table: dict[int, list[str]] = {}
    for word in words:
        mask = letter_set(word)
        if len(word) >= 4 and mask.bit_count() <= 7:
            table.setdefault(mask, []).append(word)
    with open(batch, encoding="utf-8") as lines:
        for line in lines:
            puzzle = json.loads(line)
            masks = [letter_set(puzzle["center"])]
            for letter in puzzle["others"]:
                masks += [mask | letter_set(letter) for mask in masks]
            print(json.dumps([word for mask in masks for word in table.get(mask, ())]))


if __name__ == "__main__":
    main(*sys.argv[1:4])
