"""Invite tokens: unguessable, revocable by the host, and never shown to anyone else nor written to access logs."""

import io
import json
import logging
import secrets

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from daphne.access import AccessLogGenerator
from django.db import connections
from django.test import Client

from apps.lobbies import services
from apps.lobbies.models import Lobby
from config.asgi import application
from config.security import RedactInviteTokens
from config.serve import redact, redacting
from tests.conftest import session_cookie


@pytest.fixture
def private(alice):
    return services.create_lobby(alice, "chronicle", 3, is_public=False)


@pytest.mark.django_db
def test_ten_thousand_random_guesses_open_nothing(private, alice):
    public = services.create_lobby(alice, "chronicle", 2, is_public=True)
    for _ in range(10_000):
        assert services.lobby_for_invite(secrets.token_urlsafe(24)) is None
    for near in (private.invite_token[:-1], private.invite_token.upper(), private.invite_token + "x", "", None, 7):
        assert services.lobby_for_invite(near) is None
    assert services.lobby_for_invite(private.invite_token) == private
    assert services.lobby_for_invite(public.invite_token) == public


@pytest.mark.django_db
def test_guessing_through_the_page_is_throttled_per_address(private, bob):
    guesser = Client(REMOTE_ADDR="203.0.113.9")
    guesser.force_login(bob)
    codes = [guesser.get(f"/join/{secrets.token_urlsafe(24)}/").status_code for _ in range(40)]
    assert codes == [404] * 30 + [429] * 10
    assert guesser.get(private.invite_path()).status_code == 429  # even the right one, until the window ends
    assert not private.seats.filter(user=bob).exists()
    friend = Client(REMOTE_ADDR="203.0.113.10")
    friend.force_login(bob)
    assert friend.get(private.invite_path()).url == private.get_absolute_url()


@pytest.mark.django_db
def test_a_revoked_link_opens_nothing_and_the_new_one_works(client, private, alice, bob, carol):
    old_path = private.invite_path()
    # Carol followed the old link but did not sit down yet: her view of the private lobby goes with the link.
    carol_client = Client()
    carol_client.force_login(carol)
    carol_client.get(old_path)
    private.seats.filter(user=carol).update(user=None)
    assert carol_client.get(private.get_absolute_url()).status_code == 200

    host = Client()
    host.force_login(alice)
    response = host.post(f"/lobbies/{private.pk}/revoke/", follow=True)
    assert "the old link no longer opens this lobby" in response.content.decode()
    private.refresh_from_db()
    assert private.invite_path() != old_path and private.invite_path() in response.content.decode()

    client.force_login(bob)
    assert client.get(old_path).status_code == 404
    assert not private.seats.filter(user=bob).exists()
    assert client.get(private.get_absolute_url()).status_code == 404
    assert carol_client.get(private.get_absolute_url()).status_code == 404
    assert client.get(private.invite_path()).url == private.get_absolute_url()
    assert private.seats.filter(user=bob).exists()


@pytest.mark.django_db
def test_an_anonymous_visitor_of_a_revoked_link_gets_nothing(private, alice):
    visitor = Client()
    assert visitor.get(private.invite_path()).url == "/join/"
    services.revoke_invite(private.pk, alice)
    assert visitor.get("/join/").status_code == 410  # the grant was for the old link


@pytest.mark.django_db
def test_only_the_host_revokes(private, bob):
    services.join(private.pk, bob)
    with pytest.raises(services.LobbyError, match="host"):
        services.revoke_invite(private.pk, bob)


@pytest.mark.django_db
def test_the_revocation_is_logged_without_the_token(private, alice, caplog):
    with caplog.at_level("INFO", logger="civitas.audit"):
        lobby = services.revoke_invite(private.pk, alice)
    assert f"lobby={private.pk}" in caplog.text and "alice" in caplog.text
    assert lobby.invite_token not in caplog.text and private.invite_token not in caplog.text


@pytest.mark.django_db
def test_the_token_is_on_the_hosts_page_only_and_never_in_lists(private, alice, bob):
    public = services.create_lobby(alice, "chronicle", 2, is_public=True)
    services.join(private.pk, bob)
    services.join(public.pk, bob)
    for lobby in (private, public):
        host, player, anonymous = Client(), Client(), Client()
        host.force_login(alice)
        player.force_login(bob)
        assert lobby.invite_token in host.get(lobby.get_absolute_url()).content.decode()
        assert lobby.invite_token not in player.get(lobby.get_absolute_url()).content.decode()
        if lobby.is_public:
            assert lobby.invite_token not in anonymous.get(lobby.get_absolute_url()).content.decode()
        for who in (host, player, anonymous):
            assert lobby.invite_token not in who.get("/").content.decode()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_lobby_frames_never_carry_the_token(alice, bob, carol):
    lobby = await database_sync_to_async(services.create_lobby)(alice, "chronicle", 3, True)
    sockets = []
    for user in (alice, bob, carol):
        cookie = await database_sync_to_async(session_cookie)(user)
        headers = [(b"host", b"localhost"), (b"origin", b"http://localhost"),
                   (b"cookie", f"sessionid={cookie}".encode())]
        communicator = WebsocketCommunicator(application, f"/ws/lobbies/{lobby.pk}/", headers=headers)
        assert (await communicator.connect(timeout=5))[0]
        sockets.append(communicator)
    await database_sync_to_async(services.join)(lobby.pk, bob)
    await database_sync_to_async(services.add_bot)(lobby.pk, alice, 2)
    await sockets[1].send_to(text_data=json.dumps({"type": "chat", "text": "hello"}))
    await sockets[2].send_to(text_data=json.dumps({"type": "sync"}))
    token = (await database_sync_to_async(Lobby.objects.get)(pk=lobby.pk)).invite_token
    seen = 0
    for communicator in sockets:
        while not await communicator.receive_nothing(timeout=0.3):
            assert token not in await communicator.receive_from(timeout=1)
            seen += 1
        await communicator.disconnect()
    assert seen >= 6
    await database_sync_to_async(connections.close_all)()


def test_access_log_lines_do_not_carry_invite_tokens():
    token = secrets.token_urlsafe(24)
    stream = io.StringIO()
    log = redacting(AccessLogGenerator(stream))
    log("http", "complete", {"client": "127.0.0.1:5", "method": "GET", "path": f"/join/{token}/", "status": 302,
                             "size": 0})
    log("http", "complete", {"client": "127.0.0.1:5", "method": "GET", "status": 200, "size": 10,
                             "path": f"/accounts/login/?next=%2Fjoin%2F{token}%2F"})
    log("websocket", "connected", {"client": "127.0.0.1:5", "path": "/ws/lobbies/3/"})
    text = stream.getvalue()
    assert token not in text and text.count("<redacted>") == 2 and "/ws/lobbies/3/" in text
    assert redact("/lobbies/3/") == "/lobbies/3/" and redact("/join/") == "/join/"


def test_djangos_own_request_log_lines_are_redacted_too():
    token = secrets.token_urlsafe(24)
    record = logging.LogRecord("django.request", logging.WARNING, __file__, 1, "%s: %s", ("Gone", f"/join/{token}/"),
                               None)
    assert RedactInviteTokens().filter(record) and record.getMessage() == "Gone: /join/<redacted>/"


@pytest.mark.django_db
def test_a_failed_invite_request_is_logged_without_its_token(client, private, alice, caplog):
    services.leave(private.pk, alice)  # closed: the link now answers 410, which Django logs with the path
    with caplog.at_level("WARNING", logger="django.request"):
        assert client.get(private.invite_path()).status_code == 410
        assert client.get(f"/join/{secrets.token_urlsafe(24)}/").status_code == 404
    assert "/join/<redacted>" in caplog.text and private.invite_token not in caplog.text
