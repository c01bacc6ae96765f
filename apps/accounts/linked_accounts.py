"""Accounts that may be one person: they entered (``Sighting``) from the same browser, ever, or from the same
network within ``settings.LINKED_ADDRESS_DAYS``. A rated match between them would let a player rate themselves up
with a second account, so ``apps/ratings/services.check_may_be_rated`` refuses it.

A network is a client address; for IPv6 its /64, the block one household or phone is given.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from apps.accounts.models import Sighting


def network(address: str | None) -> str | None:
    """The network an address stands for: itself (IPv4), or its /64 (IPv6)."""
    try:
        parsed = ipaddress.ip_address(address or "")
    except ValueError:
        return None
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def any_linked(user_ids: Iterable[int]) -> bool:
    """Whether two of these accounts entered from one browser, or from one network lately."""
    ids = sorted(set(user_ids))
    if len(ids) < 2:
        return False
    seen = Sighting.objects.filter(user_id__in=ids)
    browsers = seen.exclude(device="").values_list("device", "user_id").distinct()
    recent = timezone.now() - timedelta(days=settings.LINKED_ADDRESS_DAYS)
    addresses = (seen.filter(seen_at__gte=recent, address__isnull=False)
                 .values_list("address", "user_id").distinct())
    return _shared(browsers) or _shared((network(address), user_id) for address, user_id in addresses)


def _shared(pairs: Iterable[tuple[str | None, int]]) -> bool:
    owners: dict[str, int] = {}
    for key, user_id in pairs:
        if key is None:
            continue
        if owners.setdefault(key, user_id) != user_id:
            return True
    return False
