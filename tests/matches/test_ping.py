"""A page asks whether its socket still answers with a ping frame; the server answers pong at once, to players and
watchers alike, and nothing else changes (the page's "Reconnecting…" depends on it: static/civitas/connection.js)."""

import json

import pytest

from tests.matches.test_consumer import connect, next_of, state_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]


async def test_a_ping_is_answered_with_a_pong_for_players_and_watchers(duel, alice, carol):
    player, _ = await connect(duel.pk, alice)
    watcher, _ = await connect(duel.pk, carol, fmt="html")
    for socket in (player, watcher):
        await next_of(socket, "state")
        await socket.send_to(text_data=json.dumps({"type": "ping"}))
        assert await next_of(socket, "pong", within_s=2) == {"type": "pong"}
    assert (await state_of(duel.pk))["version"] == 0
    await player.disconnect()
    await watcher.disconnect()

