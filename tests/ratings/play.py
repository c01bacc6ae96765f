"""Finishing matches for the ratings tests through the site's own move path (``deeds``), with bots playing the
people's seats (handed over as an away vote would) so a whole match takes a moment."""

from __future__ import annotations

import random
from datetime import timedelta

from django.utils import timezone

from apps.matches.domain import bots
from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_start_match
from apps.matches.engine import engine
from apps.matches.models import Match, MatchSeat
from apps.ratings.models import Rating
from apps.ratings.scale import MODEL


def rated_match(game: str, people: list, seed: int = 7) -> Match:
    return do_start_match(game, [SeatSpec(person.username, person) for person in people], seed=seed, rated=True)


def hand_every_seat_to_a_bot(match: Match) -> None:
    MatchSeat.objects.filter(match=match).update(bot="random", bot_by="vote")


def next_bot_move(match: Match) -> tuple[int, dict]:
    """The move ``do_bot_move`` would play next, and its seat."""
    rules = engine(match.game)
    for seat in rules.active_seats(match.state):
        if rules.legal_moves(match.state, seat):
            rng = random.Random(f"{match.seed}:{match.version}:{seat}")
            return seat, bots.choose(match.game, "random", match.state, seat, rng)
    raise AssertionError("no seat can move")


def play_until_the_last_move(match: Match) -> tuple[Match, int, dict]:
    """Bot moves until the next one ends the match: (the match at that point, the last move's seat, the move)."""
    rules = engine(match.game)
    hand_every_seat_to_a_bot(match)
    for _ in range(5000):
        match.refresh_from_db()
        seat, move = next_bot_move(match)
        if rules.outcome(rules.apply(match.state, seat, move)) is not None:
            return match, seat, move
        assert do_bot_move(match.pk)
    raise AssertionError("the match did not end")


def finish(match: Match) -> Match:
    hand_every_seat_to_a_bot(match)
    steps = 0
    while do_bot_move(match.pk):
        steps += 1
        assert steps < 5000
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def won_by(match: Match, winner: int) -> Match:
    """The match finished with seat ``winner`` first (scores 10 to it, 0 to the others), as its last move's
    transaction would record it; rated or not by ``rate_match`` afterwards."""
    seats = list(MatchSeat.objects.filter(match=match).order_by("index"))
    scores = [10 if seat.index == winner else 0 for seat in seats]
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED,
                                             outcome={"scores": scores, "winners": [winner]})
    for seat in seats:
        seat.score, seat.is_winner = scores[seat.index], seat.index == winner
        seat.save(update_fields=["score", "is_winner"])
    match.refresh_from_db()
    return match


def established(*people, game: str, mu: float | None = None, sigma: float | None = None, played: int = 20) -> None:
    """Players whose wins count against anyone: accounts a month old with ``played`` rated matches in ``game``."""
    for person in people:
        type(person).objects.filter(pk=person.pk).update(date_joined=timezone.now() - timedelta(days=30))
        Rating.objects.update_or_create(user=person, game=game, defaults={
            "mu": MODEL.mu if mu is None else mu, "sigma": MODEL.sigma if sigma is None else sigma,
            "played": played})
