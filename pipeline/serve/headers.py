"""The headers every answer of `pipeline serve` carries, whatever it answers (the page, `/docs`,
the API, an error): a Content-Security-Policy that runs no script but the server's own files and
the inline scripts of the pages it serves, named by their SHA-256 (worked out at start-up from the
text served, so a page edited needs no hash written by hand), no framing by another page (against
clickjacking: `frame-ancestors 'none'`, and `X-Frame-Options` for browsers before CSP 2), no
sniffing of a type (`nosniff`) and no `Referer` sent from the page (a room's code is in its
address). Styles may be inline (`'unsafe-inline'`): the page sets `style` attributes in its
markup, and a style runs no code.

What the HTTP layer answers itself (`protocol.py`: a head too large, a request too slow, no
connection left) carries the same headers with the policy of a JSON answer: nothing at all
(`default-src 'none'`).
"""

from __future__ import annotations

import base64
import hashlib
from html.parser import HTMLParser

NOTHING = "default-src 'none'; frame-ancestors 'none'"  # a JSON answer loads nothing
SAME_FOR_ALL: tuple[tuple[str, str], ...] = (
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
)


class InlineScripts(HTMLParser):
    """The text of each inline `<script>` of a page (one without `src`)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.scripts: list[str] = []
        self._inside: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script" and not any(name == "src" for name, _ in attrs):
            self._inside = []

    def handle_data(self, data: str) -> None:
        if self._inside is not None:
            self._inside.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._inside is not None:
            self.scripts.append("".join(self._inside))
            self._inside = None


def script_hashes(page: str) -> list[str]:
    """Return the CSP source of each inline script of an HTML page: `'sha256-BASE64'`."""
    parser = InlineScripts()
    parser.feed(page)
    parser.close()
    return [
        "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"
        for script in parser.scripts
    ]


def content_security_policy(*pages: str) -> str:
    """Return the policy of the server's answers: its own files, and the inline scripts of
    `pages` by hash."""
    scripts = " ".join(dict.fromkeys(h for page in pages for h in script_hashes(page)))
    return (
        f"default-src 'self'; script-src 'self' {scripts}; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    )


def security_headers(policy: str) -> list[tuple[bytes, bytes]]:
    """Return the headers every answer carries, with this Content-Security-Policy (ASGI's form)."""
    named = (("Content-Security-Policy", policy), *SAME_FOR_ALL)
    return [(name.lower().encode(), value.encode()) for name, value in named]
