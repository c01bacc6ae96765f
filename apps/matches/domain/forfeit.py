"""A seat that leaves the result: its player resigned (or left a co-operative band), or lost on time. One path for
both, so the seats, the outcome stored on the match, the ratings and the table read alike.

The seat's ``bot_by`` says why (``MatchSeat.RESIGNED``, ``MatchSeat.LOST_ON_TIME``, which are also the reasons the
outcome names: "resigned", "time") and its ``handed_version`` when. A competitive match with one seat left
standing ends at once and that seat wins; with more, a bot plays the seat to the end (never taken back) and it ranks
last (``ratings.services.ranks_of``). A co-operative band plays on with a bot in the seat, and ends when no person
is left in it. However the match ends, a seat that left is never a winner (``settle``).
"""

from __future__ import annotations

from django.utils import timezone

from apps.matches.domain.events import send_event_on_commit
from apps.matches.domain.results import LISTS, record_results, settle
from apps.matches.engine import clock as clocks
from apps.matches.engine import game_entry
from apps.matches.models import Match, MatchSeat

BOT = "random"
__all__ = ["BOT", "LISTS", "cooperative", "forfeits_in", "forfeits_of", "leave_result", "notice_text", "settle",
           "stopped"]


def cooperative(game: str) -> bool:
    try:
        return game_entry(game).cooperative
    except KeyError:
        return False


def forfeits_in(outcome: dict | None) -> dict[int, str]:
    """The seats an outcome says left the result, with why ("resigned", "time")."""
    outcome = outcome or {}
    return {seat: why for why, key in LISTS.items() for seat in outcome.get(key) or []}


def forfeits_of(rows) -> dict[int, str]:
    """The seats (rows of ``MatchSeat``) that left the result, with why."""
    return {row.index: row.bot_by for row in rows if row.bot_by in MatchSeat.FORFEITS}


def leave_result(match: Match, leaving: list[int], why: str, now_ms: int) -> bool:
    """The ``leaving`` seats leave the result for ``why`` (``MatchSeat.RESIGNED`` or ``LOST_ON_TIME``) at ``now_ms``
    (the clock's time). Call inside a transaction, with the running match's row locked. Returns whether the match
    ended."""
    rows = list(MatchSeat.objects.select_for_update().filter(match=match).order_by("index"))
    going = [row for row in rows if row.index in leaving and not row.forfeited]
    if not going:
        return False
    gone = forfeits_of(rows) | {row.index: why for row in going}
    standing = [row for row in rows if row.index not in gone]
    band = cooperative(match.game)
    ends = not any(row.user_id for row in standing) or (not band and len(standing) <= 1)
    for row in going:
        row.bot_by, row.bot_votes, row.handed_version = why, [], match.version
        if not ends:
            row.bot = BOT
        row.save(update_fields=["bot", "bot_by", "bot_votes", "handed_version"])
        send_event_on_commit("notice", match_id=match.pk, over=ends,
                             message=notice_text(row.name, why, band, ends, [other.name for other in standing]))
    if ends:
        outcome: dict = {"winners": [] if band else [row.index for row in standing], "reason": why}
        outcome |= {key: sorted(seat for seat, reason in gone.items() if reason == kind) for kind, key in LISTS.items()
                    if kind in gone.values()}
        if band:
            outcome["band_left"] = True
        fields: dict = {"status": Match.Status.FINISHED, "outcome": outcome, "finished_at": timezone.now(),
                        "undo_seat": None}
        if match.clock is not None:
            fields["clock"] = stopped(match.clock, now_ms)
        Match.objects.filter(pk=match.pk).update(**fields)
        record_results(match.pk, outcome)
    else:
        send_event_on_commit("bots", match_id=match.pk)
    send_event_on_commit("state", match_id=match.pk)
    send_event_on_commit("presence", match_id=match.pk)
    return ends


def stopped(clock: dict, now_ms: int) -> dict:
    """A match's clock stopped at ``now_ms``: no seat's time runs any more."""
    return {**clock, "remaining_ms": clocks.remaining(clock, now_ms), "running": [], "since": now_ms}


def notice_text(name: str, why: str, band: bool, ends: bool, standing: list[str]) -> str:
    """The line the whole table reads as the seat leaves."""
    if why == MatchSeat.LOST_ON_TIME:
        return f"{name} ran out of time and loses on time."
    if band:
        return "Everyone left the band: the match is over." if ends else \
            f"{name} left the band: a bot takes the seat and the band plays on."
    if ends:
        return f"{name} resigned." + (f" Winner: {', '.join(standing)}." if standing else "")
    return f"{name} resigned: a bot plays the seat to the end, and it ranks last."
