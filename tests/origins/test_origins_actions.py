"""The three actions (evolve, migrate, swap), the rewards by territory colour, hunting and straits."""

import pytest
from origins_helpers import assert_conserved, legal_types, play, scenario

from apps.origins.content import DISTANCE, compatible
from apps.origins.engine import RULES, IllegalMove

SELECT0 = {"type": "select", "pawn": 0}


# --- Evolution ------------------------------------------------------------------------------

@pytest.mark.parametrize("target, ok", [
    ("brown-2-2", True),   # identical: differs in nothing
    ("white-2-2", True),   # colour changed
    ("black-2-2", True),
    ("brown-3-2", True),   # one step taller
    ("brown-2-3", True),   # one step wider
    ("brown-1-2", False),  # shorter
    ("brown-2-1", False),  # thinner
    ("brown-4-2", False),  # two steps taller
    ("brown-2-4", False),  # two steps wider
    ("black-3-2", False),  # colour and height
    ("brown-3-3", False),  # height and width
    ("white-2-3", False),  # colour and width
])
def test_evolution_follows_the_compatibility_rule_in_every_case(target, ok):
    assert compatible("brown-2-2", target) is ok
    state = play(scenario(pawns=[(0, "brown-2-2", "sahara")]), SELECT0)
    offered = {m["form"] for m in legal_types(state, "evolve")}
    assert (target in offered) is ok
    if not ok:
        with pytest.raises(IllegalMove, match="compatible"):
            RULES.apply(state, 0, {"type": "evolve", "form": target})


def test_evolution_offers_exactly_the_five_compatible_forms():
    state = play(scenario(pawns=[(0, "brown-2-2", "sahara")]), SELECT0)
    assert {m["form"] for m in legal_types(state, "evolve")} == {
        "brown-2-2", "white-2-2", "black-2-2", "brown-3-2", "brown-2-3"}


def test_a_pawn_may_be_evolved_from_another_players_pawn_onto_an_adjacent_empty_territory():
    state = scenario(pawns=[(1, "white-1-1", "sahara"), (1, "white-1-1", "maghreb")])
    state = play(state, SELECT0, {"type": "evolve", "form": "black-1-1"})
    places = {m["to"] for m in legal_types(state, "place")}
    assert places == {"nile", "sahel", "congo"}  # next to the Sahara, the Maghreb being occupied
    before = state["reserve"]["black-1-1"]
    state = play(state, {"type": "place", "to": "nile"})
    new = state["pawns"][-1]
    assert new["owner"] == 0 and new["form"] == "black-1-1" and new["at"] == "nile"
    assert state["reserve"]["black-1-1"] == before - 1
    assert state["pending"][-1]["kind"] == "reward" and state["pending"][-1]["color"] == "orange"
    assert_conserved(state)


def test_a_form_missing_from_the_reserve_cannot_be_evolved():
    state = scenario(pawns=[(0, "brown-2-2", "sahara")])
    state["reserve"]["brown-3-2"] = 0
    state["reserve"]["black-2-2"] = 0
    state = play(state, SELECT0)
    assert {m["form"] for m in legal_types(state, "evolve")} == {"brown-2-2", "white-2-2", "brown-2-3"}


def test_a_player_without_a_free_village_marker_cannot_evolve():
    spots = ["maghreb", "sahara", "nile", "sahel", "congo", "highlands", "rift", "kalahari", "iberia", "europe"]
    forms = ["white-1-1", "brown-1-1", "black-1-1", "white-1-2", "brown-1-2"]
    ten = [(0, forms[i % 5], t) for i, t in enumerate(spots)]
    state = scenario(pawns=ten)
    selectable = [m for m in RULES.legal_moves(state, 0) if m["type"] == "select"]
    assert selectable, "the pawns can still migrate"
    for move in selectable:
        assert legal_types(play(state, move), "evolve") == []
    nine = scenario(pawns=ten[:9])
    assert any(legal_types(play(nine, m), "evolve") for m in legal_types(nine, "select"))


def test_a_pawn_with_no_empty_neighbour_cannot_be_evolved_from():
    state = scenario(pawns=[(1, "white-1-1", "greenland"), (1, "white-1-1", "boreal")])
    assert {"type": "select", "pawn": 0} not in RULES.legal_moves(state, 0)


def test_evolving_from_the_cradle_settles_a_territory_next_to_it():
    state = play(scenario(pawns=[(0, "white-1-1", "cradle")]), SELECT0, {"type": "evolve", "form": "white-1-2"})
    assert {m["to"] for m in legal_types(state, "place")} == {"rift", "highlands", "congo"}


# --- Migration --------------------------------------------------------------------------------

@pytest.mark.parametrize("height", [1, 2, 3, 4])
def test_migration_reaches_exactly_the_empty_territories_within_the_pawns_height(height):
    state = play(scenario(pawns=[(0, f"white-{height}-1", "rift"), (1, "white-1-1", "nile")]), SELECT0)
    targets = {m["to"] for m in legal_types(state, "migrate")}
    expected = {t for t, d in DISTANCE["rift"].items() if 1 <= d <= height and t not in ("cradle", "nile")}
    assert targets == expected
    assert "nile" not in targets and "cradle" not in targets


def test_a_migration_one_step_too_far_is_refused():
    state = play(scenario(pawns=[(0, "white-2-1", "rift")]), SELECT0)
    assert DISTANCE["rift"]["levant"] == 2 and DISTANCE["rift"]["anatolia"] == 3
    play(state, {"type": "migrate", "to": "levant"})
    with pytest.raises(IllegalMove, match="within its height"):
        RULES.apply(state, 0, {"type": "migrate", "to": "anatolia"})


def test_migration_crosses_straits():
    state = play(scenario(pawns=[(0, "white-1-1", "patagonia")]), SELECT0)
    assert "peninsula" in {m["to"] for m in legal_types(state, "migrate")}


def test_migrating_moves_the_pawn_and_ends_the_action():
    state = play(scenario(pawns=[(0, "white-1-1", "cradle")]), SELECT0, {"type": "migrate", "to": "rift"})
    assert state["pawns"][0]["at"] == "rift"
    assert state["turn"]["acted"] == 1
    state = play(state, {"type": "skip_reward"})
    assert legal_types(state, "select") == []
    assert RULES.legal_moves(state, 0)[-1] == {"type": "end_turn"}


def test_only_your_own_pawns_migrate():
    state = play(scenario(pawns=[(1, "white-3-3", "boreal")]), SELECT0)
    assert legal_types(state, "migrate") == [] and legal_types(state, "swap") == []
    assert {m["type"] for m in RULES.legal_moves(state, 0)} == {"evolve", "cancel"}


# --- Swap -----------------------------------------------------------------------------------

def test_a_swap_goes_onto_a_thinner_pawn_within_the_height_and_sends_it_to_the_starting_square():
    state = scenario(pawns=[(0, "white-2-2", "rift"), (1, "black-1-1", "levant"), (1, "white-1-2", "nile"),
                            (1, "white-1-1", "anatolia")])
    state = play(state, SELECT0)
    assert {m["to"] for m in legal_types(state, "swap")} == {"levant"}  # nile is as wide, anatolia too far
    with pytest.raises(IllegalMove, match="thinner"):
        RULES.apply(state, 0, {"type": "swap", "to": "nile"})
    state = play(state, {"type": "swap", "to": "levant"})
    # "The other player's pawn is moved to the starting square": not to the space the swapper left.
    assert state["pawns"][0]["at"] == "levant" and state["pawns"][1]["at"] == "cradle"
    assert not [p for p in state["pawns"] if p["at"] == "rift"]
    assert "goes back to the Cradle" in state["log"][-1]
    assert state["pending"][-1] == {"kind": "reward", "color": "orange", "space": "levant"}
    assert_conserved(state)


def test_a_swap_from_the_cradle_sends_the_other_pawn_to_the_cradle():
    state = scenario(pawns=[(0, "white-1-2", "cradle"), (1, "white-1-1", "rift")])
    state = play(state, SELECT0, {"type": "swap", "to": "rift"})
    assert state["pawns"][1]["at"] == "cradle"


def test_you_cannot_swap_onto_your_own_pawn():
    state = play(scenario(pawns=[(0, "white-2-3", "rift"), (0, "white-1-1", "nile")]), SELECT0)
    assert legal_types(state, "swap") == []


def test_a_swap_into_green_brings_no_hunting_token_and_no_reward():
    state = scenario(pawns=[(0, "white-1-2", "rift"), (1, "white-1-1", "congo")])
    state = play(state, SELECT0, {"type": "swap", "to": "congo"})
    assert state["seats"][0]["hunts"] == [] and state["pending"] == []
    assert_conserved(state)


def test_both_players_take_the_straits_they_control_after_a_swap():
    state = scenario(pawns=[(0, "white-3-2", "highlands"), (1, "white-1-1", "maghreb"),
                            (0, "white-1-1", "iberia"), (1, "white-1-1", "arabia")])
    state = play(state, SELECT0, {"type": "swap", "to": "maghreb"})
    assert state["straits"]["gibraltar"] == 0  # the active player: Maghreb and Iberia
    # The pawn swapped away goes to the starting square, not the Highlands: its player holds no new shore.
    assert state["straits"]["bab"] is None
    assert any("Gibraltar" in line for line in state["log"])


def test_a_strait_token_passes_to_whoever_now_controls_both_shores():
    state = scenario(pawns=[(0, "white-1-1", "rift"), (0, "white-1-1", "arabia")], straits={"bab": 1})
    state = play(state, SELECT0, {"type": "migrate", "to": "highlands"})
    assert state["straits"]["bab"] == 0


def test_holding_one_shore_only_takes_no_strait():
    state = play(scenario(pawns=[(0, "white-1-1", "rift")]), SELECT0, {"type": "migrate", "to": "highlands"})
    assert all(owner is None for owner in state["straits"].values())


# --- Rewards ---------------------------------------------------------------------------------

@pytest.mark.parametrize("territory, color", [("rift", "yellow"), ("kalahari", "orange"), ("highlands", "purple")])
def test_a_yellow_orange_or_purple_territory_gives_a_tile_and_a_card_of_its_colour(territory, color):
    state = play(scenario(pawns=[(0, "white-2-1", "congo")]), SELECT0, {"type": "migrate", "to": territory})
    assert RULES.legal_moves(state, 0) == [{"type": "tile", "tile": f"{color}-1"}, {"type": "draw3"},
                                           {"type": "skip_reward"}]
    state = play(state, {"type": "tile", "tile": f"{color}-1"})
    assert state["seats"][0]["tiles"] == [f"{color}-1"]
    assert [c for c in state["seats"][0]["hand"]] and all(
        c in [card.id for card in __import__("apps.origins.content", fromlist=["DECK_OF_COLOR"]).DECK_OF_COLOR[color]]
        for c in state["seats"][0]["hand"])
    assert len(state["seats"][0]["hand"]) == 1 and state["pending"] == []
    assert_conserved(state)


@pytest.mark.parametrize("territory, color", [("rift", "yellow"), ("kalahari", "orange"), ("highlands", "purple")])
def test_or_draw_three_cards_and_return_two_of_that_colour_to_the_bottom(territory, color):
    state = play(scenario(pawns=[(0, "white-2-1", "congo")]), SELECT0, {"type": "migrate", "to": territory},
                 {"type": "draw3"})
    hand = state["seats"][0]["hand"]
    assert len(hand) == 3
    assert legal_types(state, "return") == [{"type": "return", "card": c} for c in hand]
    first, second = hand[0], hand[2]
    state = play(state, {"type": "return", "card": first}, {"type": "return", "card": second})
    assert state["decks"][color][-2:] == [first, second]
    assert len(state["seats"][0]["hand"]) == 1 and state["pending"] == []
    assert_conserved(state)


def test_a_brown_territory_gives_two_brown_tiles():
    state = play(scenario(pawns=[(0, "white-2-1", "sahara")]), SELECT0, {"type": "migrate", "to": "maghreb"})
    firsts = {m["tile"] for m in legal_types(state, "tile")}
    assert firsts == {"yellow-1", "orange-1", "purple-1", "brown-1"}
    state = play(state, {"type": "tile", "tile": "brown-1"})
    assert {m["tile"] for m in legal_types(state, "tile")} == {"brown-1", "brown-2"}
    state = play(state, {"type": "tile", "tile": "brown-2"})
    assert state["seats"][0]["tiles"] == ["brown-1", "brown-2"] and state["pending"] == []


def test_or_one_tile_of_another_column():
    state = play(scenario(pawns=[(0, "white-2-1", "sahara")]), SELECT0, {"type": "migrate", "to": "maghreb"},
                 {"type": "tile", "tile": "purple-1"})
    assert state["seats"][0]["tiles"] == ["purple-1"] and state["pending"] == []
    assert state["seats"][0]["hand"] == []  # a brown reward draws no card


def test_a_green_territory_gives_its_hunting_token():
    state = play(scenario(pawns=[(0, "white-1-1", "rift")]), SELECT0, {"type": "migrate", "to": "congo"})
    assert state["seats"][0]["hunts"] == [["congo", 2]] and "congo" not in state["hunts"]
    assert state["pending"] == []


def test_a_green_territory_whose_token_is_gone_gives_nothing():
    state = scenario(pawns=[(0, "white-1-1", "rift")], hunted={1: ["congo"]})
    state = play(state, SELECT0, {"type": "migrate", "to": "congo"})
    assert state["seats"][0]["hunts"] == [] and state["pending"] == []


def test_a_reward_may_be_declined():
    state = play(scenario(pawns=[(0, "white-1-1", "cradle")]), SELECT0, {"type": "migrate", "to": "rift"},
                 {"type": "skip_reward"})
    assert state["seats"][0]["tiles"] == [] and state["pending"] == []


def test_the_reward_must_be_settled_before_the_turn_ends():
    state = play(scenario(pawns=[(0, "white-1-1", "cradle")]), SELECT0, {"type": "migrate", "to": "rift"})
    with pytest.raises(IllegalMove, match="reward"):
        RULES.apply(state, 0, {"type": "end_turn"})


def test_a_selected_pawn_can_be_put_back_as_often_as_the_player_likes():
    state = scenario(pawns=[(0, "white-1-1", "cradle")])
    for _ in range(2):
        state = play(state, SELECT0, {"type": "cancel"})
    state = play(state, SELECT0)
    assert {"type": "cancel"} in RULES.legal_moves(state, 0)
