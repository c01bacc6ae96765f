"""A match of two seats played by random legal moves through the services, for tests that look at what each move
sends (the patch tests of Stone Age and Innovation)."""

import random

from apps.matches.domain import deeds
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.engine import engine
from apps.matches.models import Match


def played(django_user_model, game: str, seed: int, moves: int):
    """The match before each of a random game's first ``moves`` moves (both seats played by the same random hand),
    then as it stands after the last."""
    users = [django_user_model.objects.create(username=f"{game[:2]}walk{seed}{i}") for i in range(2)]
    match = do_start_match(game, [SeatSpec(u.username, u) for u in users], seed=seed)
    rules, rnd = engine(game), random.Random(seed)
    for _ in range(moves):
        match = Match.objects.get(pk=match.pk)
        active = [s for s in rules.active_seats(match.state) if rules.legal_moves(match.state, s)]
        if match.status != Match.Status.RUNNING or not active:
            return
        yield match
        seat = rnd.choice(active)
        assert deeds.do_move(match.pk, seat, rnd.choice(rules.legal_moves(match.state, seat)), match.version).ok
    yield Match.objects.get(pk=match.pk)
