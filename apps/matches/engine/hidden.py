"""Dealing again what a seat cannot see: the helper each game's ``determinize`` module is written with.

A bot must decide only from its seat's view. Each game's ``determinized(state, seat, rng)`` makes a copy of a state
that the seat cannot tell from the real one, with the hidden parts (deck order, others' hands, the generator) dealt
again by ``rng``; ``tests/engines/test_bots_play_fair.py`` proves with such twins that every bot chooses alike, and a
searching bot samples the unknown from them. Pure Python: engines import it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def reshuffled(items: Sequence[T], known: Callable[[T], bool], rng: random.Random) -> list[T]:
    """``items`` with every item the seat does not know exchanged at random among those items' own places; the
    known items stay where they are. The unknown items are sorted first (as ``deal_into`` does), so the deal does
    not depend on which of them really lies where: states the seat cannot tell apart are dealt alike."""
    places = [i for i, item in enumerate(items) if not known(item)]
    dealt = sorted((items[i] for i in places), key=str)
    rng.shuffle(dealt)
    out = list(items)
    for i, item in zip(places, dealt, strict=True):
        out[i] = item
    return out


def deal_into(places: Sequence[tuple[list, int]], rng: random.Random) -> None:
    """Deal the items held at ``places`` (each a list and an index in it) again at random among those places.

    They are sorted first, so the deal depends on the places and the generator only, not on which item really lies
    where: a searching bot given the same generator deals alike in states its seat cannot tell apart."""
    dealt = sorted(where[i] for where, i in places)
    rng.shuffle(dealt)
    for (where, i), item in zip(places, dealt, strict=True):
        where[i] = item


def new_generator(rng: random.Random) -> int:
    """A game generator state of the bot's making, in the range the games' seeded generator uses."""
    return rng.getrandbits(62) + 1
