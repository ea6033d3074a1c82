"""Debian's Chromium for the tests that need a real browser (nothing is downloaded): where it is,
the mark that skips a test without it, and Playwright's browser on it, launched once per module
by the `chromium` fixture (tests/conftest.py)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not on PATH (Debian: apt-get install -y chromium)"
)


@contextmanager
def launched_chromium() -> Iterator[object]:
    """Playwright's browser on the system's Chromium, closed on the way out."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()
