"""Turns, card limits, the objective hand limit, innovation stacking, the end of the game and scoring."""

import pytest
from origins_helpers import assert_conserved, legal_types, play, scenario

from apps.origins import flow
from apps.origins.content import CARD_BY_ID, OBJECTIVES_TO_END, ROUND_LIMIT
from apps.origins.engine import RULES, IllegalMove

END = {"type": "end_turn"}
GREEN = dict(pawns=[(0, "white-1-1", "congo"), (0, "white-1-1", "amazonia"), (0, "white-1-1", "rift"),
                    (0, "white-1-1", "sahel")])


def test_a_completed_objective_is_replaced_at_once_from_the_purple_deck():
    state = scenario(hands={0: ["o_green"]}, **GREEN)
    top = state["decks"]["purple"][0]
    state = play(state, {"type": "play", "card": "o_green"})
    assert state["seats"][0]["hand"] == [top] and state["seats"][0]["completed"] == ["o_green"]
    assert "o_green" in state["revealed"]


def test_only_one_objective_a_turn_before_the_final_turn():
    state = scenario(hands={0: ["o_green", "o_africa"]}, **GREEN)
    state = play(state, {"type": "play", "card": "o_green"})
    assert {"type": "play", "card": "o_africa"} not in RULES.legal_moves(state, 0)


def test_on_the_final_turn_several_objectives_are_played_but_only_the_first_is_replaced():
    state = scenario(hands={0: ["o_green", "o_africa"]}, **GREEN)
    state["turn"]["final"] = True
    state["final"] = [0, 1]
    deck = len(state["decks"]["purple"])
    state = play(state, {"type": "play", "card": "o_green"})
    replacement = state["seats"][0]["hand"][-1]
    state = play(state, {"type": "play", "card": "o_africa"})
    assert state["seats"][0]["completed"] == ["o_green", "o_africa"]
    assert state["seats"][0]["hand"] == [replacement] and len(state["decks"]["purple"]) == deck - 1


def test_a_completed_objective_is_never_lost():
    state = scenario(hands={0: ["o_green"]}, **GREEN)
    state = play(state, {"type": "play", "card": "o_green"}, {"type": "select", "pawn": 0},
                 {"type": "migrate", "to": "kalahari"}, {"type": "skip_reward"})
    assert state["seats"][0]["completed"] == ["o_green"]
    assert flow.score_of(state, 0)["objectives"] == 3


def test_the_objective_hand_limit_is_two_and_extras_go_back_to_the_purple_deck():
    state = scenario(hands={0: ["o_tall", "o_strong"]}, pawns=[(0, "white-1-1", "rift")])
    state = play(state, {"type": "select", "pawn": 0}, {"type": "migrate", "to": "highlands"}, {"type": "draw3"})
    assert len(flow.hand_of_color(state, 0, "purple")) == 5
    hand = flow.hand_of_color(state, 0, "purple")
    state = play(state, {"type": "return", "card": hand[0]}, {"type": "return", "card": hand[1]})
    assert state["pending"][-1] == {"kind": "return", "color": "purple", "count": 1, "why": "limit"}
    assert legal_types(state, "end_turn") == [] and legal_types(state, "play") == []
    state = play(state, {"type": "return", "card": hand[2]})
    assert len(flow.hand_of_color(state, 0, "purple")) == 2 and state["pending"] == []
    assert state["decks"]["purple"][-3:] == hand[:3]
    assert_conserved(state)


def test_extended_family_holds_three_objectives():
    state = scenario(hands={0: ["o_tall", "o_strong"]}, pawns=[(0, "white-1-1", "rift")], permanents={0: ["family"]})
    state = play(state, {"type": "select", "pawn": 0}, {"type": "migrate", "to": "highlands"}, {"type": "draw3"})
    hand = flow.hand_of_color(state, 0, "purple")
    state = play(state, {"type": "return", "card": hand[0]}, {"type": "return", "card": hand[1]})
    assert len(flow.hand_of_color(state, 0, "purple")) == 3 and state["pending"] == []


def test_a_stolen_objective_above_the_limit_goes_back():
    state = scenario(hands={0: ["raid", "o_tall", "o_strong"], 1: ["o_green"]})
    state = play(state, {"type": "play", "card": "raid"}, {"type": "choose", "option": "seat-1"})
    assert state["pending"][-1]["why"] == "limit"


@pytest.mark.parametrize("held, claimable", [
    ([], [1]),
    (["yellow-1"], [1, 2]),
    (["yellow-1", "orange-2"], [1, 3]),
    (["yellow-1", "brown-1", "orange-2"], [1, 2, 3]),
    (["yellow-1", "orange-2", "purple-3", "brown-4"], [1, 5]),
])
def test_level_one_is_always_claimable_and_higher_levels_only_on_a_tile_one_lower(held, claimable):
    state = scenario(tiles={0: held})
    assert [lv for lv in range(1, 6) if flow.claimable(state, 0, lv)] == claimable


def test_a_reward_offers_only_claimable_tiles():
    state = scenario(pawns=[(0, "white-1-1", "congo")], tiles={0: ["yellow-1", "yellow-2"]})
    state = play(state, {"type": "select", "pawn": 0}, {"type": "migrate", "to": "rift"})
    assert [m["tile"] for m in legal_types(state, "tile")] == ["yellow-1", "yellow-3"]
    with pytest.raises(IllegalMove, match="one lower"):
        RULES.apply(state, 0, {"type": "tile", "tile": "yellow-2"})


def test_an_empty_column_offers_nothing():
    state = scenario(pawns=[(0, "white-1-1", "congo")])
    state["supply"]["yellow"][0] = 0
    state["supply"]["yellow"][1] = 0
    state = play(state, {"type": "select", "pawn": 0}, {"type": "migrate", "to": "rift"})
    assert legal_types(state, "tile") == []
    state["supply"]["yellow"][0] = 5  # put them back for the conservation check
    state["supply"]["yellow"][1] = 4


def test_turns_pass_around_the_table_and_rounds_count():
    state = RULES.setup(3, 5)
    assert RULES.active_seats(state) == [0]
    state = play(state, END)
    assert RULES.active_seats(state) == [1] and state["round"] == 1
    state = play(state, END, END)
    assert RULES.active_seats(state) == [0] and state["round"] == 2


def test_completing_the_fourth_objective_triggers_one_final_turn_for_everyone():
    state = scenario(players=3, hands={0: ["o_green"]}, completed={0: ["o_tall", "o_strong", "o_tiles1"]}, **GREEN)
    state = play(state, {"type": "play", "card": "o_green"}, END)
    assert len(state["seats"][0]["completed"]) == OBJECTIVES_TO_END
    assert state["final"] == [1, 2, 0] and state["seat"] == 1 and state["turn"]["final"]
    state = play(state, END, END)
    assert RULES.outcome(state) is None and state["seat"] == 0 and state["turn"]["final"]
    state = play(state, END)
    assert RULES.outcome(state) is not None and RULES.active_seats(state) == []
    assert all(RULES.legal_moves(state, s) == [] for s in range(3))
    with pytest.raises(IllegalMove, match="over"):
        RULES.apply(state, 0, END)


def test_three_objectives_do_not_trigger_the_end():
    state = scenario(completed={0: ["o_tall", "o_strong", "o_tiles1"]})
    state = play(state, END)
    assert state["final"] is None


def test_the_round_limit_triggers_the_final_turns_so_every_game_ends():
    state = RULES.setup(2, 3)
    turns = 0
    while RULES.outcome(state) is None:
        state = play(state, END)
        turns += 1
    assert turns == 2 * (ROUND_LIMIT + 1)
    assert any(f"round {ROUND_LIMIT} is over" in line for line in state["log"])


def test_scoring_adds_objectives_hand_hunting_straits_and_tiles():
    state = scenario(completed={0: ["o_green", "o_tiles3"]}, hands={0: ["spark", "family"]},
                     hunted={0: ["amazonia", "congo"]}, straits={"southern": 0, "davis": 0},
                     tiles={0: ["yellow-1", "orange-2", "purple-3", "brown-4", "yellow-5"]})
    parts = flow.score_of(state, 0)
    assert parts == {"objectives": 3 + 6, "hand": 2, "hunting": 3 + 2, "straits": 3 + 1,
                     "innovations": 1 + 1 + 1 + 1 + 5, "total": 9 + 2 + 5 + 4 + 9}
    state["over"] = True
    result = RULES.outcome(state)
    assert result["scores"] == [29, 0] and result["winners"] == [0]
    assert result["breakdown"][0] == parts


def test_a_tie_goes_to_the_player_with_the_most_cards_in_hand():
    state = scenario(completed={0: ["o_green"]}, hands={0: [], 1: ["spark", "camp", "family"]},
                     tiles={0: ["yellow-1", "orange-1", "purple-1"]})
    state["over"] = True
    result = RULES.outcome(state)
    assert result["scores"] == [6, 3]
    state = scenario(completed={0: ["o_green"]}, hands={1: ["spark", "camp", "family"], 0: ["harvest"]},
                     tiles={0: ["yellow-1"]}, hunted={1: ["amazonia"]}, straits={"davis": 1})
    state["over"] = True
    result = RULES.outcome(state)
    assert result["scores"] == [5, 7]
    state = scenario(completed={0: ["o_green"]}, hands={1: ["spark", "camp"], 0: []},
                     hunted={1: ["congo"]}, straits={})
    state["over"] = True
    result = RULES.outcome(state)
    assert result["scores"] == [3, 4]
    state = scenario(completed={0: ["o_green"]}, hands={1: ["spark", "camp", "family"], 0: ["harvest"]},
                     tiles={0: ["yellow-1"]}, hunted={1: ["congo"]})
    state["over"] = True
    result = RULES.outcome(state)
    assert result["scores"] == [5, 5] and result["winners"] == [1] and result["tie_break"]


def test_cards_of_each_colour_are_limited_to_one_a_turn_but_any_time():
    state = scenario(hands={0: ["harvest", "canoes", "o_green"]}, tiles={0: ["yellow-1"]}, **GREEN)
    state = play(state, {"type": "play", "card": "harvest"}, {"type": "select", "pawn": 2},
                 {"type": "migrate", "to": "kalahari"})
    assert {"type": "play", "card": "canoes"} in RULES.legal_moves(state, 0)  # during the action: before the reward
    state = play(state, {"type": "play", "card": "canoes"}, {"type": "skip_reward"},
                 {"type": "play", "card": "o_green"})
    assert state["turn"]["played"] == {"yellow": 1, "orange": 1, "purple": 1}
    assert [m for m in legal_types(state, "play") if CARD_BY_ID[m["card"]].color != "purple"] == []
