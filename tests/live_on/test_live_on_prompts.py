"""Live On's prompt line speaks to the deciding seat as "you"; every other seat and a spectator read the same
question about the decider, by name, with no "you" or "your" that meant the decider."""

from __future__ import annotations

import random
import re

import pytest
from test_live_on_helpers import random_game, table

from apps.live_on import wording
from apps.live_on.engine import RULES

YOU = re.compile(r"\byou(r|rs|rself)?\b", re.IGNORECASE)


def onlooker_prompts(state):
    """(seat, prompt) for every viewer who is not deciding now, the spectator (None) included."""
    active = RULES.active_seats(state)
    return [(seat, RULES.view(state, seat)["prompt"]) for seat in [None, *range(state["players"])]
            if seat not in active]


@pytest.mark.parametrize("players", [2, 4])
def test_no_onlooker_is_told_you_in_random_games(players):
    seen = set()
    for game in range(25):
        for state, _seat, move in random_game(players, seed=game * 7919 + players, rnd=random.Random(game)):
            if move is None:
                break
            for seat, prompt in onlooker_prompts(state):
                assert not YOU.search(prompt), (state["ask"]["kind"], seat, prompt)
                seen.add(state["ask"]["kind"])
    assert {"tend", "woken"} <= seen  # the walk reaches asks whose own wording says "your"


@pytest.mark.parametrize("kind", sorted(wording.ASK_PROMPTS))
def test_every_ask_is_worded_for_onlookers_with_the_deciders_name(kind):
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    state["ask"] = {"kind": kind, "seat": 1, "n": 1, "pool": "health", "purpose": "gather", "traits": ["strong"]}
    for seat in (None, 0):
        prompt = wording.prompt(state, seat)
        assert "{p1}" in prompt and not YOU.search(prompt), (seat, prompt)
    assert wording.prompt(state, 1) == wording.ASK_PROMPTS[kind] or kind in ("lose", "spend")


def test_the_caring_prompt_names_the_carer_for_the_others():
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    state["ask"] = {"kind": "tend", "seat": 1}
    assert wording.prompt(state, 1) == "Choose whom your caring success tends to."
    assert wording.prompt(state, 0) == "{p1} is deciding: choose whom their caring success tends to."
