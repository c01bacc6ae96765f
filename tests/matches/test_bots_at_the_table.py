"""A bot in a seat moves on the server as soon as its seat is active, with no browser of its own."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from django.db import connections

from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.engine import engine
from apps.matches.live import bot_driver as bots
from apps.matches.models import Match, MoveLog
from tests.matches.test_consumer import connect, next_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
RULES = engine("chronicle")


async def test_a_person_plays_a_whole_game_against_a_bot(alice, settings):
    settings.BOT_DELAY = 0
    settings.MATCH_FRAME_RATE = (1000, 1000)  # this client answers every state at machine speed, no person could
    settings.SEAT_STEP_RATE = (0, 1)  # (nor within a seat's budget of moves)
    match = await database_sync_to_async(do_start_match)(
        "chronicle", [SeatSpec("alice", alice), SeatSpec("Random bot 1", bot="random")], seed=404)
    player, _ = await connect(match.pk, alice)
    frame = await next_of(player, "state")
    sent = 0
    while frame["outcome"] is None:
        if 0 in frame["active"]:
            await player.send_to(text_data=json.dumps(
                {"type": "move", "move": frame["legal"][0], "version": frame["version"], "id": f"a{sent}"}))
            sent += 1
        newer = frame["version"]
        while frame["version"] <= newer:
            frame = await next_of(player, "state")
    await player.disconnect()
    await asyncio.gather(*bots.running_tasks(), return_exceptions=True)
    seats = await database_sync_to_async(
        lambda: list(MoveLog.objects.filter(match=match).values_list("seat", flat=True)))()
    # In the simultaneous vote the person and the bot may race for one version; the loser is refused as stale.
    assert sent - 1 <= seats.count(0) <= sent and seats.count(1) > 0
    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).status == Match.Status.FINISHED
    await database_sync_to_async(connections.close_all)()
