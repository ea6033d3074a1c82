"""`python -m tests.postgres` (a throw-away cluster for `pipeline bench serve --store URL`) leaves
nothing behind however it is ended: Ctrl-C, SIGTERM (a service manager, `kill`) or SIGHUP (a
closed terminal) stop its PostgreSQL server and remove its temporary folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.postgres import server_binaries

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def server_of(port: int) -> tuple[int, Path]:
    """Return the process id and data folder of the PostgreSQL server listening on a port (as its
    command line names them: `postgres -D FOLDER -p PORT ...`)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            arguments = (entry / "cmdline").read_bytes().decode().split("\0")
        except OSError:
            continue  # a process that ended meanwhile
        if arguments[0].endswith("postgres") and f"-p {port}" in " ".join(arguments):
            return int(entry.name), Path(arguments[arguments.index("-D") + 1])
    raise AssertionError(f"no PostgreSQL server on port {port}")


def is_running(pid: int) -> bool:
    """Return True while a process exists and has not ended (a zombie has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("ending", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=str)
def test_the_script_stops_its_server_and_removes_its_folder_however_it_is_ended(ending) -> None:
    if server_binaries() is None:
        pytest.skip("no PostgreSQL server (Debian: apt-get install -y postgresql)")
    script = subprocess.Popen(
        [sys.executable, "-m", "tests.postgres"],
        cwd=PROJECT_ROOT,
        env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert script.stdout is not None
        url = script.stdout.readline()  # printed once the server accepts connections
        assert url.startswith("postgresql://postgres@127.0.0.1:"), script.stderr
        pid, data = server_of(int(url.rsplit(":", 1)[1].split("/")[0]))
        assert is_running(pid) and data.is_dir()

        script.send_signal(ending)
        _, err = script.communicate(timeout=120)
    finally:
        script.kill()
    assert (script.returncode, err) == (0, "")
    deadline = time.monotonic() + 60  # pg_ctl waited for the stop; a busy machine reaps late
    while is_running(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not is_running(pid)
    assert not data.parent.exists()  # the temporary folder, the data folder within it
