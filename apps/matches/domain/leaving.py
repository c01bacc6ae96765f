"""A player leaving a match of their own accord: resigning (in a co-operative game, leaving the band), or, before
every seat has made its first move, aborting it.

A resignation takes the seat out of the result (``forfeit.leave_result``, the path a loss on time takes too). An
abort ends the match with no result: nobody wins, nothing is rated, and the table says who aborted it.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from apps.matches.domain import forfeit, timekeeper
from apps.matches.domain.events import send_event_on_commit
from apps.matches.domain.seats import RESIGNED_FOR_GOOD
from apps.matches.models import Match, MatchSeat
from apps.notices import services as notices

OVER = "The match is over."
NOT_A_PLAYER = "Only a player at this table can do that."
ALREADY_LEFT = "You have left this match already."
TOO_LATE_TO_ABORT = "Every seat has made a move, so the match can no longer be aborted; you can still resign."
ABORT = "abort"  # the outcome's reason for a player's abort (a moderator's gives their own words)
__all__ = ["ABORT", "ALREADY_LEFT", "NOT_A_PLAYER", "OVER", "RESIGNED_FOR_GOOD", "TOO_LATE_TO_ABORT", "abort",
           "abort_open", "resign"]


def abort_open(match: Match, seats: int) -> bool:
    """Whether the running match may still be aborted: some of its ``seats`` seats has not made a move yet."""
    return match.status == Match.Status.RUNNING and not set(range(seats)) <= set(match.moved_seats)


def resign(match_id: int, seat: int) -> str:
    """The player of ``seat`` resigns (leaves the band, in a co-operative game). Returns a refusal or ''."""
    with transaction.atomic():
        found = _locked(match_id, seat)
        if isinstance(found, str):
            return found
        match, _ = found
        forfeit.leave_result(match, [seat], MatchSeat.RESIGNED, timekeeper.now_ms())
    return ""


def abort(match_id: int, seat: int) -> str:
    """The player of ``seat`` aborts the match, refused once every seat has moved. Returns a refusal or ''."""
    with transaction.atomic():
        found = _locked(match_id, seat)
        if isinstance(found, str):
            return found
        match, row = found
        seats = MatchSeat.objects.filter(match=match).count()
        if not abort_open(match, seats):
            return TOO_LATE_TO_ABORT
        fields: dict = {"status": Match.Status.ABORTED, "outcome": {"aborted": True, "by": seat, "reason": ABORT},
                        "finished_at": timezone.now(), "undo_seat": None}
        if match.clock is not None:
            fields["clock"] = forfeit.stopped(match.clock, timekeeper.now_ms())
        Match.objects.filter(pk=match.pk).update(**fields)
        notices.match_aborted(match, seat, row.name)
        send_event_on_commit("notice", match_id=match.pk, over=True,
                             message=f"{row.name} aborted the match: no result, and nobody's rating changes.")
        send_event_on_commit("state", match_id=match.pk)
        send_event_on_commit("presence", match_id=match.pk)
    return ""


def _locked(match_id: int, seat: int) -> tuple[Match, MatchSeat] | str:
    """The running match and the player's seat, both locked, or why the player may not leave it."""
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None or match.status != Match.Status.RUNNING:
        return OVER
    row = MatchSeat.objects.select_for_update().filter(match=match, index=seat).first()
    if row is None or row.user_id is None:
        return NOT_A_PLAYER
    return ALREADY_LEFT if row.forfeited else (match, row)
