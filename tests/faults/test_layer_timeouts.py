"""The channel layer's Redis reads outwait its own blocking pop.

Each process receives with one BZPOPMIN that Redis answers after at most ``brpop_timeout`` (5) seconds. redis-py 8
stops reading a reply after 5 s by default: racing, it now and then drops a reply Redis already sent, with the
frame that reply popped, and crashes the socket running the pop. ``bench/soak.py`` lost frames that way with no
fault injected at all, so redis-py stays below 8 (``pyproject.toml``).
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


async def test_a_frame_sent_after_a_long_quiet_spell_arrives(redis_layer):
    """Waiting across a whole empty pop (and into the next) loses nothing and raises nothing."""
    channel = await redis_layer.new_channel()
    receiving = asyncio.ensure_future(redis_layer.receive(channel))
    await asyncio.sleep(redis_layer.brpop_timeout + 0.5)
    assert not receiving.done(), receiving.exception() if receiving.done() else None
    await redis_layer.send(channel, {"type": "frame", "text": "after the quiet"})
    assert (await asyncio.wait_for(receiving, 5))["text"] == "after the quiet"
