"""Read-only queries shared by pages: live matches, a player's results (each list filtered by who is looking)."""

from apps.matches.domain import lessons
from apps.matches.domain.access import listed_for
from apps.matches.engine import engine
from apps.matches.models import ChatMessage, Match, MatchSeat


def live_matches(viewer, session, limit: int = 20):
    """Running matches this viewer may see listed (``access.listed_for``), most recently moved first; never a
    lesson (``Match.lesson``)."""
    return (Match.objects.filter(status=Match.Status.RUNNING, lesson=False).filter(listed_for(viewer, session))
            .order_by("-updated_at").prefetch_related("seats__user")[:limit])


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
        mine = not seat.bot and seat.index in engine(seat.match.game).active_seats(seat.match.state)
        seat.my_turn = mine  # type: ignore[attr-defined]  # (a mark for the page, not a column)
    return seats


def recent_chat(room: str, limit: int = 50) -> list[ChatMessage]:
    """The last lines of a chat room that a moderator has not hidden, oldest first."""
    return list(ChatMessage.objects.filter(room=room, hidden=False).order_by("-created_at")[:limit])[::-1]


def has_waiting_bot(match_id: int) -> bool:
    """Whether a bot plays one of the running match's active seats."""
    match = (Match.objects.filter(pk=match_id, status=Match.Status.RUNNING)
             .only("game", "state", "lesson", "version").first())
    if match is None:
        return False
    bots = set(MatchSeat.objects.filter(match=match).exclude(bot="").values_list("index", flat=True))
    entry = lessons.scripted(match)  # a lesson's bot waits for its scripted turn
    active = engine(match.game).active_seats(match.state) if entry is None else [entry.seat]
    return bool(bots.intersection(active))
