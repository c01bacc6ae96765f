"""``RULES.clone`` is Origins' field-by-field copy: equal to the state, sharing nothing a move may change."""

import random

from origins_helpers import random_game, scenario

from apps.origins.engine import RULES


def test_clone_shares_no_mutable_part_with_the_state():
    state = scenario(pawns=[(0, "white-1-1", "rift")], hands={0: ["spark"]}, hunted={0: ["congo"]})
    state["pending"].append({"kind": "selected", "pawn": 0})
    state["final"] = [1, 0]
    copy = RULES.clone(state)
    assert copy == state
    copy["pending"][0]["pawn"] = 5
    copy["final"].pop()
    copy["reserve"]["white-1-1"] += 1
    copy["supply"]["brown"][0] -= 1
    copy["straits"]["gibraltar"] = 1
    copy["decks"]["purple"].pop()
    copy["seats"][0]["tiles"].append("brown-1")
    copy["revealed"].append("spark")
    copy["log"].append("a line")
    assert state == scenario(pawns=[(0, "white-1-1", "rift")], hands={0: ["spark"]}, hunted={0: ["congo"]}) | {
        "pending": [{"kind": "selected", "pawn": 0}], "final": [1, 0]}


def test_clone_equals_the_generic_deep_copy_all_along_a_game():
    for step, (state, _seat, _move) in enumerate(random_game(3, seed=5, rnd=random.Random(5))):
        if step % 10 == 0:
            assert RULES.clone(state) == super(type(RULES), RULES).clone(state) == state
