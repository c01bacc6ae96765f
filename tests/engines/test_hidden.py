"""The dealing helpers every game's ``determinize`` module is written with (apps/matches/engine/hidden.py)."""

from __future__ import annotations

import random

from apps.matches.engine.hidden import deal_into, new_generator, reshuffled


def test_reshuffled_keeps_known_items_in_place_and_deals_the_rest_among_their_own_places():
    items = ["a", "K1", "b", "c", "K2", "d"]
    out = reshuffled(items, lambda item: item.startswith("K"), random.Random(3))
    assert out[1] == "K1" and out[4] == "K2"
    assert sorted(out) == sorted(items)
    assert items == ["a", "K1", "b", "c", "K2", "d"]  # the input is left as it was


def test_deal_into_fills_the_same_places_with_the_same_items():
    hand, deck = ["x", "y"], ["p", "q", "r"]
    places = [(hand, 0), (hand, 1), (deck, 1), (deck, 2)]
    deal_into(places, random.Random(5))
    assert deck[0] == "p"  # not one of the places: untouched
    assert sorted(hand + deck[1:]) == ["q", "r", "x", "y"]


def test_deal_into_depends_on_what_is_hidden_not_on_where_it_really_lies():
    # Two states a seat cannot tell apart: the same hidden cards, lying in other places.
    first_hand, first_deck = ["x", "y"], ["q", "r"]
    second_hand, second_deck = ["r", "q"], ["y", "x"]
    deal_into([(first_hand, 0), (first_hand, 1), (first_deck, 0), (first_deck, 1)], random.Random(11))
    deal_into([(second_hand, 0), (second_hand, 1), (second_deck, 0), (second_deck, 1)], random.Random(11))
    assert (first_hand, first_deck) == (second_hand, second_deck)


def test_deal_into_varies_with_the_generator():
    deals = set()
    for seed in range(20):
        cards = list("abcdef")
        deal_into([(cards, i) for i in range(len(cards))], random.Random(seed))
        deals.add("".join(cards))
    assert len(deals) > 10


def test_new_generator_is_a_positive_state_within_62_bits():
    values = {new_generator(random.Random(seed)) for seed in range(50)}
    assert all(0 < value <= 2 ** 62 for value in values)
    assert len(values) == 50
