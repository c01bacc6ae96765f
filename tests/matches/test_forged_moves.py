"""A move frame that equals a legal move only by Python's loose ``==`` (1.0 or true for 1) is refused by the move
service like any illegal move, nothing is logged, and the table goes on: issue 37's Live On freeze, through the
service a socket calls."""

import random

import pytest

from apps.matches.domain.deeds import SeatSpec, do_move, do_start_match
from apps.matches.engine import engine
from apps.matches.models import Match, MoveLog

pytestmark = pytest.mark.django_db
RULES = engine("live_on")
SPEND = {"type": "spend", "trait": "active", "count": 1}


@pytest.mark.parametrize("forged", [{**SPEND, "count": 1.0}, {**SPEND, "count": True}])
def test_a_float_or_a_bool_for_a_count_is_refused_and_every_legal_move_still_applies(alice, bob, forged):
    match = do_start_match("live_on", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=0)
    rnd = random.Random(0)  # the random game in which a seat may spend one active token at its ninth step
    while not any(SPEND in RULES.legal_moves(match.state, s) for s in RULES.active_seats(match.state)):
        seat = rnd.choice(RULES.active_seats(match.state))
        assert do_move(match.pk, seat, rnd.choice(RULES.legal_moves(match.state, seat)), match.version).ok
        match.refresh_from_db()
    seat = next(s for s in RULES.active_seats(match.state) if SPEND in RULES.legal_moves(match.state, s))
    logged = MoveLog.objects.count()

    result = do_move(match.pk, seat, forged, match.version)

    assert (result.ok, result.code) == (False, "illegal_move") and result.message
    assert MoveLog.objects.count() == logged
    stored = Match.objects.get(pk=match.pk)
    assert (stored.version, stored.state) == (match.version, match.state)
    for move in RULES.legal_moves(stored.state, seat):
        RULES.apply(stored.state, seat, move)
    assert do_move(match.pk, seat, SPEND, match.version).ok
