"""Stone Age's own side of the engine contract: its bots, refusals, labels, views, log and prompts (the checks
every game shares are in tests/engines)."""

import json
import random

import pytest
from stone_age_helpers import assert_views_leak_nothing, fresh, in_actions, own_card, random_game

from apps.stone_age.engine import RULES, IllegalMove
from apps.stone_age.wording import name_seats


def test_the_heuristic_bot_is_offered():
    bots = RULES.bots()
    assert set(bots) == {"heuristic", "strong"}
    label, chooser = bots["heuristic"]
    assert label == "Heuristic bot" and callable(chooser)


def test_a_refused_move_leaves_the_state_untouched_too():
    state = fresh(2, 1)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalMove):
        RULES.apply(state, 0, {"type": "resolve", "where": "forest"})
    assert json.dumps(state, sort_keys=True) == before


def test_the_same_seed_deals_the_same_game_and_another_seed_another():
    assert RULES.setup(3, 5) == RULES.setup(3, 5)
    assert RULES.setup(3, 5)["deck"] != RULES.setup(3, 6)["deck"]


# Refusals of this game's own moves; those every game gives are in tests/engines/test_protocol.py.
MALFORMED = [
    ({"type": "place"}, "needs a 'where'"),
    ({"type": "place", "where": 1}, "must be a string"),
    ({"type": "place", "where": "forest", "n": 2}, "no field 'n'"),
    ({"type": "count", "n": "2"}, "whole number"),
    ({"type": "count", "n": True}, "whole number"),
    ({"type": "tool", "tile": 1.0}, "whole number"),
    ({"type": "pay"}, "needs a 'resource'"),
]


@pytest.mark.parametrize("move, message", MALFORMED)
def test_a_malformed_move_is_refused_with_a_message(move, message):
    with pytest.raises(IllegalMove, match=message):
        RULES.apply(fresh(2, 1), 0, move)


def test_a_move_out_of_turn_is_refused():
    with pytest.raises(IllegalMove, match="not your turn"):
        RULES.apply(fresh(2, 1), 1, {"type": "place", "where": "forest"})


@pytest.mark.parametrize("move, message", [
    ({"type": "resolve", "where": "forest"}, "placement phase"),
    ({"type": "place", "where": "moon"}, "no place called 'moon'"),
    ({"type": "pay", "resource": "wood"}, "placement phase"),
    ({"type": "count", "n": 3}, "placement phase"),
])
def test_a_move_of_another_phase_is_refused_while_placing(move, message):
    with pytest.raises(IllegalMove, match=message):
        RULES.apply(fresh(2, 1), 0, move)


def test_a_move_of_another_phase_is_refused_while_acting_and_deciding():
    state = in_actions(fresh(2, 1), {0: {"forest": 2}, 1: {"hunting": 2}})
    with pytest.raises(IllegalMove, match="action phase"):
        RULES.apply(state, 0, {"type": "place", "where": "field"})
    with pytest.raises(IllegalMove, match="no people there"):
        RULES.apply(state, 0, {"type": "resolve", "where": "hunting"})
    counting = RULES.apply(fresh(2, 1), 0, {"type": "place", "where": "forest"})
    with pytest.raises(IllegalMove, match="how many people"):
        RULES.apply(counting, 0, {"type": "place", "where": "field"})
    with pytest.raises(IllegalMove, match="not possible now"):
        RULES.apply(counting, 0, {"type": "count", "n": 6})


def test_labels_name_the_place_the_count_the_tool_and_the_payment():
    state = fresh(2, 1)
    assert RULES.describe_move(state, 0, {"type": "place", "where": "forest"}) == "Place people: Forest"
    assert RULES.describe_move(state, 0, {"type": "place", "where": "field"}) == "Place a person: Field"
    assert RULES.describe_move(state, 0, {"type": "place", "where": "hut"}) == "Place 2 people in the Hut"
    assert RULES.describe_move(state, 0, {"type": "count", "n": 3}) == "Place 3 people"
    assert RULES.describe_move(state, 0, {"type": "pay", "resource": "gold"}) == "Pay 1 gold"
    assert RULES.describe_move(state, 0, {"type": "pick_die", "face": 5}) == "Take die 5: +1 tool"


# --- Views ------------------------------------------------------------------------------

VIEW_KEYS = {"game", "phase", "players", "viewer", "round", "start", "turn", "active", "prompt", "places", "row",
             "deck", "stacks", "boards", "pending", "dice", "ending", "end", "outcome", "log", "marks", "refused",
             "forecast"}


def test_the_view_has_the_documented_keys():
    assert set(RULES.view(fresh(2, 1), None)) == VIEW_KEYS
    assert set(RULES.view(fresh(4, 1), 3)) == VIEW_KEYS


def test_nobody_sees_the_generator_the_deck_or_the_hidden_buildings():
    state = fresh(3, 1)
    for viewer in (None, 0, 1, 2):
        text = json.dumps(RULES.view(state, viewer))
        assert str(state["rng"]) not in text and "seed" not in text
        assert not [c for c in state["deck"] if c in text]
        assert not [b for stack in state["stacks"] for b in stack[:-1] if b in text]
        assert not [b for b in state["boxed"] if b in text]
        assert all(stack[-1] in text for stack in state["stacks"])
        assert json.loads(text)["deck"] == 32
    assert_views_leak_nothing(state)


def test_hidden_from_names_the_deck_hidden_buildings_the_rng_and_others_face_down_cards():
    state = own_card(fresh(2, 1), 1, "civ-05", extra=True)
    for viewer in (None, 0, 1):
        hidden = RULES.hidden_from(state, viewer)
        assert str(state["rng"]) in hidden
        assert set(state["deck"]) <= hidden and set(state["boxed"]) <= hidden
        assert not set(state["row"]) & hidden
        assert ("civ-05" in hidden) == (viewer != 1)
    assert [c["id"] for c in RULES.view(state, 1)["boards"][1]["extra"]] == ["civ-05"]
    assert RULES.view(state, 0)["boards"][1]["extra"] == [] and RULES.view(state, 0)["boards"][1]["extra_count"] == 1
    assert_views_leak_nothing(state)


def test_the_log_refers_to_seats_by_placeholder_and_stays_compact():
    *_, (state, _, _) = random_game(3, 21, random.Random(21))
    assert any("{p0}" in line for line in state["log"]) and any("{p2}" in line for line in state["log"])
    assert not any("Player" in line for line in state["log"])
    assert len(state["log"]) <= 160 and state["log"][-1].startswith("{p2}:")
    assert name_seats("{p1} places 2 people: Forest.", ["Ada", "Bo"]) == "Bo places 2 people: Forest."


def test_the_prompt_tells_the_active_seat_what_to_do_and_the_others_what_is_awaited():
    state = fresh(2, 1)
    assert RULES.view(state, 0)["prompt"] == "Place people (5 left): choose a place."
    assert RULES.view(state, 1)["prompt"] == "{p0} is placing people."
    assert RULES.view(state, None)["prompt"] == "{p0} is placing people."
    acting = in_actions(state, {0: {"forest": 2}, 1: {"hunting": 2}})
    assert RULES.view(acting, 0)["prompt"].startswith("Use your places")
