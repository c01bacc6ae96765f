"""The channel layer's Redis reads outwait its own blocking pop.

Each process receives with one BZPOPMIN that Redis answers after at most ``brpop_timeout`` seconds. A client
that stops reading at the same moment (redis-py 8's default socket timeout is 5 s, as is the pop's) now and then
drops a reply Redis already sent, and with it the frame that reply popped: ``bench/soak.py`` lost frames and
crashed sockets that way with no fault injected at all.
"""

import asyncio

import pytest
from channels.layers import get_channel_layer
from django.conf import settings

from tests.conftest import require


@pytest.fixture
def redis_layer():
    if not settings.REDIS_URL:
        require("CIVITAS_REQUIRE_PRODUCTION_SHAPE", "the Redis channel layer is used only with REDIS_URL")
    return get_channel_layer()


def test_a_read_waits_longer_than_the_blocking_pop(redis_layer):
    kwargs = redis_layer.create_pool(0).connection_kwargs
    assert kwargs["socket_timeout"] > redis_layer.brpop_timeout + 5, "room for a busy event loop as well"
    assert kwargs["socket_connect_timeout"] <= 5, "a Redis that is down is still noticed quickly"


async def test_a_frame_sent_after_a_long_quiet_spell_arrives(redis_layer):
    """Waiting across a whole empty pop (and into the next) loses nothing and raises nothing."""
    channel = await redis_layer.new_channel()
    receiving = asyncio.ensure_future(redis_layer.receive(channel))
    await asyncio.sleep(redis_layer.brpop_timeout + 0.5)
    assert not receiving.done(), receiving.exception() if receiving.done() else None
    await redis_layer.send(channel, {"type": "frame", "text": "after the quiet"})
    assert (await asyncio.wait_for(receiving, 5))["text"] == "after the quiet"

