"""Live On keeps the engine contract: pure apply, replay, JSON state, clear refusals, bots, no Django."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from test_live_on_helpers import random_game, table

from apps.live_on import engine
from apps.live_on.engine import RULES, IllegalMove
from apps.matches.rules import IllegalMove as SharedIllegalMove
from apps.matches.rules import Rules
from tests import engine_contract as contract

ROOT = Path(__file__).resolve().parents[2]


def test_the_engine_exposes_rules_and_the_shared_illegal_move():
    assert isinstance(RULES, Rules) and engine.IllegalMove is SharedIllegalMove
    assert (RULES.slug, RULES.title, RULES.min_players, RULES.max_players) == ("live_on", "Live On", 1, 6)


def test_setup_refuses_a_table_of_the_wrong_size():
    for players in (0, 7, "2"):
        with pytest.raises(ValueError):
            RULES.setup(players, 1)


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


def test_apply_never_changes_the_state_it_is_given():
    rnd = random.Random(5)
    contract.assert_apply_leaves_its_input_untouched(RULES, (random_game(players, 17, rnd) for players in (1, 4)))


def test_replaying_a_seed_and_its_moves_gives_the_identical_state():
    for players, seed in ((2, 1234), (6, 99)):
        contract.assert_replay_gives_the_same_state(RULES, players, seed,
                                                    random_game(players, seed, random.Random(seed)))


def test_the_state_is_plain_json_and_survives_a_round_trip():
    contract.assert_states_survive_a_json_round_trip(RULES, random_game(3, 8, random.Random(2)))


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


def test_every_legal_move_has_a_short_label_with_seat_placeholders_only():
    for state, seat, move in random_game(4, 21, random.Random(21)):
        if move is None:
            break
        for m in RULES.legal_moves(state, seat):
            label = RULES.describe_move(state, seat, m)
            assert label and len(label) < 90 and "None" not in label


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


def test_the_engine_imports_nothing_of_django():
    code = ("import sys; import apps.live_on.engine, apps.live_on.pages; "
            "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules), 'django imported'")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
