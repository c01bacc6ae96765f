"""Noticing that the channel layer lost frames, and having every open socket of this process catch up.

When Redis restarts or the connection to it is cut, the layer (``config/channel_layer.py``) subscribes again by
itself, but frames published meanwhile are gone, and the sockets stay open: a page would wait for a move it already
missed (``bench/soak.py`` found pages left waiting). The layer counts each new subscription in its ``generation``;
every ``INTERVAL`` seconds this task compares it, and when it changed, every socket registered here calls its
``rejoin()``: it joins its groups again (a layer that keeps groups in Redis lost them) and fetches what it missed.
"""

from __future__ import annotations

import asyncio
import logging
import weakref

from channels.layers import get_channel_layer
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
    """Every registered socket joins its groups again and catches up, all at once; how many did."""
    results = await asyncio.gather(*(_rejoin(consumer) for consumer in list(_sockets)))
    return sum(results)


async def _rejoin(consumer) -> bool:
    for attempt in range(ATTEMPTS):
        try:
            await consumer.rejoin()
            return True
        except RuntimeError:  # the layer no longer has its channel: the consumer ended without a disconnect
            unwatch(consumer)
            return False
        except Exception:  # Redis is not back yet
            if attempt == ATTEMPTS - 1:  # one broken socket must not keep the others deaf
                log.exception("A socket could not rejoin its groups after Redis restarted")
            else:
                await asyncio.sleep(0.1 * (attempt + 1))
    return False


async def _watch() -> None:
    layer = get_channel_layer()
    known = getattr(layer, "generation", None)
    while known is not None:
        await asyncio.sleep(INTERVAL)
        generation = layer.generation
        if generation != known:
            count = await rejoin_all()
            log.warning("The channel layer subscribed again (generation %d): %d socket(s) of this process rejoined "
                        "their groups and caught up", generation, count)
        known = generation
