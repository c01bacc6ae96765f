"""Scenario helpers for the Innovation tests (imported by the other test modules), and their own checks.

``table()`` gives a state in play with empty hands and boards, every supply pile in alphabetical
order (the alphabetically first card on top); ``give`` places cards, ``on_top`` decides what is
drawn next, ``dogma``/``pick``/``decline`` play the moves through ``RULES.apply``.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from apps.innovation.cards import CARDS, SPECIALS  # noqa: E402
from apps.innovation.core import AGE, COLOR  # noqa: E402
from apps.innovation.engine import RULES  # noqa: E402


def table(players: int = 2, edition: str = "first", seed: int = 1) -> dict:
    s = RULES.setup(players, seed, {"edition": edition})
    for seat in s["seats"]:
        s["decks"]["1"].extend(seat["hand"])
        seat["hand"] = []
    for deck in s["decks"].values():
        deck.sort(reverse=True)
    s["phase"] = "play"
    s["start_melds"] = None
    s["turn"] = {"seat": 0, "actions": 2, "number": 3}
    return s


def take(s: dict, card: str) -> None:
    """Lift a card out of wherever it is (an achievement taken is replaced from its pile)."""
    for deck in s["decks"].values():
        if card in deck:
            deck.remove(card)
            return
    if card in s["achievements"]:
        s["achievements"].remove(card)
        deck = s["decks"][str(AGE[card])]
        s["achievements"].append(deck.pop(0))
        return
    for seat in s["seats"]:
        for zone in (seat["hand"], seat["score"]):
            if card in zone:
                zone.remove(card)
                return
        pile = seat["board"][COLOR[card]]["cards"]
        if card in pile:
            pile.remove(card)
            return
    if card in s["removed"]:
        s["removed"].remove(card)
        return
    raise AssertionError(f"{card} not found")


def give(s: dict, seat: int, hand=(), score=(), board=(), splay=None) -> dict:
    """Put cards in a seat's hand, score pile and board (``board`` bottom to top)."""
    for card in hand:
        take(s, card)
        s["seats"][seat]["hand"].append(card)
    for card in score:
        take(s, card)
        s["seats"][seat]["score"].append(card)
    for card in board:
        take(s, card)
        s["seats"][seat]["board"][COLOR[card]]["cards"].append(card)
    for color, direction in (splay or {}).items():
        s["seats"][seat]["board"][color]["splay"] = direction
    return s


def on_top(s: dict, *cards: str) -> dict:
    """The next draws of each age give these cards, in this order."""
    for card in reversed(cards):
        take(s, card)
        s["decks"][str(AGE[card])].append(card)
    return s


def empty(s: dict, *ages: int) -> dict:
    """Empty supply piles (their cards are put out of the game)."""
    for age in ages:
        s["removed"].extend(s["decks"][str(age)])
        s["decks"][str(age)] = []
    return s


def act(s: dict, seat: int, move: dict) -> dict:
    new = RULES.apply(s, seat, move)
    assert_census(new)
    return new


def dogma(s: dict, card: str, seat: int | None = None) -> dict:
    seat = s["turn"]["seat"] if seat is None else seat
    return act(s, seat, {"type": "dogma", "card": card})


def pick(s: dict, value, seat: int | None = None) -> dict:
    pending = s["pending"]
    assert pending is not None, "no decision is pending"
    if seat is not None:
        assert pending["seat"] == seat, f"seat {pending['seat']} decides, not {seat}"
    assert value in pending["options"], f"{value!r} not in {pending['options']!r}"
    return act(s, pending["seat"], {"type": "choose", "pick": value})


def decline(s: dict) -> dict:
    pending = s["pending"]
    assert pending is not None and pending["optional"]
    return act(s, pending["seat"], {"type": "decline"})


def options(s: dict) -> list:
    return list(s["pending"]["options"])


def hand(s: dict, seat: int) -> list[str]:
    return sorted(s["seats"][seat]["hand"])


def score(s: dict, seat: int) -> list[str]:
    return sorted(s["seats"][seat]["score"])


def pile(s: dict, seat: int, color: str) -> list[str]:
    return list(s["seats"][seat]["board"][color]["cards"])


def splay(s: dict, seat: int, color: str) -> str:
    return s["seats"][seat]["board"][color]["splay"]


def achieved(s: dict, seat: int) -> list[str]:
    return list(s["seats"][seat]["achievements"])


def census(s: dict) -> Counter:
    found: Counter = Counter()
    for deck in s["decks"].values():
        found.update(deck)
    found.update(s["achievements"])
    found.update(s["removed"])
    found.update(c for c, _ in s["revealed"])
    for seat in s["seats"]:
        found.update(seat["hand"])
        found.update(seat["score"])
        found.update(seat["achievements"])
        for p in seat["board"].values():
            found.update(p["cards"])
    found.update(s["specials"])
    return found


def assert_census(s: dict) -> None:
    found = census(s)
    expected = Counter(list(CARDS) + list(SPECIALS))
    assert found == expected, f"extra {found - expected}, missing {expected - found}"


def test_the_table_helper_accounts_for_every_card():
    s = give(table(), 0, hand=["Sailing"], board=["Archery"])
    assert_census(s)
    assert hand(s, 0) == ["Sailing"] and pile(s, 0, "red") == ["Archery"]


def test_on_top_decides_the_next_draw():
    s = on_top(table(), "Writing", "Oars")
    s = act(s, 0, {"type": "draw"})
    assert hand(s, 0) == ["Writing"]
    s = act(s, 0, {"type": "draw"})
    assert hand(s, 1) == [] and hand(s, 0) == ["Oars", "Writing"]
