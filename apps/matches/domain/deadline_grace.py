"""At own pace, a rated match counts a missed deadline as a loss on time after one bot-played turn of grace.

When a seat's deadline passes, ``timekeeper.hand_over_expired`` gives it to a bot, which plays the turn that was
awaited: the turn of grace. Its player may take the seat back once the bot has answered (``seats.take_back``). If
the seat is still the bot's when its input is awaited again, it loses on time (``time_loss.lose_on_time``: ranked
last; of two players, the other wins at once), before its bot plays on. The bot driver asks before each bot move
(``grace_spent``). An unrated match keeps the bot in the seat until its player returns.
"""

from __future__ import annotations

from django.db import transaction

from apps.matches.domain import timekeeper
from apps.matches.domain.time_loss import lose_on_time
from apps.matches.engine import clock as clocks
from apps.matches.models import Match, MatchSeat

HANDED_AT_DEADLINE = "clock"  # ``bot_by`` of a seat ``timekeeper.hand_over_expired`` gave a bot


def grace_spent(match_id: int) -> bool:
    """Decide the losses on time of this rated own-pace match's seats whose turn of grace is over; True if a seat
    lost here. A turn comes with a new allowance and the turn of grace began with none, so a seat handed over at its
    deadline and running with time left is at its next turn."""
    if not MatchSeat.objects.filter(match_id=match_id, bot_by=HANDED_AT_DEADLINE, match__rated=True,
                                    match__pace=Match.Pace.OWN_PACE, match__status=Match.Status.RUNNING).exists():
        return False
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id, status=Match.Status.RUNNING).first()
        if match is None or match.clock is None or match.clock["kind"] != clocks.OWN_PACE or not match.rated:
            return False
        now = timekeeper.now_ms()
        left = clocks.remaining(match.clock, now)
        handed = MatchSeat.objects.filter(match=match, bot_by=HANDED_AT_DEADLINE).values_list("index", flat=True)
        due = [seat for seat in handed if seat in match.clock["running"] and left[seat] > 0]
        if due:
            lose_on_time(match, due, now)
        return bool(due)
