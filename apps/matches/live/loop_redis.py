"""The event loop's own Redis client, for what the live layer asks of Redis outside the channel layer and the
cache (a table's bot lease, a seat's budget of steps): one client per running loop, since an asyncio client belongs
to the loop it was made on, and none without ``REDIS_URL``."""

from __future__ import annotations

import asyncio

import redis.asyncio as aioredis
from django.conf import settings

_clients: dict[asyncio.AbstractEventLoop, aioredis.Redis] = {}


def client() -> aioredis.Redis | None:
    """This event loop's Redis client, or None without Redis (one process: callers keep their state in memory)."""
    if not settings.REDIS_URL:
        return None
    loop = asyncio.get_running_loop()
    for closed in [other for other in _clients if other.is_closed()]:
        del _clients[closed]
    if loop not in _clients:
        _clients[loop] = aioredis.Redis.from_url(settings.REDIS_URL, socket_timeout=5, socket_connect_timeout=5)
    return _clients[loop]


def close_all() -> None:
    """Close every loop's client, from outside any loop (for tests, whose loops come and go)."""
    clients = list(_clients.items())
    _clients.clear()
    for loop, each in clients:
        if not loop.is_closed() and not loop.is_running():
            loop.run_until_complete(each.aclose())
