"""Replays: every finished match replays to exactly the recorded states; hidden cards only for the right eyes."""

import pytest

from apps.matches.domain.checks import state_digest
from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_start_match
from apps.matches.domain.replay import states
from apps.matches.models import Match, MoveLog

pytestmark = pytest.mark.django_db
MATCHES = int(__import__("os").environ.get("CIVITAS_REPLAY_MATCHES", "200"))


def bot_match(players: int, seed: int) -> Match:
    match = do_start_match("chronicle", [SeatSpec(f"Bot {i}", bot="random") for i in range(players)], seed=seed)
    while do_bot_move(match.pk):
        pass
    match.refresh_from_db()
    return match


def test_two_hundred_bot_matches_replay_move_for_move_to_the_recorded_states():
    moves = 0
    for i in range(MATCHES):
        match = bot_match(1 + i % 2, seed=1000 + i)
        assert match.status == Match.Status.FINISHED
        recorded = list(MoveLog.objects.filter(match=match).order_by("version").values_list("state_digest", flat=True))
        replayed = states(match)
        assert [state_digest(s) for s in replayed[1:]] == recorded, f"match {i} diverged"
        assert replayed[-1] == match.state
        moves += len(recorded)
    assert moves > MATCHES * 10


def test_a_replay_links_to_any_move(client, alice):
    match = bot_match(2, seed=5)
    page = client.get(f"/matches/{match.pk}/replay/?move=3").content.decode()
    assert "Move 3 of" in page and "?move=2" in page and "?move=4" in page


def test_a_finished_seat_is_shown_to_its_player_and_moderators_only(client, alice, bob, carol, moderator):
    match = do_start_match("chronicle", [SeatSpec("alice", alice, bot="random"), SeatSpec("bob", bob, bot="random")],
                           seed=8)
    url = f"/matches/{match.pk}/replay/?move=4&seat=0"
    client.force_login(alice)
    assert client.get(url).status_code == 403  # still running: nobody sees a seat yet
    while do_bot_move(match.pk):
        pass
    assert client.get(url).status_code == 200
    client.force_login(bob)
    assert client.get(url).status_code == 403
    client.force_login(carol)
    assert client.get(url).status_code == 403
    assert client.get(f"/matches/{match.pk}/replay/?move=4").status_code == 200
    client.force_login(moderator)
    assert client.get(url).status_code == 200
    assert client.get(f"/matches/{match.pk}/replay/?seat=9").status_code == 404


def test_a_late_spectator_replays_a_running_match_up_to_now_and_can_go_live(client, duel):
    page = client.get(f"/matches/{duel.pk}/replay/").content.decode()
    assert "Go live" in page and "Move 0 of 0" in page
