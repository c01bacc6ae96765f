"""At own pace, a rated match counts a missed deadline as a loss on time after one bot-played turn of grace: the bot
plays the turn whose deadline passed; if the seat is still the bot's when its next turn comes, it loses on time
(ranked last; of two players, the other wins at once). Its player may take it back in between and play on. An
unrated match keeps its bot playing until its player returns. Time is the tests' own (``timekeeper.now_ms``)."""

import pytest
from channels.db import database_sync_to_async
from django.db import connections

from apps.matches.domain import seats, timekeeper
from apps.matches.domain.deeds import SeatSpec, do_human_move, do_start_match
from apps.matches.engine import clock, engine
from apps.matches.live import bot_driver as bots
from apps.matches.models import Match, MatchSeat
from apps.ratings.models import RatingChange

DAY = clock.DAY
RULES = engine("chronicle")


@pytest.fixture(autouse=True)
def no_bot_delay(settings):
    settings.BOT_DELAY = 0


@pytest.fixture(autouse=True)
def bots_moved_by_the_test_alone(monkeypatch):
    """The deadline sweep would also start a driver in the background, which raced the test's own ``move_bot`` for
    the table's lease (under load it won, and the test's move came back None)."""
    monkeypatch.setattr(bots, "drive_soon", lambda match_id: None)


def own_pace(people, rated: bool) -> Match:
    return do_start_match("chronicle", [SeatSpec(person.username, person) for person in people], seed=20261124,
                          time_control="days:1", rated=rated)


def active(match_id: int) -> list[int]:
    return RULES.active_seats(Match.objects.get(pk=match_id).state)


def play_turn_of(match_id: int, seat: int) -> None:
    """The seat's person plays its whole turn (first legal moves)."""
    while seat in active(match_id):
        match = Match.objects.get(pk=match_id)
        assert do_human_move(match_id, seat, RULES.legal_moves(match.state, seat)[0], match.version).ok


def seat_row(match_id: int, seat: int) -> MatchSeat:
    return MatchSeat.objects.get(match_id=match_id, index=seat)


async def miss_the_deadline_and_let_the_bot_play_the_turn(match: Match, now) -> int:
    """The seat to move misses its deadline; the deadline sweep hands it to a bot, which plays that turn. The
    seat."""
    late = (await database_sync_to_async(active)(match.pk))[0]
    now.at += DAY + 1
    assert await bots.deadline_sweep() == [match.pk]
    while late in await database_sync_to_async(active)(match.pk):
        assert await bots.move_bot(match.pk) is True  # the turn of grace
    return late


async def done() -> None:
    await database_sync_to_async(connections.close_all)()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_rated_seat_still_the_bots_when_its_next_turn_comes_loses_on_time_and_the_other_wins(
        alice, bob, now):
    match = await database_sync_to_async(own_pace)([alice, bob], rated=True)
    late = await miss_the_deadline_and_let_the_bot_play_the_turn(match, now)
    await database_sync_to_async(play_turn_of)(match.pk, 1 - late)
    version = (await database_sync_to_async(Match.objects.get)(pk=match.pk)).version
    assert late in await database_sync_to_async(active)(match.pk)

    assert await bots.move_bot(match.pk) is False  # no second turn for the bot: the seat lost on time

    ended = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert (ended.status, ended.version) == (Match.Status.FINISHED, version)
    assert ended.outcome == {"winners": [1 - late], "lost_on_time": [late], "reason": "time"}
    ranks = await database_sync_to_async(
        lambda: dict(RatingChange.objects.filter(match=ended).values_list("user__username", "rank")))()
    assert ranks == {[alice, bob][1 - late].username: 1, [alice, bob][late].username: 2}
    assert await database_sync_to_async(seats.take_back)(match.pk, late) == "Your seat is yours already."
    await done()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_rated_player_back_before_their_next_turn_plays_on(alice, bob, now):
    match = await database_sync_to_async(own_pace)([alice, bob], rated=True)
    late = await miss_the_deadline_and_let_the_bot_play_the_turn(match, now)
    assert await database_sync_to_async(seats.take_back)(match.pk, late) == ""
    await database_sync_to_async(play_turn_of)(match.pk, 1 - late)

    assert await bots.move_bot(match.pk) is False  # no bot is to move: the seat is its player's again

    running = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert running.status == Match.Status.RUNNING and late in running.clock["running"]
    assert (await database_sync_to_async(seat_row)(match.pk, late)).bot == ""
    await done()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_an_unrated_seat_handed_over_at_its_deadline_stays_the_bots_turn_after_turn(alice, bob, now):
    match = await database_sync_to_async(own_pace)([alice, bob], rated=False)
    late = await miss_the_deadline_and_let_the_bot_play_the_turn(match, now)
    await database_sync_to_async(play_turn_of)(match.pk, 1 - late)

    assert await bots.move_bot(match.pk) is True  # the bot plays its next turn too

    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).status == Match.Status.RUNNING
    row = await database_sync_to_async(seat_row)(match.pk, late)
    assert (row.bot, row.bot_by) == (timekeeper.DEADLINE_BOT, "clock")
    await done()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_of_three_rated_players_the_seat_that_lost_on_time_is_played_out_by_a_bot(alice, bob, carol, now):
    match = await database_sync_to_async(own_pace)([alice, bob, carol], rated=True)
    late = await miss_the_deadline_and_let_the_bot_play_the_turn(match, now)
    while late not in await database_sync_to_async(active)(match.pk):
        await database_sync_to_async(play_turn_of)(match.pk, (await database_sync_to_async(active)(match.pk))[0])

    assert await bots.move_bot(match.pk) is True  # lost on time, and its bot plays the seat out

    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).status == Match.Status.RUNNING
    row = await database_sync_to_async(seat_row)(match.pk, late)
    assert row.bot_by == MatchSeat.LOST_ON_TIME
    assert await database_sync_to_async(seats.take_back)(match.pk, late) == seats.LOST_ON_TIME
    await done()
