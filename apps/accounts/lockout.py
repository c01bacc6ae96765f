"""Brute-force lockout of the log-in: by account and by client address, counted in the shared cache.

The client address is the direct peer, unless that peer is a trusted proxy (settings.CIVITAS_TRUSTED_PROXIES): then
X-Forwarded-For is read from the right, skipping trusted proxies, and the first other address is the client. The
left-most entries are whatever the client chose to send, so they are never believed.
"""

from __future__ import annotations

import hashlib
import ipaddress

from django.conf import settings

from apps.common import rates

LOCKED_MESSAGE = "Too many failed log-ins for this account or from your address. Try again in {minutes} minutes."


def _networks():
    return [ipaddress.ip_network(item, strict=False) for item in settings.CIVITAS_TRUSTED_PROXIES]


def _parse(address: str):
    try:
        return ipaddress.ip_address(address.strip())
    except ValueError:
        return None


def _trusted(address, networks) -> bool:
    return address is not None and any(address in network for network in networks)


def client_address(meta: dict) -> str:
    """The real client address of a request (``request.META``, or a WSGI-like dict of the same keys)."""
    peer = meta.get("REMOTE_ADDR", "") or ""
    networks = _networks()
    if not networks or not _trusted(_parse(peer), networks):
        return peer
    current = peer
    for entry in reversed([part for part in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]):
        address = _parse(entry)
        if address is None:
            return current  # garbage beyond our proxies: the last hop we trust is the best we know
        current = str(address)
        if not _trusted(address, networks):
            return current
    return current


def _account_key(username: str) -> str:
    digest = hashlib.sha256((username or "").strip().lower().encode()).hexdigest()[:32]
    return f"login:account:{digest}"


def _address_key(address: str) -> str:
    return f"login:address:{address}"


def _limits():
    return settings.LOGIN_FAILURE_LIMITS["account"], settings.LOGIN_FAILURE_LIMITS["address"]


def is_locked(username: str, address: str) -> bool:
    (account_limit, _), (address_limit, _) = _limits()
    return (rates.hits(_account_key(username)) >= account_limit
            or rates.hits(_address_key(address)) >= address_limit)


def record_failure(username: str, address: str) -> None:
    (_, account_window), (_, address_window) = _limits()
    rates.hit(_account_key(username), account_window)
    rates.hit(_address_key(address), address_window)


def record_success(username: str) -> None:
    """The account's count starts again; the address's does not (an attacker could reset it with their own account)."""
    rates.reset(_account_key(username))


def locked_message() -> str:
    (_, account_window), (_, address_window) = _limits()
    return LOCKED_MESSAGE.format(minutes=max(account_window, address_window) // 60)
