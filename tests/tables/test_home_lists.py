"""The home page's lists: games by title, lobbies told apart, only lobbies with a free seat, players as they are now."""

import pytest

from apps.lobbies import services
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.models import MatchSeat

pytestmark = pytest.mark.django_db


def test_it_names_games_by_title_never_by_slug(client, alice):
    do_start_match("live_on", [SeatSpec("alice", alice), SeatSpec("Bot", bot="random")], seed=4)
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert "Live On #" in page and "Live_On" not in page and "Live_on" not in page


def test_two_lobbies_of_one_host_can_be_told_apart(client, alice):
    first = services.create_lobby(alice, "stone_age", 2, is_public=True)
    second = services.create_lobby(alice, "stone_age", 2, is_public=True)
    page = client.get("/").content.decode()
    assert first.title != second.title
    assert first.title.replace("'", "&#x27;") in page and second.title.replace("'", "&#x27;") in page


def test_the_host_names_a_lobby_from_the_form(client, alice):
    client.force_login(alice)
    response = client.post("/lobbies/new/chronicle/", {"name": "Friday night", "seat_count": 2, "is_public": "on",
                                                        "pace": "live", "away_minutes": 3})
    assert response.status_code == 302
    assert "Friday night" in client.get("/").content.decode()


def test_it_does_not_list_a_full_lobby_under_open_lobbies(client, alice):
    lobby = services.create_lobby(alice, "chronicle", 2, is_public=True)
    services.add_bot(lobby.pk, alice, 1, "random")
    assert lobby.get_absolute_url() not in client.get("/").content.decode()


def test_a_live_match_lists_a_seat_handed_to_a_bot_as_the_bot(client, alice, bob):
    match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=3)
    MatchSeat.objects.filter(match=match, index=1).update(bot="random", bot_by="vote")
    assert "bob (bot)" in client.get("/").content.decode()
