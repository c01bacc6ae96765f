"""Chronicle's heuristic bot: it keeps its civilization deck able to pay, so it has to draw again less often.

A blank is filled without a redraw when the three civilization cards drawn show an icon that pays for one of
the three fill cards drawn. The bot measures a deck by that chance, ``deck_value``: over every hand of three
its deck can deal and every three fill cards its own decks of each kind can deal (the kinds weighed alike,
since the story cards still to come are face down), how likely one fill card is paid for. Every decision is
the move whose expected deck value is highest:

- building: the pile whose card (a random one of those still in it) adds the most;
- filling: among the cards it may choose (those it can pay for, or any when fate chooses), the one whose
  best reward (or none) leaves it the best deck, the chosen card leaving its fill decks for good;
- the reward: the alternative that widens what it can pay later, or none when every card offered would only
  dilute the deck (a second card of an icon it has pushes the others out of the hand of three);
- voting: the telling with the fewest blanks that fate filled.

Ties are broken with the ``rng`` it is given. The bot reads only its seat's view (``RULES.view``) and the
public card lists of ``content``: which cards are left in a pile it works out from the civilizations on the
table, never from the pile's order, the decks' order or the generator state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import product
from math import comb, prod
from typing import Any

from .content import ASPECTS, CHARACTER_BY_ID, CHARACTER_IDS_BY_ASPECT, FILL_BY_ID, FILL_IDS_BY_KIND, FILLS, KINDS
from .flow import HAND_SIZE

Move = dict[str, Any]
Deck = tuple[tuple[int, int], ...]  # a civilization deck as (icon mask, how many cards show it), sorted
Pools = tuple[tuple[str, ...], ...]  # by kind, the fill cards the seat may still draw, sorted
PileCards = dict[str, list[int]]  # by aspect, the icon masks of the cards left in the pile

TIE = 1e-12  # values closer than this are a tie, broken by the rng

_BIT = {aspect: 1 << i for i, aspect in enumerate(ASPECTS)}


def _mask(aspects: Iterable[str]) -> int:
    mask = 0
    for aspect in aspects:
        mask |= _BIT[aspect]
    return mask


_CARD_MASK = {card_id: _mask(card.icons) for card_id, card in CHARACTER_BY_ID.items()}
_COST_MASKS = {fill_id: tuple(_mask(alt) for alt in card.cost) for fill_id, card in FILL_BY_ID.items()}
_FILL_ID_BY_NAME = {card.name: card.id for card in FILLS}


# --- Measuring a deck ---------------------------------------------------------------

def deck_of(card_ids: Iterable[str]) -> Deck:
    return _deck([_CARD_MASK[card_id] for card_id in card_ids])


def _deck(masks: Iterable[int]) -> Deck:
    return tuple(sorted(Counter(masks).items()))


@cache
def _hand_icons(deck: Deck) -> tuple[tuple[int, float], ...]:
    """The icons a hand drawn from the deck shows, with their chances: ((icon mask, chance), ...)."""
    total = sum(count for _, count in deck)
    size = min(HAND_SIZE, total)
    ways: Counter[int] = Counter()

    def walk(index: int, left: int, icons: int, weight: int) -> None:
        if left == 0:
            ways[icons] += weight
            return
        if index == len(deck):
            return
        mask, count = deck[index]
        for taken in range(min(left, count) + 1):
            walk(index + 1, left - taken, icons | mask if taken else icons, weight * comb(count, taken))

    walk(0, size, 0, 1)
    hands = comb(total, size)
    return tuple((icons, weight / hands) for icons, weight in sorted(ways.items()))


@cache
def _pay_chance(icons: int, pool: tuple[str, ...]) -> float:
    """The chance that fill cards drawn from the pool hold one that these icons pay for."""
    size = min(HAND_SIZE, len(pool))
    payable = sum(any(alt & ~icons == 0 for alt in _COST_MASKS[card]) for card in pool)
    return 1 - comb(len(pool) - payable, size) / comb(len(pool), size)


@cache
def deck_value(deck: Deck, pools: Pools) -> float:
    """The chance that a draw for a blank (of a kind taken at random) needs no redraw."""
    pools = tuple(pool for pool in pools if pool)
    if not pools:
        return 0.0
    hands = _hand_icons(deck)
    return sum(chance * _pay_chance(icons, pool) for pool in pools for icons, chance in hands) / len(pools)


def gain_value(deck: Sequence[int], aspects: Sequence[str], piles: PileCards, pools: Pools) -> float:
    """The expected deck value once the top card of each pile named is added (empty piles give nothing)."""
    draws = [sorted(Counter(piles[aspect]).items()) for aspect in aspects if piles[aspect]]
    sizes = [sum(count for _, count in draw) for draw in draws]
    value = 0.0
    for combo in product(*draws):
        weight = prod(count / size for (_, count), size in zip(combo, sizes, strict=True))
        value += weight * deck_value(_deck([*deck, *(mask for mask, _ in combo)]), pools)
    return value


# --- What the view tells ---------------------------------------------------------------

def _pile_cards(view: dict) -> PileCards:
    """The icons of the cards left in each pile: every card of the aspect not in a civilization."""
    owned = {card["id"] for civ in view["civilizations"] for card in civ["cards"]}
    return {aspect: [_CARD_MASK[c] for c in CHARACTER_IDS_BY_ASPECT[aspect] if c not in owned] for aspect in ASPECTS}


def _told(view: dict, seat: int) -> set[str]:
    pages = view["tellings"][seat]["pages"]
    return {_FILL_ID_BY_NAME[page["fill"]] for page in pages if page["fill"]}


def _pools(told: set[str]) -> Pools:
    """By kind, the fill cards a seat may still draw: a card set in a blank leaves its decks for good."""
    return tuple(tuple(sorted(set(FILL_IDS_BY_KIND[kind]) - told)) for kind in KINDS)


# --- Choosing ----------------------------------------------------------------------

def heuristic(rules, state: dict, seat: int, rng: random.Random) -> Move:
    """The bot's move for ``seat``: read from the seat's view and its legal moves only."""
    return choose(rules.view(state, seat), rules.legal_moves(state, seat), seat, rng)


def choose(view: dict, moves: list[Move], seat: int, rng: random.Random) -> Move:
    """The best of ``moves`` for the seat by ``score``; equal best ones are told apart by ``rng``."""
    if len(moves) == 1:
        return moves[0]
    scores = [score(view, seat, move) for move in moves]
    best = max(scores)
    return rng.choice([move for move, value in zip(moves, scores, strict=True) if value >= best - TIE])


def score(view: dict, seat: int, move: Move) -> float:
    """How good the move leaves the seat: its expected deck value (for a vote: fewer fated blanks)."""
    kind = move["type"]
    if kind == "vote":
        return -sum(page["fate"] for page in view["tellings"][move["for"]]["pages"])
    if kind == "redraw":
        return 0.0
    deck = [_CARD_MASK[card["id"]] for card in view["civilizations"][seat]["cards"]]
    piles = _pile_cards(view)
    told = _told(view, seat)
    if kind == "pick_aspect":
        return gain_value(deck, [move["aspect"]], piles, _pools(told))
    if kind == "take_reward":
        aspects = view["reward"]["options"][move["option"]]["aspects"]
        return gain_value(deck, aspects, piles, _pools(told))
    if kind == "skip_reward":
        return deck_value(_deck(deck), _pools(told))
    # choose_fill: the card leaves the seat's fill decks; fate gives no reward
    card = next(record for record in view["draw"]["fill"] if record["id"] == move["card"])
    pools = _pools(told | {card["id"]})
    value = deck_value(_deck(deck), pools)
    if view["draw"]["fate"]:
        return value
    for aspects in card["reward"]:
        if any(piles[aspect] for aspect in aspects):
            value = max(value, gain_value(deck, aspects, piles, pools))
    return value
