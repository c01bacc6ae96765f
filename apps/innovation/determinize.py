"""A state a seat cannot tell from the real one: what a bot looks ahead on, so it decides only from its own view.

Every card the seat cannot see now (supply piles, others' hands and score piles, achievements, removed cards) is
relabelled: the unseen cards of each age are dealt again, shuffled by the bot's own generator, into the places
unseen cards of that age hold, and the game's generator is replaced by one of the bot's making. The relabelling is
one permutation applied everywhere a card is named (the dogma snapshot a pending decision replays from, its
answers, the log, the pending decision), so the copy is a consistent game. The deal depends only on where unseen
cards are and which cards are unseen, never on which card is where, so two states the seat sees alike give the same
copy for the same generator: a bot that looks ahead on it chooses alike (``tests/innovation/test_innovation_bot_fair``).
"""

from __future__ import annotations

import random
from typing import Any

from .cards import CARDS
from .core import AGE, InnovationState
from .visibility import _sees, locations


def determinized(state: InnovationState, seat: int, rng: random.Random) -> InnovationState:
    """A copy of ``state`` with everything hidden from ``seat`` dealt again by ``rng`` (the input is untouched)."""
    by_age: dict[int, list[str]] = {}
    for card, place in locations(state).items():  # in a fixed order of places, whatever card is in them
        if card in CARDS and not _sees(place, seat):
            by_age.setdefault(AGE[card], []).append(card)
    mapping: dict[str, str] = {}
    for age in sorted(by_age):
        held = by_age[age]
        dealt = sorted(held)
        rng.shuffle(dealt)
        mapping.update(zip(held, dealt, strict=True))
    copy = _relabelled(state, mapping)
    copy["rng"] = rng.getrandbits(62)
    if copy.get("dogma"):
        copy["dogma"]["snapshot"]["rng"] = rng.getrandbits(62)
    return copy


def _relabelled(value: Any, mapping: dict[str, str]) -> Any:
    if isinstance(value, str):
        return mapping.get(value, value)
    if isinstance(value, dict):
        return {mapping.get(key, key) if isinstance(key, str) else key: _relabelled(item, mapping)
                for key, item in value.items()}
    if isinstance(value, list):
        return [_relabelled(item, mapping) for item in value]
    if isinstance(value, tuple):
        return tuple(_relabelled(item, mapping) for item in value)
    return value
