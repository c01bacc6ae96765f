"""Placing people: one place per placement turn in turn order, never a second visit, the hut takes
exactly two, the 2- and 3-player limits, capacities, and the count as a small decision."""

import random

import pytest
from stone_age_helpers import assert_conserved, fresh, play, random_game, set_people

from apps.stone_age import flow
from apps.stone_age.content import PLACE_IDS
from apps.stone_age.engine import RULES, IllegalMove


def places(state, seat):
    return [m["where"] for m in RULES.legal_moves(state, seat) if m["type"] == "place"]


def test_the_start_player_places_first_then_the_turn_goes_clockwise_one_place_each():
    state = fresh(3, 1)
    assert RULES.active_seats(state) == [0]
    state = play(state, 0, {"type": "place", "where": "field"})
    assert RULES.active_seats(state) == [1]
    state = play(state, 1, {"type": "place", "where": "forest"}, {"type": "count", "n": 2})
    assert RULES.active_seats(state) == [2]
    state = play(state, 2, {"type": "place", "where": "card1"})
    assert RULES.active_seats(state) == [0]
    assert state["places"]["forest"] == [0, 2, 0] and state["seats"][1]["placed"] == 2


def test_several_people_on_a_gathering_place_are_counted_in_a_small_second_decision():
    state = play(fresh(2, 1), 0, {"type": "place", "where": "hunting"})
    assert RULES.legal_moves(state, 0) == [{"type": "count", "n": n} for n in range(1, 6)] + [{"type": "cancel"}]
    back = play(state, 0, {"type": "cancel"})
    assert back["places"]["hunting"] == [0, 0] and RULES.active_seats(back) == [0]
    state = play(state, 0, {"type": "count", "n": 5})
    assert state["places"]["hunting"] == [5, 0] and RULES.active_seats(state) == [1]


def test_a_place_with_room_for_one_takes_one_person_at_once():
    state = play(fresh(2, 1), 0, {"type": "place", "where": "toolmaker"})
    assert state["places"]["toolmaker"] == [1, 0] and not state["pending"]


def test_a_player_never_places_twice_on_the_same_place_in_a_round_not_even_the_hunting_grounds():
    state = fresh(4, 1)
    state = play(state, 0, {"type": "place", "where": "hunting"}, {"type": "count", "n": 1})
    for seat in (1, 2, 3):
        state = play(state, seat, {"type": "place", "where": f"card{seat}"})
    assert "hunting" not in places(state, 0)
    assert flow.place_max(state, 1, "hunting") == 4, "others may still go hunting"
    with pytest.raises(IllegalMove, match="already have people there"):
        RULES.apply(state, 0, {"type": "place", "where": "hunting"})


def test_the_hut_takes_exactly_two_people_of_one_player_at_once():
    state = play(fresh(4, 1), 0, {"type": "place", "where": "hut"})
    assert state["places"]["hut"] == [2, 0, 0, 0] and state["seats"][0]["placed"] == 2
    assert "hut" not in places(state, 1)
    lone = set_people(fresh(2, 1), 0, 5)
    lone["seats"][0]["placed"] = 4
    lone["places"]["forest"][0] = 4
    assert "hut" not in places(lone, 0) and "field" in places(lone, 0)
    with pytest.raises(IllegalMove, match="exactly 2"):
        RULES.apply(lone, 0, {"type": "place", "where": "hut"})


@pytest.mark.parametrize("players", [2, 3])
def test_with_two_or_three_players_only_two_village_places_are_used_in_a_round(players):
    state = play(fresh(players, 1), 0, {"type": "place", "where": "toolmaker"})
    state = play(state, 1, {"type": "place", "where": "field"})
    nxt = RULES.active_seats(state)[0]
    assert "hut" not in places(state, nxt)
    assert "toolmaker" not in places(state, nxt) and "field" not in places(state, nxt)


def test_with_four_players_all_three_village_places_are_used():
    state = play(fresh(4, 1), 0, {"type": "place", "where": "toolmaker"})
    state = play(state, 1, {"type": "place", "where": "field"})
    assert "hut" in places(state, 2)


def test_with_two_players_a_resource_place_holds_people_of_one_player_only():
    state = play(fresh(2, 1), 0, {"type": "place", "where": "quarry"}, {"type": "count", "n": 1})
    assert "quarry" not in places(state, 1)
    assert "hunting" in places(state, 1) and "forest" in places(state, 1)


def test_with_three_players_a_resource_place_holds_people_of_two_players_at_most():
    state = play(fresh(3, 1), 0, {"type": "place", "where": "river"}, {"type": "count", "n": 1})
    state = play(state, 1, {"type": "place", "where": "river"}, {"type": "count", "n": 1})
    assert "river" not in places(state, 2)


def test_with_four_players_a_resource_place_holds_seven_people_of_any_players():
    state = fresh(4, 1)
    for seat in range(4):
        set_people(state, seat, 10)
    state = play(state, 0, {"type": "place", "where": "forest"}, {"type": "count", "n": 2})
    state = play(state, 1, {"type": "place", "where": "forest"}, {"type": "count", "n": 2})
    state = play(state, 2, {"type": "place", "where": "forest"})
    assert RULES.legal_moves(state, 2)[:3] == [{"type": "count", "n": 1}, {"type": "count", "n": 2},
                                               {"type": "count", "n": 3}]
    assert {"type": "count", "n": 4} not in RULES.legal_moves(state, 2)
    state = play(state, 2, {"type": "count", "n": 3})
    assert sum(state["places"]["forest"]) == 7 and "forest" not in places(state, 3)


def test_the_hunting_grounds_have_no_limit():
    state = fresh(4, 1)
    for seat in range(4):
        set_people(state, seat, 10)
        state = play(state, seat, {"type": "place", "where": "hunting"}, {"type": "count", "n": 10})
    assert sum(state["places"]["hunting"]) == 40 and state["phase"] == flow.ACTION


def test_card_spaces_and_building_stacks_take_one_person_each_and_one_player_may_take_several():
    state = fresh(2, 1)
    state = play(state, 0, {"type": "place", "where": "card1"})
    assert "card1" not in places(state, 1)
    state = play(state, 1, {"type": "place", "where": "stack1"})
    state = play(state, 0, {"type": "place", "where": "card2"})
    assert "stack1" not in places(state, 1) and "stack2" in places(state, 1)
    assert "stack3" not in places(state, 1), "two players use two building stacks"
    assert state["places"]["card1"] == [1, 0] and state["places"]["card2"] == [1, 0]


def test_an_empty_building_stack_takes_nobody():
    state = fresh(2, 1)
    state["boxed"] += state["stacks"][1]
    state["stacks"][1] = []
    assert "stack2" not in places(state, 0) and "stack1" in places(state, 0)


def test_a_player_with_nobody_left_is_skipped_and_the_others_place_on_until_all_are_placed():
    state = play(fresh(2, 1), 0, {"type": "place", "where": "hunting"}, {"type": "count", "n": 5})
    state = play(state, 1, {"type": "place", "where": "field"})
    assert RULES.active_seats(state) == [1]
    state = play(state, 1, {"type": "place", "where": "forest"}, {"type": "count", "n": 4})
    assert state["phase"] == flow.ACTION and RULES.active_seats(state) == [0]
    assert_conserved(state)


def test_a_player_with_people_but_no_legal_place_stops_placing():
    state = fresh(2, 1)
    set_people(state, 0, 10)
    set_people(state, 1, 10)
    turns = [(0, "clay_pit"), (1, "hunting"), (0, "quarry"), (1, "forest"), (0, "river"), (1, "field"),
             (0, "toolmaker"), (1, "card1"), (0, "card2"), (1, "card3"), (0, "card4"), (1, "stack1"),
             (0, "stack2")]
    for seat, where in turns:
        assert RULES.active_seats(state) == [seat]
        state = play(state, seat, {"type": "place", "where": where})
        if state["pending"]:
            state = play(state, seat, {"type": "count", "n": 1})
    assert flow.available(state, 1) == 4 and not flow.can_place(state, 1)
    assert RULES.active_seats(state) == [0], "seat 1 is skipped: every place is full, closed or visited"
    state = play(state, 0, {"type": "place", "where": "hunting"}, {"type": "count", "n": 3})
    assert state["phase"] == flow.ACTION
    assert state["seats"][1]["placed"] == 6 and state["seats"][0]["placed"] == 10
    assert_conserved(state)


def test_placement_ends_and_actions_begin_with_the_start_player():
    state = fresh(3, 1)
    state["start"] = state["turn"] = 2
    order = []
    while state["phase"] == flow.PLACE:
        seat = RULES.active_seats(state)[0]
        order.append(seat)
        state = play(state, seat, {"type": "place", "where": "hunting"}, {"type": "count", "n": 5})
    assert order == [2, 0, 1]
    assert state["phase"] == flow.ACTION and RULES.active_seats(state) == [2]


def test_the_fast_list_of_legal_places_agrees_with_the_rule_for_each_place():
    for players in (2, 3, 4):
        for state, _, _ in random_game(players, 60 + players, random.Random(players)):
            if state["phase"] != flow.PLACE:
                continue
            for seat in range(players):
                assert flow.legal_places(state, seat) == [p for p in PLACE_IDS if flow.place_max(state, seat, p)]
