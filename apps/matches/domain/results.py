"""Recording a finished match's result: each seat's score and whether it won, and the ratings it moves, in the
transaction that ends the match (its last move, or a seat leaving the result: ``forfeit``)."""

from __future__ import annotations

from apps.matches.models import Match, MatchSeat
from apps.notices import services as notices
from apps.ratings.services import rate_match


def record_results(match_id: int, outcome: dict) -> None:
    """The seats' scores and winners, and (a rated match) the ratings they move. A seat that left the result
    (resigned, or lost on time: ``MatchSeat.FORFEITS``) wins nothing, whatever the bot that played it out reached,
    and the outcome stored on the match says so (``settle``)."""
    seats = list(MatchSeat.objects.filter(match_id=match_id))
    left = {seat.index: seat.bot_by for seat in seats if seat.forfeited}
    settled = settle(outcome, left)
    if settled != outcome:
        Match.objects.filter(pk=match_id).update(outcome=settled)
    scores = settled.get("scores") or []
    winners = set(settled.get("winners") or [])
    if settled.get("won") is not None:  # co-operative: everyone shares the result
        winners = set(range(len(scores))) if settled["won"] else set()
    for seat in seats:
        seat.score = scores[seat.index] if seat.index < len(scores) else None
        seat.is_winner = seat.index in winners and not seat.forfeited
        seat.save(update_fields=["score", "is_winner"])
    rate_match(match_id)
    notices.match_ended(match_id)


def settle(outcome: dict, forfeits: dict[int, str]) -> dict:
    """The game's own outcome once the seats in ``forfeits`` (seat: "resigned" or "time") left it: they are listed
    by reason (``resigned``, ``lost_on_time``) and are never winners. Were all the game's winners among them, the
    best score of the others wins (ties share); the game's own winners are kept as ``engine_winners``."""
    if not forfeits:
        return outcome
    settled = dict(outcome)
    for why, key in LISTS.items():
        seats = sorted(set(outcome.get(key) or []) | {seat for seat, reason in forfeits.items() if reason == why})
        if seats:
            settled[key] = seats
    won = list(outcome.get("winners") or [])
    winners = [seat for seat in won if seat not in forfeits]
    scores = outcome.get("scores") or []
    if won and not winners and outcome.get("won") is None and scores:
        others = [seat for seat in range(len(scores)) if seat not in forfeits and scores[seat] is not None]
        best = max((scores[seat] for seat in others), default=None)
        winners = [seat for seat in others if scores[seat] == best]
    if winners != won:
        settled["winners"] = winners
        settled["engine_winners"] = won
    return settled


# The outcome's list of the seats that left the result, for each reason (``MatchSeat.bot_by``).
LISTS = {MatchSeat.RESIGNED: "resigned", MatchSeat.LOST_ON_TIME: "lost_on_time"}
