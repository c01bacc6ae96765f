"""How often a confirmation link may be emailed, so that the address form cannot be turned on someone's mailbox:
at most ``settings.CONFIRM_EMAIL_LIMITS["user"]`` asked by one player and ``["address"]`` sent to one mailbox, per
window, counted in the shared cache (so across every process)."""

from __future__ import annotations

import time

from django.conf import settings

from apps.common import rates

# Providers that ignore dots in the local part: one mailbox, however many spellings.
DOTLESS_DOMAINS = {"gmail.com": "gmail.com", "googlemail.com": "gmail.com"}


class TooManyLinks(Exception):
    """A confirmation link refused for now; ``until``: the Unix time one may be asked again."""

    def __init__(self, message: str, until: float):
        super().__init__(message)
        self.until = until


def mailbox(email: str) -> str:
    """One key per mailbox however its address is spelt: case folded, a "+tag" dropped, Gmail's dots dropped."""
    local, _, domain = email.strip().lower().rpartition("@")
    local = local.split("+", 1)[0]
    if domain in DOTLESS_DOMAINS:
        local, domain = local.replace(".", ""), DOTLESS_DOMAINS[domain]
    return f"{local}@{domain}"


def count_link(user_id: int, email: str) -> None:
    """Count one confirmation link asked by this player for this address; TooManyLinks (and it must not be sent)
    beyond either limit."""
    for key, limit_name, words in ((f"confirm-by:{user_id}", "user", "for one player"),
                                   (f"confirm-to:{mailbox(email)}", "address", "go to one address")):
        limit, window = settings.CONFIRM_EMAIL_LIMITS[limit_name]
        if rates.hit(key, window) > limit:
            hours = "an hour" if window == 3600 else f"in {window // 60} minutes"
            raise TooManyLinks(f"At most {limit} links {hours} {words}.",
                               rates.window_ends(key) or time.time() + window)
