"""What every engine owes the protocol (DESIGN.md, "Rules engine protocol"), checked over random playouts:
shared by each game's protocol tests. A playout is a list of ``(state, seat, move)`` steps whose last step is
``(final_state, None, None)``, as each game's ``random_game`` helper yields them."""

import json
import random
import re

# Refusals every engine gives in the same words, whatever its moves: (move, words of the message).
MALFORMED_ANY_GAME = [
    ("a string", "object"),
    (None, "object"),
    (["a move"], "object"),
    ({}, "type"),
    ({"type": 3}, "type"),
    ({"type": "dance"}, "Unknown move type"),
]


def frozen(state) -> str:
    return json.dumps(state, sort_keys=True)


def assert_apply_leaves_its_input_untouched(rules, playouts) -> None:
    for playout in playouts:
        for state, seat, move in playout:
            if move is None:
                break
            before = frozen(state)
            rules.apply(state, seat, move)
            assert frozen(state) == before, (seat, move)


def assert_replay_gives_the_same_state(rules, players: int, seed: int, playout) -> None:
    """Setting up from the seed and applying the playout's moves ends exactly where the playout ended."""
    steps = list(playout)
    state = rules.setup(players, seed)
    for _, seat, move in steps[:-1]:
        state = rules.apply(state, seat, move)
    assert frozen(state) == frozen(steps[-1][0])
    assert rules.outcome(state) == rules.outcome(steps[-1][0])


def assert_states_survive_a_json_round_trip(rules, playout, apply_every: int = 1) -> None:
    """Every state is plain JSON; applying a move to its copy gives the same state (checked every Nth step)."""
    state = None
    for i, (state, seat, move) in enumerate(playout):
        again = json.loads(json.dumps(state))
        assert again == state
        if move is not None and i % apply_every == 0:
            assert rules.apply(again, seat, move) == rules.apply(state, seat, move)
    assert isinstance(state["rng"], int)


SEAT_PLACEHOLDER = re.compile(r"\{p(\d+)\}")


def assert_pending_record(rules, state):
    """The protocol's ``pending`` record at one state, as every game owes it; returns it for the game's own checks.

    None exactly when the game is over; else the four fields, the seats the game waits for (its active seats,
    ascending), a kind, options sorted and covering every legal move type of those seats, and a prompt anyone may
    read: placeholders only for seats at the table, and no string hidden from any viewer."""
    pending = rules.pending(state)
    if rules.outcome(state) is not None:
        assert pending is None
        return None
    assert pending is not None
    assert set(pending) == {"seats", "kind", "prompt", "options"}
    assert pending["seats"] == rules.active_seats(state) == sorted(pending["seats"])
    assert isinstance(pending["kind"], str) and pending["kind"]
    assert pending["options"] == sorted(set(pending["options"]))
    owed = {move["type"] for seat in pending["seats"] for move in rules.legal_moves(state, seat)}
    assert owed <= set(pending["options"]), (owed, pending["options"])
    prompt = pending["prompt"]
    assert isinstance(prompt, str) and prompt
    assert all(int(seat) < state["players"] for seat in SEAT_PLACEHOLDER.findall(prompt)), prompt
    for viewer in [None, *range(state["players"])]:
        leaked = [secret for secret in rules.hidden_from(state, viewer) if secret in prompt]
        assert not leaked, f"the pending prompt shows {leaked} to {viewer}"
    return pending


def bots_game(rules, players: int, seed: int, kinds, on_decision=None, limit: int = 5000):
    """A whole game in which ``kinds[seat]`` ("heuristic" or "random") plays each seat, every heuristic move checked
    legal; ``on_decision(state, seat)`` sees each state before its move. Returns the final state."""
    heuristic = rules.bots()["heuristic"][1]
    rnd = random.Random(seed)
    state = rules.setup(players, seed)
    for _ in range(limit):
        if rules.outcome(state) is not None:
            return state
        seat = rules.active_seats(state)[0]
        legal = rules.legal_moves(state, seat)
        if on_decision:
            on_decision(state, seat)
        if kinds[seat] == "heuristic":
            move = heuristic(rules, state, seat, rnd)
            assert move in legal, (move, legal)
        else:
            move = rnd.choice(legal)
        state = rules.apply(state, seat, move)
    raise AssertionError(f"no end after {limit} moves")
