"""Away players, handing their seat to a bot by vote and taking it back; your-turn notices at your own pace."""

import asyncio
import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connections
from django.utils import timezone

from apps.matches.domain import seats
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.live import bot_driver as bots
from apps.matches.models import Match, MatchSeat
from config.asgi import application
from tests.conftest import session_cookie
from tests.matches.test_consumer import connect, next_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def run(fn, *args):
    return database_sync_to_async(fn)(*args)


@pytest.fixture(autouse=True)
async def close_worker_connections(settings):
    settings.BOT_DELAY = 0
    yield
    await asyncio.gather(*bots.running_tasks(), return_exceptions=True)
    await database_sync_to_async(connections.close_all)()


async def test_a_player_who_leaves_is_away_and_after_the_timeout_the_others_hand_the_seat_to_a_bot(duel, alice, bob):
    a, _ = await connect(duel.pk, alice)
    b, _ = await connect(duel.pk, bob)
    await b.disconnect()
    presence = await next_of(a, "presence")
    while not presence["away"]:
        presence = await next_of(a, "presence")
    assert presence["away"][0]["seat"] == 1 and presence["away"][0]["vote_in"] > 0
    await a.send_to(text_data=json.dumps({"type": "seat_vote", "seat": 1}))
    assert "Wait" in (await next_of(a, "error"))["message"]
    await run(lambda: MatchSeat.objects.filter(match=duel, index=1).update(
        away_since=timezone.now() - timedelta(minutes=4)))
    await a.send_to(text_data=json.dumps({"type": "seat_vote", "seat": 1}))
    assert "bot" in (await next_of(a, "notice"))["message"]
    seat = await run(lambda: MatchSeat.objects.get(match=duel, index=1))
    assert (seat.bot, seat.bot_by) == ("random", "vote")

    back, _ = await connect(duel.pk, bob)
    frame = await next_of(back, "state")
    assert frame["legal"] == []
    await back.send_to(text_data=json.dumps({"type": "take_back"}))
    assert "back" in (await next_of(a, "notice"))["message"]
    seat = await run(lambda: MatchSeat.objects.get(match=duel, index=1))
    assert (seat.bot, seat.away_since) == ("", None)
    await a.disconnect()
    await back.disconnect()


async def test_a_player_who_is_here_cannot_be_voted_out(duel, alice, bob):
    a, _ = await connect(duel.pk, alice)
    b, _ = await connect(duel.pk, bob)
    await a.send_to(text_data=json.dumps({"type": "seat_vote", "seat": 1}))
    assert (await next_of(a, "error"))["message"] == "That player is here."
    await a.send_to(text_data=json.dumps({"type": "seat_vote", "seat": "1"}))
    assert (await next_of(a, "error"))["code"] == "bad_request"
    assert await run(lambda: seats.take_back(duel.pk, 0)) == "Your seat is yours already."
    await a.disconnect()
    await b.disconnect()


async def test_at_your_own_pace_the_player_to_move_hears_it_anywhere_on_the_site(alice, bob):
    match = await run(lambda: do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=3,
                                             pace=Match.Pace.OWN_PACE))
    cookie = await run(session_cookie, bob)
    me = WebsocketCommunicator(application, "/ws/me/", headers=[
        (b"host", b"localhost"), (b"origin", b"http://localhost"), (b"cookie", f"sessionid={cookie}".encode())])
    assert (await me.connect())[0]
    a, _ = await connect(match.pk, alice)
    frame = await next_of(a, "state")
    version = frame["version"]
    while 1 not in frame["active"]:
        await a.send_to(text_data=json.dumps({"type": "move", "move": frame["legal"][0], "version": version}))
        frame = await next_of(a, "state")
        version = frame["version"]
    notice = json.loads(await me.receive_from(timeout=2))
    while notice.get("match") != match.pk or notice["type"] != "your_turn":
        notice = json.loads(await me.receive_from(timeout=2))
    assert notice["url"] == f"/matches/{match.pk}/"
    await me.disconnect()
    await a.disconnect()


async def test_the_personal_socket_needs_an_account():
    anonymous = WebsocketCommunicator(application, "/ws/me/", headers=[(b"host", b"localhost"),
                                                                       (b"origin", b"http://localhost")])
    connected, code = await anonymous.connect()
    assert not connected
