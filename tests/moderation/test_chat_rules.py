"""Chat is bounded, rate-limited per user, and watchers' chat never reaches the players."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async

from apps.matches.models import ChatMessage
from tests.matches.test_consumer import connect, next_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]


async def test_ten_messages_a_second_are_cut_at_the_limit_and_nothing_beyond_is_stored(duel, alice, settings):
    limit, _ = settings.CHAT_RATE_LIMIT
    page, _ = await connect(duel.pk, alice)
    for i in range(10):
        await page.send_to(text_data=json.dumps({"type": "chat", "text": f"line {i}"}))
        await asyncio.sleep(0.1)
    codes = []
    while len(codes) < 10:
        frame = json.loads(await page.receive_from(timeout=3))
        if frame["type"] == "chat":
            codes.append("ok")
        elif frame["type"] == "error":
            codes.append(frame["code"])
    assert codes == ["ok"] * limit + ["rate_limited"] * (10 - limit)
    assert await database_sync_to_async(ChatMessage.objects.filter(user=alice).count)() == limit
    await page.disconnect()


async def test_watchers_talk_among_themselves_and_players_never_hear_it(duel, alice, bob, carol, make_user):
    dave = await database_sync_to_async(make_user)("dave")
    player, _ = await connect(duel.pk, alice)
    watcher, _ = await connect(duel.pk, carol)
    other_watcher, _ = await connect(duel.pk, dave)
    await watcher.send_to(text_data=json.dumps({"type": "chat", "text": "play the stag!"}))
    assert (await next_of(watcher, "chat"))["text"] == "play the stag!"
    heard = await next_of(other_watcher, "chat")
    assert (heard["text"], heard["channel"]) == ("play the stag!", "watchers")
    while not await player.receive_nothing(timeout=0.5):
        assert json.loads(await player.receive_from())["type"] != "chat"
    await player.send_to(text_data=json.dumps({"type": "chat", "text": "thinking…"}))
    assert (await next_of(watcher, "chat"))["channel"] == "players"
    room = await database_sync_to_async(lambda: ChatMessage.objects.get(text="play the stag!").room)()
    assert room == f"match:{duel.pk}:watchers"
    for c in (player, watcher, other_watcher):
        await c.disconnect()
