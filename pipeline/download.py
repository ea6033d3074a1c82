"""Fetch source pages politely into the download cache: `https://HOST/PATH` -> `CACHE/HOST/PATH`.

Lookup order: the cache, then the read-only mirror, then (unless offline) the network.
Bodies are written atomically (temp file in the same folder, fsync, `os.replace`), so a file in
the cache is always a complete body. Network trouble never raises: it comes back as a `Fetched`
with origin "error" so a scrape can record it and go on.
"""

from __future__ import annotations

import email.utils
import logging
import os
import random
import re
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal
from urllib.parse import unquote, urlsplit

import requests
import urllib3.exceptions

from pipeline import __version__, config
from pipeline.errors import UserError

USER_AGENT = f"nyt-word-pipeline/{__version__} (+https://github.com/; word-game research)"
TEMP_SUFFIX = ".part"  # temp files are `.NAME.XXXX.part`; readers of the cache should skip them
CHUNK_SIZE = 64 * 1024
MISSING_STATUSES = frozenset({404, 410})
INDEX_NAME = "index.html"  # the file a URL ending in "/" is stored as

_HOST_RE = re.compile(r"[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?")

_BAD_REQUEST_URL = (
    requests.exceptions.InvalidURL,
    requests.exceptions.MissingSchema,
    requests.exceptions.InvalidSchema,
)

log = logging.getLogger(__name__)

Origin = Literal["cache", "mirror", "network", "missing", "offline", "error"]


@dataclass(frozen=True)
class Fetched:
    """The outcome of fetching one URL: where its body is (if anywhere) and how it got there."""

    url: str
    path: Path | None
    origin: Origin
    status: int | None = None
    error: str | None = None
    attempts: int = 0

    def text(self) -> str:
        """Return the body decoded as UTF-8, with undecodable bytes replaced."""
        if self.path is None:
            raise ValueError(f"no body for {self.url} (origin {self.origin})")
        return self.path.read_bytes().decode("utf-8", errors="replace")


@dataclass(frozen=True)
class _Attempt:
    """The outcome of one request: done (saved, missing or a fatal status) or worth retrying."""

    outcome: Literal["saved", "missing", "fatal", "retry"]
    status: int | None = None
    reason: str = ""
    retry_after: float | None = None


class _TruncatedBody(Exception):
    """The server declared a Content-Length that the body did not reach."""


def relative_cache_path(url: str) -> Path:
    """Return `HOST/PATH` for an http(s) URL, refusing anything that could leave the cache."""
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"}:
        raise UserError(f"refusing URL {url!r}: only http and https URLs can be cached")
    if parts.query or parts.fragment:
        raise UserError(f"refusing URL {url!r}: query strings and fragments are not cached")
    host = parts.netloc.lower()
    if not _HOST_RE.fullmatch(host) or ".." in host:
        raise UserError(f"refusing URL {url!r}: bad host {parts.netloc!r}")
    segments = parts.path.split("/")[1:] if parts.path else [""]
    if segments[-1] == "":
        segments[-1] = INDEX_NAME
    for segment in segments:
        name = unquote(segment)
        if name in {"", ".", ".."} or "/" in name or "\\" in name or "\x00" in name:
            raise UserError(f"refusing URL {url!r}: unsafe path segment {segment!r}")
    return Path(host.replace(":", "_"), *segments)


def _inside(path: Path, root: Path) -> Path:
    """Return `path`, or raise UserError when it resolves outside `root`."""
    if not path.resolve().is_relative_to(root.resolve()):
        raise UserError(f"refusing path {path}: it is outside {root}")
    return path


def _retry_after_seconds(value: str | None) -> float | None:
    """Return the wait a Retry-After header asks for (seconds or an HTTP date), or None."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def _is_timeout(error: requests.RequestException) -> bool:
    """Return True when a request timed out, before the headers or in the middle of the body."""
    mid_body = bool(error.args) and isinstance(error.args[0], urllib3.exceptions.ReadTimeoutError)
    return isinstance(error, requests.Timeout) or mid_body


def _describe(error: requests.RequestException) -> str:
    """Return a short reason for a failed request: timeout, truncated body or connection error."""
    if _is_timeout(error):
        return "timeout"
    if isinstance(error, requests.exceptions.ChunkedEncodingError):
        return "truncated body"
    return "connection error"


def _plural(count: int, noun: str) -> str:
    """Return "1 attempt" or "5 attempts"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _write_atomically(path: Path, response: requests.Response) -> None:
    """Stream a response body into `path` via a synced temp file; leave nothing on failure."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as out:
            for chunk in response.iter_content(CHUNK_SIZE):
                out.write(chunk)
            _check_complete(response)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp_name, 0o644)
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def _check_complete(response: requests.Response) -> None:
    """Raise _TruncatedBody when fewer bytes came over the wire than Content-Length declared."""
    declared = response.headers.get("Content-Length", "")
    wire_bytes = getattr(response.raw, "tell", None)
    if declared.isdigit() and callable(wire_bytes) and wire_bytes() != int(declared):
        raise _TruncatedBody(f"{wire_bytes()} of {declared} bytes")


class Downloader:
    """Fetches URLs into the cache, reading the cache and mirror first and retrying politely."""

    def __init__(
        self,
        cache_dir: Path,
        mirror_dir: Path | None = None,
        offline: bool = False,
        *,
        timeout: float = 20.0,
        retries: int = 4,
        backoff: float = 1.0,
        max_backoff: float = 60.0,
        host_delay: float = 0.5,
        session: requests.Session | None = None,
        url_rewrite: Callable[[str], str] | None = None,
    ) -> None:
        self.cache_dir = Path(cache_dir)
        self.mirror_dir = Path(mirror_dir) if mirror_dir is not None else None
        self.offline = offline
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.host_delay = host_delay
        self.session = session or self._new_session()
        # Maps the logical URL (the cache key) to the URL actually requested; tests use it.
        self.url_rewrite = url_rewrite
        self._next_start: dict[str, float] = {}
        self._host_lock = threading.Lock()

    @classmethod
    def from_env(cls, offline: bool = False) -> Downloader:
        """Return a Downloader on the configured cache and mirror; offline if asked or if set."""
        return cls(config.raw_dir(), config.mirror_dir(), offline or config.offline_from_env())

    @staticmethod
    def _new_session() -> requests.Session:
        """Return a session that names the project in its User-Agent."""
        session = requests.Session()
        session.headers["User-Agent"] = USER_AGENT
        return session

    def cache_path(self, url: str) -> Path:
        """Return where the body of `url` is (or would be) stored in the cache."""
        return _inside(self.cache_dir / relative_cache_path(url), self.cache_dir)

    def mirror_path(self, url: str) -> Path | None:
        """Return where the body of `url` would be in the mirror, or None without a mirror."""
        if self.mirror_dir is None:
            return None
        return _inside(self.mirror_dir / relative_cache_path(url), self.mirror_dir)

    def fetch(self, url: str, *, refresh: bool = False) -> Fetched:
        """Return the body of `url` from the cache, the mirror or the network, in that order.

        `refresh` skips the cache and the mirror, but only when the network is allowed.
        """
        path = self.cache_path(url)
        mirrored = self.mirror_path(url)
        use_stored = not refresh or self.offline
        if use_stored and path.is_file():
            return Fetched(url, path, "cache")
        if use_stored and mirrored is not None and mirrored.is_file():
            return Fetched(url, mirrored, "mirror")
        if self.offline:
            return Fetched(url, None, "offline")
        return self._download(url, path)

    def _download(self, url: str, path: Path) -> Fetched:
        """Request `url` until it is saved, missing, refused, or the retries run out."""
        host = urlsplit(url).netloc.lower()
        request_url = self.url_rewrite(url) if self.url_rewrite else url
        attempt = _Attempt("retry")
        for number in range(self.retries + 1):
            if number:
                time.sleep(self._retry_wait(number - 1, attempt.retry_after))
            self._wait_for_host(host)
            attempt = self._attempt(request_url, path)
            tries = number + 1
            if attempt.outcome == "saved":
                return Fetched(url, path, "network", attempt.status, attempts=tries)
            if attempt.outcome == "missing":
                return Fetched(url, None, "missing", attempt.status, attempts=tries)
            if attempt.outcome == "fatal":
                return Fetched(url, None, "error", attempt.status, attempt.reason, tries)
            log.info("retrying %s after %s (attempt %d)", url, attempt.reason, tries)
        tries = self.retries + 1
        reason = f"{attempt.reason} after {_plural(tries, 'attempt')}"
        log.warning("giving up on %s: %s", url, reason)
        return Fetched(url, None, "error", attempt.status, reason, tries)

    def _attempt(self, request_url: str, path: Path) -> _Attempt:
        """Make one request and save a successful body; classify what happened."""
        try:
            with self.session.get(request_url, timeout=self.timeout, stream=True) as response:
                return self._handle(response, path)
        except _TruncatedBody:
            return _Attempt("retry", 200, "truncated body")
        except _BAD_REQUEST_URL:
            raise  # a bug in the caller or the rewrite, not network trouble
        except requests.RequestException as error:
            status = error.response.status_code if error.response is not None else None
            return _Attempt("retry", status, _describe(error))

    def _handle(self, response: requests.Response, path: Path) -> _Attempt:
        """Save a 2xx body; report 404/410 as missing, 429/5xx as retryable, the rest as fatal."""
        status = response.status_code
        if 200 <= status < 300:
            _write_atomically(path, response)
            return _Attempt("saved", status)
        if status in MISSING_STATUSES:
            return _Attempt("missing", status)
        if status == 429 or status >= 500:
            wait = _retry_after_seconds(response.headers.get("Retry-After"))
            return _Attempt("retry", status, f"HTTP {status}", wait)
        return _Attempt("fatal", status, f"HTTP {status}")

    def _retry_wait(self, retry_index: int, retry_after: float | None) -> float:
        """Return the pause before retry number `retry_index` (0-based), capped by max_backoff."""
        if retry_after is not None:
            return min(retry_after, self.max_backoff)
        delay = self.backoff * 2**retry_index * (1 + random.uniform(0, 0.1))
        return min(delay, self.max_backoff)

    def _wait_for_host(self, host: str) -> None:
        """Sleep until at least host_delay has passed since the last request to `host` began."""
        with self._host_lock:
            now = time.monotonic()
            start = max(now, self._next_start.get(host, now))
            self._next_start[host] = start + self.host_delay
        if start > now:
            time.sleep(start - now)
