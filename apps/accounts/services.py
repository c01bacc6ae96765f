"""Creating accounts and guests, and claiming a guest account."""

import re
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q

from apps.accounts import ban_evasion
from apps.accounts.names import look_alike_key, normalise
from apps.common import rates

# At least one letter or digit: a name of dots, dashes and underscores alone reads as nobody, and "/players/../"
# is a path browsers rewrite before it is sent.
NAME_PATTERN = re.compile(r"^(?=.*[A-Za-z0-9])[A-Za-z0-9_.\-]{2,24}$")
NAME_RULE = "2 to 24 letters, digits, dots, dashes or underscores, with at least one letter or digit."
TOO_SIMILAR = "That name is too similar to an existing name ({name}): pick one that cannot be mistaken for it."


class EntryRefused(Exception):
    """No new account from this browser or network: an account used from it is banned."""

    def __init__(self, refusal: ban_evasion.Refusal):
        super().__init__("An account used from this browser or network was banned.")
        self.refusal = refusal


class GuestThrottled(Exception):
    """Too many guests made from one client address (``settings.GUEST_CREATE_LIMIT``)."""


class SignUpThrottled(Exception):
    """Too many accounts signed up from one client address (``settings.SIGNUP_CREATE_LIMIT``); ``until``: the Unix
    time the address may sign up again."""

    def __init__(self, until: float):
        limit, window = settings.SIGNUP_CREATE_LIMIT
        super().__init__(f"At most {limit} accounts can be made from one address in {window // 60} minutes.")
        self.until = until


def _sign_up_key(address: str) -> str:
    return f"signup-create:{address}"


def check_sign_up_allowed(address: str) -> None:
    """SignUpThrottled if this address has made every account it may for now (counts nothing)."""
    limit, window = settings.SIGNUP_CREATE_LIMIT
    if rates.hits(_sign_up_key(address)) >= limit:
        raise SignUpThrottled(rates.window_ends(_sign_up_key(address)) or time.time() + window)


def count_sign_up(address: str) -> None:
    """Count an account about to be made from this address, in the shared cache (every process agrees); beyond
    ``settings.SIGNUP_CREATE_LIMIT``, SignUpThrottled and it must not be made."""
    limit, window = settings.SIGNUP_CREATE_LIMIT
    if rates.hit(_sign_up_key(address), window) > limit:
        raise SignUpThrottled(rates.window_ends(_sign_up_key(address)) or time.time() + window)


def check_unused_name(name: str, exclude_pk=None) -> str:
    """``name`` NFKC-normalised, or ValidationError if it is taken or looks like a name that is."""
    name = normalise(name)
    users = get_user_model().objects.exclude(pk=exclude_pk)
    clash = users.filter(Q(username__iexact=name) | Q(name_key=look_alike_key(name))).first()
    if clash is not None:
        if clash.username.lower() == name.lower():
            raise ValidationError("That name is taken.", code="taken")
        raise ValidationError(TOO_SIMILAR.format(name=clash.username), code="too_similar")
    return name


def check_display_name(name: str) -> str:
    """A clean, unused name (NFKC-normalised), or ValidationError saying what is wrong."""
    name = check_unused_name(name)  # first, so a look-alike in another script is told why
    if not NAME_PATTERN.match(name):
        raise ValidationError(f"A name is {NAME_RULE}")
    return name


def create_guest(name: str, device: str = "", address: str = ""):
    """A guest account with no usable password; it can be claimed later. Refused (EntryRefused) from a browser or
    network a banned account used, and (GuestThrottled) beyond ``settings.GUEST_CREATE_LIMIT`` per client address."""
    name = check_display_name(name)
    refusal = ban_evasion.refusal(device, address)
    if refusal is not None:
        raise EntryRefused(refusal)
    limit, window = settings.GUEST_CREATE_LIMIT
    if rates.hit(f"guest-create:{address}", window) > limit:
        raise GuestThrottled(f"At most {limit} guests can be made from one address in {window // 60} minutes.")
    User = get_user_model()
    try:
        with transaction.atomic():
            user = User(username=name, is_guest=True)
            user.set_unusable_password()
            user.save()
            if device:
                ban_evasion.record(user, device, address)
    except IntegrityError as exc:  # lost a race for the same name
        raise ValidationError("That name is taken.") from exc
    return user


def claim_guest(user, password: str) -> None:
    """Turn a guest into a registered account by giving it a password."""
    user.set_password(password)
    user.is_guest = False
    user.save(update_fields=["password", "is_guest"])
