"""A throw-away PostgreSQL cluster from Debian's `postgresql` package, as pytest-postgresql starts
one: `initdb` in a temporary folder, the server on a free port of 127.0.0.1, stopped and removed
at the end. initdb refuses to run as root, so as root (here and in CI) every server command runs
as the `postgres` system user (runuser), in a folder that user owns.

    with throwaway_cluster() as cluster:
        url = cluster.url             # postgresql://postgres@127.0.0.1:PORT/postgres
        cluster.restart()             # a stop (fast shutdown) and a start, as an operator would

Run as a script it starts one and prints its URL until Ctrl-C, SIGTERM or SIGHUP (a closed
terminal), each of which stops the server and removes its folder (for `pipeline bench serve
--store URL`): `python -m tests.postgres`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SERVER_USER = "postgres"


def server_binaries() -> Path | None:
    """Return the folder of the newest installed PostgreSQL server's programs, or None."""
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name)
    )
    return found[-1].parent if found else None


def as_server_user(command: list[str]) -> list[str]:
    """Return a command that runs as the `postgres` user when this process is root."""
    return ["runuser", "-u", SERVER_USER, "--", *command] if os.geteuid() == 0 else command


def free_port() -> int:
    """Return a port of 127.0.0.1 nobody listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Cluster:
    """A running throw-away cluster: its folder, port and URL."""

    binaries: Path
    folder: Path
    port: int
    fast: bool  # fsync off: for tests, where a crash of the machine loses nothing of value

    @property
    def url(self) -> str:
        """Return the URL of its `postgres` database (trust authentication on 127.0.0.1)."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def _ctl(self, *arguments: str) -> None:
        command = [str(self.binaries / "pg_ctl"), "-D", str(self.data), "-s", *arguments]
        # in the cluster's folder: the server user may not enter the caller's (a `mktemp -d`
        # clone is 0700), and pg_ctl would say so on stderr
        subprocess.run(as_server_user(command), check=True, timeout=60, cwd=self.folder)

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        if self.fast:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._ctl("-w", "-l", str(self.folder / "server.log"), "-o", options, "start")

    def stop(self) -> None:
        """Stop the server (fast shutdown: open connections are ended)."""
        self._ctl("-w", "-m", "fast", "stop")

    def restart(self) -> None:
        """Stop the server and start it again."""
        self.stop()
        self.start()


@contextlib.contextmanager
def throwaway_cluster(fast: bool = True) -> Iterator[Cluster]:
    """Yield a new cluster on a free port of 127.0.0.1; stop it and remove its folder after."""
    binaries = server_binaries()
    if binaries is None:
        raise RuntimeError("no PostgreSQL server (Debian: apt-get install -y postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, SERVER_USER, SERVER_USER)
    cluster = Cluster(binaries, folder, free_port(), fast)
    try:
        initdb = [str(binaries / "initdb"), "-D", str(cluster.data), "-U", "postgres"]
        initdb += ["--auth=trust", "--encoding=UTF8", "--no-sync", "--no-instructions"]
        subprocess.run(
            as_server_user(initdb), check=True, timeout=120, capture_output=True, cwd=folder
        )
        cluster.start()
        yield cluster
    finally:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)


ENDING_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def end_the_script(signum: int, frame: object) -> None:
    """End the script as Ctrl-C does, so that the cluster's `finally` stops it and removes its
    folder; a second signal meanwhile is ignored, so that the clean-up runs to its end."""
    for ending in ENDING_SIGNALS:
        signal.signal(ending, signal.SIG_IGN)
    raise KeyboardInterrupt


if __name__ == "__main__":
    for ending in ENDING_SIGNALS:
        signal.signal(ending, end_the_script)
    with contextlib.suppress(KeyboardInterrupt), throwaway_cluster("--fast" in sys.argv) as running:
        print(running.url, flush=True)
        signal.pause()
