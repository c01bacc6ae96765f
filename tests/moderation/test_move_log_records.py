"""A log line names who made the move when it was made: handing a seat to a bot does not rewrite the past."""

import re

import pytest
from django.urls import reverse

from apps.matches.domain import deeds
from apps.matches.engine import engine
from apps.matches.models import MoveLog
from apps.moderation import services as moderation

pytestmark = pytest.mark.django_db
RULES = engine("chronicle")


def play_until_alice_moved(match_id: int) -> None:
    """Both people move (any legal move) until alice, seat 0, has made one."""
    for _ in range(10):
        match = deeds.Match.objects.get(pk=match_id)
        seat = RULES.active_seats(match.state)[0]
        move = RULES.legal_moves(match.state, seat)[0]
        assert deeds.do_human_move(match_id, seat, move, match.version).ok
        if seat == 0:
            return
    raise AssertionError("alice never had a turn")


def log_lines(page: str) -> list[str]:
    return re.findall(r"<li>(.*?)</li>", page.split('<details class="log"')[1], re.S)


def test_after_a_ban_the_log_and_replay_still_name_the_player_for_their_own_moves(client, duel, alice, carol,
                                                                                  moderator):
    play_until_alice_moved(duel.pk)
    by_alice = MoveLog.objects.filter(match=duel, seat=0).latest("version")
    assert (by_alice.player, by_alice.by_bot) == ("alice", False)
    moderation.ban(moderator, alice, "cheating")
    for _ in range(10):  # the bot now plays alice's seat; play until it has moved there
        if MoveLog.objects.filter(match=duel, seat=0, version__gt=by_alice.version).exists():
            break
        if not deeds.do_bot_move(duel.pk):
            match = deeds.Match.objects.get(pk=duel.pk)
            seat = RULES.active_seats(match.state)[0]
            deeds.do_human_move(duel.pk, seat, RULES.legal_moves(match.state, seat)[0], match.version)
    by_bot = MoveLog.objects.filter(match=duel, seat=0, version__gt=by_alice.version).first()
    assert (by_bot.player, by_bot.by_bot) == ("alice", True)

    client.force_login(carol)
    lines = log_lines(client.get(reverse("match", args=[duel.pk])).content.decode())
    assert "alice begins building a civilization." in lines
    assert not any("alice (bot)" in line for line in lines)
    replay = reverse("match_replay", args=[duel.pk])
    assert f"Move {by_alice.version} of" in (page := client.get(f"{replay}?move={by_alice.version}").content.decode())
    assert "· by alice</span>" in page
    assert "· by alice (bot)</span>" in client.get(f"{replay}?move={by_bot.version}").content.decode()


def test_a_bots_own_seat_is_not_marked_as_a_stand_in(alice):
    match = deeds.do_start_match("chronicle", [deeds.SeatSpec("alice", alice),
                                               deeds.SeatSpec("Random bot 1", bot="random")], seed=5)
    for _ in range(20):
        if MoveLog.objects.filter(match=match, seat=1).exists():
            break
        if not deeds.do_bot_move(match.pk):
            match.refresh_from_db()
            seat = RULES.active_seats(match.state)[0]
            deeds.do_human_move(match.pk, seat, RULES.legal_moves(match.state, seat)[0], match.version)
    row = MoveLog.objects.filter(match=match, seat=1).first()
    assert (row.player, row.by_bot, row.mover) == ("Random bot 1", False, "Random bot 1")
