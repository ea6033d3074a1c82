"""The limits a server process of `pipeline serve` keeps to, each with its setting and default
(docs/commands/serve.md, "Running it in public"): its puzzle cache's caps, and per-client rates,
each a token bucket (a client may spend `burst` at once, then `per_minute`): new players, rooms
and players made by a first write, by address; writes, by player; and puzzles generated on demand
(none kept yet), by address. Over a rate the answer is 429 with `Retry-After`.

The buckets are each process's own (with `--workers N`, N times the rates), kept in a table of at
most BUCKETS clients a kind (cachetools' LRUCache: a client not seen for the longest time is
forgotten first, and starts again with a full bucket). What was weighed: `limits` (its memory
storage) keeps every key until its window ends, with no cap on how many, so a flood of addresses
grows it without bound; a bucket is a few lines over a capped table.
"""

from __future__ import annotations

import ipaddress
import math
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from cachetools import LRUCache

from pipeline.errors import UserError

BUCKETS = 10_000  # the most clients each kind of bucket remembers (about 2 MB a kind)
IPV6_PREFIX = 64  # an IPv6 client is its /64: one host is often given a whole /64


class RateLimited(UserError):
    """A client over one of its rates (HTTP 429 with Retry-After)."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = max(1, math.ceil(retry_after))


@dataclass(frozen=True)
class Rate:
    """How many a client may do: `burst` at once, then `per_minute` (0: without limit)."""

    per_minute: float
    burst: int


@dataclass(frozen=True)
class Limits:
    """A server process's limits, each from its environment variable (`PIPELINE_` + its name in
    capitals) when set."""

    cache_entries: int = 2000  # puzzles and what is worked out of them, kept per process
    cache_mb: int = 64  # their estimated size, at most
    new_players_per_minute: float = 30  # by address: POST /api/players, /api/rooms, first writes
    new_players_burst: int = 60
    writes_per_minute: float = 300  # by player (a room's writes by its address): guesses and all
    writes_burst: int = 60
    generated_per_minute: float = 10  # by address: generated puzzles no one asked for before
    generated_burst: int = 30
    unused_hours: int = 24  # a player or room never written to is forgotten after this
    idle_days: int = 400  # and one not written to for this long (a year's statistics stay)

    @classmethod
    def from_environment(cls) -> Limits:
        """Return the limits the environment sets (a UserError names a malformed one)."""
        given: dict[str, Any] = {}
        for field in fields(cls):
            name = "PIPELINE_" + field.name.upper()
            text = os.environ.get(name, "").strip()
            if text:
                given[field.name] = setting_value(name, text, field.type == "int")
        return cls(**given)

    def environment(self) -> dict[str, str]:
        """Return the environment variables that give these limits to another process."""
        return {"PIPELINE_" + f.name.upper(): str(getattr(self, f.name)) for f in fields(self)}

    def rate(self, kind: str) -> Rate:
        """Return one kind's rate: `new_players`, `writes` or `generated`."""
        return Rate(getattr(self, f"{kind}_per_minute"), getattr(self, f"{kind}_burst"))


def setting_value(name: str, text: str, whole: bool) -> float:
    """Return a limit's value from its environment variable (a UserError when it is not a number
    of the right kind, or negative)."""
    try:
        value = int(text) if whole else float(text)
    except ValueError:
        value = -1
    if value < 0 or not math.isfinite(value):
        kind = "a whole number" if whole else "a number"
        raise UserError(f"the limit {name}={text!r} is not {kind} of 0 or more")
    return value


class Buckets:
    """One token bucket per client of one kind (at most BUCKETS clients remembered)."""

    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self._kept: LRUCache[str, list[float]] = LRUCache(maxsize=BUCKETS)
        self._lock = threading.Lock()

    def wait(self, client: str) -> float:
        """Take one token of a client's bucket; return 0, or the seconds until one is there (none
        taken)."""
        if self.rate.per_minute <= 0:
            return 0.0
        now = self.clock()
        per_second = self.rate.per_minute / 60
        with self._lock:
            bucket = self._kept.get(client)
            if bucket is None:
                bucket = self._kept[client] = [float(self.rate.burst), now]
            tokens = min(self.rate.burst, bucket[0] + (now - bucket[1]) * per_second)
            bucket[1] = now
            if tokens >= 1:
                bucket[0] = tokens - 1
                return 0.0
            bucket[0] = tokens
        return (1 - tokens) / per_second

    def __len__(self) -> int:
        return len(self._kept)


class RateLimits:
    """A server process's buckets: new players (by address), writes (by player) and generated
    puzzles (by address)."""

    WHAT = {
        "new_players": "new players and rooms from this address",
        "writes": "writes of this player",
        "generated": "new generated puzzles from this address",
    }

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.buckets = {kind: Buckets(limits.rate(kind), clock) for kind in self.WHAT}

    def spend(self, kind: str, client: str) -> None:
        """Take one of a client's tokens of a kind; RateLimited when there is none."""
        wait = self.buckets[kind].wait(client)
        if wait:
            rate = self.buckets[kind].rate
            raise RateLimited(
                f"too many {self.WHAT[kind]}: at most {rate.burst} at once, then "
                f"{rate.per_minute:g} a minute; try again in {math.ceil(wait)} s",
                wait,
            )


def address_of(host: str | None) -> str:
    """Return the client a request's address names for its buckets: the address, or its /64 for
    IPv6."""
    if not host:
        return ""
    try:
        found = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:
            return str(found.ipv4_mapped)
        return str(ipaddress.ip_network(f"{found}/{IPV6_PREFIX}", strict=False))
    return str(found)
