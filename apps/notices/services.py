"""Notices on the site and the reminders due by email: who is owed what, recorded once.

The truth is the database: an own-pace match whose player to move has no page of it open is found by a sweep
(``sweep``, run every minute by the task queue's worker, ``tasks``), which records each reminder due as a
``Reminder`` row and, in the same transaction, the job that sends it. Nothing is added to a move's own path. A
reminder is recorded once per (match, player, kind, version), and the sending job sends it only if it was not
sent already (``send_reminder``), so a worker dying anywhere loses no reminder and, once a send has committed,
never sends it again. (A worker killed after the mail server took the message but before its transaction
committed would send it once more on the retry: an email cannot join a database transaction.)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from apps.matches.domain import timekeeper
from apps.matches.domain.events import send_event_on_commit
from apps.matches.domain.presence import alive
from apps.matches.engine import clock as clocks
from apps.matches.engine import engine
from apps.matches.models import Match, MatchSeat, Presence
from apps.notices import sending
from apps.notices.models import EmailAddress, Notice, Reminder

CONFIRM_SALT = "civitas.notices.confirm-email"
UNSUBSCRIBE_SALT = "civitas.notices.unsubscribe"
CONFIRM_DAYS = 3


# --- notices --------------------------------------------------------------------------------------------------------

def notify(user_id: int, kind: str, text: str, url: str, key: str) -> bool:
    """Add a notice to a player's list, once per ``key``, and tell their open pages the new unread count. A notice
    supersedes the unread ones about the same page (a match's "your seat is ready" once it ended): they count as
    read, so a player's unread count is the matches with news, not the notices piled up about each."""
    try:
        with transaction.atomic():
            Notice.objects.filter(user_id=user_id, url=url, read_at__isnull=True).update(read_at=timezone.now())
            Notice.objects.create(user_id=user_id, kind=kind, text=text[:200], url=url, key=key[:80])
    except IntegrityError:
        return False
    send_event_on_commit("notices", user_id=user_id, unread=unread_count(user_id))
    return True


def unread_count(user_id: int) -> int:
    return Notice.objects.filter(user_id=user_id, read_at__isnull=True).count()


def mark_all_read(user_id: int) -> None:
    if Notice.objects.filter(user_id=user_id, read_at__isnull=True).update(read_at=timezone.now()):
        send_event_on_commit("notices", user_id=user_id, unread=0)


def match_ended(match_id: int) -> None:
    """Each person who sat at a match that just ended hears it (called in the last move's transaction)."""
    match = Match.objects.get(pk=match_id)
    for seat in MatchSeat.objects.filter(match_id=match_id, user__isnull=False):
        if seat.user_id is None:
            continue
        verdict = "You won" if seat.is_winner else "It is over"
        notify(seat.user_id, Notice.Kind.MATCH_ENDED, f"{title(match)} ended. {verdict}: see the result.",
               match.get_absolute_url(), f"ended:{match_id}")


def match_aborted(match: Match, by_seat: int, by_name: str) -> None:
    """The other people at a match hear that a player aborted it (called in the abort's transaction)."""
    for user_id in MatchSeat.objects.filter(match=match, user__isnull=False).exclude(index=by_seat).values_list(
            "user_id", flat=True):
        notify(user_id, Notice.Kind.MATCH_ENDED, f"{by_name} aborted {title(match)}: no result, nothing rated.",
               match.get_absolute_url(), f"ended:{match.pk}")


def rematch_offered(lobby_url: str, match: Match, user_ids: list[int], host_name: str) -> None:
    """The other people of a finished match hear that one of them opened a lobby for a rematch."""
    for user_id in user_ids:
        notify(user_id, Notice.Kind.INVITED, f"{host_name} asks for a rematch of {title(match)}: join the lobby.",
               lobby_url, f"rematch:{match.pk}")


def seated(match: Match, user_ids: list[int], host_name: str) -> None:
    """The players a host's lobby seated hear that the match started (called as it starts)."""
    for user_id in user_ids:
        notify(user_id, Notice.Kind.INVITED, f"{host_name} started {match.game_title} #{match.pk}: your seat is "
                                             "ready.", match.get_absolute_url(), f"seated:{match.pk}")


# --- reminders ------------------------------------------------------------------------------------------------------

def title(match: Match) -> str:
    """"Stone Age #12", as notices and reminders name a match."""
    return f"{match.game_title} #{match.pk}"


def sweep(defer: Callable[[int], object], now=None) -> list[Reminder]:
    """Record every reminder due now, each with its sending job (``defer(reminder_id)``) in one transaction, and
    list whose turn it is on each own-pace player's notices. Returns the reminders recorded."""
    now = now or timezone.now()
    now_ms = timekeeper.now_ms()
    recorded = []
    running = Match.objects.filter(status=Match.Status.RUNNING, pace=Match.Pace.OWN_PACE)
    for match in running.only("pk", "game", "state", "version", "updated_at", "clock"):
        active = set(engine(match.game).active_seats(match.state))
        people = [(seat, seat.user_id) for seat in MatchSeat.objects.filter(match=match, bot="")
                  if seat.index in active and seat.user_id is not None]
        for seat, user_id in people:
            notify(user_id, Notice.Kind.YOUR_TURN, f"Your move in {title(match)}.", match.get_absolute_url(),
                   f"turn:{match.pk}:{match.version}")
            for kind in _due(match, seat.index, user_id, now, now_ms):
                reminder = _record(match, seat.index, user_id, kind, defer)
                if reminder is not None:
                    recorded.append(reminder)
    return recorded


def _due(match: Match, seat: int, user_id: int, now, now_ms: int) -> list[str]:
    address = EmailAddress.objects.filter(user_id=user_id, confirmed_at__isnull=False, reminders=True).first()
    if address is None or alive(Presence.objects.filter(match=match, user_id=user_id)).exists():
        return []
    due: list[str] = []
    waited = now - match.updated_at
    recent = Reminder.objects.filter(match=match, user_id=user_id, kind=Reminder.Kind.YOUR_MOVE,
                                     created_at__gt=now - timedelta(hours=settings.REMINDER_GAP_HOURS))
    if waited >= timedelta(minutes=settings.REMINDER_AFTER_MINUTES) and not recent.exists():
        due.append(Reminder.Kind.YOUR_MOVE)
    if match.clock is not None and match.clock["kind"] == clocks.OWN_PACE and seat in match.clock["running"]:
        left = clocks.remaining(match.clock, now_ms)[seat]
        if 0 < left <= clocks.DAY:
            due.append(Reminder.Kind.DEADLINE)
    return due


def _record(match: Match, seat: int, user_id: int, kind: str, defer: Callable[[int], object]) -> Reminder | None:
    try:
        with transaction.atomic():
            reminder = Reminder.objects.create(match=match, user_id=user_id, seat=seat, kind=kind,
                                               version=match.version)
            defer(reminder.pk)  # the job is queued in this transaction: both or neither
    except IntegrityError:
        return None  # recorded already (another sweep, or this version's reminder went)
    return reminder


def send_reminder(reminder_id: int, send: Callable[[Reminder, str], None], pause: float = 0) -> str:
    """Send one recorded reminder with ``send(reminder, address)`` unless it went already or is moot; the row is
    locked while sending and marked sent in the same transaction. ``pause``: seconds to wait after taking it (the
    tests kill a worker there)."""
    with transaction.atomic():
        reminder = Reminder.objects.select_for_update().select_related("match").filter(pk=reminder_id).first()
        if reminder is None:
            return "gone"
        if reminder.sent_at is not None or reminder.skipped:
            return "done already"
        if pause:
            time.sleep(pause)
        why = _moot(reminder)
        if why:
            reminder.skipped = why
            reminder.save(update_fields=["skipped"])
            return f"skipped: {why}"
        address = EmailAddress.objects.get(user_id=reminder.user_id)
        send(reminder, address.email)
        reminder.sent_at = timezone.now()
        reminder.save(update_fields=["sent_at"])
    return "sent"


def _moot(reminder: Reminder) -> str:
    match = reminder.match
    if match.status != Match.Status.RUNNING or match.version != reminder.version:
        return "the player moved or the match ended"
    if not EmailAddress.objects.filter(user_id=reminder.user_id, confirmed_at__isnull=False, reminders=True).exists():
        return "no confirmed address, or unsubscribed"
    if alive(Presence.objects.filter(match=match, user_id=reminder.user_id)).exists():
        return "the player has the match open"
    return ""


# --- addresses ------------------------------------------------------------------------------------------------------

class AddressRefused(ValueError):
    """An address that cannot be added, and why."""


class AddressThrottled(AddressRefused):
    """Too many confirmation links for now (``sending``); ``until``: the Unix time one may be asked again."""

    def __init__(self, message: str, until: float):
        super().__init__(message)
        self.until = until


WAITING_ELSEWHERE = ("A link to that address is waiting for another account. If the address is yours, ask again "
                     "once that link has expired ({days} days after it was sent).")
CONFIRMED_ELSEWHERE = "Another account confirmed that address: it gets no email from a second one."


def set_address(user, email: str) -> EmailAddress:
    """A signed-up player's address for reminders, unconfirmed until they follow the link emailed to it (the caller
    sends it). Refused for an address another account confirmed, or has a link waiting for (one waiting link per
    address), and beyond the limits of ``sending`` (AddressThrottled); a refusal changes nothing."""
    if getattr(user, "is_guest", False):
        raise AddressRefused("Guests get no email: keep your name with a password first.")
    with transaction.atomic():
        others = EmailAddress.objects.filter(email__iexact=email).exclude(user=user)
        if others.filter(confirmed_at__isnull=False).exists():
            raise AddressRefused(CONFIRMED_ELSEWHERE)
        waiting = others.filter(confirmed_at__isnull=True)
        if waiting.filter(changed_at__gt=timezone.now() - timedelta(days=CONFIRM_DAYS)).exists():
            raise AddressRefused(WAITING_ELSEWHERE.format(days=CONFIRM_DAYS))
        try:
            sending.count_link(user.pk, email)
        except sending.TooManyLinks as exc:
            raise AddressThrottled(str(exc), exc.until) from None
        waiting.delete()  # other accounts' expired links: their addresses were never confirmed
        try:
            with transaction.atomic():
                address, _ = EmailAddress.objects.update_or_create(user=user, defaults={"email": email,
                                                                                        "confirmed_at": None})
        except IntegrityError:  # another account asked for it at the same moment
            raise AddressRefused(WAITING_ELSEWHERE.format(days=CONFIRM_DAYS)) from None
    return address


def confirmation_token(address: EmailAddress) -> str:
    return signing.dumps({"u": address.user_id, "e": address.email}, salt=CONFIRM_SALT)


def confirm(token: str) -> EmailAddress | None:
    """The address the signed link confirms (None if the link is bad, expired, or for an address since changed)."""
    try:
        data = signing.loads(token, salt=CONFIRM_SALT, max_age=timedelta(days=CONFIRM_DAYS))
    except signing.BadSignature:
        return None
    updated = EmailAddress.objects.filter(Q(user_id=data.get("u")) & Q(email=data.get("e")))
    try:
        with transaction.atomic():
            if not updated.update(confirmed_at=timezone.now(), reminders=True):
                return None
    except IntegrityError:  # another account confirmed the address meanwhile: one account per address
        return None
    return EmailAddress.objects.get(user_id=data["u"])


def unsubscribe_token(user_id: int) -> str:
    return signing.dumps(user_id, salt=UNSUBSCRIBE_SALT)


def unsubscribe(token: str) -> bool:
    """Stop reminders for the player the signed link names (True if it was a good link)."""
    try:
        user_id = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return False
    EmailAddress.objects.filter(user_id=user_id).update(reminders=False)
    return True
