"""NYT Spelling Bee and Letter Boxed dictionary builder; the version lives in pyproject.toml."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("nyt-word-pipeline")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"
