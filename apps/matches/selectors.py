"""Read-only queries shared by pages: live matches, a player's results."""

from apps.matches.models import Match, MatchSeat


def live_matches(limit: int = 20):
    return (Match.objects.filter(status=Match.Status.RUNNING)
            .order_by("-updated_at").prefetch_related("seats")[:limit])


def finished_matches_for(user, limit: int = 50) -> list[MatchSeat]:
    """The user's seats in finished matches, newest first, with their results."""
    return list(MatchSeat.objects.filter(user=user, match__status=Match.Status.FINISHED)
                .select_related("match").order_by("-match__finished_at")[:limit])


def running_matches_for(user) -> list[MatchSeat]:
    if not user.is_authenticated:
        return []
    return list(MatchSeat.objects.filter(user=user, match__status=Match.Status.RUNNING)
                .select_related("match").order_by("-match__updated_at"))
