"""A strong bot thinks in a worker process (issue 21, item 10): the event loop goes on while it searches, and the
move it plays is the one the same search makes here."""

import asyncio
import random
import time

import pytest
from channels.db import database_sync_to_async
from django.db import connections

from apps.matches.domain import bots as kinds
from apps.matches.domain.deeds import SeatSpec, bot_turn, do_start_match
from apps.matches.live import bot_driver as bots
from apps.matches.models import MoveLog

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_the_event_loop_runs_while_a_strong_bot_thinks(settings):
    settings.STRONG_BOT_DEALS = 10**6
    settings.STRONG_BOT_SECONDS = 0.5
    match = await database_sync_to_async(do_start_match)(
        "stone_age", [SeatSpec("Strong bot 1", bot="strong"), SeatSpec("Heuristic bot 2", bot="heuristic")], seed=12)
    await bots.move_bot(match.pk)  # the workers start (a fresh interpreter each) before anything is timed
    ticks = []

    async def tick():
        while True:
            ticks.append(time.perf_counter())
            await asyncio.sleep(0.01)

    ticker = asyncio.get_running_loop().create_task(tick())
    for _ in range(3):
        turn = await database_sync_to_async(bot_turn)(match.pk)
        assert turn is not None
        started = time.perf_counter()
        assert await bots.move_bot(match.pk)
        if turn.kind == "strong":
            assert time.perf_counter() - started < 2.0
    ticker.cancel()
    gaps = [later - earlier for earlier, later in zip(ticks, ticks[1:], strict=False)]
    assert max(gaps) < 0.25, f"the event loop stood still for {max(gaps):.2f} s"
    await database_sync_to_async(connections.close_all)()


async def test_the_worker_plays_what_the_bot_chooses_here(settings):
    settings.STRONG_BOT_DEALS = 2
    settings.STRONG_BOT_SECONDS = 600
    match = await database_sync_to_async(do_start_match)(
        "stone_age", [SeatSpec("Strong bot 1", bot="strong"), SeatSpec("Strong bot 2", bot="strong")], seed=3)
    turn = await database_sync_to_async(bot_turn)(match.pk)
    expected = kinds.choose(turn.game, turn.kind, turn.state, turn.seat, random.Random(turn.seed))
    assert await bots.move_bot(match.pk)
    played = await database_sync_to_async(lambda: MoveLog.objects.get(match=match).move)()
    assert played == expected
    await database_sync_to_async(connections.close_all)()
