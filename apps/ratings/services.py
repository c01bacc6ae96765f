"""Rating a finished match: the one place ratings change (OpenSkill's Plackett-Luce model, no maths of our own).

``rate_match`` is called by the match's last move (``apps/matches/domain/deeds.py``) inside the transaction that
records the result, so a result and its rating changes commit together or not at all. It locks the match row
(which that move already holds) and writes one ``RatingChange`` per player, unique per (match, player): the same
match finished twice, or by two processes at once, is rated once.

Who is rated (written for players on the leaderboard page and the rules pages):
- a match is rated only if its lobby was (``Match.rated``), every seat a signed-up person when it started
  (``check_may_be_rated``), no two of them accounts that entered from one browser, or one network lately
  (``apps/accounts/linked_accounts.py``), and its game is not co-operative (``GameEntry.rated``; Live On is not);
- beating or tying with a newcomer (an account younger than a day, or with fewer than ``NEWCOMER_GAMES`` rated
  matches in the game) raises nobody's rating: for each player, the newcomers they finished level with or ahead of
  are set aside and the player is rated against the rest (not at all if nobody is left). A loss to a newcomer
  counts as usual. So throwaway accounts farm nothing;
- a seat handed to a bot during the match (an away vote or a moderator) is still rated for the person who sat
  there, with the result the bot reached: leaving a match does not dodge its result; a seat whose player resigned
  or lost on time ranks last (``apps/matches/domain/forfeit.py``);
- an aborted match (a moderator's, or a player's before every seat had moved) has no result and is not rated.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from apps.accounts.linked_accounts import any_linked
from apps.matches.engine import game_entry
from apps.matches.models import Match, MatchSeat
from apps.ratings.models import Rating, RatingChange
from apps.ratings.scale import MODEL, NEWCOMER_GAMES, NEWCOMER_HOURS


class NotRateable(ValueError):
    """A match that was asked to be rated but cannot be; the message says why, in a player's words."""


def game_is_rated(game: str) -> bool:
    """Whether the game's matches may be rated at all (not a co-operative game)."""
    try:
        return game_entry(game).rated
    except KeyError:
        return False


def check_may_be_rated(game: str, players: Sequence[Any], seats: int | None = None) -> None:
    """``NotRateable`` unless every seat is a signed-up person (``players``: each seated user, or None for a bot),
    there are at least two seats (``seats``, if not all are taken yet) and the game is rated at all."""
    if not game_is_rated(game):
        raise NotRateable(f"{game_entry(game).title} is co-operative: its matches are not rated.")
    if (len(players) if seats is None else seats) < 2:
        raise NotRateable("A rated match needs at least two players.")
    if any(user is None for user in players):
        raise NotRateable("A rated match is for signed-up people only: a bot cannot sit at it.")
    guests = [user.username for user in players if getattr(user, "is_guest", False)]
    if guests:
        raise NotRateable(f"A rated match is for signed-up people only: {', '.join(guests)} "
                          f"{'is a guest' if len(guests) == 1 else 'are guests'}.")
    if any_linked(user.pk for user in players):
        # Said without naming whom: that two accounts share a browser or a network is theirs to know.
        raise NotRateable("Two players at this table entered from the same browser or network lately: a rated "
                          "match is between different people, so this one will not be rated.")


def ranks_of(seats: Sequence[MatchSeat]) -> list[int]:
    """Each seat's place (1 is best, equal places tie): the recorded winners first, then by score, highest first;
    equal scores tie, and seats without a score tie after those with one; a seat that left the result (resigned, or
    lost on time: ``MatchSeat.forfeited``) comes last."""
    def key(seat: MatchSeat) -> tuple[int, float]:
        if seat.forfeited:  # ranks last, whatever the bot that played it out scored
            return (2, 0.0)
        if seat.is_winner:
            return (0, 0.0)
        return (1, -seat.score if seat.score is not None else float("inf"))
    places = sorted({key(seat) for seat in seats})
    return [places.index(key(seat)) + 1 for seat in seats]


def rate_match(match_id: int) -> list[RatingChange]:
    """Move the ratings of a finished rated match's players, once. Returns the changes written: none if the match
    is not rated, not finished, co-operative, or rated already."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or not match.rated or match.status != Match.Status.FINISHED:
            return []
        if not game_is_rated(match.game) or (match.outcome or {}).get("won") is not None:
            return []
        if RatingChange.objects.filter(match=match).exists():
            return []
        seats = [seat for seat in MatchSeat.objects.filter(match=match).order_by("index") if seat.user_id]
        if len(seats) < 2:  # (a player's account was deleted during the match)
            return []
        return _rate(match, seats)


def _rate(match: Match, seats: list[MatchSeat]) -> list[RatingChange]:
    players = [seat.user_id for seat in seats if seat.user_id is not None]
    Rating.objects.bulk_create([Rating(user_id=user_id, game=match.game, mu=MODEL.mu, sigma=MODEL.sigma)
                                for user_id in sorted(players)], ignore_conflicts=True)
    # Locked in one order, so that two matches finishing at once with the same players wait instead of deadlocking,
    # and neither overwrites the other's change.
    current = {rating.user_id: rating for rating in
               Rating.objects.select_for_update().filter(game=match.game, user_id__in=players).order_by("user_id")}
    ranks: list[float] = [float(rank) for rank in ranks_of(seats)]
    before = [current[user_id] for user_id in players]
    newcomers = _newcomers(match, before)
    everyone = MODEL.rate([[MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in before], ranks=ranks)
    after = [_new_rating(player, before, ranks, newcomers, everyone) for player in range(len(players))]
    changes = []
    for user_id, rank, rating, new in zip(players, ranks, before, after, strict=True):
        changes.append(RatingChange(match=match, user_id=user_id, game=match.game, rank=int(rank),
                                    mu_before=rating.mu, sigma_before=rating.sigma, mu=new.mu, sigma=new.sigma,
                                    played=rating.played + 1))
        rating.mu, rating.sigma, rating.played = new.mu, new.sigma, rating.played + 1
        rating.save(update_fields=["mu", "sigma", "played", "updated_at"])
    RatingChange.objects.bulk_create(changes)
    return changes


def _newcomers(match: Match, ratings: list[Rating]) -> list[bool]:
    """Which players are newcomers in this game: an account younger than ``NEWCOMER_HOURS`` when the match began,
    or fewer than ``NEWCOMER_GAMES`` rated matches in the game before this one."""
    joined = dict(get_user_model().objects.filter(pk__in=[rating.user_id for rating in ratings])
                  .values_list("pk", "date_joined"))
    young_since = match.created_at - timedelta(hours=NEWCOMER_HOURS)
    return [rating.played < NEWCOMER_GAMES or joined[rating.user_id] > young_since for rating in ratings]


def _new_rating(player: int, before: list[Rating], ranks: list[float], newcomers: list[bool], everyone: list):
    """The player's rating after the match: the whole table's figure, unless they finished level with or ahead of a
    newcomer; then the figure of the table without those newcomers (their rating as it was if nobody is left)."""
    kept = [other for other in range(len(before))
            if other == player or not (newcomers[other] and ranks[other] >= ranks[player])]
    if len(kept) == len(before):
        return everyone[player][0]
    if len(kept) == 1:
        return MODEL.rating(mu=before[player].mu, sigma=before[player].sigma)
    rest = MODEL.rate([[MODEL.rating(mu=before[other].mu, sigma=before[other].sigma)] for other in kept],
                      ranks=[ranks[other] for other in kept])
    return rest[kept.index(player)][0]
