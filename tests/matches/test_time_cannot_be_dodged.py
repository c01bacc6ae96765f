"""A seat handed to a bot because its time ran out (an own-pace deadline, a real-time clock at zero) cannot be taken
back before the bot has answered the decision that was awaited, and taking it back never gives the seat more time
than it had; a seat out of real time cannot move; in a rated real-time match it loses on time. The attack replayed:
hand-over, take-back at once, three times. Time is the tests' own (``timekeeper.now_ms`` replaced)."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from django.db import connections

from apps.matches.domain import seats, time_loss, timekeeper
from apps.matches.domain.deeds import SeatSpec, do_human_move, do_move, do_start_match
from apps.matches.domain.results import record_results
from apps.matches.engine import clock, engine
from apps.matches.live import bot_driver as bots
from apps.matches.live import frames
from apps.matches.models import Match, MatchSeat
from apps.ratings.models import RatingChange
from tests.matches.conftest import T0
from tests.matches.test_consumer import connect, next_of

MIN, DAY = clock.MINUTE, clock.DAY
RULES = engine("chronicle")
BOT_ANSWERING = "The bot is answering for you; you can take your seat back once it has moved."  # (as asked)


def timed(people, control: str, rated: bool = False) -> Match:
    return do_start_match("chronicle", [SeatSpec(person.username, person) for person in people], seed=20261124,
                          time_control=control, rated=rated)


def active(match_id: int) -> list[int]:
    return RULES.active_seats(Match.objects.get(pk=match_id).state)


def play_turn_of(match_id: int, seat: int) -> None:
    """The seat's person plays its whole turn (first legal moves)."""
    while seat in active(match_id):
        match = Match.objects.get(pk=match_id)
        assert do_human_move(match_id, seat, RULES.legal_moves(match.state, seat)[0], match.version).ok


def left(match_id: int, seat: int, at: int) -> int:
    return clock.remaining(Match.objects.get(pk=match_id).clock, at)[seat]


async def until(predicate, within_s: float = 10.0) -> None:
    for _ in range(int(within_s / 0.05)):
        if await database_sync_to_async(predicate)():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("waited in vain")


# --- own pace -------------------------------------------------------------------------------------------------------

@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_seat_handed_over_at_its_deadline_cannot_be_taken_back_at_once_three_deadlines_running(
        alice, bob, now, settings):
    settings.BOT_DELAY = 0.3  # the bot waits before it answers: the take-back comes in that gap
    match = await database_sync_to_async(timed)([alice, bob], "days:1")
    late = (await database_sync_to_async(active)(match.pk))[0]
    sockets = {0: (await connect(match.pk, alice))[0], 1: (await connect(match.pk, bob))[0]}
    socket = sockets[late]
    versions = []
    for _ in range(3):
        now.at += DAY + 1
        assert await bots.deadline_sweep() == [match.pk]
        await socket.send_to(text_data=json.dumps({"type": "take_back"}))
        assert (await next_of(socket, "error"))["message"] == BOT_ANSWERING
        assert await database_sync_to_async(left)(match.pk, late, now.at) == 0  # no new allowance
        seat = await database_sync_to_async(MatchSeat.objects.get)(match=match, index=late)
        assert seat.bot_by == "clock"
        # The bot answers for the late seat (its whole turn, whose time is spent) and the match goes on.
        await until(lambda: late not in active(match.pk))
        assert await database_sync_to_async(seats.take_back)(match.pk, late) == ""
        versions.append((await database_sync_to_async(Match.objects.get)(pk=match.pk)).version)
        await database_sync_to_async(play_turn_of)(match.pk, 1 - late)  # the other plays; the late seat's turn again
    assert versions[0] > 0 and versions[0] < versions[1] < versions[2]
    for socket in sockets.values():
        await socket.disconnect()
    await asyncio.gather(*bots.running_tasks(), return_exceptions=True)
    await database_sync_to_async(connections.close_all)()


@pytest.mark.django_db
def test_a_seat_taken_back_after_the_bot_moved_keeps_the_deadline_it_had(alice, bob, now):
    match = timed([alice, bob], "days:2")
    late = active(match.pk)[0]
    now.at = T0 + 2 * DAY
    assert timekeeper.hand_over_expired() == [match.pk]
    assert seats.take_back(match.pk, late) == BOT_ANSWERING
    assert do_move(match.pk, late, RULES.legal_moves(match.state, late)[0], 0, by_bot=True).ok
    # Still its turn (one step of four) and its time for the turn is spent: the bot finishes the turn.
    assert "bot finishes" in seats.take_back(match.pk, late)
    assert left(match.pk, late, now.at) == 0


# --- real time ------------------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_a_seat_out_of_real_time_cannot_move(alice, bob, now):
    match = timed([alice, bob], "rt:1+0")
    late = active(match.pk)[0]
    now.at = T0 + MIN
    answer = do_human_move(match.pk, late, RULES.legal_moves(match.state, late)[0], 0)
    assert (answer.ok, answer.code) == (False, "forbidden")
    assert "clock has run out" in answer.message
    assert Match.objects.get(pk=match.pk).version == 0


@pytest.mark.django_db
def test_a_seat_out_of_real_time_and_taken_back_at_once_gets_no_time_three_times(alice, bob, now):
    match = timed([alice, bob], "rt:1+0")
    late = active(match.pk)[0]
    now.at = T0 + MIN + 2_000
    assert seats.vote_to_bot(match.pk, 1 - late, late) == ""
    for _ in range(3):
        now.at += 40
        assert seats.take_back(match.pk, late) == BOT_ANSWERING
        assert left(match.pk, late, now.at) == 0
        assert MatchSeat.objects.get(match=match, index=late).bot == "random"
    play_turn_of_bot(match.pk, late)
    assert "clock has run out" in seats.take_back(match.pk, late)
    assert left(match.pk, late, now.at) == 0


def play_turn_of_bot(match_id: int, seat: int) -> None:
    while seat in active(match_id):
        match = Match.objects.get(pk=match_id)
        assert do_move(match_id, seat, RULES.legal_moves(match.state, seat)[0], match.version, by_bot=True).ok


@pytest.mark.django_db
def test_taking_back_never_gives_more_time_than_the_seat_had_when_handed_over(alice, bob, now):
    match = timed([alice, bob], "rt:1+30")
    away = active(match.pk)[0]
    MatchSeat.objects.filter(match=match, index=away).update(away_since="2000-01-01T00:00:00Z")
    now.at = T0 + 20_000
    assert seats.vote_to_bot(match.pk, 1 - away, away) == ""  # 40 s left when handed over
    play_turn_of_bot(match.pk, away)  # the bot's turn earns the increment: 40 + 30 s
    assert left(match.pk, away, now.at) == 70_000
    assert seats.take_back(match.pk, away) == ""
    assert left(match.pk, away, now.at) == 40_000


# --- rated real time: a loss on time ----------------------------------------------------------------------------------

@pytest.mark.django_db
def test_in_a_rated_real_time_duel_the_seat_whose_clock_ran_out_loses_on_time(alice, bob, now):
    match = timed([alice, bob], "rt:1+0", rated=True)
    late = active(match.pk)[0]
    now.at = T0 + MIN - 1
    assert time_loss.flag_expired() == []
    now.at = T0 + MIN
    assert time_loss.flag_expired() == [match.pk]
    assert time_loss.flag_expired() == []  # once
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.outcome["winners"] == [1 - late] and match.outcome["lost_on_time"] == [late]
    assert [seat.is_winner for seat in match.seats.order_by("index")] == [late != 0, late != 1]
    ranks = dict(RatingChange.objects.filter(match=match).values_list("user__username", "rank"))
    assert ranks == {[alice, bob][1 - late].username: 1, [alice, bob][late].username: 2}
    assert seats.take_back(match.pk, late) == "Your seat is yours already."  # (the match is over)
    names = ["alice", "bob"]
    table = json.loads(frames.frame_for(match, 0, "html"))["html"]
    assert f"{names[late]} lost on time." in table and f"Winner: <strong>{names[1 - late]}</strong>." in table


@pytest.mark.django_db
def test_the_others_vote_on_a_rated_seat_out_of_time_ends_the_match_on_time(alice, bob, now):
    match = timed([alice, bob], "rt:1+0", rated=True)
    late = active(match.pk)[0]
    now.at = T0 + MIN + 5
    assert seats.vote_to_bot(match.pk, 1 - late, late) == ""
    match.refresh_from_db()
    assert (match.status, match.outcome["winners"]) == (Match.Status.FINISHED, [1 - late])


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_no_frame_of_the_late_player_dodges_a_rated_loss_on_time(alice, bob, now):
    match = await database_sync_to_async(timed)([alice, bob], "rt:1+0", rated=True)
    late = (await database_sync_to_async(active)(match.pk))[0]
    people = [alice, bob]
    mine, theirs = (await connect(match.pk, people[late]))[0], (await connect(match.pk, people[1 - late]))[0]
    now.at = T0 + MIN + 30
    for _ in range(3):
        await mine.send_to(text_data=json.dumps({"type": "move", "move": RULES.legal_moves(match.state, late)[0],
                                                 "version": 0, "id": ""}))
        assert "clock has run out" in (await next_of(mine, "error"))["message"]
        await mine.send_to(text_data=json.dumps({"type": "take_back"}))
        assert (await next_of(mine, "error"))["message"] == "Your seat is yours already."
    await theirs.send_to(text_data=json.dumps({"type": "seat_vote", "seat": late}))
    notice = await next_of(mine, "notice")
    assert notice["over"] and notice["message"] == f"{people[late].username} ran out of time and loses on time."
    ended = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert (ended.status, ended.version, ended.outcome["winners"]) == (Match.Status.FINISHED, 0, [1 - late])
    for socket in (mine, theirs):
        await socket.disconnect()
    await database_sync_to_async(connections.close_all)()


@pytest.mark.django_db
def test_in_a_rated_real_time_match_of_three_the_seat_out_of_time_is_played_out_by_a_bot_and_ranks_last(
        alice, bob, carol, now):
    match = timed([alice, bob, carol], "rt:1+0", rated=True)
    late = active(match.pk)[0]
    now.at = T0 + MIN
    assert time_loss.flag_expired() == [match.pk]
    assert time_loss.flag_expired() == []  # once
    seat = MatchSeat.objects.get(match=match, index=late)
    assert (seat.bot, seat.bot_by) == ("random", "time")
    assert Match.objects.get(pk=match.pk).status == Match.Status.RUNNING
    assert seats.take_back(match.pk, late) == seats.LOST_ON_TIME
    record_results(match.pk, {"scores": [9, 9, 9], "winners": [0, 1, 2]})
    winners = list(MatchSeat.objects.filter(match=match, is_winner=True).values_list("index", flat=True))
    assert late not in winners and len(winners) == 2
