"""The headers of `pipeline serve` (serve/headers.py) on every answer, against a real server: a
Content-Security-Policy naming each inline script of the page and of `/docs` by its hash as
served, no framing, `nosniff`, no `Referer`, no `server`; no redirect built from the Host header;
`/openapi.json` cached by its ETag; a refused CORS preflight answered as every error is. Then in
Chromium: the page and `/docs` run under the policy without a violation, and another site's page
cannot frame the game."""

from __future__ import annotations

import base64
import hashlib
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import requests

from tests.chromium import needs_chromium
from tests.command_warehouse import build_command_warehouse
from tests.serving import Running, start_server

BEE = "/api/spelling-bee/2024-01-10"
CLONE = "https://clone.example"
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    built = build_command_warehouse(tmp_path_factory.mktemp("headers") / "warehouse.duckdb")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
        started = start_server(built, built.parent / "progress.sqlite", (CLONE,))
        yield started
        started.stop()


def policy_of(running: Running) -> str:
    """Return the policy the server should send: the hash of each inline script it serves."""
    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"
        for path in ("/", "/docs")
        for script in INLINE_SCRIPT.findall(running.get(path).text)
    ]
    return (
        f"default-src 'self'; script-src 'self' {' '.join(hashes)}; "
        "style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


def test_every_answer_carries_the_policy_and_its_kin_and_no_server(running: Running) -> None:
    policy = policy_of(running)
    assert policy.count("'sha256-") == 2  # the page's script and Swagger UI's
    token = requests.post(running.url + "/api/players", json={}, timeout=30).json()["token"]
    answers = {
        "page": running.get("/"),
        "docs": running.get("/docs"),
        "a docs file": running.get("/docs/swagger-ui.css"),
        "the OpenAPI document": running.get("/openapi.json"),
        "a puzzle": running.get(BEE),
        "304": running.get(BEE, headers={"If-None-Match": running.get(BEE).headers["etag"]}),
        "a player's progress": running.get(
            f"{BEE}/progress", headers={"Authorization": f"Bearer {token}"}
        ),
        "400": running.post(f"{BEE}/guess", {"word": "b4d"}),
        "403": running.post(f"{BEE}/reveal", headers={"Sec-Fetch-Site": "cross-site"}),
        "404": running.get("/api/nowhere"),
        "405": requests.put(running.url + BEE, timeout=30),
        "413": running.post(f"{BEE}/guess", {"word": "a" * 5000}),
        "HEAD": requests.head(running.url + BEE, timeout=30),
    }
    expected = {"content-security-policy": policy, "x-content-type-options": "nosniff",
                "x-frame-options": "DENY", "referrer-policy": "no-referrer", "server": None}  # fmt: skip
    for name, answer in answers.items():
        assert {header: answer.headers.get(header) for header in expected} == expected, name
    assert [answers[str(status)].status_code for status in (304, 400, 403, 404, 405, 413)] == [
        304, 400, 403, 404, 405, 413,
    ]  # fmt: skip


def test_a_path_is_never_redirected_so_the_host_header_names_no_address(
    running: Running,
) -> None:
    for path in ("/api/health/", f"{BEE}/", "/docs/"):
        answer = requests.get(
            running.url + path, headers={"Host": "evil.example"}, allow_redirects=False,
            timeout=30,
        )  # fmt: skip
        assert (answer.status_code, answer.json(), answer.headers.get("location")) == (
            404, {"error": "not found"}, None,
        ), path  # fmt: skip


def test_the_openapi_document_is_cached_by_its_etag(running: Running) -> None:
    first = running.get("/openapi.json")
    assert first.headers["cache-control"] == "no-cache" and first.json()["openapi"]
    again = running.get("/openapi.json", headers={"If-None-Match": first.headers["etag"]})
    assert (again.status_code, again.content, again.headers["etag"]) == (
        304, b"", first.headers["etag"],
    )  # fmt: skip


def test_a_refused_cors_preflight_is_a_json_error_not_stored(running: Running) -> None:
    asked = {"Access-Control-Request-Method": "POST"}
    refused = requests.options(
        running.url + "/api/players", headers=asked | {"Origin": "https://evil.example"},
        timeout=30,
    )  # fmt: skip
    assert (refused.status_code, refused.json(), refused.headers["cache-control"]) == (
        400, {"error": "a refused CORS preflight: disallowed CORS origin"}, "no-store",
    )  # fmt: skip
    allowed = requests.options(
        running.url + "/api/players", headers=asked | {"Origin": CLONE}, timeout=30
    )
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == CLONE


class Framing(BaseHTTPRequestHandler):
    """Another site's page that frames the game (to clickjack its Reveal button)."""

    target = ""

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(f'<!doctype html><iframe src="{self.target}/"></iframe>'.encode())

    def log_message(self, format: str, *args: object) -> None:
        pass


@needs_chromium
def test_the_page_and_the_docs_run_under_the_policy_and_no_other_page_frames_them(
    running: Running, chromium
) -> None:
    framing = ThreadingHTTPServer(("127.0.0.1", 0), type("F", (Framing,), {"target": running.url}))
    threading.Thread(target=framing.serve_forever, daemon=True).start()
    try:
        page = chromium.new_page()
        said: list[str] = []
        page.on("console", lambda message: said.append(message.text))
        page.goto(f"{running.url}/docs")
        page.wait_for_selector(".swagger-ui .opblock-summary-path")  # Swagger UI ran
        page.goto(f"{running.url}/#spelling-bee/2024-01-10")
        page.wait_for_selector("#hive g")  # the page's script ran
        assert [text for text in said if "Content Security Policy" in text] == []
        refused = "frame-ancestors 'none'"
        with page.expect_console_message(lambda message: refused in message.text):
            page.goto(f"http://localhost:{framing.server_address[1]}/")
        [frame] = page.frames[1:]
        assert frame.query_selector("#hive") is None  # the game is not in the frame
    finally:
        framing.shutdown()
