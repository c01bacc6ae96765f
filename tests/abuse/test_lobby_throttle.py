"""One user cannot create lobbies or join them without end: the limits hold per user, with a clear message."""

import pytest

from apps.lobbies import services
from apps.lobbies.models import Lobby

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_the_eleventh_lobby_in_ten_minutes_is_refused(alice, bob):
    for _ in range(10):
        services.create_lobby(alice, "chronicle", 2, is_public=True)
    with pytest.raises(services.LobbyThrottled, match="10 lobbies in 10 minutes"):
        services.create_lobby(alice, "chronicle", 2, is_public=True)
    assert Lobby.objects.filter(host=alice).count() == 10
    services.create_lobby(bob, "chronicle", 2, is_public=True)  # per user: bob is not held back


def test_the_page_says_why(client, alice):
    client.force_login(alice)
    form = {"seat_count": "2", "is_public": "on", "pace": "live", "away_minutes": "3"}
    for _ in range(10):
        assert client.post("/lobbies/new/chronicle/", form).status_code == 302
    response = client.post("/lobbies/new/chronicle/", form)
    assert response.status_code == 200 and "wait a few minutes" in response.content.decode()


def test_joins_are_limited_per_user_and_sitting_again_costs_nothing(make_user, bob, settings):
    settings.LOBBY_CREATE_LIMIT = (100, 600)
    hosts = [make_user(f"host{i}") for i in range(31)]
    lobbies = [services.create_lobby(host, "chronicle", 2, is_public=True) for host in hosts]
    for lobby in lobbies[:29]:  # join and leave, join and leave...
        services.join(lobby.pk, bob)
        services.leave(lobby.pk, bob)
    services.join(lobbies[29].pk, bob)  # the thirtieth join, and bob stays
    with pytest.raises(services.LobbyThrottled, match="30 lobby joins in 10 minutes"):
        services.join(lobbies[30].pk, bob)
    assert not lobbies[30].seats.filter(user=bob).exists()
    # Asking for the seat one already has is not a new join.
    assert services.join(lobbies[29].pk, bob).lobby_id == lobbies[29].pk


def test_the_join_button_shows_the_message(client, make_user, bob, settings):
    settings.LOBBY_JOIN_LIMIT = (1, 600)
    first, second = (services.create_lobby(make_user(n), "chronicle", 2, is_public=True) for n in ("h1", "h2"))
    client.force_login(bob)
    client.post(f"/lobbies/{first.pk}/join/")
    response = client.post(f"/lobbies/{second.pk}/join/", follow=True)
    assert "1 lobby joins in 10 minutes" in response.content.decode()
    assert not second.seats.filter(user=bob).exists()
