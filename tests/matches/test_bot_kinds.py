"""A game can offer bots of its own besides the random one; the lobby offers them and the match uses them."""

import pytest

from apps.lobbies import services as lobbies
from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_start_match
from apps.matches.engine import engine
from apps.matches.models import MoveLog

pytestmark = pytest.mark.django_db


@pytest.fixture
def first_move_bot(monkeypatch):
    rules = engine("chronicle")
    monkeypatch.setattr(rules, "bots", lambda: {
        "first": ("First-move bot", lambda r, state, seat, rng: r.legal_moves(state, seat)[0])})
    return rules


def test_the_lobby_offers_the_games_own_bots(client, alice, first_move_bot):
    lobby = lobbies.create_lobby(alice, "chronicle", 2, is_public=True)
    client.force_login(alice)
    page = client.get(lobby.get_absolute_url()).content.decode()
    assert "Add random bot" in page and "Add first-move bot" in page
    lobbies.add_bot(lobby.pk, alice, 1, "first")
    with pytest.raises(lobbies.LobbyError):
        lobbies.add_bot(lobby.pk, alice, 1, "grandmaster")
    match = lobbies.start(lobby.pk, alice)
    assert match.seats.get(index=1).name == "First-move bot 1"


def test_a_bot_of_the_games_kind_plays_its_choice(first_move_bot):
    match = do_start_match("chronicle", [SeatSpec("B1", bot="first"), SeatSpec("B2", bot="first")], seed=9)
    expected = first_move_bot.legal_moves(match.state, first_move_bot.active_seats(match.state)[0])[0]
    assert do_bot_move(match.pk)
    assert MoveLog.objects.get(match=match).move == expected


@pytest.mark.parametrize("game", ["stone_age", "innovation"])
def test_the_host_may_add_a_strong_bot(client, alice, game):
    lobby = lobbies.create_lobby(alice, game, 2, is_public=True)
    client.force_login(alice)
    assert "Add strong bot" in client.get(lobby.get_absolute_url()).content.decode()
    lobbies.add_bot(lobby.pk, alice, 1, "strong")
    match = lobbies.start(lobby.pk, alice)
    assert match.seats.get(index=1).name == "Strong bot 1"
