"""A ban holds against the browser and the network the banned account entered from.

Every entry (a new guest, a sign-up, a log-in) is written down as a ``Sighting``: the account, the browser's device
id (``apps/accounts/device.py``) and the client address (as ``apps/accounts/lockout.py`` finds it behind trusted
proxies). Making a new account is refused while an account seen from the same browser is banned, and, when the
moderator chose to refuse the network too, for ``settings.BAN_ADDRESS_SECONDS`` after the ban began, from an
address it was seen at: addresses are shared (schools, offices, mobile carriers) and change hands, so they are
refused only on purpose and only for a while; the browser holds as long as the ban.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from apps.accounts.models import Sighting
from apps.moderation.selectors import active_ban

# A shared address may have seen many accounts: only this many of its banned ones are looked at per entry.
MAX_CANDIDATES = 20


@dataclass(frozen=True)
class Refusal:
    by_browser: bool  # False: by the network (client address)
    until: datetime | None  # None: until a moderator lifts the ban


def _address(address: str) -> str | None:
    try:
        return str(ipaddress.ip_address((address or "").strip()))
    except ValueError:
        return None


def record(user, device: str, address: str) -> Sighting:
    return Sighting.objects.create(user=user, device=device, address=_address(address))


def refusal(device: str, address: str) -> Refusal | None:
    """Why a new account may not be made from this browser and address, or None when it may."""
    address = _address(address)
    seen = Q(device=device) | Q(address=address) if address else Q(device=device)
    # Banning deactivates the account, so only inactive ones need asking moderation whether they are banned.
    rows = (Sighting.objects.filter(seen, user__is_active=False).select_related("user")
            .order_by("-seen_at")[:MAX_CANDIDATES * 4])
    users = {}
    for row in rows:
        users.setdefault(row.user_id, [row.user, False, False])
        users[row.user_id][1] |= row.device == device
        users[row.user_id][2] |= address is not None and row.address == address
    now = timezone.now()
    found = []
    for user, same_device, same_address in list(users.values())[:MAX_CANDIDATES]:
        ban = active_ban(user)
        if ban is None:
            continue
        if same_device:
            found.append(Refusal(by_browser=True, until=ban.ends_at))
        if same_address and ban.refuse_network:
            address_ends = ban.created_at + timedelta(seconds=settings.BAN_ADDRESS_SECONDS)
            if address_ends > now:
                found.append(Refusal(by_browser=False, until=min(filter(None, (ban.ends_at, address_ends)))))
    if not found:
        return None
    # The refusal that lasts longest is the one to tell: a ban without end first.
    return max(found, key=lambda r: (r.until is None, r.until or now, r.by_browser))
