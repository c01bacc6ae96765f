"""How engine texts name seats: the ``{pN}`` placeholder, and putting display names in its place.

Pure Python with no Django import: engines write log lines, prompts and labels with placeholders, and the
page that shows them to a viewer knows the names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

_SEAT_TOKEN = re.compile(r"\{p(\d+)\}")


def seat_token(seat: int) -> str:
    """The placeholder standing for a seat in log lines, prompts and labels."""
    return f"{{p{seat}}}"


def seat_name(seat: Any, names: Sequence[str] | None) -> str:
    """The display name of a seat; ``Player N+1`` where the name is unknown."""
    names = names or []
    if isinstance(seat, int) and 0 <= seat < len(names):
        return str(names[seat])
    return f"Player {seat + 1}" if isinstance(seat, int) else ""


def name_seats(text: Any, names: Sequence[str] | None) -> str:
    """Replace every ``{pN}`` in ``text`` with the name of seat N."""
    return _SEAT_TOKEN.sub(lambda match: seat_name(int(match.group(1)), names), str(text))
