"""Using actions: every place, dice rolled by the server, tools added after seeing the dice, any order,
and the turn passing to the next player once all of a player's people are back."""

import pytest
from stone_age_helpers import (
    assert_conserved,
    fresh,
    give,
    in_actions,
    own_card,
    play,
    resources,
    set_people,
    set_tools,
    with_dice,
)

from apps.stone_age import flow
from apps.stone_age.engine import RULES, IllegalMove

RESOLVE = lambda where: {"type": "resolve", "where": where}  # noqa: E731


@pytest.mark.parametrize("where, yields, dice, expected", [
    ("hunting", "food", [3, 4, 6], 6),  # 13 / 2
    ("forest", "wood", [3, 4, 1], 2),  # 8 / 3
    ("clay_pit", "clay", [6, 5, 4], 3),  # 15 / 4
    ("quarry", "stone", [6, 3, 5], 2),  # 14 / 5
    ("river", "gold", [6, 5, 6], 2),  # 17 / 6
])
def test_a_gathering_place_rolls_a_die_per_person_and_divides_rounding_down(where, yields, dice, expected):
    state = with_dice(in_actions(fresh(2, 1), {0: {where: 3}, 1: {"field": 1}}), dice)
    before = state["seats"][0]["food"] if yields == "food" else 0
    state = play(state, 0, RESOLVE(where))
    got = state["seats"][0]["food"] - before if yields == "food" else resources(state, 0)[yields]
    assert got == expected
    assert state["dice"]["values"] == dice and state["places"][where][0] == 0
    assert not state["pending"], "without tools there is nothing to decide"
    assert_conserved(state)


def test_the_toolmakers_hut_gives_a_tool():
    state = play(in_actions(fresh(2, 1), {0: {"toolmaker": 1}, 1: {"field": 1}}), 0, RESOLVE("toolmaker"))
    assert state["seats"][0]["tools"] == [1] and state["supply"]["tiles12"] == 11


def test_the_hut_gives_a_person_usable_from_the_next_round():
    state = play(in_actions(fresh(2, 1), {0: {"hut": 2}, 1: {"field": 1}}), 0, RESOLVE("hut"))
    assert state["seats"][0]["people"] == 6 and state["seats"][0]["reserve"] == 4
    assert state["seats"][0]["placed"] == 0


def test_the_field_raises_agriculture():
    state = play(in_actions(fresh(2, 1), {0: {"field": 1}, 1: {"hut": 2}}), 0, RESOLVE("field"))
    assert state["seats"][0]["agriculture"] == 1


def test_the_hut_field_and_toolmaker_give_nothing_at_their_maximum():
    state = fresh(4, 1)
    set_people(state, 0, 10)
    state["seats"][0]["agriculture"] = 10
    set_tools(state, 0, [4, 4, 4])
    state = in_actions(state, {0: {"hut": 2, "field": 1, "toolmaker": 1, "hunting": 6}})
    for where in ("hut", "field", "toolmaker"):
        state = play(state, 0, RESOLVE(where))
    player = state["seats"][0]
    assert (player["people"], player["agriculture"], player["tools"]) == (10, 10, [4, 4, 4])
    assert "nothing" in state["log"][-1]


def test_tools_grow_one_tile_at_a_time_up_to_three_fours():
    state = fresh(2, 1)
    seen = []
    for _ in range(13):
        flow.gain_tool(state, 0)
        seen.append(list(state["seats"][0]["tools"]))
        assert_conserved(state)
    assert seen[:3] == [[1], [1, 1], [1, 1, 1]]
    assert seen[3:6] == [[2, 1, 1], [2, 2, 1], [2, 2, 2]]
    assert seen[6:9] == [[3, 2, 2], [3, 3, 2], [3, 3, 3]]
    assert seen[9:] == [[4, 3, 3], [4, 4, 3], [4, 4, 4], [4, 4, 4]]
    assert state["supply"]["tiles34"] == 3 and state["supply"]["tiles12"] == 12


def test_a_value_three_tile_is_not_taken_when_none_is_left():
    state = fresh(4, 1)
    set_tools(state, 1, [3, 3, 3])
    set_tools(state, 2, [3, 3, 3])
    set_tools(state, 0, [2, 2, 2])
    assert "no value 3/4 tool tile is left" in flow.gain_tool(state, 0)
    assert state["seats"][0]["tools"] == [2, 2, 2]
    assert_conserved(state)


def test_the_player_sees_the_dice_then_adds_several_tools_each_once_a_round():
    state = set_tools(fresh(2, 1), 0, [2, 1, 1])
    own_card(state, 0, "civ-23", kept=True)
    state = with_dice(in_actions(state, {0: {"river": 2, "quarry": 1}, 1: {"field": 1}}), [5, 4])
    state = play(state, 0, RESOLVE("river"))
    pending = RULES.view(state, 0)["pending"]
    assert pending["dice"] == [5, 4] and pending["total"] == 9 and pending["amount"] == 1
    assert RULES.legal_moves(state, 0) == [{"type": "tool", "tile": 0}, {"type": "tool", "tile": 1},
                                           {"type": "tool", "tile": 2}, {"type": "tool_card", "card": "civ-23"},
                                           {"type": "take"}]
    assert RULES.describe_move(state, 0, {"type": "take"}) == "Take 1 gold (total 9)"
    state = play(state, 0, {"type": "tool", "tile": 0}, {"type": "tool", "tile": 2})
    assert {"type": "tool", "tile": 0} not in RULES.legal_moves(state, 0)
    assert RULES.view(state, None)["pending"]["total"] == 12
    state = play(state, 0, {"type": "take"})
    assert resources(state, 0)["gold"] == 2
    assert state["seats"][0]["used"] == [True, False, True]
    state = with_dice(state, [1])
    state = play(state, 0, RESOLVE("quarry"))
    assert RULES.legal_moves(state, 0) == [{"type": "tool", "tile": 1}, {"type": "tool_card", "card": "civ-23"},
                                           {"type": "take"}]
    assert_conserved(state)


def test_a_single_use_tool_card_adds_once_and_is_turned_over_for_good():
    state = own_card(fresh(2, 1), 0, "civ-22", kept=True)
    state = with_dice(in_actions(state, {0: {"quarry": 1}, 1: {"field": 1}}), [6])
    state = play(state, 0, RESOLVE("quarry"), {"type": "tool_card", "card": "civ-22"})
    assert resources(state, 0)["stone"] == 2, "6 + 4 = 10: two stone; nothing else to add, so taken at once"
    assert state["seats"][0]["kept"] == [] and "civ-22" in state["seats"][0]["cards"]


def test_used_tools_are_ready_again_next_round():
    state = set_tools(fresh(2, 1), 0, [1])
    state = with_dice(in_actions(state, {0: {"forest": 5}, 1: {"hunting": 5}}), [1, 1, 1, 1, 1])
    state = play(state, 0, RESOLVE("forest"), {"type": "tool", "tile": 0})
    assert state["seats"][0]["used"] == [True]
    while state["phase"] != flow.PLACE:
        seat = RULES.active_seats(state)[0]
        state = RULES.apply(state, seat, RULES.legal_moves(state, seat)[0])
    assert state["round"] == 2 and state["seats"][0]["used"] == [False]


def test_a_player_uses_their_places_in_any_order_then_the_next_player_acts():
    state = in_actions(fresh(2, 1), {0: {"field": 1, "toolmaker": 1, "card1": 1}, 1: {"hut": 2}})
    assert RULES.legal_moves(state, 0) == [RESOLVE("toolmaker"), RESOLVE("field"), RESOLVE("card1")]
    state = play(state, 0, RESOLVE("card1"))
    assert RULES.active_seats(state) == [0], "no resources: the card is declined at once"
    state = play(state, 0, RESOLVE("field"), RESOLVE("toolmaker"))
    assert RULES.active_seats(state) == [1]
    with pytest.raises(IllegalMove, match="not your turn"):
        RULES.apply(state, 0, RESOLVE("field"))


def test_resources_gathered_earlier_pay_for_a_card_later_in_the_same_turn():
    state = with_dice(in_actions(fresh(2, 1), {0: {"forest": 1, "card1": 1}, 1: {"hut": 2}}), [6])
    state = play(state, 0, RESOLVE("forest"), RESOLVE("card1"))
    assert RULES.legal_moves(state, 0) == [{"type": "pay", "resource": "wood"}, {"type": "decline"}]
    card = state["row"][0]
    state = play(state, 0, {"type": "pay", "resource": "wood"})
    assert card in state["seats"][0]["cards"]
    assert_conserved(state)


def test_the_actions_start_with_the_start_player_and_skip_players_with_nobody_placed():
    state = fresh(3, 1)
    state["start"] = 1
    state = in_actions(state, {0: {"field": 1}, 2: {"hut": 2}})
    assert RULES.active_seats(state) == [2]
    state = play(state, 2, RESOLVE("hut"))
    assert RULES.active_seats(state) == [0]


def test_the_dice_of_the_last_roll_are_shown_to_everyone():
    state = with_dice(in_actions(fresh(2, 1), {0: {"hunting": 2}, 1: {"field": 1}}), [2, 5])
    state = play(state, 0, RESOLVE("hunting"))
    for viewer in (None, 0, 1):
        assert RULES.view(state, viewer)["dice"] == {"seat": 0, "what": "Hunting grounds", "values": [2, 5],
                                                     "bonus": 0, "total": 7}


def test_two_resources_of_choice_may_be_taken_at_any_decision_of_the_action_phase():
    state = own_card(fresh(2, 1), 0, "civ-04", kept=True)
    state = in_actions(state, {0: {"field": 1}, 1: {"hut": 2}})
    assert {"type": "two_resources"} in RULES.legal_moves(state, 0)
    state = play(state, 0, {"type": "two_resources"})
    assert RULES.legal_moves(state, 0) == [{"type": "choose", "resource": r}
                                           for r in ("wood", "clay", "stone", "gold")]
    state = play(state, 0, {"type": "choose", "resource": "gold"}, {"type": "choose", "resource": "gold"})
    assert resources(state, 0)["gold"] == 2 and state["seats"][0]["kept"] == []
    assert {"type": "two_resources"} not in RULES.legal_moves(state, 0)
    assert "civ-04" in state["seats"][0]["cards"]
    assert_conserved(state)


def test_give_helper_keeps_the_ledger():
    state = give(fresh(2, 1), 0, wood=3, food=-2)
    assert resources(state, 0)["wood"] == 3 and state["seats"][0]["food"] == 10
    assert_conserved(state)
