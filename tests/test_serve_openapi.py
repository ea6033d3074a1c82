"""The OpenAPI document of `pipeline serve` tells the truth: Schemathesis (the property-based API
tester) runs against the running server's `/openapi.json` with all its checks (every status
declared with its body, a 405 with `Allow`, schema-valid requests accepted and invalid ones
refused, no 5xx, optional authentication as declared, no resource answered after it was deleted)
and all its phases, the stateful one included, as a player (a bearer token made first, so that
`DELETE /api/players/me` is tried too), on both progress stores, and finds nothing. Its examples
are bounded (a fixed seed, 5 per operation) so that it stays fast."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from tests.command_warehouse import build_command_warehouse
from tests.conftest import STORES, new_store
from tests.serving import Running, start_server

EXAMPLES = 5


@pytest.fixture(params=STORES)
def running(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Running]:
    built = build_command_warehouse(tmp_path / "warehouse.duckdb")
    monkeypatch.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
    started = start_server(built, new_store(request, tmp_path))
    yield started
    started.stop()


def test_schemathesis_finds_no_failure_with_all_its_checks(
    running: Running, tmp_path: Path
) -> None:
    token = requests.post(f"{running.url}/api/players", json={}, timeout=30).json()["token"]
    command = [
        str(Path(sys.executable).parent / "schemathesis"), "run", f"{running.url}/openapi.json",
        "--checks", "all", "--phases", "examples,coverage,fuzzing,stateful",
        "--max-examples", str(EXAMPLES), "--seed", "1", "--workers", "1",
        "--generation-database", "none", "--no-color", "-H", f"Authorization: Bearer {token}",
    ]  # fmt: skip
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=300, cwd=tmp_path, check=False
    )
    summary = done.stdout.splitlines()[-1]
    assert done.returncode == 0, done.stdout[-4000:]
    assert "✅ Stateful" in done.stdout, done.stdout[-4000:]
    assert " passed" in done.stdout and "failure" not in summary, summary
