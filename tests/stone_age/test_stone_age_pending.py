"""``RULES.pending``: the decision Stone Age waits for, as one record over its phases and pending stack."""

import random

import pytest
from stone_age_helpers import (
    ID_PATTERN,
    fresh,
    give,
    in_actions,
    own_card,
    play,
    put_building,
    put_card,
    random_game,
    set_tools,
    with_dice,
)

from apps.stone_age.engine import RULES
from tests.engine_contract import assert_pending_record


def check_pending(state: dict) -> None:
    pending = assert_pending_record(RULES, state)
    if pending is not None:
        # not even a public card or building id: the prompt is for people
        assert not ID_PATTERN.search(pending["prompt"]), pending["prompt"]


@pytest.mark.parametrize("first", range(0, 40, 10))
def test_over_random_games_pending_matches_the_turn_the_legal_moves_and_hides_nothing(first):
    kinds = set()
    for game in range(first, first + 10):
        players = game % 3 + 2
        for state, _, _ in random_game(players, seed=game * 31 + 5, rnd=random.Random(game)):
            check_pending(state)
            pending = RULES.pending(state)
            if pending is not None:
                kinds.add(pending["kind"])
    assert {"place", "action", "count", "tools", "pay"} <= kinds


def test_placing_asks_where_and_then_how_many():
    state = fresh(2, 1)
    assert RULES.pending(state) == {"seats": [0], "kind": "place", "options": ["place"],
                                    "prompt": "Where does {p0} place people (5 left)?"}
    counting = play(state, 0, {"type": "place", "where": "forest"})
    assert RULES.pending(counting) == {"seats": [0], "kind": "count", "options": ["cancel", "count"],
                                       "prompt": "How many people does {p0} place on Forest?"}


def test_acting_asks_which_place_and_offers_a_kept_two_resources_card():
    state = fresh(2, 1)
    acting = in_actions(state, {0: {"forest": 2}, 1: {"hunting": 2}})
    assert RULES.pending(acting) == {"seats": [0], "kind": "action", "options": ["resolve"],
                                     "prompt": "Which of their places does {p0} use next?"}
    own_card(state, 0, "civ-04", kept=True)
    acting = in_actions(state, {0: {"forest": 2}, 1: {"hunting": 2}})
    assert RULES.pending(acting)["options"] == ["resolve", "two_resources"]
    choosing = play(acting, 0, {"type": "two_resources"})
    assert RULES.pending(choosing) == {"seats": [0], "kind": "choose", "options": ["choose"],
                                       "prompt": "Which resource does {p0} take (2 left)?"}


def test_a_roll_with_tools_asks_whether_to_add_them():
    state = set_tools(fresh(2, 1), 0, [2])
    state = with_dice(in_actions(state, {0: {"forest": 2}, 1: {"field": 1}}), [4, 4])
    rolled = play(state, 0, {"type": "resolve", "where": "forest"})
    assert RULES.pending(rolled) == {
        "seats": [0], "kind": "tools", "options": ["take", "tool"],
        "prompt": "Does {p0} add tools to the roll of 8 at Forest, or take 2 wood?",
    }


def test_paying_offers_what_the_card_or_the_building_accepts():
    state = fresh(2, 5)
    put_card(state, 2, "civ-09")
    give(state, 0, wood=2)
    paying = in_actions(state, {0: {"card2": 1}, 1: {"hunting": 1}})
    paying = play(paying, 0, {"type": "resolve", "where": "card2"})
    assert RULES.pending(paying) == {
        "seats": [0], "kind": "pay", "options": ["decline", "pay"],
        "prompt": "How does {p0} pay for the card on Civilization card space 2 (costs 2), or do they decline it?",
    }
    for building, options in (("bld-01", ["build", "decline"]), ("bld-18", ["decline", "pay"]),
                              ("bld-26", ["build", "decline", "pay"])):
        state = fresh(2, 5)
        put_building(state, 1, building)
        give(state, 0, wood=4, clay=1)
        state = in_actions(state, {0: {"stack1": 1}, 1: {"hunting": 1}})
        building_paid = play(state, 0, {"type": "resolve", "where": "stack1"})
        pending = RULES.pending(building_paid)
        assert pending["options"] == options, building
        assert pending["prompt"].startswith("How does {p0} pay for the building on Building stack 1,")


def test_short_of_food_asks_to_feed_or_starve():
    state = fresh(2, 1)
    give(state, 0, food=-10, wood=1, gold=3)
    state = in_actions(state, {0: {"field": 1}, 1: {"hunting": 1}})
    state = play(state, 0, {"type": "resolve", "where": "field"})
    if RULES.active_seats(state) == [1]:
        state = play(state, 1, {"type": "resolve", "where": "hunting"})
    assert RULES.pending(state) == {"seats": [0], "kind": "feed", "options": ["feed", "starve"],
                                    "prompt": "{p0} is 2 food short: feed with resources, or lose 10 points?"}


def test_dice_for_all_asks_each_seat_in_turn_for_a_die():
    state = fresh(4, 11)
    put_card(state, 1, "civ-01")
    give(state, 2, wood=1)
    state = in_actions(state, {2: {"card1": 1}, 0: {"field": 1}, 1: {"toolmaker": 1}, 3: {"hut": 2}})
    for seat, where in ((0, "field"), (1, "toolmaker")):
        state = play(state, seat, {"type": "resolve", "where": where})
    state = with_dice(state, [6, 5, 2, 4])
    state = play(state, 2, {"type": "resolve", "where": "card1"}, {"type": "pay", "resource": "wood"})
    assert RULES.pending(state) == {"seats": [2], "kind": "pick_die", "options": ["pick_die"],
                                    "prompt": "Which die does {p2} take, and its reward?"}
    state = play(state, 2, {"type": "pick_die", "face": 5})
    assert RULES.pending(state)["seats"] == [3]


def test_a_finished_game_waits_for_nothing():
    *_, (state, _, _) = random_game(2, 3, random.Random(3))
    assert RULES.outcome(state) is not None and RULES.pending(state) is None
