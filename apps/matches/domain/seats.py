"""Seats whose player went away or ran out of real time: handed to a bot by the others' vote, taken back on return.

A seat handed over while its input was awaited is taken back only once the bot answered (a take-back sent at once,
before the bot's first move, would otherwise dodge the deadline for ever), and with no more time than it had.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from apps.matches.domain import timekeeper
from apps.matches.domain.events import send_event_on_commit
from apps.matches.domain.presence import alive
from apps.matches.domain.time_loss import lose_on_time, loses_on_time
from apps.matches.engine import clock as clocks
from apps.matches.engine import engine
from apps.matches.models import Match, MatchSeat, MoveLog, Presence

BOT_ANSWERING = "The bot is answering for you; you can take your seat back once it has moved."
TURN_SPENT = "Your time for this turn is spent; the bot finishes the turn and you can take your seat back after it."
CLOCK_RAN_OUT = "Your clock has run out; the bot keeps your seat to the end of the match."
LOST_ON_TIME = "You lost this seat on time; a bot plays it to the end of the match."
RESIGNED_FOR_GOOD = "You left this seat; a bot plays it to the end of the match."


def came_back(match_id: int, seat: int) -> None:
    MatchSeat.objects.filter(match_id=match_id, index=seat).update(away_since=None, bot_votes=[])


def maybe_away(match_id: int, seat: int) -> None:
    """The seat's last socket closed: it is away from now on."""
    if not alive(Presence.objects.filter(match_id=match_id, seat=seat)).exists():
        MatchSeat.objects.filter(match_id=match_id, index=seat, away_since__isnull=True).update(
            away_since=timezone.now())


def vote_to_bot(match_id: int, voter: int, target) -> str:
    """Record a vote to hand a seat to a bot, its player away for the match's away time or out of real time; every
    other person seated must agree. Returns an error or ''."""
    if not isinstance(target, int) or isinstance(target, bool) or target == voter:
        return "Vote for another player's seat."
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id, status=Match.Status.RUNNING).first()
        if match is None:
            return "The match is over."
        seats = {seat.index: seat for seat in MatchSeat.objects.filter(match=match)}
        seat = seats.get(target)
        if seat is None or seat.bot:
            return "That seat is not a person's."
        out_of_time = timekeeper.out_of_time(match)
        if target in out_of_time and loses_on_time(match):  # decided by the server's clock, not by the votes
            lose_on_time(match, [target], timekeeper.now_ms())
            return ""
        if target not in out_of_time:
            if seat.away_since is None:
                return "That player is here" + (" and has time on their clock." if match.clock else ".")
            waited = (timezone.now() - seat.away_since).total_seconds()
            if waited < match.away_timeout:
                return f"Wait {int(match.away_timeout - waited) + 1} more seconds before voting."
        if voter not in seat.bot_votes:
            seat.bot_votes = [*seat.bot_votes, voter]
        voters = {index for index, other in seats.items() if index != target and not other.bot}
        if voters <= set(seat.bot_votes):
            seat.bot, seat.bot_by, seat.bot_votes = "random", "vote", []
            seat.handed_version, seat.handed_ms = match.version, timekeeper.left_ms(match, target)
            why = "ran out of time" if seat.away_since is None else "was away too long"
            text = f"{seat.name} {why}; a bot plays the seat until they take it back."
            send_event_on_commit("state", match_id=match_id)
            send_event_on_commit("notice", match_id=match_id, message=text)
            send_event_on_commit("bots", match_id=match_id)
        seat.save(update_fields=["bot", "bot_by", "bot_votes", "handed_version", "handed_ms"])
        send_event_on_commit("presence", match_id=match_id)
    return ""


def take_back(match_id: int, seat_index: int) -> str:
    """A player takes back the seat a vote or their clock gave to a bot, keeping the time it had when handed over
    (never more). Returns an error or ''."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id, status=Match.Status.RUNNING).first()
        seat = MatchSeat.objects.select_for_update().filter(match_id=match_id, index=seat_index).first()
        if match is None or seat is None or not seat.bot:
            return "Your seat is yours already."
        if seat.bot_by == MatchSeat.LOST_ON_TIME:
            return LOST_ON_TIME
        if seat.bot_by == MatchSeat.RESIGNED:
            return RESIGNED_FOR_GOOD
        if seat.bot_by not in ("vote", "clock"):
            return "A moderator gave this seat to a bot; it cannot be taken back."
        refused = _not_yet(match, seat)
        if refused:
            return refused
        clock = timekeeper.on_return(match, seat_index, seat.handed_ms)
        seat.bot, seat.bot_by, seat.away_since, seat.handed_version, seat.handed_ms = "", "", None, None, None
        seat.save(update_fields=["bot", "bot_by", "away_since", "handed_version", "handed_ms"])
        if clock is not None:
            # Version unchanged: the clock is not part of the game's state, and a page's stale move must still
            # be refused only by a move.
            Match.objects.filter(pk=match_id).update(clock=clock)
        text = f"{seat.name} is back and plays their own seat again."
        send_event_on_commit("state", match_id=match_id)
        send_event_on_commit("notice", match_id=match_id, message=text)
        send_event_on_commit("presence", match_id=match_id)
    return ""


def why_not_back_yet(match: Match, seat_index: int) -> str:
    """Why ``take_back`` would refuse, now, the player of a seat handed over by vote or at its clock, or '' if it
    would not: the page offers "Take my seat back" only when it would be accepted, and says why not otherwise."""
    seat = MatchSeat.objects.filter(match=match, index=seat_index).first()
    if seat is None or seat.bot_by not in ("vote", "clock") or match.status != Match.Status.RUNNING:
        return ""
    return _not_yet(match, seat)


def _not_yet(match: Match, seat: MatchSeat) -> str:
    """Why the seat's player may not take it back now, or '': while its input is awaited, not before the bot has
    answered since the hand-over, nor while the time for the turn is spent; at real time, never with an empty
    clock (what the bot's turns earned does not count)."""
    rules = engine(match.game)
    awaited = seat.index in rules.active_seats(match.state) and bool(rules.legal_moves(match.state, seat.index))
    if awaited and not MoveLog.objects.filter(match=match, seat=seat.index,
                                              version__gt=seat.handed_version or 0).exists():
        return BOT_ANSWERING
    left = timekeeper.left_ms(match, seat.index)
    if left is None or match.clock is None:
        return ""
    if match.clock["kind"] == clocks.REAL_TIME:
        kept = left if seat.handed_ms is None else min(left, seat.handed_ms)
        return CLOCK_RAN_OUT if kept <= 0 else ""
    return TURN_SPENT if awaited and left <= 0 else ""
