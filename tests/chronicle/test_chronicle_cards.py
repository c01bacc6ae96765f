"""Every card on its own: each fill card's cost and reward, each character card's icons."""

import pytest
from chronicle_helpers import (
    assert_cards_conserved,
    at_kind,
    hand_narrowly_missing,
    hand_paying,
    plain,
    stage,
)

from apps.chronicle.content import ASPECTS, CHARACTERS, FILLS
from apps.chronicle.engine import RULES
from apps.chronicle.payment import can_pay, icons_of

COST_CASES = [(card, i) for card in FILLS for i in range(len(card.cost))]
REWARD_CASES = [(card, i) for card in FILLS for i in range(len(card.reward))]


def drawn_with(card, hand):
    """Solo, at the first blank of the card's kind, having drawn the card and exactly ``hand``."""
    return stage(at_kind(card.kind), [card.id], hand)


def choosable(state):
    return [m["card"] for m in RULES.legal_moves(state, 0) if m["type"] == "choose_fill"]


@pytest.mark.parametrize("card, i", COST_CASES, ids=lambda x: getattr(x, "id", str(x)))
def test_each_cost_alternative_of_each_fill_card_pays_for_it(card, i):
    hand = hand_paying(card.cost[i])
    assert set(card.cost[i]) <= icons_of(hand)
    assert choosable(drawn_with(card, hand)) == [card.id]


@pytest.mark.parametrize("card", FILLS, ids=lambda c: c.id)
def test_each_fill_card_is_refused_to_a_hand_that_narrowly_misses_its_cost(card):
    hand = hand_narrowly_missing(card.cost)
    largest = max(card.cost, key=len)
    assert set(largest[:-1]) <= icons_of(hand), "the hand holds all but one icon of the largest alternative"
    state = drawn_with(card, hand)
    assert choosable(state) == []
    assert RULES.legal_moves(state, 0) == [{"type": "redraw"}]


@pytest.mark.parametrize("card, i", REWARD_CASES, ids=lambda x: getattr(x, "id", str(x)))
def test_each_reward_alternative_of_each_fill_card_adds_exactly_its_aspects(card, i):
    state = drawn_with(card, hand_paying(card.cost[0]))
    state = RULES.apply(state, 0, {"type": "choose_fill", "card": card.id})
    assert {"type": "take_reward", "option": i} in RULES.legal_moves(state, 0)
    before = list(state["seats"][0]["civ"])
    tops = {aspect: state["piles"][aspect][-1] for aspect in card.reward[i]}
    after = RULES.apply(state, 0, {"type": "take_reward", "option": i})
    owned_after = after["seats"][0]["civ"] + after["draw"]["civ"]
    gained = sorted(set(owned_after) - set(before))
    assert gained == sorted(tops.values())
    assert len(owned_after) == len(before) + len(card.reward[i])
    for aspect in ASPECTS:
        taken = 1 if aspect in card.reward[i] else 0
        assert len(after["piles"][aspect]) == len(state["piles"][aspect]) - taken
    assert_cards_conserved(after)


ICON_CASES = [(card, icon) for card in CHARACTERS for icon in card.icons]


@pytest.mark.parametrize("card, icon", ICON_CASES, ids=lambda x: getattr(x, "id", str(x)))
def test_each_icon_of_each_character_card_counts_toward_payment(card, icon):
    fillers = [c for a in ASPECTS if a != icon for c in plain(a) if c != card.id][:2]
    assert not can_pay([[icon]], icons_of(fillers))
    assert can_pay([[icon]], icons_of([card.id, *fillers]))
    others = [a for a in card.icons if a != icon]
    if others:  # in a group with another icon of the same card
        assert can_pay([[icon, others[0]]], icons_of([card.id, *fillers]))
