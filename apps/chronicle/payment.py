"""Cost and reward matching: which fill cards a hand of character cards can pay for.

A cost is a list of alternatives. An alternative of one icon is matched by that
icon anywhere on the hand (top icon or a further icon); an alternative of several
icons is an overlapping group, matched only when every one of its icons is on
the hand, taken together.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .content import CHARACTER_BY_ID, FILL_BY_ID

Alternatives = Sequence[Sequence[str]]


def icons_of(character_ids: Iterable[str]) -> set[str]:
    """Every icon (top and further) on these character cards."""
    icons: set[str] = set()
    for card_id in character_ids:
        icons.update(CHARACTER_BY_ID[card_id].icons)
    return icons


def matches(alternative: Sequence[str], icons: set[str]) -> bool:
    """True when every icon of the alternative is among ``icons``."""
    return all(aspect in icons for aspect in alternative)


def can_pay(cost: Alternatives, icons: set[str]) -> bool:
    """True when some alternative of the cost is matched."""
    return any(matches(alternative, icons) for alternative in cost)


def payable_fills(fill_ids: Iterable[str], character_ids: Iterable[str]) -> list[str]:
    """The fill cards, in the given order, that the hand of character cards pays for."""
    icons = icons_of(character_ids)
    return [card_id for card_id in fill_ids if can_pay(FILL_BY_ID[card_id].cost, icons)]
