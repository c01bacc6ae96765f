"""Live On's own side of the engine contract: its setup, simultaneous choices, refusals, views and bots (the
checks every game shares, random playouts included, are in tests/engines)."""

import json
import random

import pytest
from test_live_on_helpers import assert_limits, assert_views_leak_nothing, random_game, table

from apps.live_on.engine import MOVE_FIELDS, RULES, IllegalMove
from apps.live_on.flow import ANSWER_TYPES


def test_setup_asks_every_player_for_a_past_or_a_gift_at_once():
    state = RULES.setup(3, 5)
    assert RULES.active_seats(state) == [0, 1, 2]
    moves = RULES.legal_moves(state, 0)
    assert len(moves) == 12 and {m["type"] for m in moves} == {"role"}
    state = RULES.apply(state, 0, {"type": "role", "role": "soldier"})
    assert {"type": "role", "role": "soldier"} not in RULES.legal_moves(state, 1)
    state = RULES.apply(state, 1, {"type": "role", "role": "mage"})
    state = RULES.apply(state, 2, {"type": "role", "role": "seer"})
    seats = state["seats"]
    assert seats[0]["past"] == "soldier" and seats[1]["gift"] == "mage" and seats[2]["gift"] == "seer"
    assert all(pl["past"] and pl["gift"] for pl in seats)
    assert len({pl["past"] for pl in seats}) == 3 and len({pl["gift"] for pl in seats}) == 3
    assert all(pl["res"] == 3 for pl in seats) and state["region"] in ("grassland", "forest", "mountains")
    assert state["phase"] == "action" and RULES.active_seats(state) == [0, 1, 2]


def test_the_zone_choice_is_simultaneous_and_everyone_sees_the_choices_as_they_are_made():
    state = table([("soldier", "chosen"), ("farmer", "woken"), ("spouse", "seer")])
    state = RULES.apply(state, 1, {"type": "go", "zone": "gather"})
    assert RULES.active_seats(state) == [0, 2]
    for seat in (None, 0, 2):
        assert RULES.view(state, seat)["seats"][1]["zone"] == "gather"
    with pytest.raises(IllegalMove, match="not your turn"):
        RULES.apply(state, 1, {"type": "go", "zone": "rest"})


def test_illegal_moves_are_refused_with_a_clear_message_and_the_state_untouched():
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    before = json.dumps(state, sort_keys=True)
    for move, words in ((None, "object"), ({"type": "go", "zone": "moon"}, "cannot go there"),
                        ({"type": "call", "target": 1, "mark": "Secret I"}, "secret"),
                        ({"type": "eat", "count": 1}, "not possible now")):
        with pytest.raises(IllegalMove, match=words):
            RULES.apply(state, 0, move)
    with pytest.raises(IllegalMove, match="no seat"):
        RULES.apply(state, 7, {"type": "go", "zone": "gather"})
    assert json.dumps(state, sort_keys=True) == before


def test_a_finished_game_refuses_every_move():
    *_, (state, _, _) = list(random_game(1, 3, random.Random(3)))
    with pytest.raises(IllegalMove, match="over"):
        RULES.apply(state, 0, {"type": "go", "zone": "gather"})


def test_views_are_per_viewer_and_never_show_the_generator():
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    for seat in (None, 0, 1):
        view = RULES.view(state, seat)
        assert str(state["rng"]) not in json.dumps(view)
        assert {"log", "prompt", "zones", "seats", "buildings", "encounter", "outcome"} <= set(view)
    assert RULES.view(state, 0)["prompt"].startswith("Choose the zone")


def test_the_heuristic_bot_always_chooses_a_legal_move():
    label, chooser = RULES.bots()["heuristic"]
    assert label == "Co-operative bot"
    rnd = random.Random(4)
    for state, seat, move in random_game(3, 4, rnd, chooser=chooser):
        if move is None:
            break
        assert move in RULES.legal_moves(state, seat)


def test_the_heuristic_team_wins_more_often_than_the_random_team():
    chooser = RULES.bots()["heuristic"][1]
    wins = {"heuristic": 0, "random": 0}
    for game in range(10):
        for kind in wins:
            rnd = random.Random(game)
            *_, (state, _, _) = list(random_game(4, game, rnd, chooser=chooser if kind == "heuristic" else None))
            wins[kind] += RULES.outcome(state)["won"]
    assert wins["heuristic"] > wins["random"]


def test_heuristic_games_also_keep_every_limit_and_leak_nothing():
    chooser = RULES.bots()["heuristic"][1]
    for game in range(6):
        rnd = random.Random(game)
        for state, _seat, move in random_game(game % 6 + 1, seed=game, rnd=rnd, chooser=chooser):
            assert_limits(state)
            if move is None:
                assert RULES.outcome(state) is not None
                break
            if rnd.random() < 0.1:
                assert_views_leak_nothing(state)


def first_state_offering(move, players, seed):
    """The first state of a seeded random game at which some seat may make ``move``, and that seat."""
    for state, _seat, chosen in random_game(players, seed, random.Random(seed)):
        assert chosen is not None, f"no state of game {seed} offers {move}"
        for seat in RULES.active_seats(state):
            if move in RULES.legal_moves(state, seat):
                return state, seat
    raise AssertionError("unreachable")


@pytest.mark.parametrize("legal, forged, players, seed", [
    ({"type": "spend", "trait": "active", "count": 1}, {"type": "spend", "trait": "active", "count": 1.0}, 2, 0),
    ({"type": "spend", "trait": "active", "count": 1}, {"type": "spend", "trait": "active", "count": True}, 2, 0),
    ({"type": "fund", "seat": 1}, {"type": "fund", "seat": True}, 3, 5),
])
def test_a_float_or_a_bool_for_a_whole_number_is_refused_and_the_table_still_moves(legal, forged, players, seed):
    state, seat = first_state_offering(legal, players, seed)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalMove):
        RULES.apply(state, seat, forged)
    assert json.dumps(state, sort_keys=True) == before
    for move in RULES.legal_moves(state, seat):
        after = RULES.apply(state, seat, move)
        for other in RULES.active_seats(after):
            for answer in RULES.legal_moves(after, other):
                RULES.apply(after, other, answer)


def test_the_declared_move_fields_name_every_move_type_that_answers_a_decision():
    assert set(MOVE_FIELDS) == {kind for kinds in ANSWER_TYPES.values() for kind in kinds}
