"""``RULES.pending``: the decision Origins waits for, read from its pending stack as the uniform record.

Over random and bot playouts: the record is there exactly while the game runs, names the active seat, offers
every legal move type, and its prompt says nothing hidden. Hand-made positions pin each kind of decision.
"""

import random

import pytest
from origins_helpers import play, random_game, scenario

from apps.origins import bots
from apps.origins.engine import RULES
from tests.engine_contract import assert_pending_record

KINDS = {"turn", "selected", "evolving", "reward", "return", "choose"}


def check_pending(state):
    record = assert_pending_record(RULES, state)
    if record is None:
        return None
    assert record["seats"] == [state["seat"]]
    assert record["kind"] in KINDS
    assert f"{{p{state['seat']}}}" in record["prompt"]
    return record


@pytest.mark.parametrize("game", range(12))
def test_every_state_of_a_random_game_has_a_pending_record_until_the_end(game):
    kinds = set()
    for state, _seat, _move in random_game(game % 3 + 2, seed=game * 104729, rnd=random.Random(game)):
        record = check_pending(state)
        if record:
            kinds.add(record["kind"])
    assert {"turn", "selected", "reward"} <= kinds


@pytest.mark.parametrize("game", range(4))
def test_every_state_of_a_bot_game_has_a_pending_record_until_the_end(game):
    kinds = set()
    for state, _seat, _move in random_game(game % 3 + 2, seed=game + 11, rnd=random.Random(game),
                                           chooser=bots.heuristic):
        record = check_pending(state)
        if record:
            kinds.add(record["kind"])
    assert {"turn", "selected", "evolving", "reward"} <= kinds


def test_a_turn_with_nothing_half_made_waits_for_a_pawn_a_card_or_the_end_of_the_turn():
    state = scenario(pawns=[(0, "white-1-1", "rift"), (1, "white-1-1", "nile")], hands={0: ["breeding"]})
    assert RULES.pending(state) == {
        "seats": [0], "kind": "turn", "prompt": "{p0} is taking their turn.",
        "options": ["end_turn", "play", "select"]}


def test_the_last_turns_say_so_and_a_turn_whose_action_is_taken_waits_for_cards_or_its_end():
    state = scenario(pawns=[(0, "white-1-1", "rift")], seat=1)
    state["turn"]["final"] = True
    state["turn"]["acted"] = 1
    state["final"] = [1]
    record = RULES.pending(state)
    assert record["kind"] == "turn" and record["seats"] == [1]
    assert record["prompt"] == "{p1} is taking their final turn: any number of objectives may be completed."
    assert record["options"] == ["end_turn"]


def test_a_pawn_picked_only_to_evolve_from_waits_for_a_form_or_the_way_back():
    state = scenario(pawns=[(0, "white-1-1", "rift"), (1, "white-1-1", "nile")], hands={0: ["breeding"]})
    state = play(state, {"type": "play", "card": "breeding"}, {"type": "select", "pawn": 1})
    record = RULES.pending(state)
    assert record["kind"] == "selected" and record["options"] == ["cancel", "evolve"]
    assert record["prompt"] == ("{p0} is to choose an action with {p1}'s white 1x1 pawn in Nile Valley, "
                                "or put it back.")


def test_an_own_pawn_may_also_move_and_an_evolution_waits_for_its_territory():
    state = play(scenario(pawns=[(0, "brown-2-2", "sahara")]), {"type": "select", "pawn": 0})
    assert RULES.pending(state)["options"] == ["cancel", "evolve", "migrate"]
    state = play(state, {"type": "evolve", "form": "black-2-2"})
    record = RULES.pending(state)
    assert record["kind"] == "evolving" and record["options"] == ["cancel", "place"]
    assert record["prompt"].startswith("{p0} is to settle the new black 2x2 pawn next to {p0}'s brown 2x2 pawn")


def test_a_reward_waits_for_a_tile_cards_or_nothing():
    state = scenario(pawns=[(0, "white-1-1", "sahara")])
    state = play(state, {"type": "select", "pawn": 0}, {"type": "migrate", "to": "nile"})
    record = RULES.pending(state)
    assert record["kind"] == "reward"
    assert record["options"] == ["draw3", "skip_reward", "tile"]
    assert record["prompt"] == "{p0} is to choose a reward for settling Nile Valley."


def test_an_action_card_waits_for_its_choice_and_names_the_card_played():
    state = play(scenario(hands={0: ["spark"]}), {"type": "play", "card": "spark"})
    record = RULES.pending(state)
    assert record["kind"] == "choose" and record["options"] == ["choose"]
    assert "Spark" in record["prompt"]


def test_too_many_objectives_wait_for_cards_to_go_back():
    purples = scenario()["decks"]["purple"][:3]
    state = scenario(hands={0: purples})
    state["pending"].append({"kind": "return", "color": "purple", "count": 1, "why": "limit"})
    record = RULES.pending(state)
    assert record == {"seats": [0], "kind": "return", "options": ["return"],
                      "prompt": "{p0} is to return 1 purple card to the bottom of the deck."}
    assert not [name for name in RULES.hidden_from(state, 1) if name in record["prompt"]]


def test_a_finished_game_waits_for_nothing():
    state = scenario(pawns=[(0, "white-1-1", "rift")])
    state["over"] = True
    assert RULES.outcome(state) is not None
    assert RULES.pending(state) is None
