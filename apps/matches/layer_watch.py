"""Noticing that Redis restarted, and putting every open socket of this process back in its groups.

channels_redis keeps group membership in Redis only. When Redis restarts, the layer reconnects by itself and the
sockets stay open, but every group is empty: a page would stay connected and deaf (``bench/soak.py`` found such
pages waiting 30 s for a move). Each process therefore asks Redis for its ``run_id`` every ``INTERVAL`` seconds;
when it changes, every socket registered here calls its ``rejoin()``: it joins its groups again and fetches
what it missed.
"""

from __future__ import annotations

import asyncio
import logging
import weakref

from django.conf import settings

INTERVAL = 1.0
ATTEMPTS = 5
log = logging.getLogger(__name__)
_sockets: weakref.WeakSet = weakref.WeakSet()
_task: asyncio.Task | None = None


def watch(consumer) -> None:
    """Register a consumer (with an async ``rejoin()``) for as long as its socket is open."""
    global _task
    _sockets.add(consumer)
    if not settings.REDIS_URL:
        return  # the in-memory layer lives and dies with the process
    loop = asyncio.get_running_loop()
    if _task is None or _task.done() or _task.get_loop() is not loop:
        _task = loop.create_task(_watch())


def unwatch(consumer) -> None:
    _sockets.discard(consumer)


async def rejoin_all() -> int:
    """Every registered socket joins its groups again and catches up; how many did."""
    done = 0
    for consumer in list(_sockets):
        for attempt in range(ATTEMPTS):
            try:
                await consumer.rejoin()
                done += 1
                break
            except Exception:  # the layer's first command on a pooled connection to the old server fails
                if attempt == ATTEMPTS - 1:  # one broken socket must not keep the others deaf
                    log.exception("A socket could not rejoin its groups after Redis restarted")
                else:
                    await asyncio.sleep(0.1 * (attempt + 1))
    return done


async def _watch() -> None:
    from redis.asyncio import Redis

    client = Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2)
    known = None
    while True:
        await asyncio.sleep(INTERVAL)
        try:
            run_id = (await client.info("server"))["run_id"]
        except Exception:  # Redis is down (or slow): ask again next time
            continue
        if known is not None and run_id != known:
            count = await rejoin_all()
            log.warning("Redis restarted (run %s, now %s): %d socket(s) of this process rejoined their groups",
                        known[:8], run_id[:8], count)
        known = run_id
