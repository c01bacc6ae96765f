"""Questions about sanctions: is this user muted or banned now?"""

from django.db.models import Q
from django.utils import timezone
from django.utils.dateformat import format as date_format

from apps.moderation.models import Sanction


def _active(user, kind: str) -> Sanction | None:
    now = timezone.now()
    return (Sanction.objects.filter(user=user, kind=kind, lifted_at__isnull=True)
            .filter(Q(ends_at__isnull=True) | Q(ends_at__gt=now)).order_by("-created_at").first())


def active_mute(user) -> Sanction | None:
    return _active(user, Sanction.Kind.MUTE)


def active_ban(user) -> Sanction | None:
    return _active(user, Sanction.Kind.BAN)


def ban_until(sanction: Sanction) -> str:
    """How long a ban lasts, as the banned player reads it."""
    if sanction.ends_at is None:
        return "until a moderator lifts it"
    return f"until {date_format(timezone.localtime(sanction.ends_at), 'j F Y, H:i')} UTC"


def mute_frame(sanction: Sanction | None) -> dict:
    """What a page is told about its user's chat: muted (why, until when) or free to speak."""
    if sanction is None:
        return {"type": "unmuted", "message": "You may chat again."}
    if sanction.ends_at is None:
        until, until_ms = "until a moderator lifts it", None
    else:
        until = "until " + timezone.localtime(sanction.ends_at).strftime("%d %b %Y %H:%M %Z")
        until_ms = int(sanction.ends_at.timestamp() * 1000)
    return {"type": "muted", "message": f"A moderator muted you in chat {until}. Reason: {sanction.reason}",
            "reason": sanction.reason, "until": sanction.ends_at.isoformat() if sanction.ends_at else None,
            "until_ms": until_ms}


def is_moderator(user) -> bool:
    return bool(user.is_authenticated and user.is_staff and user.has_perm("moderation.moderate"))
