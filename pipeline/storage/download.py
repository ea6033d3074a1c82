"""Fetch source pages politely into the download cache: `https://HOST/PATH` -> `CACHE/HOST/PATH`.

Lookup order: the cache, then the read-only mirror, then (unless offline) the network.
Bodies are written atomically (temp file in the same folder, fsync, `os.replace`), so a file in
the cache is always a complete body. Network trouble never raises: it comes back as a `Fetched`
with origin "error" so a scrape can record it and go on. After a few connection failures in a row
to one host, the host is not asked again for the rest of the run (origin "unreachable"), so a
scrape without network ends in seconds instead of retrying every URL.
"""

from __future__ import annotations

import contextlib
import email.utils
import glob
import logging
import os
import random
import re
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal
from urllib.parse import unquote, urlsplit

from pipeline import __version__, config
from pipeline.errors import UserError

if TYPE_CHECKING:
    import requests  # loaded at the first request: reading the cache and the mirror needs none

USER_AGENT = f"nyt-word-pipeline/{__version__} (+https://github.com/; word-game research)"
TEMP_SUFFIX = ".part"  # temp files are `.NAME.XXXX.part`; readers of the cache should skip them
STALE_SECONDS = 600  # a temp file this old was left by a killed download: the next one removes it
CHUNK_SIZE = 64 * 1024
MISSING_STATUSES = frozenset({404, 410})
INDEX_NAME = "index.html"  # the file a URL ending in "/" is stored as
UNREACHABLE_AFTER = 3  # connection failures in a row after which a host is not asked again
CONNECT_TIMEOUT = 5.0  # seconds to open a connection: a host that drops packets fails fast

_HOST_RE = re.compile(r"[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?")

log = logging.getLogger(__name__)

Origin = Literal["cache", "mirror", "network", "missing", "offline", "unreachable", "error"]


@dataclass(frozen=True)
class Fetched:
    """The outcome of fetching one URL: where its body is (if anywhere) and how it got there."""

    url: str
    path: Path | None
    origin: Origin
    status: int | None = None
    error: str | None = None
    attempts: int = 0

    def body(self) -> bytes:
        """Return the body's bytes."""
        if self.path is None:
            raise ValueError(f"no body for {self.url} (origin {self.origin})")
        return self.path.read_bytes()

    def text(self) -> str:
        """Return the body decoded as UTF-8, with undecodable bytes replaced."""
        return self.body().decode("utf-8", errors="replace")


@dataclass(frozen=True)
class _Attempt:
    """The outcome of one request: done (saved, missing or a fatal status) or worth retrying."""

    outcome: Literal["saved", "missing", "fatal", "retry"]
    status: int | None = None
    reason: str = ""
    retry_after: float | None = None
    no_connection: bool = False  # refused, DNS failure, connect timeout: no server answered


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
    import requests
    import urllib3.exceptions

    mid_body = bool(error.args) and isinstance(error.args[0], urllib3.exceptions.ReadTimeoutError)
    return isinstance(error, requests.Timeout) or mid_body


def _is_connection_failure(error: requests.RequestException) -> bool:
    """Return True when no server took the request: refused, DNS failure, connect timeout."""
    import requests

    if isinstance(error, requests.ConnectTimeout):
        return True
    return isinstance(error, requests.ConnectionError) and not _is_timeout(error)


def _describe(error: requests.RequestException) -> str:
    """Return a short reason for a failed request: timeout, truncated body or connection error."""
    import requests

    if _is_timeout(error):
        return "timeout"
    if isinstance(error, requests.exceptions.ChunkedEncodingError):
        return "truncated body"
    return "connection error"


def _host_of(url: str) -> str:
    """Return the host (and port) of a URL, lower case: the unit of politeness and cut-offs."""
    return urlsplit(url).netloc.lower()


def _plural(count: int, noun: str) -> str:
    """Return "1 attempt" or "5 attempts"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _write_atomically(path: Path, response: requests.Response) -> None:
    """Stream a response body into `path` via a synced temp file; leave nothing on failure."""
    path.parent.mkdir(parents=True, exist_ok=True)
    sweep_stale_temp_files(path)
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


def sweep_stale_temp_files(path: Path) -> None:
    """Remove the temp files of `path` that a killed download left (older than STALE_SECONDS;
    a younger one may belong to a download still running in another process)."""
    cutoff = time.time() - STALE_SECONDS
    for stale in path.parent.glob(f".{glob.escape(path.name)}.*{TEMP_SUFFIX}"):
        with contextlib.suppress(FileNotFoundError):
            if stale.stat().st_mtime < cutoff:
                stale.unlink()


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
        connect_timeout: float = CONNECT_TIMEOUT,
        unreachable_after: int = UNREACHABLE_AFTER,
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
        self.connect_timeout = connect_timeout
        self.unreachable_after = unreachable_after
        self._session = session
        # Maps the logical URL (the cache key) to the URL actually requested; tests use it.
        self.url_rewrite = url_rewrite
        self._next_start: dict[str, float] = {}
        self._connection_failures: dict[str, int] = {}  # in a row, per host
        self.unreachable_hosts: set[str] = set()
        self._host_lock = threading.Lock()

    @classmethod
    def from_env(cls, offline: bool = False) -> Downloader:
        """Return a Downloader on the configured cache and mirror; offline if asked or if set."""
        return cls(config.raw_dir(), config.mirror_dir(), offline or config.offline_from_env())

    @property
    def session(self) -> requests.Session:
        """The HTTP session, made at the first request."""
        with self._host_lock:
            if self._session is None:
                self._session = self._new_session()
            return self._session

    @staticmethod
    def _new_session() -> requests.Session:
        """Return a session that names the project in its User-Agent."""
        import requests

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

    def is_unreachable(self, url: str) -> bool:
        """Return True when the host of `url` is no longer asked in this run."""
        return _host_of(url) in self.unreachable_hosts

    def fetch(self, url: str, *, refresh: bool = False) -> Fetched:
        """Return the body of `url` from the cache, the mirror or the network, in that order.

        `refresh` skips the cache and the mirror, but only when the network is allowed and the
        host is reachable.
        """
        unreachable = self.is_unreachable(url)
        if not refresh or self.offline or unreachable:
            stored = self.stored(url)
            if stored is not None:
                return stored
        if self.offline:
            return Fetched(url, None, "offline")
        if unreachable:
            return Fetched(url, None, "unreachable")
        return self._download(url, self.cache_path(url))

    def stored(self, url: str) -> Fetched | None:
        """Return the cached copy of `url`, else the mirrored one, else None (no network)."""
        path = self.cache_path(url)
        if path.is_file():
            return Fetched(url, path, "cache")
        mirrored = self.mirror_path(url)
        if mirrored is not None and mirrored.is_file():
            return Fetched(url, mirrored, "mirror")
        return None

    def _download(self, url: str, path: Path) -> Fetched:
        """Request `url` until it is saved, missing, refused, or the retries run out."""
        host = _host_of(url)
        request_url = self.url_rewrite(url) if self.url_rewrite else url
        attempt = _Attempt("retry")
        tries = 0
        cut_off = False  # the host has just been given up on, which was said once already
        for number in range(self.retries + 1):
            if number:
                time.sleep(self._retry_wait(number - 1, attempt.retry_after))
            self._wait_for_host(host)
            attempt = self._attempt(request_url, path)
            tries = number + 1
            cut_off = self._note_answer(host, attempt)
            if cut_off:
                break
            if attempt.outcome == "saved":
                return Fetched(url, path, "network", attempt.status, attempts=tries)
            if attempt.outcome == "missing":
                return Fetched(url, None, "missing", attempt.status, attempts=tries)
            if attempt.outcome == "fatal":
                return Fetched(url, None, "error", attempt.status, attempt.reason, tries)
            log.info("retrying %s after %s (attempt %d)", url, attempt.reason, tries)
        else:
            if attempt.reason == "timeout" and not attempt.no_connection:
                # A host that answers no request in time is as good as unreachable, but one
                # slow file is not: a URL that timed out on every try counts as one failure.
                cut_off = self._count_failure(host)
        reason = f"{attempt.reason} after {_plural(tries, 'attempt')}"
        log.log(logging.INFO if cut_off else logging.WARNING, "giving up on %s: %s", url, reason)
        return Fetched(url, None, "error", attempt.status, reason, tries)

    def _note_answer(self, host: str, attempt: _Attempt) -> bool:
        """Reset the host's failure count on any HTTP answer, count a failure to connect; return
        True when the host is unreachable and the URL should not be tried again."""
        if attempt.no_connection:
            return self._count_failure(host)
        if attempt.status is not None:
            with self._host_lock:
                self._connection_failures[host] = 0
        return False

    def _count_failure(self, host: str) -> bool:
        """Count one connection failure to `host`; return True once it is unreachable (saying so
        once on stderr)."""
        with self._host_lock:
            if host in self.unreachable_hosts:
                return True
            failures = self._connection_failures.get(host, 0) + 1
            self._connection_failures[host] = failures
            if failures < self.unreachable_after:
                return False
            self.unreachable_hosts.add(host)
        print(
            f"{host} unreachable after {_plural(failures, 'connection failure')}: "
            "using cached and mirrored copies only",
            file=sys.stderr,
        )
        return True

    def _attempt(self, request_url: str, path: Path) -> _Attempt:
        """Make one request and save a successful body; classify what happened."""
        import requests

        timeouts = (min(self.connect_timeout, self.timeout), self.timeout)
        bad_request_url = (
            requests.exceptions.InvalidURL,
            requests.exceptions.MissingSchema,
            requests.exceptions.InvalidSchema,
        )
        try:
            with self.session.get(request_url, timeout=timeouts, stream=True) as response:
                return self._handle(response, path)
        except _TruncatedBody:
            return _Attempt("retry", 200, "truncated body")
        except bad_request_url:
            raise  # a bug in the caller or the rewrite, not network trouble
        except requests.RequestException as error:
            status = error.response.status_code if error.response is not None else None
            no_connection = _is_connection_failure(error)
            return _Attempt("retry", status, _describe(error), no_connection=no_connection)

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
