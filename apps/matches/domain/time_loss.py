"""A loss on time: in a rated real-time match, a seat whose clock ran out loses, decided by the server from its own
clock (``flag_expired``, each process's periodic deadline sweep, or the others' vote on that seat), never by a
frame of the player's.

With one other seat left, the match ends at once and that seat wins. With more, a bot plays the seat to the end
(``bot_by`` ``MatchSeat.LOST_ON_TIME``: never taken back) and the seat ranks last in the result: the path a
resignation takes too (``forfeit``). Unrated real time
keeps the others' vote to hand the seat to a bot (``seats.vote_to_bot``).

Each process decides these losses within moments of the flag (``live/flag_watch``: ``next_flag_ms`` says when to
look). At own pace, a rated match's missed deadline is lost on time after a turn of grace (``deadline_grace``).
"""

from __future__ import annotations

from django.db import transaction

from apps.matches.domain import timekeeper
from apps.matches.domain.forfeit import leave_result
from apps.matches.engine import clock as clocks
from apps.matches.models import Match, MatchSeat

BOT = "random"


def loses_on_time(match: Match) -> bool:
    """Whether a seat out of time in this match loses on time (a rated match with a real-time clock)."""
    return bool(match.rated and match.clock and match.clock["kind"] == clocks.REAL_TIME)


def flag_expired() -> list[int]:
    """Decide every loss on time of a rated real-time match (a person's seat out of time, whoever plays it now); the
    matches changed. One match at a time, its row locked, so two processes sweeping at once decide it once."""
    now = timekeeper.now_ms()
    changed = []
    timed = Match.objects.filter(status=Match.Status.RUNNING, rated=True, clock__isnull=False,
                                 clock__kind=clocks.REAL_TIME).values_list("pk", "clock")
    for match_id in [pk for pk, clock in timed if clock and clocks.out_of_time(clock, now)]:
        with transaction.atomic():
            match = Match.objects.select_for_update().filter(pk=match_id, status=Match.Status.RUNNING).first()
            if match is None or match.clock is None or not loses_on_time(match):
                continue
            late = clocks.out_of_time(match.clock, now)
            losing = list(MatchSeat.objects.filter(match=match, index__in=late, user__isnull=False).exclude(
                bot_by__in=MatchSeat.FORFEITS).values_list("index", flat=True))
            if losing:
                lose_on_time(match, losing, now)
                changed.append(match_id)
    return changed


def next_flag_ms() -> int | None:
    """In how many milliseconds the first running clock of a rated real-time match runs out (None if none runs).
    Only clocks with time left count: one already out was decided by ``flag_expired`` or cannot lose (a seat lost
    on time already, whose bot plays on). A clock that starts running later is the next look's (``flag_watch``)."""
    now = timekeeper.now_ms()
    timed = Match.objects.filter(status=Match.Status.RUNNING, rated=True, clock__isnull=False,
                                 clock__kind=clocks.REAL_TIME).values_list("clock", flat=True)
    left = [clocks.remaining(clock, now)[seat] for clock in timed if clock for seat in clock["running"]]
    return min((ms for ms in left if ms > 0), default=None)


def lose_on_time(match: Match, late: list[int], now: int) -> None:
    """The ``late`` seats lose on time at ``now`` (ms): they leave the result as a resignation does
    (``forfeit.leave_result``). Call inside a transaction, with the running match's row locked."""
    leave_result(match, late, MatchSeat.LOST_ON_TIME, now)
