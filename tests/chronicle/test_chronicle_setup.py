"""Setting up Chronicle: shuffled piles and decks, and building each Civilization Deck in seat order."""

from collections import Counter

import pytest
from chronicle_helpers import ALL_FILLS, assert_cards_conserved, built

from apps.chronicle.content import ASPECTS, CHARACTER_BY_ID, CHARACTER_IDS_BY_ASPECT, FILL_BY_ID, KINDS
from apps.chronicle.engine import RULES, IllegalMove


def pick(state, seat, aspect):
    return RULES.apply(state, seat, {"type": "pick_aspect", "aspect": aspect})


def test_the_engine_names_itself_and_seats_one_to_four_players():
    assert (RULES.slug, RULES.title, RULES.min_players, RULES.max_players) == ("chronicle", "Chronicle", 1, 4)


@pytest.mark.parametrize("players", [0, 5, -1])
def test_setup_refuses_player_counts_outside_one_to_four(players):
    with pytest.raises(ValueError):
        RULES.setup(players, 1)


def test_character_cards_are_sorted_into_nine_piles_by_top_icon():
    state = RULES.setup(2, 11)
    assert list(state["piles"]) == list(ASPECTS)
    for aspect, pile in state["piles"].items():
        assert sorted(pile) == sorted(CHARACTER_IDS_BY_ASPECT[aspect])
        assert all(CHARACTER_BY_ID[c].aspect == aspect for c in pile)


def test_the_piles_are_shuffled_differently_by_different_seeds():
    orders = {tuple(RULES.setup(1, seed)["piles"]["heat"]) for seed in range(6)}
    assert len(orders) > 1


def test_each_player_has_a_full_set_of_forty_fill_cards_in_four_shuffled_decks():
    state = RULES.setup(3, 5)
    for player in state["seats"]:
        assert sorted(c for kind in KINDS for c in player["fill"][kind]) == ALL_FILLS
        for kind in KINDS:
            assert all(FILL_BY_ID[c].kind == kind for c in player["fill"][kind])
            assert player["discard"][kind] == []
    assert state["seats"][0]["fill"] != state["seats"][1]["fill"]


def test_the_same_seed_gives_the_same_setup():
    assert RULES.setup(4, 99) == RULES.setup(4, 99)
    assert RULES.setup(4, 99) != RULES.setup(4, 100)


def test_building_starts_with_seat_zero_choosing_hierarchical_or_egalitarian():
    state = RULES.setup(2, 3)
    assert state["phase"] == "build"
    assert RULES.active_seats(state) == [0]
    assert RULES.legal_moves(state, 0) == [
        {"type": "pick_aspect", "aspect": "hierarchical"},
        {"type": "pick_aspect", "aspect": "egalitarian"},
    ]
    assert RULES.legal_moves(state, 1) == []


def test_each_building_step_offers_its_own_aspects():
    state = RULES.setup(1, 3)
    offered = []
    for aspect in ("egalitarian", "martial", "water"):
        offered.append({m["aspect"] for m in RULES.legal_moves(state, 0)})
        state = pick(state, 0, aspect)
    offered.append({m["aspect"] for m in RULES.legal_moves(state, 0)})
    assert offered == [
        {"hierarchical", "egalitarian"},
        {"diplomatic", "martial"},
        {"heat", "cold", "water"},
        set(ASPECTS),
    ]


@pytest.mark.parametrize("step, wrong", [(0, "martial"), (1, "heat"), (2, "hierarchical"), (2, "vengeful")])
def test_building_refuses_an_aspect_not_offered_at_that_step(step, wrong):
    state = RULES.setup(1, 3)
    for aspect in ("hierarchical", "diplomatic", "cold")[:step]:
        state = pick(state, 0, aspect)
    with pytest.raises(IllegalMove, match="must be"):
        pick(state, 0, wrong)


def test_the_fourth_card_may_be_any_aspect_whose_pile_has_cards_left():
    state = RULES.setup(1, 3)
    for aspect in ("hierarchical", "diplomatic", "cold"):
        state = pick(state, 0, aspect)
    state["piles"]["vengeful"] = []  # as if the pile were used up
    offered = {m["aspect"] for m in RULES.legal_moves(state, 0)}
    assert offered == set(ASPECTS) - {"vengeful"}
    with pytest.raises(IllegalMove, match="empty"):
        pick(state, 0, "vengeful")


def test_a_pick_takes_the_top_card_of_that_pile_into_the_deck():
    state = RULES.setup(1, 8)
    top = state["piles"]["egalitarian"][-1]
    after = pick(state, 0, "egalitarian")
    assert after["seats"][0]["civ"] == [top]
    assert after["piles"]["egalitarian"] == state["piles"]["egalitarian"][:-1]
    assert top in after["seen"]
    assert "{p0} took " + CHARACTER_BY_ID[top].name in after["log"][-1]


def test_seat_zero_builds_all_four_cards_before_seat_one_begins():
    state = RULES.setup(3, 2)
    seats = []
    while state["phase"] == "build":
        (seat,) = RULES.active_seats(state)
        seats.append(seat)
        state = RULES.apply(state, seat, RULES.legal_moves(state, seat)[0])
    assert seats == [0] * 4 + [1] * 4 + [2] * 4


def test_a_built_deck_has_one_card_from_each_step():
    state = built(2, 4, picks=("egalitarian", "diplomatic", "water", "vengeful"))
    for player in state["seats"]:
        owned = player["civ"] + (state["draw"]["civ"] if player is state["seats"][state["turn"]] else [])
        assert Counter(CHARACTER_BY_ID[c].aspect for c in owned) == {
            "egalitarian": 1, "diplomatic": 1, "water": 1, "vengeful": 1}
    assert_cards_conserved(state)


def test_after_building_the_decks_are_shuffled_and_story_card_one_is_revealed():
    decks = set()
    for seed in range(8):
        state = built(1, seed, picks=("hierarchical", "martial", "heat", "cold"))
        owned = state["seats"][0]["civ"] + state["draw"]["civ"]
        decks.add(tuple(CHARACTER_BY_ID[c].aspect for c in owned))
        assert state["phase"] == "story" and state["story"] == 0
        assert RULES.view(state, None)["story"]["title"] == "The Waking"
    assert len(decks) > 1, "the deck order is shuffled, not the building order"


def test_building_done_seat_zero_has_drawn_three_animals_and_three_civilization_cards():
    state = built(2, 1)
    draw = state["draw"]
    assert RULES.active_seats(state) == [0]
    assert len(draw["fill"]) == 3 and all(FILL_BY_ID[c].kind == "animal" for c in draw["fill"])
    assert len(draw["civ"]) == 3 and len(state["seats"][0]["civ"]) == 1
    assert draw["redraws"] == 0
