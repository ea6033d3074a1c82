"""No write forged from another site (serve/forgery.py), against a real server: a write carrying
the player's cookie, or no credential at all, is refused (403) unless the browser says it comes
from the server's own page (`Sec-Fetch-Site`, `Origin`); a bearer token passes from anywhere; a
refused write changes nothing, makes no player and sets no cookie; every write takes a JSON body;
over HTTPS (as a trusted proxy says) the cookie is `__Host-player`, Secure. Then the attack itself
in Chromium: another page, of a sibling origin (same site, another port) and of another site,
whose form and fetch() POST a reveal to the game."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import requests

from pipeline.serve.forgery import FORGED
from tests.chromium import needs_chromium
from tests.command_warehouse import build_command_warehouse
from tests.serving import Running, start_server

DAY = "2024-01-10"
BEE = f"/api/spelling-bee/{DAY}"
CLONE = "https://clone.example"
REFUSED = {"error": FORGED}
NOT_JSON = {
    "error": "a write takes a JSON body ({} at least), sent with Content-Type: application/json"
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    built = build_command_warehouse(tmp_path_factory.mktemp("forgery") / "warehouse.duckdb")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
        yield built


@contextlib.contextmanager
def serving(built: Path, folder: Path, **settings: Any) -> Iterator[Running]:
    """Serve the command warehouse on a new SQLite store, `--cors-origin CLONE`."""
    running = start_server(built, folder / "progress.sqlite", (CLONE,), **settings)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def running(built: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    with serving(built, tmp_path_factory.mktemp("store")) as started:
        yield started


def owners(running: Running) -> int:
    """Return how many players and rooms the store holds."""
    with contextlib.closing(sqlite3.connect(running.store)) as store:
        return store.execute("SELECT count(*) FROM owners").fetchone()[0]


def victim(running: Running) -> dict[str, str]:
    """Return the cookie of a new player of the page who found a word."""
    found = requests.post(
        running.url + f"{BEE}/guess", json={"word": "limb"},
        headers={"Sec-Fetch-Site": "same-origin"}, timeout=30,
    )  # fmt: skip
    assert found.json()["verdict"] == "accepted"
    return {"player": found.cookies["player"]}


def progress(running: Running, cookie: dict[str, str]) -> dict:
    """Return the victim's progress, as their page reads it."""
    return requests.get(running.url + f"{BEE}/progress", cookies=cookie, timeout=30).json()


@pytest.mark.parametrize(
    "sent",
    [
        {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"},
        {"Origin": "http://127.0.0.1:1", "Sec-Fetch-Site": "same-site"},  # a sibling port
        {"Origin": "http://evil.example"},  # a browser without Fetch Metadata
        {"Origin": "null", "Sec-Fetch-Site": "cross-site"},  # a sandboxed frame
        {"Sec-Fetch-Site": "same-site"},
        {},  # the cookie, and nothing that says where the request comes from
    ],
)
def test_a_write_with_the_cookie_from_another_page_is_403_and_changes_nothing(
    running: Running, sent: dict[str, str]
) -> None:
    cookie = victim(running)
    before = owners(running)
    for method, path in (("POST", f"{BEE}/reveal"), ("POST", f"{BEE}/restart"),
                         ("DELETE", "/api/players/me")):  # fmt: skip
        answer = requests.request(
            method, running.url + path, json={}, headers=sent, cookies=cookie, timeout=30
        )
        assert (answer.status_code, answer.json()) == (403, REFUSED), (method, path)
        assert "set-cookie" not in answer.headers
    assert (progress(running, cookie)["found"], progress(running, cookie)["revealed"]) == (
        ["limb"], False,
    )  # fmt: skip
    assert owners(running) == before


@pytest.mark.parametrize(
    "sent",
    [
        {"Sec-Fetch-Site": "same-origin"},
        {"Sec-Fetch-Site": "none"},  # typed or bookmarked
        {"Origin": "OWN"},  # a browser without Fetch Metadata, on the server's own page
        {"Origin": CLONE, "Sec-Fetch-Site": "cross-site"},  # a --cors-origin
    ],
)
def test_a_write_of_the_servers_own_page_or_a_listed_origin_passes(
    running: Running, sent: dict[str, str]
) -> None:
    cookie = victim(running)
    headers = {name: running.url if value == "OWN" else value for name, value in sent.items()}
    answer = requests.post(
        running.url + f"{BEE}/reveal", json={}, headers=headers, cookies=cookie, timeout=30
    )
    assert answer.status_code == 200 and progress(running, cookie)["revealed"] is True


def test_a_bearer_token_passes_from_any_page(running: Running) -> None:
    token = requests.post(running.url + "/api/players", json={}, timeout=30).json()["token"]
    answer = requests.post(
        running.url + f"{BEE}/reveal", json={}, timeout=30, headers={
            "Authorization": f"Bearer {token}", "Origin": "http://evil.example",
            "Sec-Fetch-Site": "cross-site",
        },
    )  # fmt: skip
    assert answer.status_code == 200 and "climbed" in answer.json()["answers"]


def test_a_cross_site_write_without_a_player_makes_no_player_and_no_cookie(
    running: Running,
) -> None:
    before = owners(running)
    cross_site = {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}
    for path in (f"{BEE}/reveal", f"{BEE}/guess", "/api/players", "/api/rooms"):
        answer = requests.post(
            running.url + path, json={"word": "limb"}, headers=cross_site, timeout=30
        )
        assert (answer.status_code, answer.json()) == (403, REFUSED), path
        assert "set-cookie" not in answer.headers
    assert owners(running) == before
    # a script that names no page (curl, the bench) still makes players, rooms and writes
    assert requests.post(running.url + "/api/players", json={}, timeout=30).status_code == 201
    assert requests.post(running.url + "/api/rooms", json={}, timeout=30).status_code == 201
    listed = {"Origin": CLONE, "Sec-Fetch-Site": "cross-site"}
    assert requests.post(running.url + "/api/players", json={}, headers=listed, timeout=30).ok
    assert owners(running) == before + 3


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b"word=limb", "application/x-www-form-urlencoded"),  # an HTML form
        (b'{"word": "limb"}', "text/plain"),  # a form's text/plain trick, or a no-cors fetch
        (b"", None),
    ],
)
def test_a_write_takes_a_json_body(running: Running, body: bytes, content_type: str | None) -> None:
    headers = {"Sec-Fetch-Site": "same-origin"} | (
        {"Content-Type": content_type} if content_type else {}
    )
    for path in (f"{BEE}/guess", f"{BEE}/reveal", "/api/players"):
        answer = requests.post(running.url + path, data=body, headers=headers, timeout=30)
        assert (answer.status_code, answer.json()) == (400, NOT_JSON), path
        assert "set-cookie" not in answer.headers


def test_over_https_behind_a_trusted_proxy_the_cookie_is_host_prefixed_and_secure(
    built: Path, tmp_path: Path
) -> None:
    over_https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    with serving(built, tmp_path, forwarded_allow_ips="127.0.0.1") as running:
        made = requests.post(
            running.url + f"{BEE}/guess", json={"word": "limb"}, timeout=30,
            headers=over_https | {"Sec-Fetch-Site": "same-origin"},
        )  # fmt: skip
        token = made.cookies["__Host-player"]
        cookie = made.headers["set-cookie"]
        assert cookie.startswith(f"__Host-player={token}; HttpOnly; Max-Age=34560000; Path=/;")
        assert cookie.endswith("; SameSite=lax; Secure") and "domain" not in cookie.lower()
        own = over_https | {"Origin": running.url.replace("http://", "https://")}
        for name, word, score in (("__Host-player", "climb", 6), ("player", "bleed", 11)):
            answer = requests.post(
                running.url + f"{BEE}/guess", json={"word": word}, headers=own,
                cookies={name: token}, timeout=30,
            )  # fmt: skip
            assert answer.json()["score"] == score, name  # either name is read
        plain = requests.post(
            running.url + f"{BEE}/guess", json={"word": "limb"}, timeout=30,
            headers=over_https | {"Origin": running.url}, cookies={"__Host-player": token},
        )  # fmt: skip
        assert plain.status_code == 403  # the page is https://: an http:// one is another


def test_an_untrusted_proxy_is_not_believed(running: Running) -> None:
    made = requests.post(
        running.url + f"{BEE}/guess", json={"word": "limb"}, timeout=30,
        headers={"X-Forwarded-Proto": "https", "Sec-Fetch-Site": "same-origin"},
    )  # fmt: skip
    assert made.headers["set-cookie"].startswith("player=")
    assert "secure" not in made.headers["set-cookie"].lower()
    https = {"X-Forwarded-Proto": "https", "Origin": running.url.replace("http:", "https:")}
    refused = requests.post(
        running.url + f"{BEE}/reveal", json={}, headers=https, cookies=made.cookies, timeout=30
    )
    assert refused.status_code == 403


class Attacker(BaseHTTPRequestHandler):
    """Another page: a form that auto-POSTs a reveal to the game, after fetch() tried it too."""

    target = ""

    def do_GET(self) -> None:
        reveal = f"{self.target}{BEE}/reveal"
        page = f"""<!doctype html><title>a prize</title>
<form id="f" method="POST" action="{reveal}" enctype="text/plain">
<input name='{{"x": "' value='"}}'></form>
<script>
const sent = {{method: "POST", credentials: "include", mode: "no-cors", body: "{{}}"}};
fetch("{reveal}", sent).catch(() => null)
  .then(() => fetch("{self.target}/api/players", sent)).catch(() => null)
  .then(() => document.getElementById("f").submit());
</script>"""
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(page.encode())

    def log_message(self, format: str, *args: object) -> None:
        pass


@needs_chromium
def test_another_pages_form_and_fetch_cannot_reveal_for_the_player_or_replace_their_cookie(
    running: Running, chromium
) -> None:
    handler = type("ThisAttacker", (Attacker,), {"target": running.url})
    attacker = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=attacker.serve_forever, daemon=True).start()
    port = attacker.server_address[1]
    try:
        context = chromium.new_context()
        page = context.new_page()
        page.goto(f"{running.url}/#spelling-bee/{DAY}")
        page.wait_for_selector("#hive g")
        page.keyboard.type("limb")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('#score').textContent.includes('1')")
        [cookie] = context.cookies(running.url)
        before = owners(running)
        # a sibling origin (same site: another port of 127.0.0.1), then another site
        for origin in (f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
            page.goto(f"{origin}/prize")
            page.wait_for_url(f"{running.url}{BEE}/reveal")  # the form was sent
            assert "a write from another site" in page.content(), origin
            assert context.cookies(running.url) == [cookie], origin
        mine = {cookie["name"]: cookie["value"]}
        assert progress(running, mine)["revealed"] is False
        assert progress(running, mine)["found"] == ["limb"]
        assert owners(running) == before
    finally:
        attacker.shutdown()
