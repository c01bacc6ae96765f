"""``RULES.clone`` is Live On's own fast copy (marshal, log lines shared), and the base protocol's member."""

import random

from test_live_on_helpers import random_game

from apps.live_on.engine import RULES, clone_state


def test_clone_is_an_equal_copy_that_the_game_can_change_freely():
    *_, (state, _, _) = list(random_game(3, 11, random.Random(11)))
    copy = RULES.clone(state)
    assert copy == state and copy is not state
    copy["seats"][0]["traits"]["strong"] += 1
    copy["decks"]["location"].append("x")
    copy["log"].append({"text": "later", "to": None})
    assert copy["seats"][0]["traits"] != state["seats"][0]["traits"]
    assert "x" not in state["decks"]["location"] and state["log"][-1]["text"] != "later"


def test_apply_copies_through_the_rules_clone():
    state = RULES.setup(2, 4)
    calls = []

    class Counting(type(RULES)):
        def clone(self, state):
            calls.append(state)
            return clone_state(state)

    after = Counting().apply(state, 0, {"type": "role", "role": "soldier"})
    assert calls == [state] and after["seats"][0]["past"] == "soldier" and state["seats"][0]["past"] is None
