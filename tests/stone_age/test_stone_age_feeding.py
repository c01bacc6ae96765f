"""Feeding: agriculture first, then food, then resources as food, or the 10-point penalty."""

from stone_age_helpers import assert_conserved, fresh, give, in_actions, own_card, play, resources, set_people

from apps.stone_age import flow
from apps.stone_age.engine import RULES


def to_feeding(state, seat=0):
    """Both players use one field/hut place; then the tribes are fed."""
    state = in_actions(state, {0: {"field": 1}, 1: {"hunting": 1}})
    state = play(state, 0, {"type": "resolve", "where": "field"})
    if RULES.active_seats(state) == [1]:
        state = play(state, 1, {"type": "resolve", "where": "hunting"})
    return state


def test_agriculture_gives_food_first_then_each_person_eats_one_and_leftovers_are_kept():
    state = fresh(2, 1)
    state["seats"][0]["agriculture"] = 2
    give(state, 0, food=-9)  # 3 food
    state = to_feeding(state)
    assert state["phase"] == flow.PLACE and state["round"] == 2
    assert state["seats"][0]["agriculture"] == 3, "the field was used first"
    assert state["seats"][0]["food"] == 3 + 3 - 5
    assert_conserved(state)


def test_with_enough_food_nothing_is_asked():
    state = to_feeding(fresh(2, 1))
    assert state["phase"] == flow.PLACE and state["seats"][0]["food"] == 12 + 1 - 5
    assert state["seats"][1]["food"] >= 7


def test_short_of_food_a_player_spends_all_food_then_pays_the_rest_with_resources_of_any_kind():
    state = fresh(2, 1)
    give(state, 0, food=-10, wood=1, gold=3)
    state = to_feeding(state)
    assert RULES.active_seats(state) == [0] and state["phase"] == flow.FEED
    assert state["seats"][0]["food"] == 0
    assert RULES.view(state, 0)["pending"]["still"] == 2, "5 people, 1 agriculture + 2 food"
    assert RULES.legal_moves(state, 0) == [{"type": "feed", "resource": "wood"},
                                           {"type": "feed", "resource": "gold"}, {"type": "starve"}]
    state = play(state, 0, {"type": "feed", "resource": "gold"})
    assert RULES.describe_move(state, 0, {"type": "starve"}) == "Lose 10 points instead (short by 1)"
    state = play(state, 0, {"type": "feed", "resource": "wood"})
    assert resources(state, 0) == {"wood": 0, "clay": 0, "stone": 0, "gold": 2}
    assert state["seats"][0]["score"] == 0 and state["phase"] == flow.PLACE
    assert_conserved(state)


def test_a_player_who_will_not_pay_with_resources_loses_ten_points_and_keeps_them():
    state = fresh(2, 1)
    give(state, 0, food=-12, stone=6)
    state = to_feeding(state)
    state = play(state, 0, {"type": "feed", "resource": "stone"}, {"type": "starve"})
    assert state["seats"][0]["score"] == -10 and resources(state, 0)["stone"] == 6
    assert state["seats"][0]["food"] == 0 and state["seats"][0]["scored"]["penalties"] == -10
    assert_conserved(state)


def test_a_player_who_cannot_pay_loses_ten_points_whatever_the_shortfall_and_the_score_may_go_negative():
    state = fresh(2, 1)
    set_people(state, 0, 9)
    give(state, 0, food=-11, clay=2)
    state = to_feeding(state)
    assert state["phase"] == flow.PLACE, "2 clay cannot cover 7 missing food: no decision"
    assert state["seats"][0]["score"] == -10 and state["seats"][0]["food"] == 0
    assert resources(state, 0)["clay"] == 2
    assert "loses 10 points" in " ".join(state["log"])


def test_the_two_resources_card_may_be_used_to_feed():
    state = fresh(2, 1)
    own_card(state, 0, "civ-04", kept=True)
    give(state, 0, food=-12, wood=2)
    state = to_feeding(state)
    assert RULES.view(state, 0)["pending"]["still"] == 4, "5 people, agriculture 1, no food"
    assert {"type": "two_resources"} in RULES.legal_moves(state, 0)
    state = play(state, 0, {"type": "two_resources"}, {"type": "choose", "resource": "wood"},
                 {"type": "choose", "resource": "clay"})
    state = play(state, 0, {"type": "feed", "resource": "wood"}, {"type": "feed", "resource": "wood"},
                 {"type": "feed", "resource": "wood"}, {"type": "feed", "resource": "clay"})
    assert state["seats"][0]["score"] == 0 and state["phase"] == flow.PLACE
    assert_conserved(state)


def test_tribes_are_fed_from_the_start_player_and_then_the_start_player_passes_on():
    state = fresh(3, 1)
    state["start"] = 2
    for seat in range(3):
        give(state, seat, food=-12, wood=1)
    state = in_actions(state, {0: {"field": 1}, 1: {"hut": 2}, 2: {"toolmaker": 1}})
    state = play(state, 2, {"type": "resolve", "where": "toolmaker"})
    state = play(state, 0, {"type": "resolve", "where": "field"})
    state = play(state, 1, {"type": "resolve", "where": "hut"})
    assert state["phase"] == flow.PLACE, "one wood is not enough for anyone: all take the penalty"
    lines = [line for line in state["log"] if "loses 10 points" in line]
    assert [line[:4] for line in lines] == ["{p2}", "{p0}", "{p1}"]
    assert state["start"] == 0 and RULES.active_seats(state) == [0]
