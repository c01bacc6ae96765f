"""The live lobby page: seat changes, chat and the start reach every open page."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from apps.lobbies import services
from config.asgi import application
from tests.conftest import session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]


async def open_lobby(lobby_id, user=None):
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost")]
    if user is not None:
        cookie = await database_sync_to_async(session_cookie)(user)
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    communicator = WebsocketCommunicator(application, f"/ws/lobbies/{lobby_id}/", headers=headers)
    assert (await communicator.connect(timeout=5))[0]
    return communicator


async def next_of(communicator, kind):
    while True:
        frame = json.loads(await communicator.receive_from(timeout=3))
        if frame["type"] == kind:
            return frame


@pytest.fixture
def lobby(alice):
    return services.create_lobby(alice, "chronicle", 2, is_public=True)


async def test_a_player_sitting_down_appears_on_the_hosts_page(lobby, alice, bob):
    host = await open_lobby(lobby.pk, alice)
    await database_sync_to_async(services.join)(lobby.pk, bob)
    frame = await next_of(host, "lobby")
    assert "bob" in frame["html"] and "Start the match" in frame["html"]
    assert "Join as a guest" not in frame["html"] and 'data-report-user="bob"' in frame["html"]
    await host.disconnect()


async def test_starting_sends_everyone_to_the_match(lobby, alice, bob):
    await database_sync_to_async(services.join)(lobby.pk, bob)
    guest = await open_lobby(lobby.pk, bob)
    match = await database_sync_to_async(services.start)(lobby.pk, alice)
    assert (await next_of(guest, "started"))["url"] == f"/matches/{match.pk}/"
    await guest.disconnect()


async def test_lobby_chat_reaches_everyone_and_anonymous_visitors_cannot_post(lobby, alice, bob):
    host = await open_lobby(lobby.pk, alice)
    visitor = await open_lobby(lobby.pk)
    await visitor.send_to(text_data=json.dumps({"type": "chat", "text": "hello"}))
    assert (await next_of(visitor, "error"))["code"] == "forbidden"
    await host.send_to(text_data=json.dumps({"type": "chat", "text": "<i>welcome</i>"}))
    line = await next_of(visitor, "chat")
    assert (line["name"], line["text"]) == ("alice", "<i>welcome</i>")
    await host.send_to(text_data="nonsense")
    assert (await next_of(host, "error"))["code"] == "bad_request"
    await host.disconnect()
    await visitor.disconnect()


async def test_a_private_lobby_socket_needs_the_invite(alice, bob):
    lobby = await database_sync_to_async(services.create_lobby)(alice, "chronicle", 2, False)
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost"),
               (b"cookie", f"sessionid={await database_sync_to_async(session_cookie)(bob)}".encode())]
    communicator = WebsocketCommunicator(application, f"/ws/lobbies/{lobby.pk}/", headers=headers)
    await communicator.connect(timeout=5)
    assert (await next_of(communicator, "error"))["code"] == "forbidden"
