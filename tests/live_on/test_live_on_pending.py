"""``RULES.pending``: the decision Live On waits for, as the record every game gives (seats, kind, prompt, options)."""

import random

import pytest
from test_live_on_abilities import place
from test_live_on_helpers import answer, go, random_game, table

from apps.live_on.content import ARTIFACTS, EVENTS
from apps.live_on.engine import RULES
from tests.engine_contract import assert_pending_record

PASS = {"type": "pass"}
CARD_NAMES = {e.name for e in EVENTS} | {a.front.name for a in ARTIFACTS} | {a.back.name for a in ARTIFACTS if a.back}


def assert_pending_matches(state):
    pending = assert_pending_record(RULES, state)
    if pending is None:
        return
    assert pending["seats"]
    for seat in pending["seats"]:
        assert RULES.legal_moves(state, seat), (pending, seat)
    prompt = pending["prompt"]
    assert prompt == RULES.view(state, None)["prompt"]  # the line a spectator reads
    assert not [name for name in CARD_NAMES if name in prompt]


@pytest.mark.parametrize("first", range(0, 60, 20))
def test_pending_agrees_with_the_game_at_every_step_of_random_games(first):
    kinds = set()  # over the twenty games: a random player may die before the first keeping phase
    for game in range(first, first + 20):
        for state, _seat, move in random_game(game % 6 + 1, seed=game * 104729, rnd=random.Random(game)):
            assert_pending_matches(state)
            if move is None:
                break
            kinds.add(RULES.pending(state)["kind"])
    assert {"role", "zones", "eat", "lose"} <= kinds


def test_pending_agrees_with_the_game_when_the_heuristic_bot_plays():
    chooser = RULES.bots()["heuristic"][1]
    for game in range(3):
        for state, _seat, move in random_game(game + 2, seed=game, rnd=random.Random(game), chooser=chooser):
            assert_pending_matches(state)
            if move is None:
                break


def test_a_new_game_waits_for_every_player_to_choose_a_role():
    pending = RULES.pending(RULES.setup(3, 5))
    assert pending == {"seats": [0, 1, 2], "kind": "role", "options": ["role"],
                       "prompt": "The players are choosing their pasts and gifts."}


def test_the_zone_choice_waits_for_those_who_have_not_chosen_and_may_be_answered_by_a_call():
    state = table([("soldier", "chosen"), ("farmer", "woken"), ("seer", "mage")])
    assert RULES.pending(state) == {"seats": [0, 1, 2], "kind": "zones", "options": ["call", "go", "lose"],
                                    "prompt": "Waiting for {p0}, {p1}, {p2} to choose a zone."}
    state = RULES.apply(state, 1, {"type": "go", "zone": "rest"})
    assert RULES.pending(state)["seats"] == [0, 2]
    assert RULES.pending(state)["prompt"] == "Waiting for {p0}, {p2} to choose a zone."


def test_one_seats_decisions_name_that_seat_and_their_own_move_types():
    state = table([("soldier", "chosen"), ("spouse", "seer")], res=1)
    state = go(state, ["gather", "gather"])
    assert RULES.pending(state) == {
        "seats": [0], "kind": "spend", "options": ["pass", "spend"],
        "prompt": "{p0} is deciding: spend trait tokens to roll extra dice, or spend none."}
    state = answer(state, PASS)
    state = answer(state, PASS, dice=[6, 6, 6])  # nobody gathers; presence roll 6: no event
    pending = RULES.pending(state)
    assert (pending["kind"], pending["seats"], pending["options"]) == ("eat", [0], ["eat"])


def test_a_finished_game_waits_for_nothing():
    state = table([("soldier", "chosen"), ("farmer", "woken")], traits={"strong": 0, "active": 1, "keen": 0})
    place(state, "spot1", "ash-wolves")
    state = go(state, ["gather", ("spot1", "ash-wolves")])
    assert RULES.pending(state)["kind"] == "option"
    state = answer(state, {"type": "option", "index": 1})  # active, 1 diamond; failure: -1 health
    state = answer(state, PASS, dice=[6])
    assert RULES.outcome(state) is not None and RULES.pending(state) is None
