"""The `pipeline` command line; its commands live in `pipeline/cli/app.py`, loaded when run."""


def main() -> None:
    """Entry point of the console script (`pipeline`)."""
    from pipeline.cli.app import main as run_app

    run_app()
