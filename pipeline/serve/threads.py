"""Where a server process talks to its progress store: on its event loop, for a store whose
transactions are short and local (SQLite: `threads = 0`), since the hop to a thread and back costs
more than the transaction; else in a few threads of its own (PostgreSQL: as many as the store
serves at once), rather than the framework's pool of forty, which under load spend their time
handing the interpreter's lock to one another."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from fastapi import FastAPI, Request

T = TypeVar("T")


def add_store_threads(app: FastAPI, count: int) -> None:
    """Give the application its store's threads (shut down with it), or none for 0."""
    app.state.store_threads = ThreadPoolExecutor(count, "progress") if count else None
    if count:
        app.router.on_shutdown.append(lambda: app.state.store_threads.shutdown(wait=False))


async def in_store(request: Request, work: Callable[[], T]) -> T:
    """Return what work() returns, run where the store is used: on the event loop, or in one of
    the store's threads."""
    threads: ThreadPoolExecutor | None = request.app.state.store_threads
    if threads is None:
        return work()
    return await asyncio.get_running_loop().run_in_executor(threads, work)
