"""Creating lobbies, invite links, seats, bots, kicking and starting."""

import pytest

from apps.lobbies import services
from apps.lobbies.models import Lobby
from apps.matches.engine import all_games
from apps.matches.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def lobby(alice):
    return services.create_lobby(alice, "chronicle", 3, is_public=False)


def test_the_host_sits_in_the_first_seat(lobby, alice):
    assert lobby.seats.get(index=0).user == alice
    assert lobby.seats.count() == 3


def test_the_seat_count_must_fit_the_game(alice):
    with pytest.raises(services.LobbyError):
        services.create_lobby(alice, "chronicle", 5, is_public=True)


def test_an_invite_token_carries_at_least_128_bits(lobby):
    other = services.create_lobby(lobby.host, "chronicle", 2, is_public=True)
    assert len(lobby.invite_token) >= 32 and lobby.invite_token != other.invite_token


def test_creating_a_lobby_from_the_page(client, alice):
    client.force_login(alice)
    response = client.post("/lobbies/new/chronicle/", {"seat_count": "2", "is_public": "on", "pace": "own_pace",
                                                       "away_minutes": "10"})
    lobby = Lobby.objects.get()
    assert response.url == f"/lobbies/{lobby.pk}/"
    assert lobby.is_public and lobby.seat_count == 2
    assert (lobby.pace, lobby.away_minutes) == ("own_pace", 10)


@pytest.mark.parametrize("slug", [entry.slug for entry in all_games() if entry.app is None] + ["nonsense"])
def test_a_lobby_for_a_game_not_built_or_unknown_is_not_found(client, alice, slug):
    client.force_login(alice)
    assert client.get(f"/lobbies/new/{slug}/").status_code == 404


def test_a_private_lobby_is_hidden_without_the_link(client, lobby, bob):
    client.force_login(bob)
    assert client.get(lobby.get_absolute_url()).status_code == 404
    assert client.get(lobby.invite_path()).status_code == 302
    assert lobby.seats.filter(user=bob).exists()
    assert client.get(lobby.get_absolute_url()).status_code == 200


def test_an_invitee_without_an_account_is_offered_a_guest_name(client, lobby):
    # The token is traded for the session at once: the pages after it (and their ?next=) carry no token.
    response = client.get(lobby.invite_path())
    assert response.url == "/join/"
    response = client.get("/join/")
    page = response.content.decode()
    assert response.status_code == 200 and "Join as a guest" in page and lobby.invite_token not in page
    response = client.post("/accounts/guest/", {"name": "Friend", "next": "/join/"})
    assert response.url == "/join/"
    assert client.get("/join/").url == lobby.get_absolute_url()
    assert lobby.seats.filter(user__username="Friend").exists()


def test_a_wrong_token_joins_nothing(client, lobby, bob):
    client.force_login(bob)
    assert client.get("/join/not-a-token/").status_code == 404
    assert not lobby.seats.filter(user=bob).exists()


def test_private_lobbies_are_not_listed_and_public_ones_are(client, lobby, alice):
    public = services.create_lobby(alice, "chronicle", 2, is_public=True)
    page = client.get("/").content.decode()
    assert public.get_absolute_url() in page and lobby.get_absolute_url() not in page
    assert lobby.invite_token not in page and public.invite_token not in page


def test_joining_twice_keeps_one_seat(lobby, bob):
    services.join(lobby.pk, bob)
    services.join(lobby.pk, bob)
    assert lobby.seats.filter(user=bob).count() == 1


def test_a_full_lobby_refuses_another_player(alice, bob, carol):
    lobby = services.create_lobby(alice, "chronicle", 2, is_public=True)
    services.join(lobby.pk, bob)
    with pytest.raises(services.LobbyError, match="taken"):
        services.join(lobby.pk, carol)


def test_only_the_host_adds_bots_kicks_and_starts(lobby, bob):
    services.join(lobby.pk, bob)
    for action in (lambda: services.add_bot(lobby.pk, bob, 2), lambda: services.kick(lobby.pk, bob, 0),
                   lambda: services.start(lobby.pk, bob)):
        with pytest.raises(services.LobbyError, match="host"):
            action()


def test_the_host_kicks_a_player_and_fills_the_seat_with_a_bot(lobby, alice, bob):
    services.join(lobby.pk, bob)
    services.kick(lobby.pk, alice, 1)
    assert not lobby.seats.filter(user=bob).exists()
    services.add_bot(lobby.pk, alice, 1)
    assert lobby.seats.get(index=1).bot == "random"
    with pytest.raises(services.LobbyError):
        services.add_bot(lobby.pk, alice, 1)


def test_starting_creates_the_match_with_the_seated_players_in_order(lobby, alice, bob):
    services.add_bot(lobby.pk, alice, 1)
    services.join(lobby.pk, bob)
    match = services.start(lobby.pk, alice)
    seats = list(match.seats.order_by("index"))
    assert [s.user for s in seats] == [alice, None, bob]
    assert seats[1].bot == "random"
    lobby.refresh_from_db()
    assert lobby.status == Lobby.Status.STARTED and lobby.match == match
    with pytest.raises(services.LobbyError):
        services.join(lobby.pk, bob)


def test_a_started_lobby_sends_visitors_to_the_match(client, lobby, alice, bob):
    services.join(lobby.pk, bob)
    match = services.start(lobby.pk, alice)
    client.force_login(bob)
    assert client.get(lobby.get_absolute_url()).url == match.get_absolute_url()
    assert client.get(lobby.invite_path()).url == match.get_absolute_url()


def test_the_host_leaving_closes_the_lobby(lobby, alice):
    services.leave(lobby.pk, alice)
    lobby.refresh_from_db()
    assert lobby.status == Lobby.Status.CLOSED
    assert Match.objects.count() == 0


def test_lobby_actions_from_the_page(client, lobby, alice, bob):
    client.force_login(alice)
    client.post(f"/lobbies/{lobby.pk}/bot/", {"seat": "1"})
    assert lobby.seats.get(index=1).bot == "random"
    response = client.post(f"/lobbies/{lobby.pk}/start/")
    match = Match.objects.get()
    assert response.url == match.get_absolute_url()


def test_a_bad_action_is_refused_and_changes_nothing(client, lobby, alice):
    client.force_login(alice)
    response = client.post(f"/lobbies/{lobby.pk}/kick/", {"seat": "0"})
    assert response.status_code == 302
    assert lobby.seats.get(index=0).user == alice
    assert client.post(f"/lobbies/{lobby.pk}/explode/").status_code == 404
    assert client.get(f"/lobbies/{lobby.pk}/start/").status_code == 405
