"""Who may watch a match: a private lobby's match is seen only by its seats, guests who came by the invite link and
moderators (unless the host allowed spectators), on every page, every list and the match socket."""

import random
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from apps.accounts.services import create_guest
from apps.lobbies import services as lobbies
from apps.lobbies.models import Lobby
from apps.matches.domain import bots
from apps.matches.domain.deeds import do_move
from apps.matches.engine import engine
from apps.matches.models import Match
from config.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


def without_csrf(response) -> str:
    """The page with its CSRF tokens blanked: the site's 404 page carries one, masked anew on every request."""
    return re.sub(r'(name="csrf(?:-token|middlewaretoken)" (?:content|value)=")[^"]*', r"\1", response.content.decode())


def started(host, friend, is_public=False, allow_spectators=False) -> tuple[Lobby, Match]:
    lobby = lobbies.create_lobby(host, "chronicle", 2, is_public=is_public, allow_spectators=allow_spectators)
    lobbies.join(lobby.pk, friend)
    match = lobbies.start(lobby.pk, host)
    lobby.refresh_from_db()
    return lobby, match


def played_out(match: Match) -> Match:
    """Random legal moves for whichever seat is to move, through the move service, until the match ends."""
    rules, rng = engine(match.game), random.Random(3)
    while match.status == Match.Status.RUNNING:
        seat = rules.active_seats(match.state)[0]
        move = bots.choose(match.game, "random", match.state, seat, rng)
        assert do_move(match.pk, seat, move, match.version).ok
        match.refresh_from_db()
    return match


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def invited_guest(lobby: Lobby) -> Client:
    """A guest account's browser that followed the lobby's invite link after the match began."""
    client = logged_in(create_guest("Wanderer"))
    response = client.get(lobby.invite_path())
    assert response.status_code == 302 and response.url == lobby.match.get_absolute_url()
    return client


def pages(match: Match) -> list[str]:
    return [f"/matches/{match.pk}/", f"/matches/{match.pk}/replay/", f"/matches/{match.pk}/replay/?move=1",
            f"/matches/{match.pk}/story/"]


def statuses(client: Client, match: Match) -> list[int]:
    return [client.get(url).status_code for url in pages(match)]


def listed(client: Client, match: Match, username: str) -> tuple[bool, bool]:
    """Whether the match is on the home page's live list and on the player's profile."""
    home = client.get("/").content.decode()
    live = home.split("<h2>Live matches</h2>", 1)[1]
    profile = client.get(f"/players/{username}/").content.decode()
    return f"/matches/{match.pk}/" in live, f"/matches/{match.pk}/" in profile


def test_it_refuses_a_stranger_every_page_of_a_private_match_as_if_it_did_not_exist(alice, bob, carol):
    lobby, match = started(alice, bob)
    for client in (logged_in(carol), Client()):
        assert statuses(client, match) == [404, 404, 404, 404]
        assert without_csrf(client.get(f"/matches/{match.pk}/")) == without_csrf(client.get("/matches/424242/"))
    played_out(match)
    for client in (logged_in(carol), Client()):
        assert statuses(client, match) == [404, 404, 404, 404]
        assert listed(client, match, "alice")[1] is False


def test_it_keeps_a_running_private_match_off_a_strangers_home_page(alice, bob, carol):
    lobby, match = started(alice, bob)
    assert listed(logged_in(carol), match, "alice") == (False, False)
    assert listed(Client(), match, "alice") == (False, False)


def test_it_shows_a_private_match_to_its_seats_invited_guests_and_moderators(alice, bob, moderator):
    lobby, match = started(alice, bob)
    watchers = {"seat": logged_in(bob), "invited guest": invited_guest(lobby), "moderator": logged_in(moderator)}
    for who, client in watchers.items():
        assert statuses(client, match) == [200, 200, 200, 404], who  # the story waits for the end
        assert listed(client, match, "alice")[0], who
    played_out(match)
    for who, client in watchers.items():
        assert statuses(client, match) == [200, 200, 200, 200], who
        assert listed(client, match, "alice")[1], who


def test_it_lets_anyone_watch_a_private_match_whose_host_allowed_spectators_without_listing_it(alice, bob, carol):
    lobby, match = started(alice, bob, allow_spectators=True)
    assert match.watchers == Match.Watchers.LINK
    for client in (logged_in(carol), Client()):
        assert statuses(client, match) == [200, 200, 200, 404]
        assert listed(client, match, "alice") == (False, False)
    assert listed(logged_in(bob), match, "alice")[0]


def test_it_still_lists_a_public_lobbys_match_and_lets_anyone_watch(alice, bob, carol):
    lobby, match = started(alice, bob, is_public=True, allow_spectators=False)
    for client in (logged_in(carol), Client()):
        assert statuses(client, match) == [200, 200, 200, 404]
        assert listed(client, match, "alice")[0]


def test_it_keeps_a_private_match_private_once_its_lobby_is_gone(alice, bob, carol):
    lobby, match = started(alice, bob)
    guest = invited_guest(lobby)
    Lobby.objects.filter(pk=lobby.pk).delete()
    assert statuses(logged_in(carol), match)[:3] == [404, 404, 404]
    assert statuses(guest, match)[:3] == [404, 404, 404]  # the grant was the lobby's: gone with it
    assert statuses(logged_in(bob), match)[:3] == [200, 200, 200]


def test_the_new_lobby_form_saves_allow_spectators(alice):
    client = logged_in(alice)
    response = client.post("/lobbies/new/chronicle/", {"seat_count": 2, "pace": "live", "away_minutes": 3,
                                                       "allow_spectators": "on"})
    assert response.status_code == 302
    lobby = Lobby.objects.get(host=alice)
    assert lobby.allow_spectators and not lobby.is_public


async def socket_of(match: Match, client: Client | None):
    """The first frame a match socket from this browser (by its session cookie) is sent, and its close if any."""
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost")]
    if client is not None and settings.SESSION_COOKIE_NAME in client.cookies:
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    communicator = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/?format=json", headers=headers)
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    first = await communicator.receive_json_from(timeout=5)
    if first["type"] == "error":
        closed = await communicator.receive_output(timeout=5)
        await communicator.wait()
        return first, closed
    await communicator.disconnect()
    return first, None


@pytest.mark.asyncio
@pytest.mark.usefixtures("close_worker_connections")
async def test_the_match_socket_refuses_a_stranger_with_no_such_match(alice, bob, carol):
    lobby, match = await database_sync_to_async(started)(alice, bob)
    for client in (await database_sync_to_async(logged_in)(carol), None):
        first, closed = await socket_of(match, client)
        assert first["code"] == "forbidden" and first["message"] == "No such match."
        assert closed == {"type": "websocket.close", "code": 4404}


@pytest.mark.asyncio
@pytest.mark.usefixtures("close_worker_connections")
async def test_the_match_socket_lets_seats_invited_guests_and_moderators_watch(alice, bob, carol, moderator):
    lobby, match = await database_sync_to_async(started)(alice, bob)
    for client in [await database_sync_to_async(logged_in)(bob), await database_sync_to_async(invited_guest)(lobby),
                   await database_sync_to_async(logged_in)(moderator)]:
        first, closed = await socket_of(match, client)
        assert first["type"] == "state" and closed is None
    _, open_match = await database_sync_to_async(started)(carol, moderator, allow_spectators=True)
    first, closed = await socket_of(open_match, None)
    assert first["type"] == "state" and closed is None
