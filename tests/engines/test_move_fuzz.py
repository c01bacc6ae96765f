"""A move is accepted only if it equals a legal move with the same JSON types (DESIGN.md, "Rules engine
protocol"): for every built game, mutants of legal moves along random games (ints as bools, floats or strings,
ints out of range, fields dropped or added, the type changed; tests/engines/mutants.py) are all refused with
IllegalMove, none crashes the engine and none changes the state. bench/move_fuzz.py runs the same fuzz as long
as asked and prints the figures."""

import json
import random

import pytest

from apps.matches.engine import IllegalMove, engine, one_of, same_json
from tests.engines.games import random_game, rows
from tests.engines.mutants import fuzz

pytestmark = pytest.mark.no_cover
MUTANTS = 20_000  # per game: a second or two each


@pytest.mark.parametrize("slug", [game.slug for game in rows()])
def test_no_mutant_of_a_legal_move_is_accepted_and_none_crashes_the_engine(slug):
    tally = fuzz(engine(slug), MUTANTS, seed=37)
    assert tally.tried >= MUTANTS
    assert tally.accepted == [], tally.accepted[:5]
    assert tally.crashes == [], tally.crashes[:5]
    assert tally.changed == [], tally.changed[:5]
    assert {"int->bool", "int->float", "field dropped", "field added", "type changed"} <= set(tally.kinds)


@pytest.mark.parametrize("slug", [game.slug for game in rows()])
def test_every_game_declares_the_fields_of_each_move_and_its_legal_moves_keep_to_them(slug):
    rules = engine(slug)
    assert rules.move_fields, f"{rules.title} declares no move_fields"
    game = next(game for game in rows() if game.slug == slug)
    for i, (state, _, _) in enumerate(random_game(slug, rules.max_players, 5, random.Random(5), game.any_active)):
        if i > 300:
            break
        for seat in rules.active_seats(state):
            for move in rules.legal_moves(state, seat):
                assert rules.check_move_shape(move) is move


@pytest.mark.parametrize("a, b, same", [
    (1, 1, True), (1, 1.0, False), (1, True, False), (0, False, False), (True, True, True), ("1", 1, False),
    (None, None, True), (None, 0, False), ([1, 2], [1, 2], True), ([1, 2], [1, 2.0], False), ([1], [1, 1], False),
    ({"a": 1}, {"a": 1}, True), ({"a": 1}, {"a": True}, False), ({"a": 1}, {"a": 1, "b": 2}, False),
    ({"a": {"b": [1]}}, {"a": {"b": [1.0]}}, False), ({"a": {"b": [1]}}, {"a": {"b": [1]}}, True),
    ([1], (1,), False), ({"a": 1}, {"b": 1}, False),
])
def test_same_json_compares_values_and_their_types_all_the_way_down(a, b, same):
    assert same_json(a, b) is same
    assert same_json(b, a) is same


def test_one_of_finds_a_move_only_among_the_legal_moves_with_the_same_types():
    legal = [{"type": "pass"}, {"type": "spend", "trait": "active", "count": 1}]
    assert one_of({"type": "spend", "trait": "active", "count": 1}, legal)
    assert one_of({"type": "pass"}, legal)
    for move in ({"type": "spend", "trait": "active", "count": 1.0},
                 {"type": "spend", "trait": "active", "count": True},
                 {"type": "spend", "trait": "active", "count": 1, "plans": True}, {"type": "pass", "x": 1}):
        assert not one_of(move, legal), move


def test_a_move_of_the_wrong_shape_is_refused_in_words_a_player_reads():
    rules = engine("live_on")
    state = rules.setup(2, 1)
    seat = rules.active_seats(state)[0]
    before = json.dumps(state, sort_keys=True)
    for move, words in (({"type": "role", "role": 3}, "'role' of a role move must be a string"),
                        ({"type": "role"}, "needs a 'role' field"),
                        ({"type": "role", "role": "soldier", "x": 1}, "has no field 'x'")):
        with pytest.raises(IllegalMove, match=words):
            rules.apply(state, seat, move)
    assert json.dumps(state, sort_keys=True) == before
