"""Mutated moves for the engine fuzz: from a legal move, the near misses a client could send instead.

Every scalar of the move (nested ones too, such as the token counts of a Live On loss) is swapped for the values a
sloppy or hostile client sends: an int as a bool, a float or a string, ints out of range, strings changed,
a value of another JSON type; fields are dropped or added and the move's type is changed. ``fuzz`` plays random
games and throws the mutants of the legal moves of random states at ``apply``: each must be refused with
``IllegalMove``, never accepted, never answered by another exception, and the state must stay as it was.

Shared by tests/engines/test_move_fuzz.py (a few thousand mutants per game) and bench/move_fuzz.py (as many as
asked, with the figures).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from apps.matches.engine import IllegalMove, Rules

Mutant = tuple[str, Any]  # (what was done, the mutated move)


def scalar_variants(value: Any) -> Iterator[Mutant]:
    """Other values for one scalar, each named by what it does."""
    kind = type(value)
    if kind is bool:
        yield "bool->int", int(value)
        yield "bool flipped", not value
        yield "bool->str", json.dumps(value)
    elif kind is int:
        yield "int->bool", bool(value)
        yield "int->bool", not value
        yield "int->float", float(value)
        yield "int->float", value + 0.5
        yield "int->str", str(value)
        for wild in (-1, value + 1, value - 1, 10**6, 2**64, -(2**63)):
            yield "int out of range", wild
    elif kind is float:
        yield "float->int", int(value)
        yield "float->str", str(value)
    elif kind is str:
        yield "str changed", value + "x"
        yield "str changed", ""
        yield "str changed", value.upper() if value.upper() != value else value.lower()
        yield "str->int", 1
        yield "str->bool", True
    yield "value->null", None
    yield "value->list", [value]
    yield "value->object", {"value": value}


def value_variants(value: Any) -> Iterator[Mutant]:
    """Other values for any JSON value: scalars swapped, and inside objects and lists each part mutated,
    dropped or doubled."""
    if type(value) is dict:
        for key, inner in value.items():
            for name, changed in value_variants(inner):
                yield f"nested {name}", {**value, key: changed}
            yield "nested field dropped", {k: v for k, v in value.items() if k != key}
        yield "nested field added", {**value, "extra": 1}
        yield "object->list", list(value.values())
        yield "value->null", None
    elif type(value) is list:
        for i, inner in enumerate(value):
            for name, changed in value_variants(inner):
                yield f"nested {name}", [*value[:i], changed, *value[i + 1:]]
        if value:
            yield "list item dropped", value[1:]
            yield "list item doubled", [*value, value[-1]]
        yield "list->object", {str(i): v for i, v in enumerate(value)}
        yield "value->null", None
    else:
        yield from scalar_variants(value)


def mutants(move: dict, neighbours: list[dict], kinds: list[str]) -> Iterator[Mutant]:
    """The mutants of one legal move. ``neighbours``: the seat's other legal moves, whose fields are also tried
    as added fields; ``kinds``: the game's move types, tried as the move's type."""
    for key, value in move.items():
        if key == "type":
            continue
        for name, changed in value_variants(value):
            yield name, {**move, key: changed}
    for key in move:
        yield "field dropped", {k: v for k, v in move.items() if k != key}
    yield "field added", {**move, "extra": 1}
    seen = set(move)
    for other in neighbours:
        for key, value in other.items():
            if key not in seen:
                seen.add(key)
                yield "field added", {**move, key: value}
                for name, changed in value_variants(value):
                    yield f"field added as {name}", {**move, key: changed}
    for kind in kinds:
        if kind != move["type"]:
            yield "type changed", {**move, "type": kind}
    for name, changed in scalar_variants(move["type"]):
        yield f"type {name}", {**move, "type": changed}


def key(move: Any) -> str:
    """A move as JSON text: two moves are the same move exactly when their texts are equal (``1``, ``1.0`` and
    ``true`` are three texts)."""
    return json.dumps(move, sort_keys=True)


def frozen(state: Any) -> str:
    return json.dumps(state, sort_keys=True)


@dataclass
class Tally:
    """What one game's fuzz found."""

    slug: str
    tried: int = 0
    states: int = 0
    accepted: list[tuple[str, dict]] = field(default_factory=list)
    crashes: list[tuple[str, Any, str]] = field(default_factory=list)
    changed: list[dict] = field(default_factory=list)  # mutants after which the given state was no longer the same
    kinds: Counter = field(default_factory=Counter)  # mutants tried per mutation


def fuzz_state(rules: Rules, state: dict, seat: int, rnd: random.Random, tally: Tally, most: int) -> None:
    """Throw every mutant of up to ``most`` of ``seat``'s legal moves (three other move types tried as each one's
    type) at ``apply``."""
    legal = rules.legal_moves(state, seat)
    legal_keys = {key(move) for move in legal}
    kinds = sorted(rules.move_fields or {m["type"] for m in legal})
    before = frozen(state)
    tally.states += 1
    for move in rnd.sample(legal, min(most, len(legal))):
        others = rnd.sample(kinds, min(3, len(kinds)))  # a few other types: most mutants keep the move's own
        tries = [m for m in mutants(move, legal, others) if key(m[1]) not in legal_keys]
        for name, mutant in tries:
            tally.tried += 1
            tally.kinds[name] += 1
            try:
                rules.apply(state, seat, mutant)
            except IllegalMove:
                continue
            except Exception as error:  # noqa: BLE001 - any other answer is the crash the fuzz looks for
                tally.crashes.append((name, mutant, f"{type(error).__name__}: {error}"))
            else:
                tally.accepted.append((name, mutant))
        if frozen(state) != before:
            tally.changed.append(move)
            before = frozen(state)


def fuzz(rules: Rules, wanted: int, seed: int, every: float = 0.2, most: int = 3) -> Tally:
    """Play random games (every table size in turn) until ``wanted`` mutants were tried; on about ``every`` of
    the states, fuzz each active seat."""
    rnd = random.Random(f"fuzz:{rules.slug}:{seed}")
    tally = Tally(rules.slug)
    sizes = list(range(rules.min_players, rules.max_players + 1))
    game = 0
    while tally.tried < wanted:
        state = rules.setup(sizes[game % len(sizes)], seed * 100_003 + game)
        while rules.outcome(state) is None and tally.tried < wanted:
            active = rules.active_seats(state)
            if rnd.random() < every:
                for seat in active:
                    fuzz_state(rules, state, seat, rnd, tally, most)
            seat = rnd.choice(active)
            state = rules.apply(state, seat, rnd.choice(rules.legal_moves(state, seat)))
        game += 1
    return tally
