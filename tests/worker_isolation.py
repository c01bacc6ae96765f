"""What each pytest-xdist worker keeps to itself: its Redis database and channel prefix, and the ports it serves on.

Loaded as a plugin (``-p tests.worker_isolation`` in pyproject's addopts) so that it runs before pytest-django reads
the settings, which take ``REDIS_URL`` and ``CHANNELS_PREFIX`` from the environment once; the Daphne processes a
test starts inherit the rewritten environment. The test database needs nothing here: pytest-django gives each worker
its own (``test_civitas_gw0``, ``test-db.sqlite3_gw0``). Without this, two workers' tests would share throttle and
lockout counters (every client is 127.0.0.1), bot leases and seat budgets (match ids repeat), and channel groups:
a frame for match 1 in one worker's database would reach the other worker's sockets on match 1. Outside xdist
(``-n 0``, or no ``-n``) nothing changes.
"""

from __future__ import annotations

import os
import random
import socket
from collections.abc import MutableMapping
from urllib.parse import urlsplit, urlunsplit

# Redis's default number of databases (``databases`` in redis.conf).
REDIS_DATABASES = 16
# Each worker's servers listen on ports of its own, below Linux's ephemeral range (32768 and up) where bind(0) and
# outgoing connections take theirs: otherwise two workers could both be handed a port between probe and bind.
FIRST_WORKER_PORT = 20000
PORTS_PER_WORKER = 1000


def worker_index() -> int | None:
    """0 for xdist's worker gw0, 1 for gw1...; None outside xdist. xdist sets the variable before pytest starts."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker[2:]) if worker.startswith("gw") else None


def worker_redis_url(url: str, index: int) -> str:
    """The Redis URL's database number moved past the base one by the worker's index plus one (base 0: gw0 on 1)."""
    parts = urlsplit(url)
    if parts.scheme not in ("redis", "rediss"):
        return url  # a socket path: the worker's own prefix below keeps it apart
    base = int(parts.path.strip("/") or "0")
    return urlunsplit(parts._replace(path=f"/{(base + 1 + index) % REDIS_DATABASES}"))


def isolate_worker(environ: MutableMapping[str, str]) -> None:
    index = worker_index()
    if index is None:
        return
    if environ.get("REDIS_URL"):
        environ["REDIS_URL"] = worker_redis_url(environ["REDIS_URL"], index)
    # The prefix names the cache's keys and the channel layer's pub/sub topics, which Redis shares across databases.
    environ["CHANNELS_PREFIX"] = f"{environ.get('CHANNELS_PREFIX', 'civitas')}-gw{index}"


isolate_worker(os.environ)

_next_port = random.randrange(PORTS_PER_WORKER)


def free_port() -> int:
    """A port nothing listens on, for a server the test is about to start."""
    global _next_port
    index = worker_index()
    if index is None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return s.getsockname()[1]
    first = FIRST_WORKER_PORT + index * PORTS_PER_WORKER
    for _ in range(PORTS_PER_WORKER):
        port = first + _next_port
        _next_port = (_next_port + 1) % PORTS_PER_WORKER
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue  # in use (or closing): the next one
            return port
    raise RuntimeError(f"no free port in {first}..{first + PORTS_PER_WORKER - 1}")
