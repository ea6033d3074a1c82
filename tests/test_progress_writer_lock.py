"""SQLite's writers take turns across processes by the store's writer lock (an flock on
`progress.sqlite-writer`): a write waits while another process holds it and goes on, without a
busy error, once that process lets go; a process killed while holding it holds nothing."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

from pipeline.storage.player_progress import PLAYER, Progress
from pipeline.storage.progress_dialects import WRITER_LOCK

# Another process: holds the writer lock of the store named, says so, waits for a line on its
# standard input, then says when it lets go (time.time()) and lets go.
HOLDER = """
import sys, time
from pathlib import Path
from pipeline.storage.progress_dialects import WriterLock
lock = WriterLock(Path(sys.argv[1]))
with lock.held():
    print("held", flush=True)
    sys.stdin.readline()
    time.sleep(0.3)
    print(time.time(), flush=True)
"""


def holder(store: Path) -> subprocess.Popen[str]:
    """Start the other process and return it once it holds the lock."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(store.with_name(store.name + WRITER_LOCK))],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdout.readline() == "held\n"
    return process


def test_a_write_waits_for_another_processs_writer_and_goes_on_when_it_lets_go(
    tmp_path: Path,
) -> None:
    store = tmp_path / "progress.sqlite"
    progress = Progress(store)
    try:
        other = holder(store)
        assert other.stdin is not None and other.stdout is not None
        other.stdin.write("go\n")
        other.stdin.flush()
        token, owner = progress.new_owner(PLAYER)  # waits for the other process
        written_at = time.time()
        let_go_at = float(other.stdout.readline())
        assert other.wait(timeout=60) == 0
        assert written_at >= let_go_at
        assert progress.owner_of(PLAYER, token) == owner
    finally:
        progress.close()


def test_a_writer_killed_while_holding_the_lock_holds_nothing(tmp_path: Path) -> None:
    store = tmp_path / "progress.sqlite"
    progress = Progress(store)
    try:
        other = holder(store)
        other.send_signal(signal.SIGKILL)
        other.wait(timeout=60)
        token, owner = progress.new_owner(PLAYER)
        assert progress.owner_of(PLAYER, token) == owner
    finally:
        progress.close()
