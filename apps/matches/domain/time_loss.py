"""A loss on time: in a rated real-time match, a seat whose clock ran out loses, decided by the server from its own
clock (``flag_expired``, each process's periodic deadline sweep, or the others' vote on that seat), never by a
frame of the player's.

With one other seat left, the match ends at once and that seat wins. With more, a bot plays the seat to the end
(``bot_by`` ``MatchSeat.LOST_ON_TIME``: never taken back) and the seat ranks last in the result. Unrated real time
keeps the others' vote to hand the seat to a bot (``seats.vote_to_bot``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from apps.matches.domain import timekeeper
from apps.matches.domain.events import send_event_on_commit
from apps.matches.domain.results import record_results
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
                bot_by=MatchSeat.LOST_ON_TIME).values_list("index", flat=True))
            if losing:
                lose_on_time(match, losing, now)
                changed.append(match_id)
    return changed


def lose_on_time(match: Match, late: list[int], now: int) -> None:
    """The ``late`` seats lose on time at ``now`` (ms). Call inside a transaction, with the running match's row
    locked."""
    rows = list(MatchSeat.objects.select_for_update().filter(match=match).order_by("index"))
    losing = [row for row in rows if row.index in late and row.bot_by != MatchSeat.LOST_ON_TIME]
    if not losing:
        return
    lost = {row.index for row in rows if row.bot_by == MatchSeat.LOST_ON_TIME} | {row.index for row in losing}
    standing = [row.index for row in rows if row.index not in lost]
    for row in losing:
        send_event_on_commit("notice", match_id=match.pk, over=len(standing) <= 1,
                             message=f"{row.name} ran out of time and loses on time.")
    if len(standing) > 1:
        for row in losing:
            row.bot, row.bot_by, row.bot_votes = BOT, MatchSeat.LOST_ON_TIME, []
            row.save(update_fields=["bot", "bot_by", "bot_votes"])
        send_event_on_commit("state", match_id=match.pk)
        send_event_on_commit("bots", match_id=match.pk)
    else:
        clock: dict = match.clock or {}  # (a rated real-time match has one)
        stopped = {**clock, "remaining_ms": clocks.remaining(clock, now), "running": [], "since": now}
        outcome = {"winners": standing, "lost_on_time": sorted(lost), "reason": "time"}
        Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, outcome=outcome, clock=stopped,
                                                 finished_at=timezone.now(), undo_seat=None)
        record_results(match.pk, outcome)
        send_event_on_commit("state", match_id=match.pk)
    send_event_on_commit("presence", match_id=match.pk)
