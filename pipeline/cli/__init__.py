"""The `pipeline` command line; its commands live in `pipeline/cli/app.py`, loaded when run."""

import sys


def main() -> None:
    """Entry point of the console script (`pipeline`)."""
    from pipeline.cli.interrupts import hear_ctrl_c

    hear_ctrl_c()  # first: before the imports, which take a quarter of a second
    from pipeline.errors import INTERRUPTED, USAGE, UserError

    try:
        from pipeline.cli.app import main as run_app
    except UserError as error:  # the registry, read at start-up: PIPELINE_GAMES names no game
        print(f"error: {error}", file=sys.stderr)
        sys.exit(USAGE)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(INTERRUPTED)
    run_app()
