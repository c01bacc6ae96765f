"""Every action card (yellow) and every permanent card (orange) does what it says."""

import pytest
from origins_helpers import assert_conserved, legal_types, play, scenario

from apps.origins.content import ACTIONS, CARD_BY_ID, PERMANENTS
from apps.origins.engine import RULES, IllegalMove

SELECT0 = {"type": "select", "pawn": 0}


def use(card):
    return {"type": "play", "card": card}


def choose(option):
    return {"type": "choose", "option": option}


def options(state):
    return [m["option"] for m in legal_types(state, "choose")]


# --- Action cards -----------------------------------------------------------------------------

def test_spark_of_genius_takes_a_level_one_tile_from_any_column():
    state = play(scenario(hands={0: ["spark"]}, tiles={0: ["yellow-1"]}), use("spark"))
    assert options(state) == ["yellow", "orange", "purple", "brown"]
    state = play(state, choose("orange"))
    assert state["seats"][0]["tiles"] == ["yellow-1", "orange-1"] and "spark" in state["discard"]
    assert_conserved(state)


def test_copper_find_takes_a_claimable_brown_tile():
    state = play(scenario(hands={0: ["copper"]}, tiles={0: ["yellow-1"]}), use("copper"))
    assert options(state) == ["brown-1", "brown-2"]
    state = play(state, choose("brown-2"))
    assert state["seats"][0]["tiles"] == ["yellow-1", "brown-2"]


def test_night_raid_takes_a_random_card_from_a_chosen_opponent():
    state = scenario(players=3, hands={0: ["raid"], 1: ["o_green", "family"], 2: []})
    state = play(state, use("raid"))
    assert options(state) == ["seat-1"]  # seat 2 has no cards
    state = play(state, choose("seat-1"))
    assert len(state["seats"][0]["hand"]) == 1 and len(state["seats"][1]["hand"]) == 1
    assert set(state["seats"][0]["hand"] + state["seats"][1]["hand"]) == {"o_green", "family"}
    assert "o_green" not in " ".join(state["log"]) and "Forest Dwellers" not in " ".join(state["log"])
    assert_conserved(state)


def test_night_raid_is_the_same_in_a_replay():
    state = scenario(hands={0: ["raid"], 1: ["o_green", "family", "spark", "o_tall"]})
    first = play(state, use("raid"), choose("seat-1"))
    second = play(state, use("raid"), choose("seat-1"))
    assert first == second


def test_night_raid_cannot_be_played_without_a_target():
    state = scenario(hands={0: ["raid"]})
    assert use("raid") not in RULES.legal_moves(state, 0)


def test_idea_theft_takes_a_top_tile_the_thief_may_claim():
    state = scenario(hands={0: ["theft"]}, tiles={0: ["orange-1"], 1: ["yellow-1", "yellow-2"]})
    state = play(state, use("theft"))
    assert options(state) == ["1:yellow-2"]  # the level 1 tile lies under the level 2 one
    state = play(state, choose("1:yellow-2"))
    assert state["seats"][0]["tiles"] == ["orange-1", "yellow-2"] and state["seats"][1]["tiles"] == ["yellow-1"]
    assert_conserved(state)


def test_idea_theft_needs_a_tile_the_thief_may_claim():
    state = scenario(hands={0: ["theft"]}, tiles={1: ["yellow-1", "yellow-2"]})
    assert use("theft") not in RULES.legal_moves(state, 0)


def test_pirate_canoes_take_a_strait_token():
    state = play(scenario(hands={0: ["pirates"]}, straits={"bering": 1, "davis": 0}), use("pirates"))
    assert options(state) == ["bering"]
    state = play(state, choose("bering"))
    assert state["straits"]["bering"] == 0


def test_hunting_tokens_can_never_be_taken_from_a_player():
    state = scenario(hands={0: ["hunt", "raid", "theft", "pirates"], 1: ["spark"]},
                     pawns=[(0, "white-1-1", "rift")], hunted={1: ["congo"]},
                     tiles={0: ["yellow-1"], 1: ["orange-1"]}, straits={"bab": 1})
    assert use("hunt") not in RULES.legal_moves(state, 0)  # the token of the Congo is held by seat 1
    for card in ("raid", "theft", "pirates"):
        after = play(state, use(card))
        assert all("congo" not in option for option in options(after))
        for option in options(after):
            assert play(after, choose(option))["seats"][1]["hunts"] == [["congo", 2]]


def test_seasonal_camp_gives_a_second_action():
    state = scenario(hands={0: ["camp"]}, pawns=[(0, "white-1-1", "cradle")])
    state = play(state, use("camp"), SELECT0, {"type": "migrate", "to": "rift"}, {"type": "skip_reward"})
    assert legal_types(state, "select") == [SELECT0]
    state = play(state, SELECT0, {"type": "migrate", "to": "nile"}, {"type": "skip_reward"})
    assert legal_types(state, "select") == []


def test_wanderlust_song_reaches_two_spaces_further():
    state = scenario(hands={0: ["wanderlust"]}, pawns=[(0, "white-1-1", "rift")])
    assert "anatolia" not in {m["to"] for m in legal_types(play(state, SELECT0), "migrate")}
    state = play(state, use("wanderlust"), SELECT0)
    assert "anatolia" in {m["to"] for m in legal_types(state, "migrate")}  # distance 3
    assert "europe" not in {m["to"] for m in legal_types(state, "migrate")}  # distance 4


def test_ambush_tactics_allow_a_swap_onto_an_equally_wide_pawn():
    state = scenario(hands={0: ["ambush"]}, pawns=[(0, "white-1-2", "rift"), (1, "black-1-2", "nile")])
    assert legal_types(play(state, SELECT0), "swap") == []
    state = play(state, use("ambush"), SELECT0)
    assert legal_types(state, "swap") == [{"type": "swap", "to": "nile"}]


def test_selective_breeding_allows_two_steps_taller_or_wider_but_still_one_attribute():
    state = scenario(hands={0: ["breeding"]}, pawns=[(0, "brown-2-2", "sahara")])
    state = play(state, use("breeding"), SELECT0)
    forms = {m["form"] for m in legal_types(state, "evolve")}
    assert {"brown-4-2", "brown-2-4", "brown-3-2"} <= forms
    assert "brown-3-3" not in forms and "black-3-2" not in forms


def test_storytelling_night_draws_two_cards_of_a_chosen_deck():
    state = play(scenario(hands={0: ["stories"]}), use("stories"))
    assert options(state) == ["yellow", "orange", "purple"]
    state = play(state, choose("orange"))
    assert [CARD_BY_ID[c].color for c in state["seats"][0]["hand"]] == ["orange", "orange"]


def test_bountiful_harvest_draws_a_yellow_and_an_orange_card():
    state = play(scenario(hands={0: ["harvest"]}), use("harvest"))
    assert sorted(CARD_BY_ID[c].color for c in state["seats"][0]["hand"]) == ["orange", "yellow"]


def test_vision_quest_draws_two_objectives_and_the_extras_go_back():
    state = play(scenario(hands={0: ["vision", "o_tall"]}), use("vision"))
    assert len(state["seats"][0]["hand"]) == 3
    assert state["pending"][-1]["kind"] == "return" and state["pending"][-1]["count"] == 1
    assert legal_types(state, "end_turn") == []
    returned = state["seats"][0]["hand"][0]
    state = play(state, {"type": "return", "card": returned})
    assert len(state["seats"][0]["hand"]) == 2 and state["decks"]["purple"][-1] == returned


def test_great_hunt_takes_an_unsettled_token_within_two_spaces():
    state = scenario(hands={0: ["hunt"]}, pawns=[(0, "white-1-1", "kalahari"), (1, "white-1-1", "congo")])
    assert use("hunt") not in RULES.legal_moves(state, 0)  # the Congo is settled
    state = scenario(hands={0: ["hunt"]}, pawns=[(0, "white-1-1", "sahara")])
    state = play(state, use("hunt"))
    assert options(state) == ["congo"]  # Congo 1 away; Europe is 3 away
    state = play(state, choose("congo"))
    assert state["seats"][0]["hunts"] == [["congo", 2]]


def test_forced_march_moves_a_pawn_one_step_without_reward_but_checks_straits():
    state = scenario(hands={0: ["march"]}, pawns=[(0, "white-1-1", "rift"), (0, "white-1-1", "arabia")])
    state = play(state, use("march"))
    assert "0>highlands" in options(state) and "1>levant" in options(state)
    state = play(state, choose("0>highlands"))
    assert state["pawns"][0]["at"] == "highlands" and state["pending"] == []
    assert state["straits"]["bab"] == 0 and state["seats"][0]["tiles"] == []


def test_one_yellow_card_per_turn():
    state = play(scenario(hands={0: ["harvest", "camp"]}), use("harvest"))
    assert use("camp") not in RULES.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="already played a yellow"):
        RULES.apply(state, 0, use("camp"))


# --- Permanent cards ------------------------------------------------------------------------------

@pytest.mark.parametrize("card", [c.id for c in PERMANENTS])
def test_a_permanent_card_needs_an_innovation_tile_of_its_level(card):
    level = CARD_BY_ID[card].level
    low = ["yellow-1", "orange-2", "purple-3", "brown-4"][: level - 1]
    state = scenario(hands={0: [card]}, tiles={0: low})
    assert use(card) not in RULES.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match=f"level {level}"):
        RULES.apply(state, 0, use(card))
    tiles = ["yellow-1", "orange-2", "purple-3", "brown-4"][:level]
    state = play(scenario(hands={0: [card]}, tiles={0: tiles}), use(card))
    assert state["seats"][0]["permanents"] == [card]


def test_extended_family_raises_the_objective_hand_limit_to_three():
    state = scenario(hands={0: ["vision", "o_tall"]}, permanents={0: ["family"]})
    state = play(state, use("vision"))
    assert len(state["seats"][0]["hand"]) == 3 and state["pending"] == []


def test_dugout_canoes_reach_one_space_further():
    state = scenario(pawns=[(0, "white-1-1", "rift")], permanents={0: ["canoes"]})
    targets = {m["to"] for m in legal_types(play(state, SELECT0), "migrate")}
    assert "levant" in targets and "anatolia" not in targets


def test_spear_throwers_swap_onto_equally_wide_pawns():
    state = scenario(pawns=[(0, "white-1-2", "rift"), (1, "black-1-2", "nile")], permanents={0: ["spears"]})
    assert legal_types(play(state, SELECT0), "swap") == [{"type": "swap", "to": "nile"}]


def test_palisades_need_an_attacker_two_steps_wider():
    state = scenario(pawns=[(0, "white-1-2", "rift"), (1, "black-1-1", "nile"), (0, "white-1-3", "sahara")],
                     permanents={1: ["palisades"]})
    assert legal_types(play(state, SELECT0), "swap") == []
    assert legal_types(play(state, {"type": "select", "pawn": 2}), "swap") == [{"type": "swap", "to": "nile"}]


def test_granaries_give_three_brown_tiles():
    state = scenario(pawns=[(0, "white-1-1", "sahara")], permanents={0: ["granaries"]})
    state = play(state, SELECT0, {"type": "migrate", "to": "maghreb"}, {"type": "tile", "tile": "brown-1"},
                 {"type": "tile", "tile": "brown-2"})
    assert state["pending"]
    state = play(state, {"type": "tile", "tile": "brown-3"})
    assert state["seats"][0]["tiles"] == ["brown-1", "brown-2", "brown-3"] and state["pending"] == []


def test_star_lore_returns_only_one_card_after_drawing_three():
    state = scenario(pawns=[(0, "white-1-1", "congo")], permanents={0: ["starlore"]})
    state = play(state, SELECT0, {"type": "migrate", "to": "rift"}, {"type": "draw3"})
    assert state["pending"][-1]["count"] == 1
    state = play(state, {"type": "return", "card": state["seats"][0]["hand"][0]})
    assert len(state["seats"][0]["hand"]) == 2


def test_fire_keepers_draw_a_yellow_card_with_a_tile_reward():
    state = scenario(pawns=[(0, "white-1-1", "sahara")], permanents={0: ["firekeepers"]})
    state = play(state, SELECT0, {"type": "migrate", "to": "maghreb"}, {"type": "tile", "tile": "purple-1"})
    assert [CARD_BY_ID[c].color for c in state["seats"][0]["hand"]] == ["yellow"]


def test_watchful_elders_protect_the_hand():
    state = scenario(hands={0: ["raid"], 1: ["spark"]}, permanents={1: ["elders"]})
    assert use("raid") not in RULES.legal_moves(state, 0)


def test_hidden_caches_protect_tiles_and_strait_tokens():
    state = scenario(hands={0: ["theft", "pirates"]}, tiles={0: ["orange-1"], 1: ["yellow-1"]},
                     straits={"bering": 1}, permanents={1: ["caches"]})
    assert use("theft") not in RULES.legal_moves(state, 0)
    assert use("pirates") not in RULES.legal_moves(state, 0)


def test_pottery_kilns_draw_two_cards_with_a_tile_reward():
    state = scenario(pawns=[(0, "white-1-1", "congo")], permanents={0: ["kilns"]})
    state = play(state, SELECT0, {"type": "migrate", "to": "rift"}, {"type": "tile", "tile": "yellow-1"})
    assert len(state["seats"][0]["hand"]) == 2


def test_weaving_looms_draw_an_orange_card_with_each_objective():
    state = scenario(pawns=[(0, "white-1-1", "congo"), (0, "white-1-1", "amazonia")],
                     hands={0: ["o_green"]}, permanents={0: ["looms"]})
    state = play(state, use("o_green"))
    colors = sorted(CARD_BY_ID[c].color for c in state["seats"][0]["hand"])
    assert colors == ["orange", "purple"]


def test_clan_gatherings_allow_two_yellow_cards_a_turn():
    state = scenario(hands={0: ["harvest", "camp", "ambush"]}, permanents={0: ["gatherings"]})
    state = play(state, use("harvest"), use("camp"))
    assert use("ambush") not in RULES.legal_moves(state, 0)


def test_one_orange_card_per_turn():
    state = scenario(hands={0: ["canoes", "elders"]}, tiles={0: ["yellow-1"]})
    state = play(state, use("canoes"))
    assert use("elders") not in RULES.legal_moves(state, 0)


def test_every_card_has_a_test():
    tested = open(__file__).read()
    for card in ACTIONS + PERMANENTS:
        assert card.name.replace(" ", "_").lower() in tested.replace(" ", "_").lower(), card.name


def test_fire_keepers_draw_once_for_a_reward_of_two_brown_tiles():
    state = scenario(pawns=[(0, "white-1-1", "sahara")], permanents={0: ["firekeepers"]})
    state = play(state, SELECT0, {"type": "migrate", "to": "maghreb"}, {"type": "tile", "tile": "brown-1"},
                 {"type": "tile", "tile": "brown-2"})
    assert [CARD_BY_ID[c].color for c in state["seats"][0]["hand"]] == ["yellow"]
