"""State frames repeated, late or lost between the channel layer and a socket: each version reaches a socket once,
a consumer that stalled until its channel overflowed notices, logs it and resyncs, and a page that missed the
last frame gets it by asking with the version it shows."""

import json
import logging
import time

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from apps.matches.domain import deeds
from apps.matches.engine import engine
from apps.matches.live import consumers, frames, push
from apps.matches.models import Match
from tests.matches.test_consumer import connect, next_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]
RULES = engine("chronicle")


async def move_once(match_id: int) -> int:
    """Play one legal move of the active seat through the service (which pushes it); the new version."""
    def play():
        match = Match.objects.get(pk=match_id)
        seat = RULES.active_seats(match.state)[0]
        result = deeds.do_move(match_id, seat, RULES.legal_moves(match.state, seat)[0], match.version)
        assert result.ok, result
        return result.version
    return await database_sync_to_async(play)()


async def frames_within(communicator, seconds: float) -> list[dict]:
    """Every frame that arrives until none has come for ``seconds``."""
    found = []
    while not await communicator.receive_nothing(timeout=seconds):
        found.append(json.loads(await communicator.receive_from()))
    return found


async def test_a_repeated_or_late_state_frame_is_not_sent_again(duel, carol):
    watcher, _ = await connect(duel.pk, carol)
    assert (await next_of(watcher, "state"))["version"] == 0
    version = await move_once(duel.pk)
    assert (await next_of(watcher, "state"))["version"] == version
    group = frames.viewer_group(duel.pk, None, "json")
    old = json.dumps({"type": "state", "version": 0})
    for event in ({"type": "frame", "text": old, "version": 0, "at": time.time()},
                  {"type": "frame", "text": old, "version": version, "at": time.time()}):
        await get_channel_layer().group_send(group, event)
    assert [f for f in await frames_within(watcher, 0.5) if f["type"] == "state"] == []
    await watcher.disconnect()


async def test_a_stalled_consumer_whose_channel_overflowed_logs_it_and_resyncs(duel, carol, caplog, monkeypatch):
    monkeypatch.setattr(consumers, "STALL_SECONDS", 0.2)
    watcher, _ = await connect(duel.pk, carol)
    assert (await next_of(watcher, "state"))["version"] == 0
    group = frames.viewer_group(duel.pk, None, "json")
    # Three moves whose frames the full channel dropped; then the frame of version 1, which sat there a second.
    with monkeypatch.context() as dropped:
        dropped.setattr(push, "state_changed", lambda *args, **kwargs: None)
        for _ in range(3):
            await move_once(duel.pk)
    stale = json.dumps({"type": "state", "version": 1})
    await get_channel_layer().group_send(group, {"type": "frame", "text": stale, "version": 1, "at": time.time() - 1})
    with caplog.at_level(logging.WARNING, logger="apps.matches.live.consumers"):
        states = [f for f in await frames_within(watcher, 1.0) if f["type"] == "state"]
    assert [s["version"] for s in states] == [1, 3]
    assert states[-1]["version"] == 3 and states[-1]["view"] == RULES.view((await current(duel.pk)).state, None)
    assert [s["version"] for s in states] == sorted({s["version"] for s in states}), "each version once, in order"
    assert "overflow" in caplog.text
    await watcher.disconnect()


async def test_a_sync_naming_the_shown_version_is_answered_only_when_the_table_moved_on(duel, carol):
    watcher, _ = await connect(duel.pk, carol)
    assert (await next_of(watcher, "state"))["version"] == 0
    await watcher.send_to(text_data=json.dumps({"type": "sync", "version": 0}))
    assert [f for f in await frames_within(watcher, 0.5) if f["type"] == "state"] == []
    version = await move_once(duel.pk)
    assert (await next_of(watcher, "state"))["version"] == version
    await watcher.send_to(text_data=json.dumps({"type": "sync"}))
    assert (await next_of(watcher, "state"))["version"] == version, "a plain sync always answers"
    await watcher.disconnect()


async def current(match_id: int) -> Match:
    return await database_sync_to_async(Match.objects.get)(pk=match_id)
