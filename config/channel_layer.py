"""The Redis channel layer, with a process's one blocking pop kept alive when the socket running it goes away.

channels_redis receives for every socket of a process with one BZPOPMIN at a time, run inside whichever socket's
receive holds the lock. When that socket closed, its receive was cancelled, and a pop Redis had already answered
was dropped with the connection: the frame it took, meant for another socket, was lost (``bench/soak.py`` lost
one every hundred matches or so, sockets closing as matches ended, with no fault injected). Here the pop runs on,
and the next receive of the process takes over the same pop instead of starting another, so whatever it brings is
handed out as usual.
"""

from __future__ import annotations

import asyncio

from channels_redis.core import RedisChannelLayer


class ShieldedRedisChannelLayer(RedisChannelLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._pops: dict[str, asyncio.Future] = {}

    async def receive_single(self, channel):
        pop = self._pops.get(channel)
        if pop is None or pop.get_loop() is not asyncio.get_running_loop():
            pop = self._pops[channel] = asyncio.ensure_future(super().receive_single(channel))
        try:
            result = await asyncio.shield(pop)
        except asyncio.CancelledError:
            if pop.cancelled():  # the pop itself was stopped (the loop is closing): nothing to hand over
                self._pops.pop(channel, None)
            raise  # the caller went away; the pop stays for the next receive of this process
        except BaseException:
            self._pops.pop(channel, None)
            raise
        self._pops.pop(channel, None)
        return result
