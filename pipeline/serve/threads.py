"""The threads a server process talks to its progress store in: a few of its own (as many as the
store serves at once), rather than the framework's pool of forty, which under load spend their
time handing the interpreter's lock to one another."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from fastapi import FastAPI, Request

T = TypeVar("T")


def add_store_threads(app: FastAPI, count: int) -> None:
    """Give the application its store's threads (shut down with it)."""
    app.state.store_threads = ThreadPoolExecutor(count, thread_name_prefix="progress")
    app.router.on_shutdown.append(lambda: app.state.store_threads.shutdown(wait=False))


async def in_store_thread(request: Request, work: Callable[[], T]) -> T:
    """Return what work() returns, run in one of the store's threads."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(request.app.state.store_threads, work)
