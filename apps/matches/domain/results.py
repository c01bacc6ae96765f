"""Recording a finished match's result: each seat's score and whether it won, and the ratings it moves, in the
transaction that ends the match (its last move, or a loss on time: ``time_loss``)."""

from __future__ import annotations

from apps.matches.models import MatchSeat
from apps.notices import services as notices
from apps.ratings.services import rate_match


def record_results(match_id: int, outcome: dict) -> None:
    """The seats' scores and winners, and (a rated match) the ratings they move. A seat that lost on time
    (``MatchSeat.LOST_ON_TIME``) wins nothing, whatever the bot that played it out reached."""
    scores = outcome.get("scores") or []
    winners = set(outcome.get("winners") or [])
    if outcome.get("won") is not None:  # co-operative: everyone shares the result
        winners = set(range(len(scores))) if outcome["won"] else set()
    for seat in MatchSeat.objects.filter(match_id=match_id):
        seat.score = scores[seat.index] if seat.index < len(scores) else None
        seat.is_winner = seat.index in winners and seat.bot_by != MatchSeat.LOST_ON_TIME
        seat.save(update_fields=["score", "is_winner"])
    rate_match(match_id)
    notices.match_ended(match_id)
