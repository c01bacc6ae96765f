"""Timed matches: the lobby's ``time_control``, the clock the server keeps in the match row, the ``clock`` of the
JSON state frame, a seat out of time handed to a bot by vote or at an own-pace deadline, and a process dying while
a clock runs. Time is the tests' own (``timekeeper.now_ms`` replaced): nothing sleeps."""

import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest
from channels.db import database_sync_to_async
from django.db import connection, connections

from apps.lobbies import services as lobbies
from apps.lobbies.models import Lobby
from apps.matches.domain import seats, timekeeper
from apps.matches.domain.deeds import SeatSpec, do_move, do_start_match
from apps.matches.engine import clock, engine
from apps.matches.live import bot_driver as bots
from apps.matches.models import Match, MatchSeat
from tests.conftest import ROOT, require
from tests.matches.conftest import T0
from tests.matches.test_consumer import connect, next_of

MIN, DAY = clock.MINUTE, clock.DAY


def first_legal_move(match: Match) -> tuple[int, dict]:
    rules = engine(match.game)
    seat = rules.active_seats(match.state)[0]
    return seat, rules.legal_moves(match.state, seat)[0]


def timed_duel(alice, bob, control="rt:10+5") -> Match:
    return do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=20261124,
                          time_control=control)


# --- the lobby's time_control ------------------------------------------------------------------------------------

FORM = {"seat_count": "2", "is_public": "on", "pace": "live", "away_minutes": "3"}


@pytest.mark.django_db
@pytest.mark.parametrize(("posted", "stored", "pace"), [
    ({}, "none", "live"),
    ({"time_control": "none", "pace": "own_pace"}, "none", "own_pace"),
    ({"time_control": "rt:20+20", "pace": "own_pace"}, "rt:20+20", "live"),
    ({"time_control": "custom", "custom_minutes": "7", "custom_seconds": "3"}, "rt:7+3", "live"),
    ({"time_control": "custom", "custom_minutes": "7"}, "rt:7+0", "live"),
    ({"time_control": "days:3"}, "days:3", "own_pace"),
])
def test_the_lobby_form_takes_a_time_control(client, alice, posted, stored, pace):
    client.force_login(alice)
    response = client.post("/lobbies/new/chronicle/", {**FORM, **posted})
    assert response.status_code == 302
    lobby = Lobby.objects.get(host=alice)
    assert (lobby.time_control, lobby.pace) == (stored, pace)


@pytest.mark.django_db
@pytest.mark.parametrize("posted", [
    {"time_control": "rt:11+11"},  # not a preset: a custom clock goes through the custom fields
    {"time_control": "days:9"},
    {"time_control": "custom"},
    {"time_control": "custom", "custom_minutes": "0"},
    {"time_control": "custom", "custom_minutes": "500"},
    {"time_control": "custom", "custom_minutes": "5", "custom_seconds": "-1"},
    {"time_control": "<script>"},
])
def test_a_time_control_that_is_not_a_choice_creates_no_lobby(client, alice, posted):
    client.force_login(alice)
    response = client.post("/lobbies/new/chronicle/", {**FORM, **posted})
    assert response.status_code == 200 and b'class="error"' in response.content
    assert not Lobby.objects.exists()


@pytest.mark.django_db
def test_the_service_refuses_a_bad_time_control(alice):
    with pytest.raises(lobbies.LobbyError, match="time control"):
        lobbies.create_lobby(alice, "chronicle", 2, is_public=True, time_control="rt:9999+1")
    assert not Lobby.objects.exists()


@pytest.mark.django_db
def test_a_timed_lobby_starts_a_match_with_every_seat_on_full_time(client, alice, bob, now):
    lobby = lobbies.create_lobby(alice, "chronicle", 2, is_public=True, time_control="rt:20+20")
    lobbies.join(lobby.pk, bob)
    client.force_login(bob)
    assert b"20 min + 20 s" in client.get(f"/lobbies/{lobby.pk}/").content
    match = lobbies.start(lobby.pk, alice)
    assert match.clock == {"kind": "real_time", "base_ms": 20 * MIN, "increment_ms": 20_000,
                           "remaining_ms": [20 * MIN, 20 * MIN], "running": engine("chronicle").active_seats(
                               match.state), "since": T0}


@pytest.mark.django_db
def test_a_friendly_match_has_no_clock(alice, bob):
    match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)])
    assert match.clock is None
    seat, move = first_legal_move(match)
    do_move(match.pk, seat, move, 0)
    match.refresh_from_db()
    assert match.clock is None and timekeeper.frame(match) is None


# --- time spent, as the server counts it ---------------------------------------------------------------------------

@pytest.mark.django_db
def test_a_move_spends_the_movers_time_counted_by_the_server(alice, bob, now):
    match = timed_duel(alice, bob)
    seat, move = first_legal_move(match)
    now.at = T0 + 42_000
    assert do_move(match.pk, seat, move, 0).ok
    match.refresh_from_db()
    left = clock.remaining(match.clock, now.at)
    rules = engine("chronicle")
    if seat not in rules.active_seats(match.state):  # the turn passed: +5 s
        assert left[seat] == 10 * MIN - 42_000 + 5_000
    else:
        assert left[seat] == 10 * MIN - 42_000
    assert match.clock["since"] == now.at and match.clock["running"] == rules.active_seats(match.state)


@pytest.mark.django_db
def test_a_refused_move_changes_no_clock(alice, bob, now):
    match = timed_duel(alice, bob)
    seat, move = first_legal_move(match)
    now.at = T0 + 5_000
    assert not do_move(match.pk, 1 - seat, move, 0).ok  # out of turn
    assert not do_move(match.pk, seat, {"type": "no such move"}, 0).ok
    match.refresh_from_db()
    assert match.clock["since"] == T0 and match.version == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_json_state_frame_carries_the_clock(alice, bob, now):
    match = await database_sync_to_async(timed_duel)(alice, bob)
    now.at = T0 + 3_000
    a, _ = await connect(match.pk, alice)
    first = await next_of(a, "state")
    assert first["clock"] == {"kind": "real_time", "remaining_ms": clock.remaining(match.clock, now.at),
                              "running": match.clock["running"], "increment_ms": 5_000, "server_time": now.at}
    seat, move = first_legal_move(match)
    now.at = T0 + 9_000
    mover = a if seat == 0 else (await connect(match.pk, bob))[0]
    await mover.send_to(text_data=json.dumps({"type": "move", "move": move, "version": 0, "id": "m1"}))
    frame = await next_of(mover, "state")
    assert frame["version"] == 1 and frame["clock"]["server_time"] == now.at
    assert frame["clock"]["remaining_ms"][seat] in (10 * MIN - 9_000, 10 * MIN - 9_000 + 5_000)
    await a.disconnect()
    if mover is not a:
        await mover.disconnect()
    await database_sync_to_async(connections.close_all)()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_an_untimed_match_sends_no_clock(duel, alice):
    a, _ = await connect(duel.pk, alice)
    assert "clock" not in await next_of(a, "state")
    await a.disconnect()
    await database_sync_to_async(connections.close_all)()


# --- running out ----------------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_out_of_real_time_the_others_may_hand_the_seat_to_a_bot_and_taking_it_back_adds_no_time(alice, bob, now):
    match = timed_duel(alice, bob, "rt:1+0")
    late = match.clock["running"][0]
    other = 1 - late
    now.at = T0 + MIN - 1
    assert "here" in seats.vote_to_bot(match.pk, other, late)  # a second left: no vote
    now.at = T0 + MIN
    assert timekeeper.out_of_time(Match.objects.get(pk=match.pk)) == [late]
    assert seats.vote_to_bot(match.pk, other, late) == ""
    seat = MatchSeat.objects.get(match=match, index=late)
    assert (seat.bot, seat.bot_by) == ("random", "vote")
    now.at = T0 + 5 * MIN
    assert seats.take_back(match.pk, late) == seats.BOT_ANSWERING  # not before the bot has moved
    match.refresh_from_db()
    assert clock.remaining(match.clock, now.at)[late] == 0  # and never a new minute
    assert MatchSeat.objects.get(match=match, index=late).bot == "random"


@pytest.mark.django_db
def test_nothing_happens_on_its_own_when_unrated_real_time_runs_out_but_the_seat_cannot_move(alice, bob, now):
    match = timed_duel(alice, bob, "rt:1+0")
    now.at = T0 + 10 * MIN
    assert timekeeper.hand_over_expired() == []
    assert not MatchSeat.objects.filter(match=match).exclude(bot="").exists()
    seat, move = first_legal_move(match)
    assert do_move(match.pk, seat, move, 0).message == "Your clock has run out; you cannot move any more."


@pytest.mark.django_db
def test_at_an_own_pace_deadline_a_bot_takes_the_seat_until_its_player_returns(alice, bob, now):
    match = timed_duel(alice, bob, "days:2")
    assert match.pace == Match.Pace.OWN_PACE
    late = match.clock["running"][0]
    now.at = T0 + 2 * DAY - 1
    assert timekeeper.hand_over_expired() == []
    now.at = T0 + 2 * DAY
    assert timekeeper.hand_over_expired() == [match.pk]
    assert timekeeper.hand_over_expired() == []  # once
    seat = MatchSeat.objects.get(match=match, index=late)
    assert (seat.bot, seat.bot_by) == (timekeeper.DEADLINE_BOT, "clock")
    assert seats.take_back(match.pk, late) == seats.BOT_ANSWERING
    while late in engine("chronicle").active_seats(Match.objects.get(pk=match.pk).state):  # the bot plays the turn
        moved = Match.objects.get(pk=match.pk)
        assert do_move(match.pk, *first_legal_move(moved), moved.version, by_bot=True).ok
    now.at = T0 + 3 * DAY
    assert seats.take_back(match.pk, late) == ""
    match.refresh_from_db()
    assert late not in match.clock["running"]  # its next turn brings a whole allowance; the return brings none


@pytest.mark.django_db
def test_an_untimed_own_pace_match_has_no_deadline(alice, bob, now):
    match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)],
                           pace=Match.Pace.OWN_PACE)
    now.at = T0 + 300 * DAY
    assert timekeeper.hand_over_expired() == []
    assert match.clock is None


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_deadline_sweep_hands_over_and_the_bot_moves(alice, bob, now, settings):
    settings.BOT_DELAY = 0
    match = await database_sync_to_async(timed_duel)(alice, bob, "days:1")
    now.at = T0 + DAY + 1
    assert await bots.deadline_sweep() == [match.pk]
    await asyncio.gather(*bots.running_tasks(), return_exceptions=True)
    moved = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert moved.version >= 1
    await database_sync_to_async(connections.close_all)()


# --- a process dying while a clock runs ------------------------------------------------------------------------------

@pytest.mark.django_db(transaction=True)
def test_a_process_killed_while_a_clock_runs_costs_the_player_the_time_spent(alice, bob, now):
    """Another process starts a timed match and moves at T0 + 20 s, then is killed (SIGKILL); this process, the
    next to look at the match, sees at T0 + 50 s the 30 s the next player has spent since, and charges them."""
    if connection.vendor != "postgresql":
        require("CIVITAS_REQUIRE_PRODUCTION_SHAPE", "a second process needs the shared PostgreSQL database")
    script = textwrap.dedent(f"""
        import os, signal, django
        django.setup()
        from apps.matches.domain import timekeeper
        from apps.matches.domain.deeds import SeatSpec, do_move, do_start_match
        from apps.matches.engine import engine
        from django.contrib.auth import get_user_model
        users = get_user_model().objects
        timekeeper.now_ms = lambda: {T0}
        match = do_start_match("chronicle", [SeatSpec("alice", users.get(pk={alice.pk})),
                                             SeatSpec("bob", users.get(pk={bob.pk}))], seed=7, time_control="rt:10+0")
        rules = engine("chronicle")
        seat = rules.active_seats(match.state)[0]
        timekeeper.now_ms = lambda: {T0 + 20_000}
        assert do_move(match.pk, seat, rules.legal_moves(match.state, seat)[0], 0).ok
        print(match.pk, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    db = connection.settings_dict
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
           "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr
    match = Match.objects.get(pk=int(done.stdout.split()[0]))
    running = match.clock["running"]
    now.at = T0 + 50_000
    shown = timekeeper.frame(match)
    for seat in running:
        assert shown["remaining_ms"][seat] == match.clock["remaining_ms"][seat] - 30_000
    seat, move = first_legal_move(match)
    before = match.clock["remaining_ms"][seat]
    assert do_move(match.pk, seat, move, match.version).ok
    match.refresh_from_db()
    assert match.clock["remaining_ms"][seat] == before - 30_000  # (no increment in this control)
