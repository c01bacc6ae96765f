"""Shared plumbing for the Live On tests: staged tables, scripted dice, invariants, and leak checks."""

from __future__ import annotations

import json
import random

from apps.live_on import flow
from apps.live_on.content import (
    ARTIFACTS,
    BUILDINGS,
    EVENTS,
    MAX_ARTIFACTS,
    ROLE_BY_ID,
    TRAITS,
)
from apps.live_on.engine import RULES, clone_state


class ScriptedRng:
    """Dice the test decides: die() and below(n) take the next scripted number (below gives number - 1)."""

    def __init__(self, script):
        self.script = list(script)
        self.state = 12345

    def _next(self):
        assert self.script, "the engine rolled more dice than the test scripted"
        return self.script.pop(0)

    def die(self, sides=6):
        return self._next()

    def below(self, n):
        value = self._next() - 1
        assert 0 <= value < n, f"scripted {value + 1} for a choice among {n}"
        return value

    def shuffle(self, items):
        return None

    def choice(self, items):
        return items[self.below(len(items))]


def table(roles, region="grassland", seed=1, traits=None, res=3):
    """A state at the zone choice of round 1: seat i plays roles[i] = (past, gift) in this region."""
    state = RULES.setup(len(roles), seed)
    state["region"] = region
    for seat, (past, gift) in enumerate(roles):
        pl = state["seats"][seat]
        pl["past"], pl["gift"], pl["picked"] = past, gift, past
        for t in TRAITS:
            pl["traits"][t] = flow.cap(state, seat, t)
        pl["res"] = res
        if traits:
            pl["traits"].update(traits)
    state["ask"] = None
    state["tasks"] = [{"t": "round"}]
    flow.run(state, ScriptedRng([]))
    return state


def play(state, seat, move, dice=(), check=True, keep_losses=True):
    """Apply a move with scripted dice; every scripted number must be used. A loss of health or morale that
    asks which tokens go is answered with the engine's own way (the first choice) unless ``keep_losses`` is
    False, so tests of other rules read as before the choice existed."""
    assert move in RULES.legal_moves(state, seat), (move, RULES.legal_moves(state, seat))
    new = clone_state(state)
    rng = ScriptedRng(dice)
    flow.apply_move(new, rng, seat, move)
    while keep_losses and new["ask"]:
        owing = [s for s, pl in enumerate(new["seats"]) if pl.get("owes")]
        loser = new["ask"]["seat"] if new["ask"]["kind"] == "lose" else owing[0] if owing else None
        if loser is None:
            break
        flow.apply_move(new, rng, loser, RULES.legal_moves(new, loser)[0])
    if check:
        assert not rng.script, f"unused dice: {rng.script}"
    return new


def go(state, zones, dice=()):
    """Everyone chooses a zone (zones[i] for seat i; a spot as (spot, card)); the last choice rolls ``dice``."""
    for seat, zone in enumerate(zones):
        move = {"type": "go", "zone": zone[0], "card": zone[1]} if isinstance(zone, tuple) else {"type": "go",
                                                                                                 "zone": zone}
        last = seat == len(zones) - 1
        state = play(state, seat, move, dice if last else ())
    return state


def answer(state, move, dice=(), seat=None):
    seat = state["ask"]["seat"] if seat is None else seat
    return play(state, seat, move, dice)


def put_on_top(state, card):
    for deck in state["decks"].values():
        if card in deck:
            deck.remove(card)
    deck = next(e.deck for e in EVENTS if e.id == card)
    state["decks"][deck].insert(0, card)


def ask_kind(state):
    return state["ask"]["kind"] if state["ask"] else None


def random_game(players, seed, rnd, chooser=None):
    """Yield (state, seat, move) for a whole game; the last item has move None."""
    state = RULES.setup(players, seed)
    while RULES.outcome(state) is None:
        seat = rnd.choice(RULES.active_seats(state))
        move = chooser(RULES, state, seat, rnd) if chooser else rnd.choice(RULES.legal_moves(state, seat))
        yield state, seat, move
        state = RULES.apply(state, seat, move)
    yield state, None, None


def count_cards(state):
    events = []
    for d, deck in state["decks"].items():
        events += deck + state["discard"][d]
    for stack in state["spots"].values():
        events += [c["id"] for c in stack]
    for pl in state["seats"]:
        events += [s["id"] for s in pl["secrets"]]
    if state["enc"] and state["enc"]["src"] == "event" and state["enc"]["card"] not in events:
        events.append(state["enc"]["card"])  # a card being encountered that is neither visited nor held
    arts = list(state["art_deck"]) + list(state["art_discard"]) + [a["id"] for a in state["storage"]["arts"]]
    for pl in state["seats"]:
        arts += [a["id"] for a in pl["arts"]]
    if state["enc"] and state["enc"]["src"] == "artifact":
        arts.append(state["enc"]["card"])
    ask = state["ask"]
    if ask and ask["kind"] == "gift_art":
        arts.append(ask["card"])
    return events, arts


ALL_EVENTS = sorted(e.id for e in EVENTS)
ALL_ARTIFACTS = sorted(a.id for a in ARTIFACTS)


def assert_limits(state):
    """Tokens, resources and cards stay within their limits and nothing is created or lost."""
    events, arts = count_cards(state)
    assert sorted(events) == ALL_EVENTS, "event cards created or lost"
    assert sorted(arts) == ALL_ARTIFACTS, "artifacts created or lost"
    if state["phase"] == flow.SETUP:
        return
    for seat, pl in enumerate(state["seats"]):
        slots = [a + b for a, b in zip(ROLE_BY_ID[pl["past"]].slots, ROLE_BY_ID[pl["gift"]].slots, strict=True)]
        for t, most in zip(TRAITS, slots, strict=True):
            assert 0 <= pl["traits"][t] <= most, (seat, t)
        assert 0 <= pl["res"] <= flow.res_cap(state, seat)
        assert len(pl["arts"]) <= MAX_ARTIFACTS
    for building in BUILDINGS:
        assert 0 <= state["buildings"][building.id] <= building.cost


def assert_views_leak_nothing(state):
    for seat in [None, *range(state["players"])]:
        hidden = RULES.hidden_from(state, seat)
        text = json.dumps(RULES.view(state, seat), ensure_ascii=False)
        leaks = [h for h in hidden if h in text]
        assert not leaks, f"seat {seat} sees {leaks}"
        if seat is not None:
            moves = RULES.legal_moves(state, seat)
            text = " ".join(RULES.describe_move(state, seat, m) + json.dumps(m) for m in moves)
            assert not [h for h in hidden if h in text], f"seat {seat}'s moves show a hidden string"


def test_a_scripted_game_table_starts_at_the_zone_choice():
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    assert ask_kind(state) == "zones" and state["round"] == 1
    assert RULES.active_seats(state) == [0, 1]


def test_random_game_helper_ends():
    *_, (state, seat, move) = list(random_game(2, 3, random.Random(3)))
    assert move is None and RULES.outcome(state) is not None
