"""Every Stone Age choice says what it will do before it is chosen (``explain``), the feeding forecast says what
is about to happen to a tribe, and a place a player may not use says why: the engine's own reason."""

import copy
import html
import random
from fractions import Fraction
from itertools import product

from stone_age_helpers import (
    fresh,
    give,
    in_actions,
    own_card,
    play,
    put_building,
    put_card,
    random_game,
    set_people,
    set_tools,
    take_all,
    with_dice,
)

from apps.matches.engine import IllegalMove
from apps.stone_age import closed_places, explain, flow, odds
from apps.stone_age.content import PLACE_IDS
from apps.stone_age.engine import MOVE_FIELDS, RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("stone_age", RULES)


CANNOT_PAY = "You cannot pay for this now: this person will come back with nothing"


def says(state, seat, move):
    return RULES.explain_move(state, seat, move)


def test_every_move_type_has_its_explanation():
    assert set(explain.EXPLAINERS) == set(MOVE_FIELDS)


def test_the_village_places_say_the_engines_own_gain_and_explaining_changes_nothing():
    state = fresh(2, 1)
    before = copy.deepcopy(state)
    assert "a new tool (value 1)" in says(state, 0, {"type": "place", "where": "toolmaker"})
    assert "a new person (now 6), one more to feed (6 food" in says(state, 0, {"type": "place", "where": "hut"})
    assert "+1 agriculture (now 1: 1 free food" in says(state, 0, {"type": "place", "where": "field"})
    for move in RULES.legal_moves(state, 0):
        assert says(state, 0, move)
    assert state == before


def test_a_building_says_what_it_costs_and_what_the_player_still_lacks():
    state = put_building(fresh(2, 1), 1, "bld-01")  # 2 wood and 1 clay for 10 points
    give(state, 0, wood=1)
    assert says(state, 0, {"type": "place", "where": "stack1"}) == (
        "Building No. 1: Pay 2 wood and 1 clay for 10 points. You have 1 wood: you need 1 wood and 1 clay more. "
        f"{CANNOT_PAY}, unless your people gather enough before you use it.")
    state = in_actions(state, {0: {"stack1": 1}, 1: {"forest": 1}})
    assert says(state, 0, {"type": "resolve", "where": "stack1"}).endswith(
        "you need 1 wood and 1 clay more: the person comes back with nothing.")


def test_a_card_says_its_cost_its_gain_and_what_its_lower_half_scores():
    state = put_card(fresh(2, 1), 2, "civ-03")  # take 5 food; medicine
    own_card(state, 0, "civ-09")  # music
    give(state, 0, wood=1)
    assert says(state, 0, {"type": "place", "where": "card2"}) == (
        "Pay 2 resources of any kind (you have 1) when you use it, for: Take 5 food; Medicine, a culture you lack: "
        f"+3 points at the end. {CANNOT_PAY}, unless your people gather enough before you use it.")
    state = in_actions(state, {0: {"card2": 1}, 1: {"forest": 1}})
    assert says(state, 0, {"type": "resolve", "where": "card2"}) == (
        "You need 2 resources and have 1: the person comes back with nothing.")


def test_a_card_or_building_the_player_cannot_pay_for_says_so_when_the_person_is_placed():
    """The newcomer review: a person could be placed on a card or a building with nothing to pay, and came back with
    nothing only when used; the building's note said so, the card's did not."""
    state = put_building(put_card(fresh(2, 1), 2, "civ-03"), 1, "bld-01")
    give(state, 0, wood=1)
    for where in ("card2", "stack1"):
        said = says(state, 0, {"type": "place", "where": where})
        assert CANNOT_PAY in said, said
        assert said.endswith(", unless your people gather enough before you use it."), said
    give(state, 0, wood=1, clay=1)  # 2 wood and 1 clay: both paid for
    for where in ("card2", "stack1"):
        assert CANNOT_PAY not in says(state, 0, {"type": "place", "where": where})
    last = set_people(take_all(put_card(fresh(2, 1), 2, "civ-03"), 0), 0, 1)  # one person, nobody gathers
    assert says(last, 0, {"type": "place", "where": "card2"}).endswith(f"{CANNOT_PAY}.")


def test_every_card_and_building_placement_of_an_empty_handed_player_warns():
    for seed in range(1, 6):
        state = fresh(2, seed)
        seat = RULES.active_seats(state)[0]
        places = [m for m in RULES.legal_moves(state, seat) if m["type"] == "place"
                  and m["where"].startswith(("card", "stack"))]
        assert places
        for move in places:
            assert CANNOT_PAY in says(state, seat, move), move


def test_tools_say_what_they_change_and_taking_says_what_the_next_one_needs():
    state = set_tools(fresh(2, 1), 0, [2])
    state = with_dice(in_actions(state, {0: {"forest": 2}, 1: {"field": 1}}), [4, 4])
    state = RULES.apply(state, 0, {"type": "resolve", "where": "forest"})
    assert says(state, 0, {"type": "tool", "tile": 0}) == (
        "Total 10: 3 wood instead of 2. The tool is then spent until next round.")
    assert says(state, 0, {"type": "take"}) == (
        "Take 2 wood now (8 ÷ 3, rounded down). 3 wood needs +1: your unused tools can add that (+2).")


def test_feeding_choices_say_what_is_left_to_give_and_what_the_penalty_costs():
    state = take_all(fresh(2, 1), 1)
    give(state, 1, wood=5)
    state = in_actions(state, {0: {"field": 1}, 1: {"toolmaker": 1}})
    state = play(state, 0, {"type": "resolve", "where": "field"})
    state = play(state, 1, {"type": "resolve", "where": "toolmaker"})
    assert says(state, 1, {"type": "feed", "resource": "wood"}) == (
        "Give 1 wood for 1 missing food; 4 still to give after this.")
    state = play(state, 1, {"type": "feed", "resource": "wood"})
    assert says(state, 1, {"type": "starve"}) == (
        "Keep your resources and lose 10 points for the tribe's hunger (your score goes from 0 to -10); the 1 wood "
        "you gave is given back.")


def test_the_feeding_forecast_warns_a_tribe_short_of_food_while_it_places():
    state = take_all(fresh(2, 1), 0)
    assert explain.feeding_forecast(state, 0) == (
        "Feeding this round: 5 people eat 5 food; you have 0 food: 5 food short, so you will lose 10 points "
        "(no resources to pay with).")
    give(state, 0, food=3, wood=4)
    state = play(state, 0, {"type": "place", "where": "hut"})  # one more mouth once the Hut is used
    assert explain.feeding_forecast(state, 0) == (
        "Feeding this round: 6 people eat 6 food; you have 3 food: 3 food short, so pay 3 resources (you have 4) "
        "or lose 10 points.")


def test_the_forecast_gives_the_exact_chance_that_the_hunters_cover_the_shortfall():
    state = set_tools(take_all(fresh(2, 1), 0), 0, [1])
    give(state, 0, food=1)
    state = in_actions(state, {0: {"hunting": 2}, 1: {"forest": 1}})
    chance = Fraction(sum(1 for r in product(range(1, 7), repeat=2) if (sum(r) + 1) // 2 >= 4), 36)
    assert explain.feeding_forecast(state, 0).endswith(
        f"Your 2 hunters bring 4 food or more: {odds.percent(chance)} (with all your tools).")
    assert "4 food or more (what you lack at feeding)" in says(state, 0, {"type": "resolve", "where": "hunting"})


def test_the_forecast_is_on_the_owners_board_and_in_their_decision_bar_only():
    state = take_all(fresh(2, 1), 0)
    warning = "5 food short, so you will lose 10 points"
    mine = html.unescape(BOARDS.board(state, 0))
    assert warning in mine and 'class="sa-feeding is-short"' in mine
    for other in (1, None):
        assert warning not in html.unescape(BOARDS.board(state, other))
    assert RULES.view(state, None)["forecast"] is None and RULES.view(state, 1)["forecast"]["short"] is False
    bar = html.unescape(BOARDS.render("_own.html", {"view": RULES.view(state, 0), "seat": 0}))
    assert "Feeding: 5 food short (see your board)" in bar and warning not in bar, "one short line in the bar"
    fed = html.unescape(BOARDS.render("_own.html", {"view": RULES.view(fresh(2, 1), 0), "seat": 0}))
    assert "Feeding this round" not in fed, "the bar warns only of hunger; the board says the rest"


def test_a_place_closed_to_the_player_says_why_on_the_board():
    state = play(fresh(2, 1), 0, {"type": "place", "where": "toolmaker"})
    state = play(state, 1, {"type": "place", "where": "field"})
    refused = RULES.view(state, 0)["refused"]
    assert refused["toolmaker"] == "You already have people there this round."
    assert refused["field"] == "Taken by another player this round."
    assert refused["hut"] == "Closed: with 2 players only 2 of the 3 village places are used a round."
    assert RULES.view(state, 1)["refused"] == {} and RULES.view(state, None)["refused"] == {}
    page = html.unescape(BOARDS.board(state, 0))
    assert '<span class="sa-whynot">Taken by another player this round.</span>' in page
    try:
        RULES.apply(state, 0, {"type": "place", "where": "field"})
    except IllegalMove as refusal:
        assert str(refusal) == "Field: Taken by another player this round."
    else:
        raise AssertionError("the Field is taken")


def test_a_reason_is_given_exactly_for_the_places_a_player_may_not_use():
    for players in (2, 3, 4):
        for state, _, _ in random_game(players, 30 + players, random.Random(players)):
            if state["phase"] != flow.PLACE:
                continue
            for seat in range(players):
                for place in PLACE_IDS:
                    closed = closed_places.why_not_place(state, seat, place) != ""
                    assert closed == (flow.place_max(state, seat, place) <= 0)


def test_the_next_picker_of_a_die_is_named_on_the_board():
    state = fresh(3, 1)
    state["pending"] = [{"kind": "pick_die", "seat": 0, "dice": [1, 3, 5], "order": [1, 2]}]
    said = says(state, 0, {"type": "pick_die", "face": 3})
    assert said == "Take the die showing 3: 1 stone; {p1} picks next from 1 and 5."
    assert "Take the die showing 3: 1 stone; Bo picks next from 1 and 5." in html.unescape(BOARDS.board(state, 0))
