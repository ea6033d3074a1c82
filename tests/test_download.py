"""The download cache: lookup order, retries, politeness and atomic writes, on a real server."""

from __future__ import annotations

import gzip
import os
import socket
import time
from pathlib import Path

import pytest
import requests

from pipeline.errors import UserError
from pipeline.storage.download import STALE_SECONDS, TEMP_SUFFIX, USER_AGENT, Downloader, Fetched
from tests.conftest import LocalHTTP, Reply

URL = "https://example.org/puzzles/2024-01-01.json"
PATH = "/puzzles/2024-01-01.json"
BODY = b'{"letters": "abcdefg"}'
# Times chosen far apart, so that a machine busy enough to run a thread a second late cannot
# turn one outcome into another: a server that answers SLOW seconds late against a 0.1 s
# timeout, and a host's requests spaced HOST_DELAY seconds.
SLOW = 5.0
HOST_DELAY = 3.0


def make_downloader(root: Path, server: LocalHTTP, **options: object) -> Downloader:
    """Return a fast Downloader on `root/cache` whose requests go to the local server."""
    settings: dict = dict(timeout=2.0, retries=2, backoff=0.01, max_backoff=0.05, host_delay=0.0)
    settings.update(options)
    return Downloader(root / "cache", url_rewrite=server.rewrite, **settings)


def files_under(folder: Path) -> list[str]:
    """Return every file below `folder` (temp files included), relative and sorted."""
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file())


def closed_port() -> int:
    """Return a port on 127.0.0.1 that nothing listens on, so connections to it are refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_cache_path_is_host_then_path(tmp_path: Path) -> None:
    downloader = Downloader(tmp_path)
    assert downloader.cache_path(URL) == tmp_path / "example.org/puzzles/2024-01-01.json"
    assert downloader.cache_path("https://Example.org/a/") == tmp_path / "example.org/a/index.html"


@pytest.mark.parametrize(
    "url",
    [
        "https://example.org/../escape.json",
        "https://example.org/a/../../escape.json",
        "https://example.org/a/%2e%2e/%2E%2E/escape.json",
        "https://example.org/a/%2Fetc%2Fpasswd",
        "https://example.org/a//b.json",
        "https://../escape.json",
        "https://example.org/a.json?date=2024-01-01",
        "file:///etc/passwd",
        "https:///no-host.json",
    ],
)
def test_urls_that_could_escape_the_cache_are_refused(tmp_path: Path, url: str) -> None:
    with pytest.raises(UserError, match="refusing URL"):
        Downloader(tmp_path).fetch(url)
    assert files_under(tmp_path) == []


def test_cache_hit_makes_no_request(tmp_path: Path, local_http: LocalHTTP) -> None:
    downloader = make_downloader(tmp_path, local_http)
    cached = downloader.cache_path(URL)
    cached.parent.mkdir(parents=True)
    cached.write_bytes(BODY)
    fetched = downloader.fetch(URL)
    assert fetched == Fetched(URL, cached, "cache")
    assert fetched.text() == BODY.decode()
    assert local_http.requests == []


def test_mirror_is_read_and_never_written(tmp_path: Path, local_http: LocalHTTP) -> None:
    mirror = tmp_path / "mirror"
    (mirror / "example.org/puzzles").mkdir(parents=True)
    (mirror / "example.org" / PATH.lstrip("/")).write_bytes(BODY)
    local_http.script("/other.json", [(200, b"fresh")])
    downloader = make_downloader(tmp_path, local_http, mirror_dir=mirror)

    from_mirror = downloader.fetch(URL)
    from_network = downloader.fetch("https://example.org/other.json")

    assert (from_mirror.origin, from_mirror.path) == ("mirror", mirror / "example.org" / PATH[1:])
    assert from_mirror.text() == BODY.decode()
    assert from_network.origin == "network"
    assert files_under(mirror) == ["example.org/puzzles/2024-01-01.json"]
    assert files_under(tmp_path / "cache") == ["example.org/other.json"]
    assert local_http.hits(PATH) == 0


def test_offline_without_cache_makes_no_request(tmp_path: Path, local_http: LocalHTTP) -> None:
    local_http.script(PATH, [(200, BODY)])
    downloader = make_downloader(tmp_path, local_http, offline=True)
    assert downloader.fetch(URL) == Fetched(URL, None, "offline")
    assert downloader.fetch(URL, refresh=True).origin == "offline"
    assert local_http.requests == []


def test_offline_still_reads_the_cache_even_on_refresh(tmp_path: Path) -> None:
    downloader = Downloader(tmp_path, offline=True)
    downloader.cache_path(URL).parent.mkdir(parents=True)
    downloader.cache_path(URL).write_bytes(BODY)
    assert downloader.fetch(URL, refresh=True).origin == "cache"


def test_network_fetch_is_cached_and_names_the_project(
    tmp_path: Path, local_http: LocalHTTP
) -> None:
    local_http.script(PATH, [(200, BODY)])
    downloader = make_downloader(tmp_path, local_http)
    first = downloader.fetch(URL)
    second = downloader.fetch(URL)
    assert first == Fetched(URL, downloader.cache_path(URL), "network", 200, None, 1)
    assert downloader.cache_path(URL).read_bytes() == BODY
    assert second.origin == "cache"
    assert local_http.hits(PATH) == 1
    assert local_http.requests[0].headers["User-Agent"] == USER_AGENT


def test_refresh_downloads_again(tmp_path: Path, local_http: LocalHTTP) -> None:
    local_http.script(PATH, [(200, b"old"), (200, b"new")])
    downloader = make_downloader(tmp_path, local_http)
    downloader.fetch(URL)
    refreshed = downloader.fetch(URL, refresh=True)
    assert (refreshed.origin, refreshed.text()) == ("network", "new")
    assert local_http.hits(PATH) == 2


def test_server_error_then_success_is_retried(tmp_path: Path, local_http: LocalHTTP) -> None:
    local_http.script(PATH, [(500, b"oops"), (200, BODY)])
    fetched = make_downloader(tmp_path, local_http).fetch(URL)
    assert (fetched.origin, fetched.status, fetched.attempts) == ("network", 200, 2)
    assert fetched.text() == BODY.decode()


def test_too_many_requests_honours_retry_after(tmp_path: Path, local_http: LocalHTTP) -> None:
    local_http.script(PATH, [(429, b"slow down", {"Retry-After": "1"}), (200, BODY)])
    downloader = make_downloader(tmp_path, local_http, max_backoff=5.0)
    started = time.monotonic()
    fetched = downloader.fetch(URL)
    assert time.monotonic() - started >= 0.9
    assert (fetched.origin, fetched.attempts) == ("network", 2)


def test_retry_after_is_capped_by_max_backoff(tmp_path: Path, local_http: LocalHTTP) -> None:
    local_http.script(PATH, [(503, b"busy", {"Retry-After": "3600"}), (200, BODY)])
    started = time.monotonic()
    fetched = make_downloader(tmp_path, local_http, max_backoff=0.05).fetch(URL)
    assert time.monotonic() - started < 60  # not the hour asked for, on however busy a machine
    assert fetched.origin == "network"


def test_persistent_server_error_gives_up(tmp_path: Path, local_http: LocalHTTP) -> None:
    local_http.script(PATH, [(503, b"down")])
    fetched = make_downloader(tmp_path, local_http, retries=4).fetch(URL)
    assert fetched == Fetched(URL, None, "error", 503, "HTTP 503 after 5 attempts", 5)
    assert local_http.hits(PATH) == 5
    assert files_under(tmp_path) == []


def test_slow_response_times_out_then_gives_up(tmp_path: Path, local_http: LocalHTTP) -> None:
    # an answer far later than the timeout: a client that a busy machine runs late still waits
    # for nothing (the server's threads sleep on after the test)
    local_http.script(PATH, [Reply(200, BODY, delay=SLOW)])
    fetched = make_downloader(tmp_path, local_http, timeout=0.1).fetch(URL)
    assert (fetched.origin, fetched.error, fetched.attempts) == (
        "error",
        "timeout after 3 attempts",
        3,
    )
    assert fetched.path is None
    assert local_http.hits(PATH) == 3
    assert files_under(tmp_path) == []


def test_stall_in_the_middle_of_the_body_is_a_timeout(
    tmp_path: Path, local_http: LocalHTTP
) -> None:
    local_http.script(PATH, [Reply(200, BODY, truncate_to=5, stall=SLOW), (200, BODY)])
    fetched = make_downloader(tmp_path, local_http, timeout=0.1, retries=0).fetch(URL)
    assert fetched.error == "timeout after 1 attempt"
    assert files_under(tmp_path) == []


def test_truncated_body_is_never_written_and_is_retried(
    tmp_path: Path, local_http: LocalHTTP
) -> None:
    local_http.script(PATH, [Reply(200, BODY, truncate_to=5), (200, BODY)])
    downloader = make_downloader(tmp_path, local_http)
    fetched = downloader.fetch(URL)
    assert (fetched.origin, fetched.attempts) == ("network", 2)
    assert downloader.cache_path(URL).read_bytes() == BODY


def test_compressed_body_is_stored_decoded(tmp_path: Path, local_http: LocalHTTP) -> None:
    local_http.script(PATH, [(200, gzip.compress(BODY), {"Content-Encoding": "gzip"})])
    downloader = make_downloader(tmp_path, local_http)
    assert downloader.fetch(URL).origin == "network"
    assert downloader.cache_path(URL).read_bytes() == BODY


def test_always_truncated_body_leaves_no_file(tmp_path: Path, local_http: LocalHTTP) -> None:
    local_http.script(PATH, [Reply(200, BODY, truncate_to=5)])
    fetched = make_downloader(tmp_path, local_http).fetch(URL)
    assert (fetched.origin, fetched.error) == ("error", "truncated body after 3 attempts")
    assert files_under(tmp_path) == []


@pytest.mark.parametrize("status", [404, 410])
def test_unpublished_page_is_missing_not_an_error(
    tmp_path: Path, local_http: LocalHTTP, status: int
) -> None:
    local_http.script(PATH, [(status, b"no such puzzle")])
    fetched = make_downloader(tmp_path, local_http).fetch(URL)
    assert fetched == Fetched(URL, None, "missing", status, None, 1)
    assert local_http.hits(PATH) == 1
    assert files_under(tmp_path) == []


def test_other_client_errors_are_not_retried(tmp_path: Path, local_http: LocalHTTP) -> None:
    local_http.script(PATH, [(403, b"forbidden")])
    fetched = make_downloader(tmp_path, local_http).fetch(URL)
    assert fetched == Fetched(URL, None, "error", 403, "HTTP 403", 1)
    assert local_http.hits(PATH) == 1


def test_connection_refused_is_an_error_not_an_exception(tmp_path: Path) -> None:
    port = closed_port()
    downloader = Downloader(
        tmp_path,
        retries=1,
        backoff=0.01,
        host_delay=0.0,
        url_rewrite=lambda url: f"http://127.0.0.1:{port}/x.json",
    )
    fetched = downloader.fetch(URL)
    assert (fetched.origin, fetched.error) == ("error", "connection error after 2 attempts")


def test_failed_refresh_keeps_the_cached_file_and_no_temp_files(
    tmp_path: Path, local_http: LocalHTTP
) -> None:
    local_http.script(PATH, [(200, BODY), Reply(200, b"x" * 100_000, truncate_to=50_000)])
    downloader = make_downloader(tmp_path, local_http)
    downloader.fetch(URL)
    refreshed = downloader.fetch(URL, refresh=True)
    assert refreshed.origin == "error"
    assert downloader.cache_path(URL).read_bytes() == BODY
    assert files_under(tmp_path / "cache") == ["example.org/puzzles/2024-01-01.json"]


def test_requests_to_one_host_are_spaced(tmp_path: Path, local_http: LocalHTTP) -> None:
    for name in ("/a.json", "/b.json", "/c.json"):
        local_http.script(name, [(200, b"{}")])
    downloader = make_downloader(tmp_path, local_http, host_delay=HOST_DELAY)
    downloader.fetch("https://example.org/a.json")
    downloader.fetch("https://example.org/b.json")
    started = time.monotonic()
    downloader.fetch("https://other.example.org/c.json")
    # another host waits for nothing: far less than the delay, even on a busy machine
    assert time.monotonic() - started < HOST_DELAY / 2
    first, second, _ = (request.time for request in local_http.requests)
    assert second - first >= HOST_DELAY / 2  # the first request's own lag is not waited for


def test_from_env_reads_the_configuration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIPELINE_RAW", str(tmp_path / "raw"))
    (tmp_path / "mirror").mkdir()  # a mirror that names no folder is an error
    monkeypatch.setenv("PIPELINE_MIRROR", str(tmp_path / "mirror"))
    monkeypatch.setenv("PIPELINE_OFFLINE", "1")
    downloader = Downloader.from_env()
    assert downloader.cache_dir == (tmp_path / "raw").resolve()
    assert downloader.mirror_dir == (tmp_path / "mirror").resolve()
    assert downloader.offline
    monkeypatch.setenv("PIPELINE_OFFLINE", "")
    monkeypatch.delenv("PIPELINE_MIRROR")
    assert not Downloader.from_env().offline
    assert Downloader.from_env(offline=True).offline
    assert Downloader.from_env().mirror_dir is None


def test_text_replaces_bad_bytes_and_needs_a_body(tmp_path: Path) -> None:
    body = tmp_path / "body.txt"
    body.write_bytes(b"caf\xe9")
    assert Fetched("u", body, "cache").text() == "caf\ufffd"
    with pytest.raises(ValueError, match="no body"):
        Fetched("u", None, "missing").text()


def test_own_session_is_used(tmp_path: Path, local_http: LocalHTTP) -> None:
    local_http.script(PATH, [(200, BODY)])
    session = requests.Session()
    session.headers["User-Agent"] = "custom-agent"
    make_downloader(tmp_path, local_http, session=session).fetch(URL)
    assert local_http.requests[0].headers["User-Agent"] == "custom-agent"


# --- a host that does not answer is cut off for the rest of the run ---------------------------


def refused(port: int):
    """Return a url_rewrite that sends every request to a closed port on 127.0.0.1."""
    return lambda url: f"http://127.0.0.1:{port}/x.json"


def test_host_is_cut_off_after_three_connection_failures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    downloader = Downloader(
        tmp_path, retries=4, backoff=0.01, host_delay=0.0, url_rewrite=refused(closed_port())
    )
    first = downloader.fetch(URL)
    second = downloader.fetch("https://example.org/puzzles/2024-01-02.json")
    other_host = downloader.fetch("https://other.example.org/a.json")

    assert (first.origin, first.error, first.attempts) == (
        "error",
        "connection error after 3 attempts",
        3,
    )
    assert second == Fetched("https://example.org/puzzles/2024-01-02.json", None, "unreachable")
    assert (other_host.origin, other_host.attempts) == ("error", 3)
    assert downloader.unreachable_hosts == {"example.org", "other.example.org"}
    assert capsys.readouterr().err.splitlines() == [
        "example.org unreachable after 3 connection failures: using cached and mirrored copies only",
        "other.example.org unreachable after 3 connection failures: "
        "using cached and mirrored copies only",
    ]


def test_failures_count_across_urls_of_one_host(tmp_path: Path) -> None:
    downloader = Downloader(
        tmp_path,
        retries=1,
        backoff=0.01,
        host_delay=0.0,
        unreachable_after=5,
        url_rewrite=refused(closed_port()),
    )
    outcomes = [downloader.fetch(f"https://example.org/{day}.json").origin for day in range(5)]
    assert outcomes == ["error", "error", "error", "unreachable", "unreachable"]


def test_an_unreachable_host_serves_the_stored_copy_even_on_refresh(tmp_path: Path) -> None:
    mirror = tmp_path / "mirror"
    (mirror / "example.org").mkdir(parents=True)
    (mirror / "example.org/mirrored.json").write_bytes(BODY)
    downloader = Downloader(
        tmp_path / "cache",
        mirror,
        retries=2,
        backoff=0.01,
        host_delay=0.0,
        url_rewrite=refused(closed_port()),
    )
    downloader.cache_path(URL).parent.mkdir(parents=True)
    downloader.cache_path(URL).write_bytes(BODY)

    assert downloader.fetch("https://example.org/down.json").origin == "error"  # now cut off
    assert downloader.fetch(URL, refresh=True).origin == "cache"
    assert downloader.fetch("https://example.org/mirrored.json", refresh=True).origin == "mirror"
    assert downloader.fetch("https://example.org/never.json").origin == "unreachable"


def test_any_answer_resets_the_count(tmp_path: Path, local_http: LocalHTTP) -> None:
    """404s, 403s and 500s are answers: only failures in a row to connect cut a host off."""
    port = closed_port()
    local_http.script("/forbidden.json", [(403, b"no")])
    local_http.script("/busy.json", [(500, b"busy")])

    def rewrite(url: str) -> str:
        if "/down" in url:
            return f"http://127.0.0.1:{port}/x.json"
        return local_http.rewrite(url)

    downloader = Downloader(
        tmp_path, retries=1, backoff=0.01, host_delay=0.0, timeout=2.0, url_rewrite=rewrite
    )
    answers = ["missing.json", "forbidden.json", "busy.json"] * 2
    outcomes = []
    for number, answer in enumerate(answers):
        outcomes.append(downloader.fetch(f"https://example.org/down{number}.json").error)
        outcomes.append(downloader.fetch(f"https://example.org/{answer}").origin)
    down = "connection error after 2 attempts"
    assert outcomes == [down, "missing", down, "error", down, "error"] * 2
    assert [downloader.fetch(f"https://example.org/gone{n}.json").origin for n in range(5)] == [
        "missing"
    ] * 5
    assert downloader.unreachable_hosts == set()


def test_a_url_that_always_times_out_counts_once(tmp_path: Path, local_http: LocalHTTP) -> None:
    for number in range(3):
        local_http.script(f"/slow{number}.json", [Reply(200, BODY, delay=SLOW)])
    downloader = make_downloader(tmp_path, local_http, timeout=0.1, retries=1)
    first_two = [downloader.fetch(f"https://example.org/slow{n}.json").error for n in range(2)]
    assert first_two == ["timeout after 2 attempts"] * 2
    assert downloader.unreachable_hosts == set()
    downloader.fetch("https://example.org/slow2.json")
    assert downloader.unreachable_hosts == {"example.org"}


def test_a_killed_downloads_temp_file_is_swept_by_the_next_download(
    tmp_path: Path, local_http: LocalHTTP
) -> None:
    local_http.script(PATH, [(200, BODY)])
    downloader = make_downloader(tmp_path, local_http)
    target = downloader.cache_path(URL)
    target.parent.mkdir(parents=True)
    stale = target.with_name(f".{target.name}.k1ll3d{TEMP_SUFFIX}")
    fresh = target.with_name(f".{target.name}.running{TEMP_SUFFIX}")
    stale.write_bytes(b"half a body")
    fresh.write_bytes(b"another download, still running")
    old = time.time() - STALE_SECONDS - 60
    os.utime(stale, (old, old))

    downloader.fetch(URL)

    assert target.read_bytes() == BODY
    assert not stale.exists()
    assert fresh.exists()
