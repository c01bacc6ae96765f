"""A bot whose turn comes at a table nobody has open moves anyway: each process sweeps for such tables."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from apps.matches.domain import selectors
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.live import bot_driver as bots
from apps.matches.models import Match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]


@pytest.fixture
def bot_to_move(alice, settings):
    """A match whose bot (seat 0) is to move, still for a minute, with no socket open."""
    settings.BOT_DELAY = 0
    match = do_start_match("chronicle", [SeatSpec("Random bot 1", bot="random"), SeatSpec("alice", alice)], seed=7)
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now() - timedelta(minutes=1))
    return match


async def version(match_id) -> int:
    return (await database_sync_to_async(Match.objects.get)(pk=match_id)).version


async def test_a_sweep_moves_a_bot_at_a_table_nobody_has_open(bot_to_move):
    assert await bots.sweep() == [bot_to_move.pk]
    await asyncio.gather(*bots.running_tasks())
    assert await version(bot_to_move.pk) >= 1


async def test_a_sweep_leaves_a_table_that_moved_a_moment_ago_to_its_driver(bot_to_move):
    await database_sync_to_async(Match.objects.filter(pk=bot_to_move.pk).update)(updated_at=timezone.now())
    assert await bots.sweep() == []


async def test_a_table_waiting_on_a_person_is_read_once_per_version(alice, bob, monkeypatch):
    match = await database_sync_to_async(do_start_match)(
        "chronicle", [SeatSpec("alice", alice), SeatSpec("Random bot 1", bot="random")], seed=7)
    await database_sync_to_async(Match.objects.filter(pk=match.pk).update)(
        updated_at=timezone.now() - timedelta(minutes=1))

    reads = []
    has_waiting_bot = selectors.has_waiting_bot
    monkeypatch.setattr(selectors, "has_waiting_bot", lambda pk: reads.append(pk) or has_waiting_bot(pk))
    assert await bots.sweep() == [] and await bots.sweep() == []
    assert reads == [match.pk]

