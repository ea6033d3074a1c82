"""Spelling Bee: what the game adds to each stage (`hooks.py`), how its puzzles are generated
(`generate.py`) and played (`play.py`). Import-light: each module loads when it is first used."""
