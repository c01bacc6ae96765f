"""The move service: version checks, turns, illegal moves, idempotent ids, results."""

import pytest

from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_move, do_start_match
from apps.matches.engine import engine
from apps.matches.live import frames, push
from apps.matches.models import Match, MoveLog, Presence

pytestmark = pytest.mark.django_db
RULES = engine("chronicle")


def a_legal_move(match, seat=None):
    match.refresh_from_db()
    seat = RULES.active_seats(match.state)[0] if seat is None else seat
    return seat, RULES.legal_moves(match.state, seat)[0]


def test_a_legal_move_at_the_current_version_is_applied_and_logged(duel):
    seat, move = a_legal_move(duel)
    result = do_move(duel.pk, seat, move, 0, "m1")
    duel.refresh_from_db()
    assert result.ok and result.version == 1 and duel.version == 1
    assert list(MoveLog.objects.values_list("version", "seat", "move")) == [(1, seat, move)]
    assert duel.state == RULES.apply(RULES.setup(2, duel.seed, {}), seat, move)


def test_it_refuses_a_stale_move(duel):
    seat, move = a_legal_move(duel)
    do_move(duel.pk, seat, move, 0)
    seat, move = a_legal_move(duel)
    result = do_move(duel.pk, seat, move, 0)
    assert (result.ok, result.code) == (False, "stale_version")
    assert Match.objects.get(pk=duel.pk).version == 1


def test_it_refuses_a_move_out_of_turn(duel):
    active = RULES.active_seats(duel.state)
    idle = next(s for s in range(2) if s not in active)
    _, move = a_legal_move(duel)
    result = do_move(duel.pk, idle, move, 0)
    assert result.code == "not_your_turn"
    assert MoveLog.objects.count() == 0


BAD_MOVES = [None, 7, "pick", {}, {"type": "no_such_move"}, {"type": "pick_aspect", "aspect": "fire"}]


@pytest.mark.parametrize("move", BAD_MOVES)
def test_it_refuses_illegal_and_malformed_moves_with_a_message(duel, move):
    seat = RULES.active_seats(duel.state)[0]
    result = do_move(duel.pk, seat, move, 0)
    assert result.code == "illegal_move" and result.message
    assert Match.objects.get(pk=duel.pk).version == 0


@pytest.mark.parametrize("version", [None, "0", 0.0, True])
def test_it_refuses_a_version_that_is_not_an_integer(duel, version):
    seat, move = a_legal_move(duel)
    assert do_move(duel.pk, seat, move, version).code == "bad_request"


def test_the_same_move_id_is_applied_once_and_answered_the_same(duel):
    seat, move = a_legal_move(duel)
    first = do_move(duel.pk, seat, move, 0, "same-id")
    again = do_move(duel.pk, seat, move, 0, "same-id")
    assert first.ok and again.ok and again.duplicate and again.version == first.version == 1
    assert MoveLog.objects.count() == 1


def test_a_resent_move_tells_the_table_again(duel):
    """The process that applied it may have died before pushing it; the resend pushes the current state."""
    seat, move = a_legal_move(duel)
    do_move(duel.pk, seat, move, 0, "resent")
    Presence.objects.create(channel_name="watching", match=duel, fmt="json")
    with push.deferred() as box:
        again = do_move(duel.pk, seat, move, 0, "resent")
    assert again.ok and again.duplicate
    assert [(group, event["version"]) for group, event in box] == [(frames.viewer_group(duel.pk, None, "json"), 1)]


def test_a_move_id_of_another_seat_is_not_taken_over(duel):
    seat, move = a_legal_move(duel)
    do_move(duel.pk, seat, move, 0, "shared-id")
    other = 1 - seat
    assert do_move(duel.pk, other, move, 0, "shared-id").code == "bad_request"  # a resend, as it were


def test_a_move_id_used_before_is_refused_even_at_the_current_version(duel):
    """The id is checked by the log's unique constraint then, and the move it came with is not applied."""
    seat, move = a_legal_move(duel)
    do_move(duel.pk, seat, move, 0, "used-id")
    duel.refresh_from_db()
    now_seat, now_move = a_legal_move(duel)
    again = do_move(duel.pk, now_seat, now_move, 1, "used-id")
    if now_seat == seat:
        assert again.ok and again.duplicate and again.version == 1
    else:
        assert again.code == "bad_request"
    duel.refresh_from_db()
    assert duel.version == 1 and MoveLog.objects.count() == 1


def test_a_forged_match_id_is_refused(duel):
    assert do_move(999999, 0, {"type": "x"}, 0).code == "forbidden"


def test_bots_play_a_whole_game_and_results_are_stored(alice):
    match = do_start_match("chronicle", [SeatSpec("alice", alice, bot="random"), SeatSpec("Bot", bot="random")],
                           seed=5)
    steps = 0
    while do_bot_move(match.pk):
        steps += 1
        assert steps < 2000
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.outcome is not None
    assert MoveLog.objects.filter(match=match).count() == match.version == steps
    winners = set(match.outcome["winners"])
    assert {s.index for s in match.seats.all() if s.is_winner} == winners
    assert [s.score for s in match.seats.all()] == match.outcome["scores"]
    assert do_move(match.pk, 0, {"type": "vote", "for": 1}, match.version).message == "The match is over."
