"""Creating accounts and guests, and claiming a guest account."""

import re

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

NAME_PATTERN = re.compile(r"^[A-Za-z0-9_.\-]{2,24}$")
NAME_RULE = "2 to 24 letters, digits, dots, dashes or underscores."


def check_display_name(name: str) -> str:
    """A clean, unused name, or ValidationError saying what is wrong."""
    name = (name or "").strip()
    if not NAME_PATTERN.match(name):
        raise ValidationError(f"A name is {NAME_RULE}")
    if get_user_model().objects.filter(username__iexact=name).exists():
        raise ValidationError("That name is taken.")
    return name


def create_guest(name: str):
    """A guest account with no usable password; it can be claimed later."""
    name = check_display_name(name)
    User = get_user_model()
    try:
        with transaction.atomic():
            user = User(username=name, is_guest=True)
            user.set_unusable_password()
            user.save()
    except IntegrityError as exc:  # lost a race for the same name
        raise ValidationError("That name is taken.") from exc
    return user


def claim_guest(user, password: str) -> None:
    """Turn a guest into a registered account by giving it a password."""
    user.set_password(password)
    user.is_guest = False
    user.save(update_fields=["password", "is_guest"])
