"""The pub/sub channel layer (``config/channel_layer.py``) on a real Redis: two layers stand for two processes.

Frames reach every member of a group on every process, in the order they were sent; a socket that leaves (or
whose consumer ends) hears nothing more and its process drops the subscription when no member is left; a full
channel drops frames rather than growing; a cut subscription comes back by itself, with a new generation, so the
sockets can catch up; and a long quiet spell breaks nothing (redis-py 8 stops reading after 5 s by default).
"""

import asyncio
import logging

import pytest
from django.conf import settings
from redis import Redis

from config.channel_layer import PubSubChannelLayer
from tests.conftest import require

pytestmark = pytest.mark.asyncio


@pytest.fixture
def layers():
    if not settings.REDIS_URL:
        require("CIVITAS_REQUIRE_PRODUCTION_SHAPE", "the Redis channel layer is used only with REDIS_URL")
    prefix = f"{settings.CHANNEL_LAYERS['default']['CONFIG']['prefix']}-layertest"
    return [PubSubChannelLayer(hosts=[settings.REDIS_URL], prefix=prefix, capacity=5) for _ in range(2)]


async def received(layer, channel, count, each_within_s=3.0):
    return [await asyncio.wait_for(layer.receive(channel), each_within_s) for _ in range(count)]


def subscribers(topic: str) -> int:
    return Redis.from_url(settings.REDIS_URL).pubsub_numsub(topic)[0][1]


async def test_a_group_frame_reaches_every_member_on_every_process_in_order(layers):
    one, two = layers
    here, also_here, there = await one.new_channel(), await one.new_channel(), await two.new_channel()
    for layer, channel in ((one, here), (one, also_here), (two, there)):
        await layer.group_add("table", channel)
    for number in range(4):
        await one.group_send("table", {"type": "frame", "n": number})
    for layer, channel in ((one, here), (one, also_here), (two, there)):
        assert [m["n"] for m in await received(layer, channel, 4)] == [0, 1, 2, 3]
    await two.send(here, {"type": "direct"})
    assert (await received(one, here, 1))[0] == {"type": "direct"}


async def test_a_discarded_member_hears_nothing_and_the_last_one_out_unsubscribes(layers):
    one, two = layers
    stays, leaves = await one.new_channel(), await two.new_channel()
    await one.group_add("room", stays)
    await two.group_add("room", leaves)
    topic = two.link().group_topic("room")
    assert subscribers(topic) == 2
    await two.group_discard("room", leaves)
    await one.group_send("room", {"type": "frame"})
    assert len(await received(one, stays, 1)) == 1
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(two.receive(leaves), 0.3)
    assert subscribers(topic) == 1


async def test_a_page_reloaded_at_once_hears_its_group(layers):
    """The last member leaves and a new one joins straight away: the UNSUBSCRIBE must not land after the SUBSCRIBE."""
    one, two = layers
    for round_ in range(20):
        old, new = await two.new_channel(), await two.new_channel()
        await two.group_add(f"reload{round_}", old)
        await two.group_discard(f"reload{round_}", old)
        await two.group_add(f"reload{round_}", new)
        await one.group_send(f"reload{round_}", {"type": "frame", "n": round_})
        assert (await received(two, new, 1))[0]["n"] == round_


async def test_a_finished_consumer_leaves_its_groups(layers):
    one, _ = layers
    channel = await one.new_channel()
    await one.group_add("room", channel)
    receiving = asyncio.ensure_future(one.receive(channel))
    await asyncio.sleep(0.05)
    receiving.cancel()  # what Channels does when a consumer ends
    with pytest.raises(asyncio.CancelledError):
        await receiving
    link = one.link()
    assert channel not in link.queues and "room" not in link.groups
    await asyncio.sleep(0.1)
    assert subscribers(link.group_topic("room")) == 0


async def test_a_full_channel_drops_frames_and_says_so(layers, caplog):
    one, two = layers
    stalled = await two.new_channel()
    await two.group_add("room", stalled)
    with caplog.at_level(logging.WARNING, logger="config.channel_layer"):
        for number in range(8):
            await one.group_send("room", {"type": "frame", "n": number})
        await asyncio.sleep(0.3)
    assert [m["n"] for m in await received(two, stalled, 5)] == [0, 1, 2, 3, 4]
    assert two.link().dropped == 3 and "is full" in caplog.text


async def test_a_cut_subscription_comes_back_with_a_new_generation(layers):
    one, two = layers
    channel = await two.new_channel()
    await two.group_add("room", channel)
    assert two.generation == 0
    client = Redis.from_url(settings.REDIS_URL)
    name = f"{two.prefix}-layer-{two.link().token}"
    [killed] = [c["id"] for c in client.client_list() if c["name"] == name and "P" in c["flags"]]
    client.client_kill_filter(_id=killed)
    for _ in range(50):
        await asyncio.sleep(0.05)
        if two.generation == 1:
            break
    assert two.generation == 1
    await one.group_send("room", {"type": "frame", "after": "the cut"})
    assert (await received(two, channel, 1))[0]["after"] == "the cut"


async def test_a_publish_on_a_cut_connection_goes_out_on_a_new_one(layers):
    one, two = layers
    channel = await two.new_channel()
    await two.group_add("room", channel)
    await one.group_send("room", {"type": "frame", "n": 1})
    assert (await received(two, channel, 1))[0]["n"] == 1
    client = Redis.from_url(settings.REDIS_URL)
    name = f"{one.prefix}-layer-{one.link().token}"
    [publisher] = [c["id"] for c in client.client_list() if c["name"] == name]
    client.client_kill_filter(_id=publisher)
    await one.group_send("room", {"type": "frame", "n": 2})
    assert (await received(two, channel, 1))[0]["n"] == 2


async def test_a_frame_sent_after_a_long_quiet_spell_arrives(layers):
    """Longer than redis-py 8's default read timeout (5 s): the subscription must not give up or drop a frame."""
    one, two = layers
    channel = await two.new_channel()
    receiving = asyncio.ensure_future(two.receive(channel))
    await asyncio.sleep(5.5)
    assert not receiving.done(), receiving.exception() if receiving.done() else None
    await one.send(channel, {"type": "frame", "text": "after the quiet"})
    assert (await asyncio.wait_for(receiving, 5))["text"] == "after the quiet"
    assert two.generation == 0
