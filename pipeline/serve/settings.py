"""What a server process of `pipeline serve` is told: the warehouse, the progress store, whether
it may go online, which other sites' pages may call it, and whether it logs each request. The same settings reach every worker
process through the environment (`PIPELINE_*`), as a deployment on several machines gives them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline import config
from pipeline.serve.limits import Limits

if TYPE_CHECKING:
    from pipeline.storage.download import Downloader


@dataclass(frozen=True)
class Settings:
    """One server's settings."""

    warehouse: Path
    progress: str | Path  # a PostgreSQL URL, or a SQLite file
    offline: bool = False
    cors_origins: tuple[str, ...] = ()
    access_log: bool = False  # one line a request on standard output (serve/access_log.py)
    # The HTTP layer's (serve/server.py), which reach the workers in uvicorn's configuration:
    forwarded_allow_ips: str = ""  # the proxies whose X-Forwarded-* are believed (none)
    max_connections: int = 1000  # per worker (at most half its open files)
    request_timeout: float = 10.0  # seconds a client has to send a whole request
    limits: Limits = field(default_factory=Limits)  # caches, rates and expiry (serve/limits.py)

    @classmethod
    def from_environment(cls) -> Settings:
        """Return the settings the environment gives (`config`)."""
        return cls(
            config.warehouse_path(),
            config.progress_store(),
            config.offline_from_env(),
            config.cors_origins(),
            config.access_log(),
            limits=Limits.from_environment(),
        )

    def environment(self) -> dict[str, str]:
        """Return the environment variables that give these settings to another process."""
        return {
            "PIPELINE_WAREHOUSE": str(self.warehouse),
            "PIPELINE_PROGRESS": str(self.progress),
            "PIPELINE_OFFLINE": "1" if self.offline else "",
            "PIPELINE_CORS_ORIGINS": " ".join(self.cors_origins),
            "PIPELINE_ACCESS_LOG": "1" if self.access_log else "",
            **self.limits.environment(),
        }

    def downloader(self) -> Downloader:
        """Return the downloader today's live puzzle is fetched with (requests loads then)."""
        from pipeline.storage.download import Downloader

        return Downloader.from_env(offline=self.offline)
