"""The lobby's ``rated`` option: on by default for signed-up people; a guest or a bot at the table makes the match
unrated (the page says so, the host cannot ask for rated then); never for a co-operative game."""

import pytest

from apps.accounts.services import create_guest
from apps.lobbies import services
from apps.lobbies.models import Lobby

pytestmark = pytest.mark.django_db


def form_page(client, user, game="chronicle"):
    client.force_login(user)
    return client.get(f"/lobbies/new/{game}/").content.decode()


def test_the_new_lobby_form_ticks_rated_for_a_signed_up_host(client, alice):
    page = form_page(client, alice)
    assert 'name="rated"' in page and "checked" in page.split('name="rated"')[1].split(">")[0]
    assert "a guest or a bot at the table makes the match unrated" in page


def test_a_rated_lobby_made_from_the_page_starts_a_rated_match(client, alice, bob):
    client.force_login(alice)
    client.post("/lobbies/new/chronicle/", {"seat_count": "2", "is_public": "on", "rated": "on", "pace": "live",
                                            "away_minutes": "3"})
    lobby = Lobby.objects.get()
    assert lobby.rated
    services.join(lobby.pk, bob)
    assert services.start(lobby.pk, alice).rated


def test_a_guest_host_cannot_tick_rated_and_is_told_why(client):
    guest = create_guest("Wanderer")
    page = form_page(client, guest)
    assert "Guests play unrated" in page
    client.post("/lobbies/new/chronicle/", {"seat_count": "2", "rated": "on", "pace": "live", "away_minutes": "3"})
    assert not Lobby.objects.get().rated  # a disabled field keeps its initial value


def test_live_on_is_never_rated_and_its_form_says_so(client, alice):
    assert "co-operative" in form_page(client, alice, "live_on")
    with pytest.raises(services.LobbyError, match="co-operative"):
        services.create_lobby(alice, "live_on", 2, is_public=True, rated=True)


def test_live_on_rules_page_says_it_is_not_rated(client):
    page = client.get("/games/live_on/").content.decode()
    assert "data-not-rated" in page and "not rated" in page
    assert "/games/live_on/leaderboard/" not in page


def test_a_rated_games_rules_page_links_its_leaderboard(client):
    assert "/games/stone_age/leaderboard/" in client.get("/games/stone_age/").content.decode()


def test_a_guest_or_a_bot_at_a_rated_table_makes_its_match_unrated(alice, bob):
    with_guest = services.create_lobby(alice, "chronicle", 2, is_public=True, rated=True)
    services.join(with_guest.pk, create_guest("Wanderer"))  # a friend by invite link still sits down
    assert not services.start(with_guest.pk, alice).rated
    with_bot = services.create_lobby(bob, "chronicle", 2, is_public=True, rated=True)
    services.add_bot(with_bot.pk, bob, 1)
    assert not services.start(with_bot.pk, bob).rated


def test_the_table_is_rated_again_once_the_guest_leaves(alice, bob):
    lobby = services.create_lobby(alice, "chronicle", 2, is_public=True, rated=True)
    guest = create_guest("Wanderer")
    services.join(lobby.pk, guest)
    services.leave(lobby.pk, guest)
    services.join(lobby.pk, bob)
    assert services.start(lobby.pk, alice).rated


def test_the_host_cannot_ask_for_rated_while_a_bot_or_a_guest_sits(alice):
    lobby = services.create_lobby(alice, "chronicle", 3, is_public=True)
    services.add_bot(lobby.pk, alice, 1)
    with pytest.raises(services.LobbyError, match="a bot cannot sit"):
        services.set_rated(lobby.pk, alice, True)
    services.kick(lobby.pk, alice, 1)
    services.join(lobby.pk, create_guest("Wanderer"))
    with pytest.raises(services.LobbyError, match="Wanderer is a guest"):
        services.set_rated(lobby.pk, alice, True)
    assert not Lobby.objects.get().rated


def test_only_the_host_changes_rated(alice, bob):
    lobby = services.create_lobby(alice, "chronicle", 2, is_public=True)
    with pytest.raises(services.LobbyError, match="Only the host"):
        services.set_rated(lobby.pk, bob, True)


def test_the_lobby_page_says_rated_and_why_a_table_is_not(client, alice, bob):
    lobby = services.create_lobby(alice, "chronicle", 3, is_public=True, rated=True)
    client.force_login(alice)
    page = client.get(lobby.get_absolute_url()).content.decode()
    assert ">Rated<" in page and "Make it unrated" in page
    services.join(lobby.pk, create_guest("Wanderer"))
    page = client.get(lobby.get_absolute_url()).content.decode()
    assert ">Unrated for now<" in page and "Wanderer is a guest" in page and "Keep it unrated" in page
    assert "rated if that changes before it starts" in page
    services.set_rated(lobby.pk, alice, False)
    page = client.get(lobby.get_absolute_url()).content.decode()
    assert "Make it rated" not in page  # not while the guest sits


def test_the_lobby_links_seated_people_to_their_profiles_but_not_bots(client, alice, bob):
    lobby = services.create_lobby(alice, "chronicle", 3, is_public=True)
    services.join(lobby.pk, bob)
    services.add_bot(lobby.pk, alice, 2)
    page = client.get(lobby.get_absolute_url()).content.decode()
    assert 'href="/players/alice/"' in page and 'href="/players/bob/"' in page
    assert page.count('href="/players/') == 2
