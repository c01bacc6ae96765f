"""The server's time for match clocks, and what happens when a clock runs out (``engine/clock.py`` keeps the sums).

``now_ms`` is the only source of time for a clock: tests replace it to move time on without sleeping. A seat whose
real-time clock ran out cannot move (``checks.check_move``): in a rated match it loses on time (``time_loss``, from
each process's flag watch, ``live/flag_watch``, or the others' vote); unrated, the others may vote to hand it to a
bot (``seats.vote_to_bot`` accepts the vote at once). When an own-pace deadline passes, ``hand_over_expired`` (the
deadline sweep) gives the seat to a bot until its player takes it back; in a rated match, the seat loses on time if
it is still the bot's when its next turn comes (``deadline_grace``). A seat taken back keeps the time it had when
handed over, never more (``on_return``). A friendly match has no clock.
"""

from __future__ import annotations

import time

from django.db import transaction

from apps.matches.domain.events import send_event_on_commit
from apps.matches.engine import clock as clocks
from apps.matches.models import Match, MatchSeat

DEADLINE_BOT = "random"


def now_ms() -> int:
    """The server's time in milliseconds since the epoch."""
    return int(time.time() * 1000)


def frame(match: Match, now: int | None = None) -> dict | None:
    """The state frame's ``clock`` for this match (None if untimed); stopped once the match is not running."""
    if match.clock is None:
        return None
    now = now_ms() if now is None else now
    shown = clocks.frame(match.clock, now)
    if match.status != Match.Status.RUNNING and shown is not None:
        shown["running"] = []
    return shown


def out_of_time(match: Match) -> list[int]:
    """Running seats whose time is spent now (none for a friendly match or one that is over)."""
    if match.clock is None or match.status != Match.Status.RUNNING:
        return []
    return clocks.out_of_time(match.clock, now_ms())


def hand_over_expired() -> list[int]:
    """Give every person's seat whose own-pace deadline has passed to a bot (they may take it back); the matches
    changed. One own-pace match at a time, its row locked, so two processes sweeping at once hand a seat over once.
    """
    now = now_ms()
    changed = []
    timed = Match.objects.filter(status=Match.Status.RUNNING, clock__isnull=False,
                                 pace=Match.Pace.OWN_PACE).values_list("pk", "clock")
    for match_id in [pk for pk, clock in timed if clock and clocks.out_of_time(clock, now)]:
        with transaction.atomic():
            match = Match.objects.select_for_update().filter(pk=match_id, status=Match.Status.RUNNING).first()
            if match is None or match.clock is None:
                continue
            late = clocks.out_of_time(match.clock, now)
            seats = MatchSeat.objects.filter(match=match, index__in=late, bot="", user__isnull=False)
            names = []
            for seat in seats:
                seat.bot, seat.bot_by, seat.bot_votes = DEADLINE_BOT, "clock", []
                seat.handed_version, seat.handed_ms = match.version, 0
                seat.save(update_fields=["bot", "bot_by", "bot_votes", "handed_version", "handed_ms"])
                names.append(seat.name)
            if names:
                changed.append(match_id)
                for name in names:
                    send_event_on_commit("notice", match_id=match_id, message=deadline_notice(name, match.rated))
                send_event_on_commit("state", match_id=match_id)
                send_event_on_commit("presence", match_id=match_id)
                send_event_on_commit("bots", match_id=match_id)
    return changed


def deadline_notice(name: str, rated: bool) -> str:
    """What the table is told when ``name``'s own-pace deadline passed (a rated match: ``deadline_grace``)."""
    if rated:
        return (f"{name}'s time for the move ran out; a bot plays this turn. Unless they take their seat back "
                "before their next turn, they lose on time.")
    return f"{name}'s time for the move ran out; a bot plays the seat until they take it back."


def left_ms(match: Match, seat: int) -> int | None:
    """The seat's time left now (None for a friendly match)."""
    return None if match.clock is None else clocks.remaining(match.clock, now_ms())[seat]


def on_return(match: Match, seat: int, handed_ms: int | None) -> dict | None:
    """The clock once a player took back ``seat`` from a bot, or None if it stays as it is: real time keeps no more
    than the ``handed_ms`` the seat had when handed over (the increments its bot earned stay behind); an own-pace
    deadline is never renewed by a return (a new turn brings a new allowance anyway). Call with the row locked."""
    if match.clock is None or match.clock["kind"] != clocks.REAL_TIME or handed_ms is None:
        return None
    return clocks.capped(match.clock, seat, handed_ms, now_ms())
