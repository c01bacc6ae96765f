"""A seat's budget of moves and undos, shared by every socket of the seat in every process.

A socket's own frame budget (``flood.FloodGuard``) is per socket: a player with three tabs open had three of them,
and step/undo cycles wrote a dozen log rows a second. Here each move or undo a seat sends is counted in a fixed
window (``settings.SEAT_STEP_RATE``: so many per so many seconds) in the shared cache: Redis when ``REDIS_URL``
is set, as one script run from the event loop (one command: 89 us of the loop's CPU, against 111 for a pipeline of
two; the key is the one ``apps.common.rates`` reads), else this process's cache (one process). If Redis cannot be
reached the step is let through: a counter must not stop a game.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import cache
from redis.exceptions import RedisError

from apps.common import rates
from apps.matches.live import loop_redis

log = logging.getLogger(__name__)
# Count a hit; the window starts at its first hit. Atomic, so a window never lacks its expiry.
_HIT = "local n = redis.call('incr', KEYS[1]) if n == 1 then redis.call('expire', KEYS[1], ARGV[1]) end return n"
REFUSED = "Too many moves and undos from your seat; wait a few seconds."
HINTS_REFUSED = "You asked for many hints just now; wait a little before asking again."


def _key(match_id: int, seat: int) -> str:
    return f"seat-steps:{match_id}:{seat}"


async def spend(match_id: int, seat: int) -> bool:
    """Count one move or undo of ``seat``; False if the seat is over its budget (the step is then refused)."""
    return await _spend(_key(match_id, seat), *settings.SEAT_STEP_RATE)


async def spend_hint(match_id: int, seat: int) -> bool:
    """Count one hint asked for by ``seat`` (``settings.HINT_RATE``, a budget of its own: each hint is a search);
    False if the seat is over it."""
    return await _spend(f"seat-hints:{match_id}:{seat}", *settings.HINT_RATE)


async def _spend(key: str, limit: int, window: int) -> bool:
    if limit <= 0:
        return True
    client = loop_redis.client()
    if client is None:
        return rates.hit(key, window) <= limit
    full = cache.make_key(f"throttle:{key}")  # as ``rates`` names it
    try:
        count = await client.eval(_HIT, 1, full, window)
    except (RedisError, OSError) as exc:
        log.warning("The seat budget %s could not be counted (%s); the step is let through", key, exc)
        return True
    return int(count) <= limit
