"""Questions about sanctions: is this user muted or banned now?"""

from django.db.models import Q
from django.utils import timezone

from apps.moderation.models import Sanction


def _active(user, kind: str) -> Sanction | None:
    now = timezone.now()
    return (Sanction.objects.filter(user=user, kind=kind, lifted_at__isnull=True)
            .filter(Q(ends_at__isnull=True) | Q(ends_at__gt=now)).order_by("-created_at").first())


def active_mute(user) -> Sanction | None:
    return _active(user, Sanction.Kind.MUTE)


def active_ban(user) -> Sanction | None:
    return _active(user, Sanction.Kind.BAN)


def is_moderator(user) -> bool:
    return bool(user.is_authenticated and user.is_staff and user.has_perm("moderation.moderate"))
