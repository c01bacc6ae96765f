"""Nobody acts or looks through a seat that is not theirs: moves, syncs and chats claiming another seat.

``tests/matches/test_consumer.py`` covers a player moving with the other seat's number and a watcher moving;
here every kind of frame (move, sync, chat) claims the seat whose turn it is, from the other player, a watcher,
an anonymous socket, a user who logged out (the session flushed, with the socket still open or opened again
with the old cookie) and a banned user coming back. Each is refused with ``forbidden`` (the chat of an
anonymous socket too), nothing changes, and no reply carries what the victim sees and the sender may not.
"""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.models import Session
from django.test import Client

from apps.matches.engine import engine
from apps.matches.live import bot_driver as bots
from apps.matches.models import ChatMessage, Match, MoveLog
from apps.moderation import services as moderation
from config.asgi import application
from tests.matches.test_consumer import connect, next_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]
RULES = engine("chronicle")


def run(fn, *args, **kwargs):
    return database_sync_to_async(fn)(*args, **kwargs)


@pytest.fixture
def victim(duel, alice, bob):
    """The seat whose turn it is (its move is legal now), its user, and the other seat's user."""
    seat = RULES.active_seats(duel.state)[0]
    users = {0: alice, 1: bob}
    return seat, users[seat], users[1 - seat]


async def connect_with_cookie(match_id, cookie: str):
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost"), (b"cookie", f"sessionid={cookie}".encode())]
    communicator = WebsocketCommunicator(application, f"/ws/matches/{match_id}/?format=json", headers=headers)
    assert (await communicator.connect(timeout=5))[0]
    return communicator


def logged_in_client(user) -> tuple[Client, str]:
    client = Client()
    client.force_login(user)
    return client, client.cookies["sessionid"].value


async def claims_are_refused(communicator, duel, seat: int, sender_seat: int | None) -> list[dict]:
    """Send a move, a sync and a chat claiming ``seat``; each is answered ``forbidden`` and changes nothing.

    Returns every frame received meanwhile, after checking none names what the sender may not see."""
    move = RULES.legal_moves(duel.state, seat)[0]
    before = await run(lambda: Match.objects.values("version", "state").get(pk=duel.pk))
    chats = await run(ChatMessage.objects.count)
    frames = [
        {"type": "move", "move": move, "version": before["version"], "seat": seat, "id": "impostor"},
        {"type": "sync", "seat": seat},
        {"type": "chat", "text": "it is me, honestly", "seat": seat},
    ]
    received = []
    for frame in frames:
        await communicator.send_to(text_data=json.dumps(frame))

        async def until_error():
            while True:
                text = await communicator.receive_from(timeout=3)
                received.append(text)
                if json.loads(text)["type"] == "error":
                    return json.loads(text)

        error = await asyncio.wait_for(until_error(), 3)
        assert error["code"] == "forbidden", (frame, error)
        assert error["message"]
    assert await run(lambda: Match.objects.values("version", "state").get(pk=duel.pk)) == before
    assert await run(MoveLog.objects.filter(match=duel).count) == before["version"]
    assert await run(ChatMessage.objects.count) == chats
    secret = RULES.hidden_from(duel.state, sender_seat)
    assert secret, "the victim must hold something the sender may not see"
    for text in received:
        assert str(duel.seed) not in text and str(duel.state["rng"]) not in text
        for item in secret:
            assert item not in text, f"a reply to the impostor shows {item!r}"
        frame = json.loads(text)
        if frame["type"] == "state":
            assert frame["legal"] == [] or sender_seat is not None
            if frame["version"] == before["version"]:  # (earlier ones may still be arriving from a bot's moves)
                assert frame["view"] == RULES.view(duel.state, sender_seat)
    return received


async def test_the_other_player_cannot_move_sync_or_chat_as_the_seat_to_play(duel, victim):
    seat, _, other = victim
    impostor, _ = await connect(duel.pk, other)
    await next_of(impostor, "state")
    await claims_are_refused(impostor, duel, seat, 1 - seat)
    await impostor.disconnect()


async def test_a_watcher_cannot_move_sync_or_chat_as_a_seat(duel, victim, carol):
    seat, _, _ = victim
    watcher, _ = await connect(duel.pk, carol)
    await next_of(watcher, "state")
    await claims_are_refused(watcher, duel, seat, None)
    await watcher.disconnect()


async def test_an_anonymous_socket_cannot_move_sync_or_chat_as_a_seat(duel, victim):
    seat, _, _ = victim
    anonymous, _ = await connect(duel.pk)
    await next_of(anonymous, "state")
    await claims_are_refused(anonymous, duel, seat, None)
    await anonymous.disconnect()


async def test_after_logging_out_the_old_cookie_is_nobody(duel, victim):
    seat, user, _ = victim
    client, cookie = await run(logged_in_client, user)
    await run(client.post, "/accounts/logout/")
    again = await connect_with_cookie(duel.pk, cookie)
    frame = await next_of(again, "state")
    assert frame["legal"] == [] and frame["view"] == RULES.view(duel.state, None)
    await claims_are_refused(again, duel, seat, None)
    await again.disconnect()


async def test_logging_out_closes_the_seats_open_socket(duel, victim):
    """The page left open in another tab stops receiving the seat's view the moment its session ends."""
    seat, user, _ = victim
    client, cookie = await run(logged_in_client, user)
    page = await connect_with_cookie(duel.pk, cookie)
    assert (await next_of(page, "state"))["legal"]
    await run(client.post, "/accounts/logout/")
    assert (await next_of(page, "removed"))["message"]
    assert (await page.receive_output(timeout=3))["type"] == "websocket.close"


async def test_a_session_ended_without_logging_out_is_refused_at_the_next_frame(duel, victim):
    """Sessions deleted or expired on the server (no logout signal): the next frame finds out, and the socket goes."""
    seat, user, _ = victim
    _, cookie = await run(logged_in_client, user)
    page = await connect_with_cookie(duel.pk, cookie)
    await next_of(page, "state")
    await run(lambda: Session.objects.filter(session_key=cookie).delete())
    move = RULES.legal_moves(duel.state, seat)[0]
    await page.send_to(text_data=json.dumps({"type": "move", "move": move, "version": 0, "id": "late"}))
    error = await next_of(page, "error")
    assert error["code"] == "forbidden"
    assert (await page.receive_output(timeout=3))["type"] == "websocket.close"
    assert await run(MoveLog.objects.filter(match=duel).count) == 0


async def test_a_banned_user_coming_back_cannot_move_sync_or_chat_as_their_old_seat(duel, victim, moderator):
    seat, user, _ = victim
    _, cookie = await run(logged_in_client, user)
    await run(moderation.ban, moderator, user, "cheating")
    await asyncio.gather(*bots.running_tasks(), return_exceptions=True)
    duel = await run(Match.objects.get, pk=duel.pk)  # the bot now playing the seat may have moved
    again = await connect_with_cookie(duel.pk, cookie)
    frame = await next_of(again, "state")
    assert frame["legal"] == [] and frame["view"] == RULES.view(duel.state, None)
    await asyncio.gather(*bots.running_tasks(), return_exceptions=True)  # connecting woke the bot: let it finish
    duel = await run(Match.objects.get, pk=duel.pk)
    if duel.status == Match.Status.RUNNING and RULES.active_seats(duel.state):
        await claims_are_refused(again, duel, RULES.active_seats(duel.state)[0], None)
    await again.disconnect()
