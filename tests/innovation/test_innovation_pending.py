"""Innovation's ``pending``: the protocol's uniform record of the decision waited for, read from the phase, the
turn or the dogma's pending decision; checked at every state of seeded random games and in hand-made positions."""

import random
import re

import pytest
from test_innovation_helpers import act, decline, dogma, give, on_top, pick, table, take

from apps.innovation import core, wording
from apps.innovation.engine import RULES
from tests.engine_contract import assert_pending_record

DECISION_KINDS = {"card", "color", "value", "seat", "target", "option", "yes"}


def assert_pending_fits(state):
    pending = assert_pending_record(RULES, state)
    if pending is None:
        return
    legal_types = {move["type"] for seat in pending["seats"] for move in RULES.legal_moves(state, seat)}
    assert pending["options"] == sorted(legal_types)
    decision = state["pending"]
    expected_kind = "start" if state["phase"] == "setup" else decision["kind"] if decision else "action"
    assert pending["kind"] == expected_kind and (decision is None or expected_kind in DECISION_KINDS)
    # the prompt is the spectator's line, so it names no card any seat may not see, and only seats at the table
    assert pending["prompt"] == RULES.view(state, None)["prompt"]
    for viewer in [None, *range(state["players"])]:
        hidden = RULES.hidden_from(state, viewer)
        assert not [name for name in hidden if name in pending["prompt"]], viewer
    assert {int(n) for n in re.findall(r"\{p(\d+)\}", pending["prompt"])} <= set(range(state["players"]))


@pytest.mark.parametrize("game", range(12))
def test_pending_matches_the_game_at_every_state_of_random_games(game):
    rnd = random.Random(game)
    players = 2 + game % 3
    state = RULES.setup(players, game, {"edition": "third" if game % 2 else "first"})
    kinds = set()
    while True:
        assert_pending_fits(state)
        if RULES.outcome(state) is not None:
            break
        kinds.add(RULES.pending(state)["kind"])
        seat = rnd.choice(RULES.active_seats(state))
        state = RULES.apply(state, seat, rnd.choice(RULES.legal_moves(state, seat)))
    assert {"start", "action"} <= kinds


def test_every_seat_chooses_a_first_card_at_once():
    s = RULES.setup(3, 1)
    assert RULES.pending(s) == {"seats": [0, 1, 2], "kind": "start", "prompt": wording.WAITING_FOR_START,
                                "options": ["meld"]}
    s = RULES.apply(s, 1, {"type": "meld", "card": s["seats"][1]["hand"][0]})
    assert RULES.pending(s)["seats"] == [0, 2]


def test_a_turn_offers_only_the_actions_possible_now():
    assert RULES.pending(table()) == {"seats": [0], "kind": "action", "prompt": "It is {p0}'s turn.",
                                      "options": ["draw"]}
    s = give(table(), 0, hand=["Oars"], board=["Archery"])
    assert RULES.pending(s)["options"] == ["dogma", "draw", "meld"]
    s = give(s, 0, score=["Calendar", "Fermenting", "Construction"])
    assert core.claimable_ages(s, 0) == [1]
    assert RULES.pending(s)["options"] == ["achieve", "dogma", "draw", "meld"]


def test_a_demand_waits_for_the_victim_and_names_the_dogma_card():
    s = give(table(), 0, board=["Archery"])
    s = give(s, 1, hand=["Calendar", "Fermenting"])
    s = dogma(on_top(s, "Oars"), "Archery")
    assert RULES.pending(s) == {"seats": [1], "kind": "card", "prompt": "{p1} is making a decision for Archery.",
                                "options": ["choose"]}


def test_an_optional_decision_may_be_declined():
    s = give(table(), 0, hand=["Writing", "Oars"], board=["Agriculture"])
    s = dogma(s, "Agriculture")
    assert RULES.pending(s) == {"seats": [0], "kind": "card", "prompt": "{p0} is making a decision for Agriculture.",
                                "options": ["choose", "decline"]}
    assert RULES.pending(decline(s))["kind"] == "action"


def test_a_yes_or_no_decision_has_its_own_kind():
    s = give(table(), 0, hand=["Mysticism", "Oars"], board=["City States", "Code of Laws"])
    s = pick(dogma(s, "Code of Laws"), "Mysticism")
    assert RULES.pending(s)["kind"] == "yes" and RULES.pending(s)["options"] == ["choose", "decline"]


def test_a_dogma_card_out_of_sight_reads_as_its_age():
    s = give(table(), 0, board=["Archery"])
    s = give(s, 1, hand=["Calendar", "Fermenting"])
    s = dogma(on_top(s, "Oars"), "Archery")
    take(s, "Archery")
    s["seats"][1]["hand"].append("Archery")
    assert RULES.pending(s)["prompt"] == "{p1} is making a decision for a 1."


def test_pending_reads_the_decision_without_replaying_the_action(monkeypatch):
    s = give(table(), 0, board=["Archery"])
    s = give(s, 1, hand=["Calendar", "Fermenting"])
    s = dogma(on_top(s, "Oars"), "Archery")

    def no_replay(*args):
        raise AssertionError("pending replayed the action")

    monkeypatch.setattr(core, "run_action", no_replay)
    assert RULES.pending(s)["seats"] == [1]


def test_a_finished_game_waits_for_nobody():
    s = table()
    for age in range(1, 11):
        s["removed"] += s["decks"][str(age)]
        s["decks"][str(age)] = []
    s = act(s, 0, {"type": "draw"})
    assert RULES.outcome(s) is not None and RULES.pending(s) is None
