"""Lobby and personal sockets answer for their session, and a guest who came by a replaced invite link loses the
lobby's socket at once."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.models import Session
from django.test import Client

from apps.lobbies import services
from apps.matches.models import ChatMessage
from config.asgi import application
from tests.conftest import session_cookie
from tests.lobbies.test_lobby_consumer import next_of, open_lobby

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]


async def open_with_cookie(path, cookie):
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost"), (b"cookie", f"sessionid={cookie}".encode())]
    communicator = WebsocketCommunicator(application, path, headers=headers)
    assert (await communicator.connect(timeout=5))[0]
    return communicator


async def closed_with(communicator) -> int:
    while True:
        message = await communicator.receive_output(timeout=3)
        if message["type"] == "websocket.close":
            return message["code"]


async def test_a_lobby_socket_refuses_chat_once_its_session_ended(alice):
    lobby = await database_sync_to_async(services.create_lobby)(alice, "chronicle", 2, is_public=True)
    cookie = await database_sync_to_async(session_cookie)(alice)
    host = await open_with_cookie(f"/ws/lobbies/{lobby.pk}/", cookie)
    await database_sync_to_async(Session.objects.filter(session_key=cookie).delete)()
    await host.send_json_to({"type": "chat", "text": "still here?"})
    assert (await next_of(host, "error"))["code"] == "forbidden"
    assert await closed_with(host) == 4401
    assert await database_sync_to_async(ChatMessage.objects.count)() == 0


@pytest.mark.parametrize("path", ["/ws/lobbies/{lobby}/", "/ws/me/"])
async def test_logging_out_closes_the_sessions_lobby_and_personal_sockets(alice, path):
    lobby = await database_sync_to_async(services.create_lobby)(alice, "chronicle", 2, is_public=True)
    cookie = await database_sync_to_async(session_cookie)(alice)
    socket = await open_with_cookie(path.format(lobby=lobby.pk), cookie)

    def log_out():
        client = Client()
        client.cookies["sessionid"] = cookie
        client.post("/accounts/logout/")

    await database_sync_to_async(log_out)()
    assert (await next_of(socket, "removed"))["message"].startswith("Your session has ended")
    assert await closed_with(socket) == 4401


async def test_replacing_the_invite_link_closes_the_lobby_of_a_guest_who_came_by_the_old_one(alice, bob):
    lobby = await database_sync_to_async(services.create_lobby)(alice, "chronicle", 3, is_public=False)

    def follow_link(user=None) -> str:
        client = Client()
        if user is not None:
            client.force_login(user)
        client.get(lobby.invite_path())
        return client.cookies["sessionid"].value

    guest = await open_with_cookie(f"/ws/lobbies/{lobby.pk}/", await database_sync_to_async(follow_link)())
    seated = await open_with_cookie(f"/ws/lobbies/{lobby.pk}/", await database_sync_to_async(follow_link)(bob))
    host = await open_lobby(lobby.pk, alice)
    await database_sync_to_async(services.revoke_invite)(lobby.pk, alice)
    assert "invite link" in (await next_of(guest, "removed"))["message"]
    assert await closed_with(guest) == 4410
    for kept in (seated, host):  # seated players and the host keep the lobby
        await kept.send_json_to({"type": "sync"})
        assert (await next_of(kept, "lobby"))["html"]
        await kept.disconnect()
