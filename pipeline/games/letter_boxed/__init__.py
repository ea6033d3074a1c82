"""Letter Boxed: its records (`records.py`), what the game adds to each stage (`hooks.py`, naming
the modules that do the work: `archive.py`, `today.py`, `style.py`, `solutions.py`), its commands
(`cli.py`), how its boards are generated (`generate.py`, `generator.py`) and played (`play.py`,
`api.py`). Import-light: each module loads when it is first used."""
