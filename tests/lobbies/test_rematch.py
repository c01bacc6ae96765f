"""Rematch: the first player of a finished match to ask opens a lobby with the same game, seats and settings, every
other person who sat is invited, and whoever asks next joins that lobby in the seat they had."""

import pytest

from apps.lobbies import services as lobbies
from apps.lobbies.models import Lobby, LobbySeat
from apps.matches.domain import leaving
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.notices.models import Notice


def seats_of(lobby: Lobby) -> list[tuple[int, str, str]]:
    return [(seat.index, seat.user.username if seat.user else "", seat.bot)
            for seat in LobbySeat.objects.filter(lobby=lobby).select_related("user").order_by("index")]


@pytest.mark.django_db
def test_a_rematch_opens_a_lobby_with_the_same_game_seats_and_settings_and_invites_the_others(alice, bob, carol):
    match = do_start_match("stone_age", [SeatSpec("alice", alice), SeatSpec("bob", bob), SeatSpec("carol", carol)],
                           seed=3, rated=True, time_control="rt:20+20", options={})
    assert leaving.abort(match.pk, 0) == ""
    lobby = lobbies.rematch(match.pk, bob)
    assert (lobby.game, lobby.seat_count, lobby.rated, lobby.time_control, lobby.host, lobby.rematch_of_id) == (
        "stone_age", 3, True, "rt:20+20", bob, match.pk)
    assert seats_of(lobby) == [(0, "", ""), (1, "bob", ""), (2, "", "")]
    invited = Notice.objects.filter(key=f"rematch:{match.pk}")
    assert sorted(invited.values_list("user__username", flat=True)) == ["alice", "carol"]
    assert invited.first().url == lobby.invite_path()
    assert lobbies.rematch(match.pk, carol) == lobby  # the second to ask joins the same lobby, in the seat they had
    lobbies.join(lobby.pk, alice)
    assert seats_of(lobby) == [(0, "alice", ""), (1, "bob", ""), (2, "carol", "")]


@pytest.mark.django_db
def test_a_rematch_keeps_the_bots_in_their_seats(alice):
    match = do_start_match("chronicle", [SeatSpec("Random bot 1", bot="random"), SeatSpec("alice", alice)], seed=3)
    assert leaving.resign(match.pk, 1) == ""
    lobby = lobbies.rematch(match.pk, alice)
    assert seats_of(lobby) == [(0, "", "random"), (1, "alice", "")]


@pytest.mark.django_db
def test_it_refuses_a_rematch_of_a_running_match_or_to_someone_who_did_not_play(alice, bob, carol):
    match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=3)
    with pytest.raises(lobbies.LobbyError, match="once the match is over"):
        lobbies.rematch(match.pk, alice)
    assert leaving.resign(match.pk, 0) == ""
    with pytest.raises(lobbies.LobbyError, match="Only the players"):
        lobbies.rematch(match.pk, carol)
    assert not Lobby.objects.exists()


@pytest.mark.django_db
def test_the_rematch_button_posts_to_a_page_that_sends_the_player_to_the_lobby(client, alice, bob):
    match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=3)
    assert leaving.resign(match.pk, 0) == ""
    client.force_login(bob)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert f'action="/matches/{match.pk}/rematch/"' in page and "Rematch" in page
    assert client.get(f"/matches/{match.pk}/rematch/").status_code == 405
    answer = client.post(f"/matches/{match.pk}/rematch/")
    lobby = Lobby.objects.get(rematch_of=match)
    assert answer.status_code == 302 and answer["Location"] == lobby.get_absolute_url()
