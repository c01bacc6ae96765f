"""``RULES.clone``: Stone Age's fast copy shares what ``flow`` copies before changing, and nothing else."""

import json
import random

from stone_age_helpers import random_game

from apps.stone_age.engine import RULES


def test_a_clone_equals_its_state_and_changing_its_containers_leaves_the_state_alone():
    for state, _, _ in random_game(3, 12, random.Random(12)):
        before = json.dumps(state, sort_keys=True)
        copy = RULES.clone(state)
        assert copy == state and copy is not state
        copy["supply"]["wood"] += 1
        copy["deck"].append("x")
        copy["row"].append("x")
        for stack in copy["stacks"]:
            stack.append("x")
        copy["places"]["forest"] = [9] * state["players"]
        copy["log"].append("x")
        copy["pending"].append({"kind": "x"})
        for pending in copy["pending"][:-1]:
            pending["seat"] = 99
        if copy["dice"] is not None:
            copy["dice"]["values"].append(7)
        copy["seats"][0]["people"] = 99
        assert json.dumps(state, sort_keys=True) == before
