"""Shared helpers for the Chronicle engine tests: building, staging a draw, checking invariants."""

from __future__ import annotations

import json
import random
from itertools import combinations

from apps.chronicle import flow
from apps.chronicle.content import (
    CHARACTER_BY_ID,
    CHARACTERS,
    FILL_BY_ID,
    FILL_IDS_BY_KIND,
    FILLS,
    KINDS,
)
from apps.chronicle.engine import RULES, clone
from apps.chronicle.payment import can_pay, icons_of

DEFAULT_PICKS = ("hierarchical", "martial", "heat", "cold")


def built(players: int = 1, seed: int = 0, picks=DEFAULT_PICKS) -> dict:
    """A state just after every seat built its deck with ``picks``: story card 1, seat 0 has drawn."""
    state = RULES.setup(players, seed)
    for seat in range(players):
        for aspect in picks:
            state = RULES.apply(state, seat, {"type": "pick_aspect", "aspect": aspect})
    return state


def take_card(state: dict, card_id: str) -> None:
    """Remove a card from wherever it is (piles, decks, discards, the draw) - test plumbing."""
    if card_id in CHARACTER_BY_ID:
        for pile in state["piles"].values():
            if card_id in pile:
                pile.remove(card_id)
                return
        for player in state["seats"]:
            if card_id in player["civ"]:
                player["civ"].remove(card_id)
                return
        if state["draw"] and card_id in state["draw"]["civ"]:
            state["draw"]["civ"].remove(card_id)
            return
    raise AssertionError(f"{card_id} not found where a test may take it from")


def stage(state: dict, fill_ids: list[str], civ_ids: list[str], *, redraws: int = 0) -> dict:
    """A copy of ``state`` in which the seat to play has drawn exactly these cards.

    The previous draw goes back; fill cards come from that seat's deck or discard pile of
    the right kind; character cards come from that seat's deck or from the piles (joining
    the seat's civilization). Every card stays accounted for.
    """
    state = clone(state)
    seat = state["turn"]
    player = state["seats"][seat]
    kind = flow.current_story_kind(state)
    draw = state["draw"]
    player["fill"][kind].extend(draw["fill"])
    player["civ"].extend(draw["civ"])
    for card in fill_ids:
        assert FILL_BY_ID[card].kind == kind, f"{card} is not an {kind}"
        source = player["fill"][kind] if card in player["fill"][kind] else player["discard"][kind]
        source.remove(card)
    for card in civ_ids:
        take_card(state, card)
    state["draw"] = {"fill": list(fill_ids), "civ": list(civ_ids), "redraws": redraws}
    state["seen"] = sorted(set(state["seen"]) | set(fill_ids) | set(civ_ids))
    return state


def to_story(state: dict, index: int) -> dict:
    """A copy of a just-built solo/multi state moved (by test plumbing) to story card ``index``, seat 0."""
    state = clone(state)
    state["story"] = index
    kind = flow.current_story_kind(state)
    player = state["seats"][0]
    old = state["draw"]
    player["fill"][flow.STORIES[0].blank].extend(old["fill"])
    player["civ"].extend(old["civ"])
    deck = player["fill"][kind]
    state["draw"] = {"fill": [deck.pop() for _ in range(3)], "civ": [player["civ"].pop() for _ in range(3)],
                     "redraws": 0}
    return state


def story_of(kind: str) -> int:
    """The index of the first story card whose blank is of this kind."""
    return next(i for i, story in enumerate(flow.STORIES) if story.blank == kind)


def at_kind(kind: str, players: int = 1, seed: int = 0) -> dict:
    return to_story(built(players, seed), story_of(kind))


def plain(aspect: str) -> list[str]:
    """Character cards of this aspect with no further icons."""
    return [c.id for c in CHARACTERS if c.aspect == aspect and not c.extra]


def hand_paying(alternative) -> list[str]:
    """Three character cards that hold every icon of the alternative (plain cards where possible)."""
    hand = []
    for aspect in alternative:
        any_of_aspect = [c.id for c in CHARACTERS if c.aspect == aspect]
        hand.append((plain(aspect) or any_of_aspect)[0])
    fillers = [c.id for c in CHARACTERS if not c.extra and c.id not in hand]
    return (hand + fillers)[:3]


def hand_narrowly_missing(cost) -> list[str]:
    """Three character cards that pay no alternative of ``cost`` while holding all but one icon of its
    largest alternative (for a cost of single icons: none of them, but two other aspects)."""
    largest = max(cost, key=len)
    keep = set(largest[:-1])
    ranked = sorted(CHARACTERS, key=lambda c: (not (set(c.icons) & keep), len(c.extra), c.id))
    usable = [c for c in ranked if not can_pay(cost, set(c.icons))]
    for combo in combinations(usable, 3):
        icons = icons_of(c.id for c in combo)
        if keep <= icons and not can_pay(cost, icons):
            return [c.id for c in combo]
    raise AssertionError(f"no near-miss hand for {cost}")


def other_fills(kind: str, exclude: str, count: int = 2) -> list[str]:
    return [card for card in FILL_IDS_BY_KIND[kind] if card != exclude][:count]


# --- Invariants --------------------------------------------------------------------

ALL_CHARACTERS = sorted(c.id for c in CHARACTERS)
ALL_FILLS = sorted(c.id for c in FILLS)


def character_locations(state: dict) -> list[str]:
    cards = [c for pile in state["piles"].values() for c in pile]
    for player in state["seats"]:
        cards += player["civ"]
    if state["draw"]:
        cards += state["draw"]["civ"]
    return cards


def fill_locations(state: dict, seat: int) -> list[str]:
    player = state["seats"][seat]
    cards = [c for kind in KINDS for c in player["fill"][kind] + player["discard"][kind]]
    cards += [told["card"] for told in player["told"]]
    if state["draw"] and state["turn"] == seat:
        cards += state["draw"]["fill"]
    return cards


def assert_cards_conserved(state: dict) -> None:
    assert sorted(character_locations(state)) == ALL_CHARACTERS
    for seat in range(state["players"]):
        assert sorted(fill_locations(state, seat)) == ALL_FILLS


def assert_views_leak_nothing(state: dict) -> None:
    for viewer in [None, *range(state["players"])]:
        text = json.dumps(RULES.view(state, viewer))
        leaks = [s for s in RULES.hidden_from(state, viewer) if s in text]
        assert not leaks, f"view for {viewer} shows {leaks}"


def random_game(players: int, seed: int, rnd: random.Random):
    """Yield (state, seat, move) for each step of a game played with uniformly random legal moves."""
    state = RULES.setup(players, seed)
    while RULES.outcome(state) is None:
        seat = rnd.choice(RULES.active_seats(state))
        move = rnd.choice(RULES.legal_moves(state, seat))
        yield state, seat, move
        state = RULES.apply(state, seat, move)
    yield state, None, None


def play_simply(state: dict, until=lambda s: RULES.outcome(s) is not None) -> dict:
    """Play the first legal move of the first active seat (skipping rewards) until ``until``."""
    while not until(state):
        seat = RULES.active_seats(state)[0]
        moves = RULES.legal_moves(state, seat)
        skip = {"type": "skip_reward"}
        state = RULES.apply(state, seat, skip if skip in moves else moves[0])
    return state


def to_vote(players: int, seed: int = 0) -> dict:
    return play_simply(built(players, seed), until=lambda s: s["phase"] in ("vote", "over"))
