"""The 36 civilization cards: the four spaces and their costs, sliding and refilling, every upper
section when the card is taken, and every lower section in final scoring."""

import pytest
from stone_age_helpers import (
    assert_conserved,
    assert_views_leak_nothing,
    fresh,
    give,
    in_actions,
    own_card,
    play,
    put_card,
    resources,
    set_tools,
    with_dice,
)

from apps.stone_age import flow
from apps.stone_age.content import CARD_BY_ID, CARDS
from apps.stone_age.engine import RULES
from apps.stone_age.scoring import seat_breakdown

PAY = lambda r: {"type": "pay", "resource": r}  # noqa: E731


def bought(card_id, players=2, dice=None, seat=0):
    """Seat 0 buys ``card_id`` from space 1 with one wood; the other seats wait on the field/hut."""
    state = fresh(players, 11)
    put_card(state, 1, card_id)
    give(state, seat, wood=1)
    others = {s: {"hunting": 1} for s in range(players) if s != seat}
    state = in_actions(state, {seat: {"card1": 1}, **others})
    if dice:
        state = with_dice(state, dice)
    state = play(state, seat, {"type": "resolve", "where": "card1"}, PAY("wood"))
    return state


# --- The spaces -------------------------------------------------------------------------------

def test_four_cards_lie_on_the_spaces_costing_one_to_four_and_the_rest_is_the_deck():
    state = fresh(3, 2)
    assert len(state["row"]) == 4 and all(state["row"]) and len(state["deck"]) == 32
    view = RULES.view(state, None)
    assert [s["cost"] for s in view["row"]] == [1, 2, 3, 4]


@pytest.mark.parametrize("space", [1, 2, 3, 4])
def test_a_card_costs_its_space_number_in_any_mix_of_resources_and_never_food(space):
    state = fresh(2, 3)
    put_card(state, space, "civ-09")
    give(state, 0, wood=1, clay=1, stone=1, gold=1)
    state = in_actions(state, {0: {f"card{space}": 1}, 1: {"hunting": 1}})
    state = play(state, 0, {"type": "resolve", "where": f"card{space}"})
    for r in ("gold", "wood", "stone", "clay")[:space]:
        assert RULES.legal_moves(state, 0)[-1] == {"type": "decline"}
        assert all(m.get("resource") != "food" for m in RULES.legal_moves(state, 0))
        assert_conserved(state)
        state = play(state, 0, PAY(r))
    assert "civ-09" in state["seats"][0]["cards"] and sum(resources(state, 0).values()) == 4 - space
    assert state["row"][space - 1] is None
    assert_conserved(state)


def test_a_card_may_be_declined_and_the_part_paid_comes_back():
    state = fresh(2, 3)
    give(state, 0, wood=3)
    state = in_actions(state, {0: {"card3": 1}, 1: {"hunting": 1}})
    card = state["row"][2]
    state = play(state, 0, {"type": "resolve", "where": "card3"}, PAY("wood"), PAY("wood"), {"type": "decline"})
    assert resources(state, 0)["wood"] == 3 and state["row"][2] == card and state["seats"][0]["cards"] == []


def test_a_card_nobody_can_pay_for_is_declined_at_once():
    state = in_actions(fresh(2, 3), {0: {"card4": 1, "field": 1}, 1: {"hunting": 1}})
    give(state, 0, gold=3)
    state = play(state, 0, {"type": "resolve", "where": "card4"})
    assert not state["pending"] and "cannot pay 4 resources" in state["log"][-1]


def test_left_cards_slide_to_the_cheaper_spaces_and_the_deck_fills_the_rest():
    state = fresh(2, 4)
    row = list(state["row"])
    top_of_deck = state["deck"][-2:]
    give(state, 0, wood=4)
    state = in_actions(state, {0: {"card1": 1, "card3": 1}, 1: {"hunting": 5}})
    state = play(state, 0, {"type": "resolve", "where": "card1"}, PAY("wood"))
    state = play(state, 0, {"type": "resolve", "where": "card3"}, PAY("wood"), PAY("wood"), PAY("wood"))
    while state["phase"] != flow.PLACE:
        seat = RULES.active_seats(state)[0]
        state = play(state, seat, RULES.legal_moves(state, seat)[-1])
    assert state["row"] == [row[1], row[3], top_of_deck[1], top_of_deck[0]]
    assert len(state["deck"]) == 30


# --- Upper sections --------------------------------------------------------------------------------

FOOD = [c.id for c in CARDS if c.top == "food"]
RESOURCE = [c.id for c in CARDS if c.top == "resource"]
POINTS = [c.id for c in CARDS if c.top == "points"]
AGRICULTURE = [c.id for c in CARDS if c.top == "agriculture"]
ONE_USE = [c.id for c in CARDS if c.top == "one_use_tool"]
ROLL = [c.id for c in CARDS if c.top == "roll"]
DICE_FOR_ALL = [c.id for c in CARDS if c.top == "dice_for_all"]


def test_the_upper_sections_are_counted_as_in_the_reference():
    counts = {kind: sum(c.top == kind for c in CARDS) for kind in {c.top for c in CARDS}}
    assert counts == {"dice_for_all": 10, "extra_card": 1, "food": 7, "two_resources": 1, "tool": 1, "roll": 3,
                      "points": 3, "agriculture": 2, "resource": 5, "one_use_tool": 3}


@pytest.mark.parametrize("card_id", FOOD)
def test_a_food_card_gives_its_food(card_id):
    state = bought(card_id)
    assert state["seats"][0]["food"] == 12 + CARD_BY_ID[card_id].amount
    assert_conserved(state)


@pytest.mark.parametrize("card_id", RESOURCE)
def test_a_resource_card_gives_its_resources(card_id):
    card = CARD_BY_ID[card_id]
    state = bought(card_id)
    assert resources(state, 0) == {r: (card.amount if r == card.resource else 0)
                                   for r in ("wood", "clay", "stone", "gold")}


@pytest.mark.parametrize("card_id", POINTS)
def test_a_points_card_scores_three_points(card_id):
    state = bought(card_id)
    assert state["seats"][0]["score"] == 3 and state["seats"][0]["scored"]["cards"] == 3


@pytest.mark.parametrize("card_id", AGRICULTURE)
def test_an_agriculture_card_moves_agriculture_up_one(card_id):
    state = bought(card_id)
    assert state["seats"][0]["agriculture"] == 1


def test_the_tool_card_gives_a_tool_as_the_toolmaker_does():
    state = bought("civ-07")
    assert state["seats"][0]["tools"] == [1]


@pytest.mark.parametrize("card_id", ONE_USE)
def test_a_single_use_tool_card_is_kept_for_a_later_roll(card_id):
    state = bought(card_id)
    assert state["seats"][0]["kept"] == [card_id]
    view = RULES.view(state, None)["boards"][0]["cards"]
    assert view[0]["kept"] and view[0]["top_text"] == f"Single-use tool +{CARD_BY_ID[card_id].amount}"


def test_the_two_resources_card_is_kept_and_used_at_any_decision():
    state = fresh(2, 11)
    put_card(state, 1, "civ-04")
    give(state, 0, wood=1)
    state = in_actions(state, {0: {"card1": 1, "field": 1}, 1: {"hunting": 1}})
    state = play(state, 0, {"type": "resolve", "where": "card1"}, PAY("wood"))
    assert state["seats"][0]["kept"] == ["civ-04"] and resources(state, 0)["wood"] == 0
    assert RULES.legal_moves(state, 0) == [{"type": "resolve", "where": "field"}, {"type": "two_resources"}]


@pytest.mark.parametrize("card_id", ROLL)
def test_a_roll_card_rolls_two_dice_for_its_resource_and_tools_may_be_added(card_id):
    card = CARD_BY_ID[card_id]
    divisor = {"wood": 3, "stone": 5, "gold": 6}[card.resource]
    state = fresh(2, 11)
    set_tools(state, 0, [2])
    put_card(state, 1, card_id)
    give(state, 0, wood=1)
    state = with_dice(in_actions(state, {0: {"card1": 1}, 1: {"hunting": 1}}), [5, 5])
    state = play(state, 0, {"type": "resolve", "where": "card1"}, PAY("wood"))
    assert RULES.legal_moves(state, 0) == [{"type": "tool", "tile": 0}, {"type": "take"}]
    state = play(state, 0, {"type": "tool", "tile": 0})
    assert resources(state, 0)[card.resource] == 12 // divisor
    assert state["dice"]["values"] == [5, 5]
    assert_conserved(state)


def test_the_extra_card_takes_the_top_of_the_deck_face_down_seen_only_by_its_owner():
    state = fresh(3, 11)
    put_card(state, 1, "civ-02")
    top = state["deck"][-1]
    give(state, 1, clay=1)
    state = in_actions(state, {1: {"card1": 1}, 0: {"hunting": 1}, 2: {"hunting": 1}})
    state = play(state, 0, {"type": "resolve", "where": "hunting"})
    state = play(state, 1, {"type": "resolve", "where": "card1"}, PAY("clay"))
    assert state["seats"][1]["extra"] == [top] and top not in state["deck"]
    assert [c["id"] for c in RULES.view(state, 1)["boards"][1]["extra"]] == [top]
    for viewer in (None, 0, 2):
        assert top not in str(RULES.view(state, viewer)) and top in RULES.hidden_from(state, viewer)
    assert top not in " ".join(state["log"])
    assert_views_leak_nothing(state)
    assert_conserved(state)


@pytest.mark.parametrize("card_id", DICE_FOR_ALL)
def test_all_players_take_a_reward_from_dice_chosen_in_turn_from_the_buyer(card_id):
    state = fresh(4, 11)
    for seat in range(4):
        set_tools(state, seat, [1])
    put_card(state, 1, card_id)
    give(state, 2, wood=1)
    state = in_actions(state, {2: {"card1": 1}, 0: {"hunting": 1}, 1: {"hunting": 1}, 3: {"hunting": 1}})
    state = with_dice(state, [1, 1, 1])
    for seat in (0, 1):
        state = play(state, seat, {"type": "resolve", "where": "hunting"}, {"type": "take"})
    state = with_dice(state, [6, 5, 2, 4])
    state = play(state, 2, {"type": "resolve", "where": "card1"}, PAY("wood"))
    pending = RULES.view(state, None)["pending"]
    assert pending["kind"] == "pick_die" and pending["dice"] == [2, 4, 5, 6] and pending["seat"] == 2
    assert RULES.legal_moves(state, 2) == [{"type": "pick_die", "face": f} for f in (2, 4, 5, 6)]
    assert all(m["type"] == "pick_die" for m in RULES.legal_moves(state, 2)), "no tools on these dice"
    state = play(state, 2, {"type": "pick_die", "face": 5})
    assert RULES.active_seats(state) == [3]
    state = play(state, 3, {"type": "pick_die", "face": 6})
    assert RULES.active_seats(state) == [0]
    state = play(state, 0, {"type": "pick_die", "face": 2})
    assert state["pending"] == [] and RULES.active_seats(state) == [3], "seat 1 took the last die, the 4"
    assert state["seats"][2]["tools"] == [1, 1] and state["seats"][3]["agriculture"] == 1
    assert resources(state, 0)["clay"] == 1 and resources(state, 1)["gold"] == 1
    assert_conserved(state)


def test_the_dice_faces_give_wood_clay_stone_gold_a_tool_and_agriculture():
    state = fresh(2, 11)
    faces = {}
    for face in range(1, 7):
        top = {"kind": "pick_die", "seat": 1, "dice": [face], "order": []}
        state["pending"] = [top]
        before = (dict(state["seats"][1]["res"]), list(state["seats"][1]["tools"]), state["seats"][1]["agriculture"])
        flow._pick(state, top, face)
        after = (dict(state["seats"][1]["res"]), list(state["seats"][1]["tools"]), state["seats"][1]["agriculture"])
        faces[face] = (before, after)
    assert [faces[f][1][0][r] - faces[f][0][0][r] for f, r in ((1, "wood"), (2, "clay"), (3, "stone"), (4, "gold"))] \
        == [1, 1, 1, 1]
    assert faces[5][1][1] == [1] and faces[6][1][2] == 1
    assert_conserved(state)


# --- Lower sections -------------------------------------------------------------------------------

@pytest.mark.parametrize("card_id", [c.id for c in CARDS])
def test_each_lower_section_scores_in_final_scoring(card_id):
    card = CARD_BY_ID[card_id]
    player = flow.new_seat()
    player.update(agriculture=3, tools=[2, 2, 1], people=7, buildings=[{"id": "bld-01", "points": 10}] * 2)
    alone = seat_breakdown(player)
    player["cards"] = [card_id]
    part = seat_breakdown(player)
    if card.culture:
        assert part["cultures"] == {card.culture: 1} and part["culture"] == 1
        assert part["professions"] == 0
    else:
        element = {"farmer": 3, "toolmaker": 5, "builder": 2, "shaman": 7}[card.profession]
        assert part["by_profession"][card.profession] == {"symbols": card.count, "element": element,
                                                          "points": card.count * element}
        assert part["professions"] == card.count * element and part["culture"] == 0
    assert part["total"] == alone["total"] + part["culture"] + part["professions"]


def test_the_lower_sections_are_two_of_each_culture_and_five_cards_of_each_profession():
    cultures = [c.culture for c in CARDS if c.culture]
    assert sorted(set(cultures)) == sorted(["medicine", "art", "music", "writing", "sundial", "pottery",
                                            "transport", "weaving"])
    assert all(cultures.count(c) == 2 for c in cultures)
    for profession, symbols in (("farmer", 7), ("toolmaker", 8), ("builder", 9), ("shaman", 7)):
        cards = [c for c in CARDS if c.profession == profession]
        assert len(cards) == 5 and sum(c.count for c in cards) == symbols


def test_a_used_single_use_card_and_a_face_down_card_still_count_in_final_scoring():
    state = own_card(fresh(2, 1), 0, "civ-22")
    own_card(state, 0, "civ-01", extra=True)
    set_tools(state, 0, [3, 2])
    part = seat_breakdown(state["seats"][0])
    assert part["by_profession"]["toolmaker"]["points"] == 5 and part["cultures"] == {"writing": 1}


def test_the_seed_example_of_all_players_take_a_reward():
    """You roll 4 dice and take the 5 (a tool); Blue takes the 6 (agriculture); Green and Yellow each take a 2
    (a clay): the last two dice show the same face, so nobody has to choose."""
    state = fresh(4, 11)
    put_card(state, 1, "civ-01")
    give(state, 0, wood=1)
    state = in_actions(state, {0: {"card1": 1}, 1: {"field": 1}, 2: {"hunting": 1}, 3: {"hunting": 1}})
    state = with_dice(state, [2, 5, 6, 2])
    state = play(state, 0, {"type": "resolve", "where": "card1"}, PAY("wood"))
    state = play(state, 0, {"type": "pick_die", "face": 5})
    state = play(state, 1, {"type": "pick_die", "face": 6})
    assert state["pending"] == [] and RULES.active_seats(state) == [1]
    assert state["seats"][0]["tools"] == [1] and state["seats"][1]["agriculture"] == 1
    assert resources(state, 2)["clay"] == 1 and resources(state, 3)["clay"] == 1
    assert_conserved(state)
