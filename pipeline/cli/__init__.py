"""The `pipeline` command line; its commands live in `pipeline/cli/app.py`, loaded when run."""

import sys


def main() -> None:
    """Entry point of the console script (`pipeline`)."""
    from pipeline.errors import USAGE, UserError

    try:
        from pipeline.cli.app import main as run_app
    except UserError as error:  # the registry, read at start-up: PIPELINE_GAMES names no game
        print(f"error: {error}", file=sys.stderr)
        sys.exit(USAGE)
    run_app()
