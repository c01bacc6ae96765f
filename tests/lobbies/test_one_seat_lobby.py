"""A table of one is never rated: the new-lobby form makes a one-seat lobby unrated instead of refusing it."""

import pytest

from apps.lobbies.models import Lobby

pytestmark = pytest.mark.django_db


def test_a_one_seat_lobby_with_rated_ticked_is_created_unrated(client, alice):
    client.force_login(alice)
    response = client.post("/lobbies/new/chronicle/", {"seat_count": "1", "is_public": "on", "rated": "on",
                                                       "pace": "live", "away_minutes": "3"})
    lobby = Lobby.objects.get()
    assert response.status_code == 302 and response.url == f"/lobbies/{lobby.pk}/"
    assert lobby.seat_count == 1 and not lobby.rated


def test_a_two_seat_lobby_keeps_rated_as_ticked(client, alice):
    client.force_login(alice)
    client.post("/lobbies/new/chronicle/", {"seat_count": "2", "rated": "on", "pace": "live", "away_minutes": "3"})
    assert Lobby.objects.get().rated
