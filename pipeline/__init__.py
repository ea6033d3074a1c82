"""NYT Spelling Bee and Letter Boxed dictionary builder; the version lives in pyproject.toml."""


def __getattr__(name: str) -> str:
    """Return `__version__` from the installed metadata, read only when asked for (it is slow)."""
    if name != "__version__":
        raise AttributeError(name)
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("nyt-word-pipeline")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0+unknown"
