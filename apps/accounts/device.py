"""The device cookie: a random id for each browser that enters (as a guest, by signing up or logging in), signed so
it cannot be forged, long-lived, HttpOnly, SameSite=Lax, and Secure wherever the session cookie is (production). A
ban then holds against the browser the banned account used, whatever name it comes back with
(``apps/accounts/ban_evasion.py``)."""

from __future__ import annotations

import secrets
from functools import wraps

from django.conf import settings

COOKIE = "civitas_device"
SALT = "civitas.accounts.device"
MAX_AGE = 2 * 365 * 24 * 3600


def device_id(request) -> str:
    """This browser's id: from its signed cookie, or a new one (sent back by ``tracked``)."""
    if getattr(request, "_device_id", None) is None:
        known = request.get_signed_cookie(COOKIE, default=None, salt=SALT, max_age=MAX_AGE)
        request._device_id = known if known and len(known) <= 64 else secrets.token_urlsafe(16)
    return request._device_id


def tracked(view):
    """Gives every browser that reaches ``view`` a device id and sends it back in the cookie."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        device = device_id(request)
        response = view(request, *args, **kwargs)
        # Sent every time, so the cookie lives MAX_AGE from the browser's last entry.
        response.set_signed_cookie(COOKIE, device, salt=SALT, max_age=MAX_AGE, httponly=True, samesite="Lax",
                                   secure=settings.SESSION_COOKIE_SECURE)
        return response

    return wrapper
