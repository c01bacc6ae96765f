"""Who may see or act at a match: the one place that decides."""

from apps.matches.models import Match, MatchSeat


def seat_of(match: Match, user) -> int | None:
    """The seat this user plays at the match, or None for a spectator."""
    if user is None or not user.is_authenticated:
        return None
    seat = MatchSeat.objects.filter(match=match, user=user).values_list("index", flat=True).first()
    return seat

