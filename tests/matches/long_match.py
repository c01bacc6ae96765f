"""A long match made quickly for tests: random legal moves played through the engine and written to the move log
in one go, as the site would have logged them one by one (each with its state's digest)."""

from __future__ import annotations

import random

from django.utils import timezone

from apps.matches.domain.checks import state_digest
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.engine import engine
from apps.matches.models import Match, MoveLog, ReplaySnapshot


def long_match(game: str, players: int, seed: int, at_least: int = 0) -> Match:
    """A finished match of bots (seeds tried from ``seed`` on until one lasts ``at_least`` steps)."""
    rules = engine(game)
    rnd = random.Random(seed)
    match = do_start_match(game, [SeatSpec(f"Bot {i}", bot="random") for i in range(players)], seed=seed)
    state, rows, kept = match.state, [], []
    while rules.outcome(state) is None:
        seat = rnd.choice([s for s in rules.active_seats(state) if rules.legal_moves(state, s)])
        move = rnd.choice(rules.legal_moves(state, seat))
        state = rules.apply(state, seat, move)
        rows.append(MoveLog(match=match, version=len(rows) + 1, seat=seat, move=move, player=f"Bot {seat}",
                            by_bot=False, state_digest=state_digest(state)))
        if len(rows) % ReplaySnapshot.EVERY == 0:  # as the site keeps them while the match is played
            kept.append(ReplaySnapshot(match=match, version=len(rows), state=state))
    if len(rows) < at_least:
        match.delete()
        return long_match(game, players, seed + 1, at_least)
    MoveLog.objects.bulk_create(rows)
    ReplaySnapshot.objects.bulk_create(kept)
    Match.objects.filter(pk=match.pk).update(state=state, version=len(rows), status=Match.Status.FINISHED,
                                             outcome=rules.outcome(state), finished_at=timezone.now())
    match.refresh_from_db()
    return match
