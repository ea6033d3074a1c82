"""Players and rooms forgotten when unused (`Limits.unused_hours` after they were made, never
written to) or idle (`Limits.idle_days` after their last write): a server process purges its
store at start-up and every PURGE_SECONDS after (`Progress.purge`, one statement:
sql/progress/purge.sql), one process at a time (the store's upgrade lock), in a thread of its
own. A store that cannot be reached is purged at the next round."""

from __future__ import annotations

import datetime as dt
import logging
import threading

from fastapi import FastAPI

from pipeline.errors import UserError
from pipeline.serve.limits import Limits
from pipeline.storage.player_progress import Progress

PURGE_SECONDS = 3600.0
log = logging.getLogger("pipeline.serve")


def add_purges(app: FastAPI, progress: Progress, limits: Limits) -> None:
    """Purge the store when the application starts and every PURGE_SECONDS while it runs."""
    stop = threading.Event()

    def purges() -> None:
        while True:
            purge_once(progress, limits)
            if stop.wait(PURGE_SECONDS):
                return

    thread = threading.Thread(target=purges, name="purge", daemon=True)
    app.router.on_startup.append(thread.start)
    app.router.on_shutdown.append(stop.set)


def purge_once(progress: Progress, limits: Limits, at: dt.datetime | None = None) -> int:
    """Forget the unused and idle players and rooms as of `at` (now when None); return how
    many (0 when the store cannot be reached: the next round tries again)."""
    at = at or dt.datetime.now(dt.UTC)
    unused, idle = dt.timedelta(hours=limits.unused_hours), dt.timedelta(days=limits.idle_days)
    try:
        forgotten = progress.purge(at, unused, idle)
    except UserError as error:
        log.warning("players not purged this round: %s", error)
        return 0
    if forgotten:
        log.info("purged %d unused or idle players and rooms", forgotten)
    return forgotten
