"""How `pipeline serve` is served: uvicorn's settings and the connections of `protocol.py`, made by
one function (`server_config`) that the command, the tests and the benches all use, so that each
runs the limits a deployment runs.

From uvicorn's own settings: no `server` header; a keep-alive timeout (KEEP_ALIVE_SECONDS); no
WebSocket; `X-Forwarded-For` and
`X-Forwarded-Proto` read only from the proxies `--forwarded-allow-ips` names (uvicorn's
`FORWARDED_ALLOW_IPS` forms: addresses, networks, `*`; none by default, where uvicorn would trust
127.0.0.1). Each worker may hold at most half the open files it may have, whatever
`--max-connections` says, so that no flood of connections leaves it without a descriptor for the
store or a legitimate client; the soft limit of open files is first raised to the hard one.
"""

from __future__ import annotations

import contextlib
import resource
import sys
from typing import Any

import uvicorn

from pipeline.serve.protocol import LimitedHttpToolsProtocol, Limits
from pipeline.serve.settings import Settings

FACTORY = "pipeline.serve.app:app_from_environment"  # each worker makes its own application
KEEP_ALIVE_SECONDS = 5  # an idle connection between two requests is closed after this
STARTUP_FAILURE = 3  # uvicorn's exit status when the server cannot start


class ServerConfig(uvicorn.Config):
    """uvicorn's configuration with the limits of the protocol (`protocol.Limits`); it reaches
    each worker process whole (pickled), limits included."""

    def __init__(self, app: Any, limits: Limits, **options: Any) -> None:
        super().__init__(app, **options)
        self.limits = limits


def open_files_limit() -> int:
    """Return how many files this process may open, after raising its soft limit to the hard
    one (the workers inherit it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    return soft


SHUTDOWN_SECONDS = 3  # how long Ctrl-C waits for open requests (a room's live feed) to end


def server_config(
    settings: Settings,
    host: str,
    port: int,
    app: Any = FACTORY,
    workers: int = 1,
    log_level: str = "info",
) -> ServerConfig:
    """Return the configuration `pipeline serve` runs uvicorn with: the application (the factory's
    import path, or an application made already), its limits and its proxies."""
    connections = max(1, min(settings.max_connections, open_files_limit() // 2))
    limits = Limits(request_timeout=settings.request_timeout, max_connections=connections)
    trusted = settings.forwarded_allow_ips
    return ServerConfig(
        app,
        limits,
        factory=isinstance(app, str),
        host=host,
        port=port,
        workers=workers,
        loop="uvloop",  # uvicorn's fast parts (declared in pyproject.toml)
        http=LimitedHttpToolsProtocol,
        ws="none",
        log_level=log_level,
        access_log=False,  # the application writes its own (serve/access_log.py)
        server_header=False,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        # a room's live feeds stay open: Ctrl-C waits this long for them, then closes them
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
        proxy_headers=bool(trusted),
        forwarded_allow_ips=trusted or None,
    )


def run(config: ServerConfig) -> None:
    """Serve until Ctrl-C: in this process, or in `config.workers` processes (uvicorn's
    supervisor restarts a dead one), as `uvicorn.run` does."""
    from uvicorn.supervisors import Multiprocess

    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        if config.workers > 1:
            Multiprocess(config, sockets=[config.bind_socket()]).run()
        else:
            server.run()
    if config.workers == 1 and not server.started:
        sys.exit(STARTUP_FAILURE)  # uvicorn said why on its log
