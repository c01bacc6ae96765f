"""Read-only rating queries for pages: a game's leaderboard, a player's ratings with their history, and a player's
record per game. Lists of matches go through ``apps/matches/domain/access.listed_for``."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, F, Q

from apps.matches.domain.access import listed_for
from apps.matches.engine import built_games
from apps.matches.models import Match, MatchSeat
from apps.ratings.charts import Chart, rating_chart
from apps.ratings.models import Rating, RatingChange
from apps.ratings.scale import LEADERBOARD_GAMES


def ranked(game: str):
    """The game's rated players as a query, best shown rating first (the same order as ``Rating.shown``:
    mu - 3 sigma). Deactivated (banned) accounts, and players with fewer than ``LEADERBOARD_GAMES`` rated matches
    in the game, are left out."""
    return (Rating.objects.filter(game=game, user__is_active=True, played__gte=LEADERBOARD_GAMES)
            .annotate(conservative=F("mu") - 3 * F("sigma"))
            .order_by("-conservative", "-played", "user__username").select_related("user"))


def rank_of(game: str, user) -> int | None:
    """A player's place on the game's leaderboard (1 for the first), or None if they have no rating in it."""
    if not getattr(user, "is_authenticated", False):
        return None
    for place, user_id in enumerate(ranked(game).values_list("user_id", flat=True), start=1):
        if user_id == user.pk:
            return place
    return None


@dataclass
class GameRecord:
    """A player's matches in one game: played and won (every finished match), and the rating if rated."""

    slug: str
    title: str
    played: int = 0
    won: int = 0
    rating: Rating | None = None
    chart: Chart | None = None
    changes: list[RatingChange] = field(default_factory=list)


def records_for(user) -> list[GameRecord]:
    """The player's record in each game they finished a match of, or hold a rating in, in the registry's order."""
    counts = {row["match__game"]: row for row in
              MatchSeat.objects.filter(user=user, match__status=Match.Status.FINISHED).values("match__game")
              .annotate(played=Count("id"), won=Count("id", filter=Q(is_winner=True)))}
    ratings = {rating.game: rating for rating in Rating.objects.filter(user=user)}
    history: dict[str, list[RatingChange]] = {}
    for change in RatingChange.objects.filter(user=user).order_by("created_at", "id"):
        history.setdefault(change.game, []).append(change)
    records = []
    for entry in built_games():
        row, rating = counts.get(entry.slug), ratings.get(entry.slug)
        if row is None and rating is None:
            continue
        changes = history.get(entry.slug, [])
        values = [changes[0].shown_before, *(change.shown for change in changes)] if changes else []
        records.append(GameRecord(entry.slug, entry.title, row["played"] if row else 0, row["won"] if row else 0,
                                  rating, rating_chart(values), changes))
    return records


def own_pace_matches_for(user, viewer, session) -> list[MatchSeat]:
    """The player's own-pace matches still running that ``viewer`` may see listed, most recently moved first."""
    return list(MatchSeat.objects.filter(user=user, match__status=Match.Status.RUNNING,
                                         match__pace=Match.Pace.OWN_PACE)
                .filter(listed_for(viewer, session, prefix="match__"))
                .select_related("match").order_by("-match__updated_at")[:20])


def rating_changes_by_match(user, match_ids: list[int]) -> dict[int, RatingChange]:
    """The player's rating change in each of these matches that was rated."""
    return {change.match_id: change for change in RatingChange.objects.filter(user=user, match_id__in=match_ids)}


def rating_changes_of(match: Match) -> list[tuple[MatchSeat, RatingChange]]:
    """Each seated person's rating change in this match, in seat order (none for an unrated match)."""
    if not match.rated:
        return []
    changes = {change.user_id: change for change in RatingChange.objects.filter(match=match)}
    return [(seat, changes[seat.user_id]) for seat in
            MatchSeat.objects.filter(match=match, user__isnull=False).select_related("user").order_by("index")
            if seat.user_id in changes]
