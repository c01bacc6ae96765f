"""A strong bot thinks for up to a second a move: one host, and the hosts at one address, may have only so many
tables with one running at once (issue 37, item 7); the lobby says why when a start or a seat is refused."""

import pytest

from apps.lobbies import services
from apps.matches.models import Match

pytestmark = pytest.mark.django_db


def strong_table(host, start: bool = True, **start_args):
    lobby = services.create_lobby(host, "stone_age", 2, is_public=True)
    services.add_bot(lobby.pk, host, 1, "strong")
    if start:
        services.start(lobby.pk, host, **start_args)
    return lobby


def test_it_refuses_a_host_a_strong_bot_table_beyond_the_limit(alice, settings):
    settings.STRONG_BOT_TABLES_PER_USER = 2
    waiting = strong_table(alice, start=False)  # seated while there was room
    strong_table(alice)
    strong_table(alice)
    with pytest.raises(services.LobbyError, match="You already host 2 games with a strong bot"):
        services.start(waiting.pk, alice)
    lobby = services.create_lobby(alice, "stone_age", 2, is_public=True)
    with pytest.raises(services.LobbyError, match="strong bot"):
        services.add_bot(lobby.pk, alice, 1, "strong")
    services.add_bot(lobby.pk, alice, 1, "heuristic")  # other bots still sit
    services.start(lobby.pk, alice)


def test_a_finished_game_frees_its_place(alice, settings):
    settings.STRONG_BOT_TABLES_PER_USER = 1
    first = strong_table(alice)
    with pytest.raises(services.LobbyError):
        strong_table(alice)
    first.refresh_from_db()
    Match.objects.filter(pk=first.match_id).update(status=Match.Status.FINISHED)
    strong_table(alice)


def test_it_refuses_hosts_at_one_address_a_strong_bot_table_beyond_the_limit(alice, bob, carol, settings):
    settings.STRONG_BOT_TABLES_PER_ADDRESS = 2
    strong_table(alice, address="203.0.113.7")
    strong_table(bob, address="203.0.113.7")
    with pytest.raises(services.LobbyError, match="at your address already have 2 games with a strong bot"):
        strong_table(carol, address="203.0.113.7")
    strong_table(carol, address="198.51.100.1")


def test_the_lobby_page_says_why_a_strong_bot_table_did_not_start(client, alice, bob, settings):
    settings.STRONG_BOT_TABLES_PER_ADDRESS = 1
    for host in (alice, bob):
        client.force_login(host)
        lobby = services.create_lobby(host, "stone_age", 2, is_public=True)
        client.post(f"/lobbies/{lobby.pk}/bot/", {"seat": "1", "kind": "strong"}, REMOTE_ADDR="203.0.113.9")
        page = client.post(f"/lobbies/{lobby.pk}/start/", REMOTE_ADDR="203.0.113.9", follow=True)
    assert Match.objects.count() == 1
    assert "at your address already have 1 game with a strong bot" in page.content.decode()
