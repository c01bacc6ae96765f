"""One think per bot decision (issue 37, item 7): while a bot's move is being chosen, its table is leased, so no
other driver (the sweep of another process) thinks about the same decision; the lease goes with the move, and
a lease nobody renews runs out."""

import asyncio
import random
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from apps.matches.domain import bots as kinds
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.engine.search import TurnPlan
from apps.matches.live import bot_driver as bots
from apps.matches.models import Match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]


@pytest.fixture
def strong_bot_to_move(alice, settings):
    """A Stone Age table whose strong bot (seat 0) is to move, still for a minute, with no socket open."""
    settings.BOT_DELAY = 0
    match = do_start_match("stone_age", [SeatSpec("Strong bot 1", bot="strong"), SeatSpec("alice", alice)], seed=12)
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now() - timedelta(minutes=1))
    return match


@pytest.fixture
def slow_search(monkeypatch):
    """The strong bot's search, held until ``done`` is set; ``calls`` counts the decisions thought about."""
    class Search:
        calls: list[int] = []
        thinking = asyncio.Event()
        done = asyncio.Event()

    async def search(turn, plan):
        Search.calls.append(turn.version)
        Search.thinking.set()
        await Search.done.wait()
        return kinds.choose(turn.game, "heuristic", turn.state, turn.seat, random.Random(turn.seed)), TurnPlan(0.0)

    monkeypatch.setattr(bots, "_search", search)
    yield Search
    Search.done.set()  # a test that failed halfway leaves no driver waiting


async def version(match_id) -> int:
    return (await database_sync_to_async(Match.objects.get)(pk=match_id)).version


async def test_a_sweep_skips_a_table_whose_bot_is_being_thought_for(strong_bot_to_move, slow_search):
    bots.drive_soon(strong_bot_to_move.pk)
    await asyncio.wait_for(slow_search.thinking.wait(), 10)
    assert await bots.sweep() == [], "another process's sweep would think about the same decision"
    slow_search.done.set()
    await asyncio.gather(*bots.running_tasks())
    assert slow_search.calls == [0] and await version(strong_bot_to_move.pk) == 1


async def test_a_second_driver_does_not_think_about_a_decision_being_thought_for(strong_bot_to_move, slow_search):
    first = asyncio.get_running_loop().create_task(bots.move_bot(strong_bot_to_move.pk))
    await asyncio.wait_for(slow_search.thinking.wait(), 10)
    assert not await asyncio.wait_for(bots.move_bot(strong_bot_to_move.pk), 5)  # as another process's driver
    slow_search.done.set()
    assert await first
    assert slow_search.calls == [0], "the decision at version 0 was thought about twice"
    assert await version(strong_bot_to_move.pk) == 1


async def test_the_lease_goes_with_the_move_so_the_next_decision_is_driven_at_once(strong_bot_to_move, slow_search):
    slow_search.done.set()
    assert await bots.move_bot(strong_bot_to_move.pk)
    assert await bots.sweep() == []  # the table moved a moment ago: its driver goes on
    assert not await bots.bot_lease.held([strong_bot_to_move.pk])


async def test_a_lease_is_held_by_one_holder_until_released():
    first = await bots.bot_lease.take(4242)
    assert first is not None
    assert await bots.bot_lease.take(4242) is None
    assert await bots.bot_lease.held([4242, 4243]) == {4242}
    await first.release()
    second = await bots.bot_lease.take(4242)
    assert second is not None
    await first.release()  # a holder that lost its lease cannot release the next holder's
    assert await bots.bot_lease.held([4242]) == {4242}
    await second.release()


async def test_a_lease_renewed_while_thinking_outlives_its_term_and_one_not_renewed_runs_out(settings):
    settings.BOT_LEASE_SECONDS = 0.3
    async with bots.bot_lease.leased(4244) as lease:
        assert lease is not None
        await asyncio.sleep(0.8)  # more than twice the term: kept by the renewals
        assert await bots.bot_lease.held([4244]) == {4244}
    assert await bots.bot_lease.held([4244]) == set()
    stranded = await bots.bot_lease.take(4244)  # a holder that dies renews nothing
    assert stranded is not None
    await asyncio.sleep(0.5)
    assert await bots.bot_lease.held([4244]) == set()
    assert await bots.bot_lease.take(4244) is not None
