"""Read-only queries shared by pages: live matches, a player's results (each list filtered by who is looking)."""

from apps.matches.access import listed_for
from apps.matches.models import Match, MatchSeat
from apps.matches.registry import engine


def live_matches(viewer, session, limit: int = 20):
    """Running matches this viewer may see listed (``access.listed_for``), most recently moved first."""
    return (Match.objects.filter(status=Match.Status.RUNNING).filter(listed_for(viewer, session))
            .order_by("-updated_at").prefetch_related("seats")[:limit])


def finished_matches_for(user, viewer, session, limit: int = 50) -> list[MatchSeat]:
    """The user's seats in finished matches that ``viewer`` may see listed, newest first, with their results."""
    return list(MatchSeat.objects.filter(user=user, match__status=Match.Status.FINISHED)
                .filter(listed_for(viewer, session, prefix="match__"))
                .select_related("match").order_by("-match__finished_at")[:limit])


def running_matches_for(user) -> list[MatchSeat]:
    """The user's seats in running matches, each marked ``my_turn`` when the match awaits them."""
    if not user.is_authenticated:
        return []
    seats = list(MatchSeat.objects.filter(user=user, match__status=Match.Status.RUNNING)
                 .select_related("match").order_by("-match__updated_at"))
    for seat in seats:
        seat.my_turn = not seat.bot and seat.index in engine(seat.match.game).active_seats(seat.match.state)
    return seats
