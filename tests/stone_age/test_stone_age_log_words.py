"""Stone Age's log says what happened in words a player follows: no bare fractions ("(1 / 2)"), no "takes 0
food", a penalty that says why, a card's lower half named as what it scores. Each template is met once in a
staged position, and every line of random games is checked for the cryptic shapes."""

import random
import re

import pytest
from stone_age_helpers import (
    fresh,
    give,
    in_actions,
    play,
    put_building,
    put_card,
    random_game,
    set_tools,
    take_all,
    with_dice,
)

from apps.stone_age.engine import RULES

CRYPTIC = (
    re.compile(r"\d+ / \d+"),  # a roll's total over its divisor
    re.compile(r"\b0 (food|wood|clay|stone|gold)\b"),  # takes 0 food
    re.compile(r" / [A-Z0-9]"),  # a card's two halves glued by a slash
    re.compile(r"takes the die \d"),
)


def lines_after(state, seat, move):
    before = len(state["log"])
    after = RULES.apply(state, seat, move)
    return after, after["log"][before:]


def test_a_roll_that_brings_nothing_says_so_in_words():
    state = with_dice(in_actions(fresh(2, 1), {0: {"hunting": 1}, 1: {"forest": 1}}), [1])
    _, lines = lines_after(state, 0, {"type": "resolve", "where": "hunting"})
    assert "{p0} takes no food this time (the dice show 1; 1 food needs 2)." in lines


def test_a_roll_with_tools_says_the_dice_the_tools_and_the_rate():
    state = set_tools(fresh(2, 1), 0, [2])
    state = with_dice(in_actions(state, {0: {"forest": 2}, 1: {"field": 1}}), [4, 4])
    state = RULES.apply(state, 0, {"type": "resolve", "where": "forest"})
    _, lines = lines_after(state, 0, {"type": "tool", "tile": 0})
    assert lines == ["{p0} takes 3 wood (the dice show 8, 10 with tools; 1 wood per 3)."]


def test_a_tribe_that_cannot_make_up_its_food_hears_why_it_loses_points():
    state = take_all(fresh(2, 1), 1)
    state = in_actions(state, {0: {"field": 1}, 1: {"toolmaker": 1}})
    state = play(state, 0, {"type": "resolve", "where": "field"})
    _, lines = lines_after(state, 1, {"type": "resolve", "where": "toolmaker"})
    assert "{p1} is 5 food short and has no resources to give instead: loses 10 points." in lines
    assert "Every person has been used. Feeding: each tribe eats 1 food per person." in lines
    assert any(line.startswith("{p0} feeds 5 people: 5 food eaten") for line in lines), lines


def test_a_tribe_that_chooses_the_penalty_is_said_to_choose_it():
    state = take_all(fresh(2, 1), 1)
    give(state, 1, wood=5)
    state = in_actions(state, {0: {"field": 1}, 1: {"toolmaker": 1}})
    state = play(state, 0, {"type": "resolve", "where": "field"})
    state = play(state, 1, {"type": "resolve", "where": "toolmaker"})
    _, lines = lines_after(state, 1, {"type": "starve"})
    assert lines[0] == "{p1} keeps their resources and loses 10 points for the 5 missing food."


def test_a_card_bought_names_its_lower_half_as_what_it_scores():
    state = put_card(fresh(2, 1), 1, "civ-03")
    give(state, 0, wood=1)
    state = in_actions(state, {0: {"card1": 1}, 1: {"forest": 1}})
    state = RULES.apply(state, 0, {"type": "resolve", "where": "card1"})
    _, lines = lines_after(state, 0, {"type": "pay", "resource": "wood"})
    assert lines[0] == "{p0} pays 1 wood for card No. 3: Take 5 food; Medicine for final scoring."


def test_a_building_not_paid_for_says_what_was_missing():
    state = put_building(fresh(2, 1), 1, "bld-01")  # 2 wood and 1 clay
    give(state, 0, wood=1)
    state = in_actions(state, {0: {"stack1": 1}, 1: {"forest": 1}})
    _, lines = lines_after(state, 0, {"type": "resolve", "where": "stack1"})
    assert lines == ["{p0} cannot pay for the building on building stack 1 (needs 1 wood and 1 clay more) and "
                     "takes the person back."]


def test_agriculture_gained_says_what_it_brings():
    state = in_actions(fresh(2, 1), {0: {"field": 1}, 1: {"forest": 1}})
    _, lines = lines_after(state, 0, {"type": "resolve", "where": "field"})
    assert lines == ["{p0} uses the Field: +1 agriculture (now 1: 1 free food at each feeding)."]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_line_of_a_random_game_has_a_cryptic_shape(players):
    seen = set()
    for state, _, _ in random_game(players, 11 + players, random.Random(players)):
        seen.update(state["log"])
    for line in seen:
        assert not [p.pattern for p in CRYPTIC if p.search(line)], line
