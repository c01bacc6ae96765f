"""Small helpers the card modules share."""

from __future__ import annotations

from ..core import AGE, CARD_ICONS, COLOR, COLORS, SHOWN_BY_SPLAY, Game, PickGroup, dogma, has_icon

__all__ = ["AGE", "CARD_ICONS", "COLOR", "COLORS", "SHOWN_BY_SPLAY", "Game", "P", "dogma", "done_so_far", "has_icon",
           "highest", "lowest", "pile_shows"]


def done_so_far(verb: str, done: list[str], count: int | None = None) -> PickGroup:
    """A pick of several carried out one card at a time (each is melded, given... at once): ``done`` so far,
    ``count`` in all (None: until the seat stops)."""
    return {"verb": verb, "picked": done, "least": count or 0, "most": count, "acted": True}


def P(seat: int) -> str:
    """The placeholder the site replaces with the seat's name."""
    return f"{{p{seat}}}"


def highest(cards: list[str]) -> list[str]:
    """The cards of the highest value among ``cards``."""
    if not cards:
        return []
    top = max(AGE[c] for c in cards)
    return [c for c in cards if AGE[c] == top]


def lowest(cards: list[str]) -> list[str]:
    if not cards:
        return []
    low = min(AGE[c] for c in cards)
    return [c for c in cards if AGE[c] == low]


def pile_shows(g: Game, seat: int, color: str, icon: str) -> bool:
    """Whether the seat's pile of that color shows at least one ``icon`` (top card or splayed cards)."""
    cards = g.pile(seat, color)
    if not cards:
        return False
    if icon in CARD_ICONS[cards[-1]]:
        return True
    shown = SHOWN_BY_SPLAY[g.splay_of(seat, color)]
    return any(CARD_ICONS[c][i] == icon for c in cards[:-1] for i in shown)
