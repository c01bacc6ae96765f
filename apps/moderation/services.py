"""Moderator actions. Each one takes effect live on every open page and writes an audit entry."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.common import rates
from apps.lobbies import push as lobby_push
from apps.lobbies.models import Lobby, LobbySeat
from apps.matches.live import push as match_push
from apps.matches.models import ChatMessage, Match, MatchSeat
from apps.moderation.models import AuditEntry, Report, Sanction
from apps.moderation.selectors import active_ban, active_mute, ban_until, mute_frame


def audit(moderator, action: str, reason: str = "", target_user=None, target: str = "") -> AuditEntry:
    return AuditEntry.objects.create(moderator=moderator, action=action, reason=reason[:500],
                                     target_user=target_user, target=target[:120])


class Refused(ValueError):
    """A moderator may not act on this user; the attempt is in the audit log."""


def _may_sanction(moderator, user, action: str, reason: str) -> None:
    """Refuse (and audit the attempt) a sanction on oneself, on a superuser, or on staff by anyone but a
    superuser. Called before the action's transaction opens, so the record of the attempt stays."""
    if user is None:
        return
    if user.pk == moderator.pk:
        why = "Nobody can sanction themselves."
    elif user.is_superuser:
        why = "Nobody can sanction a superuser."
    elif user.is_staff and not moderator.is_superuser:
        why = "Only a superuser can sanction staff."
    else:
        return
    audit(moderator, f"refused {action}"[:40], f"{why} Reason given: {reason}", target_user=user,
          target=f"user {user.pk}")
    raise Refused(why)


class ReportThrottled(ValueError):
    """The reporter sent ``settings.REPORT_RATE_LIMIT`` reports already in the window."""


def report(reporter, reported_user, reason: str, message: ChatMessage | None = None, match: Match | None = None,
           lobby: Lobby | None = None) -> Report:
    """A new open report; refused (ValueError) when the reason is missing or too long, the reporter reports
    themselves or already has an open report on this player, and (ReportThrottled) beyond the per-user rate."""
    reason = (reason or "").strip()
    if not reason:
        raise ValueError("Say briefly what is wrong.")
    if len(reason) > 500:
        raise ValueError("A reason is at most 500 characters.")
    if reported_user == reporter:
        raise ValueError("You cannot report yourself.")
    already = f"You have already reported {reported_user.username}; a moderator will look at it."
    if Report.objects.filter(reporter=reporter, reported_user=reported_user, status=Report.Status.OPEN).exists():
        raise ValueError(already)
    limit, window = settings.REPORT_RATE_LIMIT
    if rates.hit(f"report:{reporter.pk}", window) > limit:
        raise ReportThrottled(f"At most {limit} reports in {window // 60} minutes; a moderator will look at the ones "
                              "you sent.")
    try:
        with transaction.atomic():
            return Report.objects.create(reporter=reporter, reported_user=reported_user, reason=reason,
                                         message=message, match=match, lobby=lobby)
    except IntegrityError as exc:  # another request of this reporter opened one first (the unique constraint)
        raise ValueError(already) from exc


def _seats_to_bots(seats, reason: str) -> set[int]:
    """Hand these match seats to the random bot; returns the matches touched."""
    touched = set()
    for seat in seats:
        seat.bot, seat.bot_by, seat.bot_votes = "random", "moderator", []
        seat.save(update_fields=["bot", "bot_by", "bot_votes"])
        touched.add(seat.match_id)
    for match_id in touched:
        transaction.on_commit(lambda m=match_id: (match_push.state_changed(m), match_push.notice(m, reason),
                                                  match_push.presence_changed(m), match_push.wake_bots(m)))
    return touched


def ban(moderator, user, reason: str, duration: timedelta | None = None, refuse_network: bool = False) -> Sanction:
    """Lock the user out for ``duration`` (None: until lifted): sockets closed, no log-in, their lobbies closed,
    their seats played by bots. With ``refuse_network``, no new guest or account is made from the addresses they
    entered from either, for a while (``apps/accounts/ban_evasion.py``); their browser is refused in any case."""
    _may_sanction(moderator, user, "ban", reason)
    with transaction.atomic():
        sanction = Sanction.objects.create(user=user, kind=Sanction.Kind.BAN, reason=reason, created_by=moderator,
                                           ends_at=timezone.now() + duration if duration else None,
                                           refuse_network=refuse_network)
        user.is_active = False
        user.save(update_fields=["is_active"])
        for lobby in Lobby.objects.filter(host=user, status=Lobby.Status.OPEN):
            lobby.status = Lobby.Status.CLOSED
            lobby.save(update_fields=["status"])
            transaction.on_commit(lambda pk=lobby.pk: lobby_push.lobby_closed(pk))
        for seat in LobbySeat.objects.filter(user=user, lobby__status=Lobby.Status.OPEN).exclude(lobby__host=user):
            seat.user = None
            seat.save(update_fields=["user"])
            transaction.on_commit(lambda pk=seat.lobby_id: lobby_push.lobby_changed(pk))
        running = MatchSeat.objects.filter(user=user, match__status=Match.Status.RUNNING).exclude(bot="random")
        _seats_to_bots(list(running), f"{user.username} was removed by a moderator; a bot plays the seat.")
        terms = f"for {duration.days} day{'s' if duration.days != 1 else ''}" if duration else "until lifted"
        audit(moderator, "ban", reason, target_user=user,
              target=f"user {user.pk} {terms}{', network refused' if refuse_network else ''}")
        transaction.on_commit(lambda: match_push.user_removed(
            user.pk, f"You were banned {ban_until(sanction)}. Reason: {reason}"))
    return sanction


def end_finished_ban(user) -> bool:
    """Let a user whose ban ran out back in (a ban deactivates the account, and nothing wakes at its end): True
    when the account is active again. A user deactivated otherwise (by staff, with no ban ever ending) stays out."""
    if user.is_active or active_ban(user) is not None:
        return False
    if not Sanction.objects.filter(user=user, kind=Sanction.Kind.BAN, lifted_at__isnull=True).exists():
        return False
    with transaction.atomic():
        if type(user).objects.filter(pk=user.pk, is_active=False).update(is_active=True):
            audit(None, "ban ended", target_user=user, target=f"user {user.pk}")  # once, whoever came first
    user.is_active = True
    return True


def mute(moderator, user, minutes: int, reason: str) -> Sanction:
    _may_sanction(moderator, user, "mute", reason)
    with transaction.atomic():
        sanction = Sanction.objects.create(user=user, kind=Sanction.Kind.MUTE, reason=reason, created_by=moderator,
                                           ends_at=timezone.now() + timedelta(minutes=minutes))
        audit(moderator, "mute", reason, target_user=user, target=f"user {user.pk} for {minutes} min")
        transaction.on_commit(lambda: match_push.tell_user(user.pk, mute_frame(sanction)))
    return sanction


def lift(moderator, sanction: Sanction, reason: str) -> None:
    _may_sanction(moderator, sanction.user, f"lift {sanction.kind}", reason)  # nobody frees themselves either
    with transaction.atomic():
        sanction.lifted_at = timezone.now()
        sanction.lifted_by = moderator
        sanction.save(update_fields=["lifted_at", "lifted_by"])
        if sanction.kind == Sanction.Kind.BAN:
            sanction.user.is_active = True
            sanction.user.save(update_fields=["is_active"])
        audit(moderator, f"lift {sanction.kind}", reason, target_user=sanction.user, target=f"sanction {sanction.pk}")
        if sanction.kind == Sanction.Kind.MUTE:  # another mute may still hold; the page is told whichever stands
            transaction.on_commit(lambda: match_push.tell_user(sanction.user_id,
                                                               mute_frame(active_mute(sanction.user))))


def hide_message(moderator, message: ChatMessage, reason: str) -> None:
    with transaction.atomic():
        message.hidden = True
        message.save(update_fields=["hidden"])
        audit(moderator, "hide chat", reason, target_user=message.user, target=f"message {message.pk}")
        transaction.on_commit(lambda: match_push.chat_hidden(message.room, message.pk))


def abort_match(moderator, match: Match, reason: str) -> None:
    with transaction.atomic():
        updated = Match.objects.filter(pk=match.pk, status=Match.Status.RUNNING).update(
            status=Match.Status.ABORTED, outcome={"aborted": True, "reason": reason}, finished_at=timezone.now())
        if not updated:
            raise ValueError("Only a running match can be aborted.")
        audit(moderator, "abort match", reason, target=f"match {match.pk}")
        transaction.on_commit(lambda: match_push.notice(match.pk, f"A moderator aborted this match: {reason}",
                                                        over=True))


def replace_with_bot(moderator, seat: MatchSeat, reason: str) -> None:
    _may_sanction(moderator, seat.user, "seat bot", reason)
    with transaction.atomic():
        if seat.match.status != Match.Status.RUNNING:
            raise ValueError("Only a seat in a running match can be handed to a bot.")
        _seats_to_bots([seat], f"A moderator handed {seat.name}'s seat to a bot.")
        audit(moderator, "seat bot", reason, target_user=seat.user, target=f"match {seat.match_id} seat {seat.index}")


def record_full_view(moderator, match: Match) -> None:
    audit(moderator, "watch with full information", "", target=f"match {match.pk}")
