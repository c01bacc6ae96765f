"""Origins keeps the rules-engine protocol: pure, deterministic, strict about moves, hiding hands."""

import json
import random

import pytest
from origins_helpers import play, random_game, scenario

from apps.origins import bots, flow
from apps.origins.content import CARD_BY_ID, CARDS, FORMS, TERRITORIES
from apps.origins.engine import RULES, IllegalMove


def test_setup_deals_the_starting_hands_and_puts_the_founders_on_the_cradle():
    state = RULES.setup(4, 11)
    json.dumps(state)
    assert [p["at"] for p in state["pawns"]] == ["cradle"] * 4
    for player in state["seats"]:
        colors = sorted(CARD_BY_ID[c].color for c in player["hand"])
        assert colors == ["orange", "purple", "purple", "yellow"]
    assert RULES.setup(4, 11) == state and RULES.setup(4, 12)["decks"] != state["decks"]


def test_apply_never_changes_its_input():
    state = RULES.setup(2, 4)
    before = json.dumps(state, sort_keys=True)
    for move in RULES.legal_moves(state, 0):
        RULES.apply(state, 0, move)
    assert json.dumps(state, sort_keys=True) == before


@pytest.mark.parametrize("move, message", [
    ("select", "must be an object"),
    ({"type": "fly"}, "Unknown move type"),
    ({"type": "select"}, "needs a 'pawn'"),
    ({"type": "select", "pawn": "0"}, "whole number"),
    ({"type": "end_turn", "extra": 1}, "no field 'extra'"),
    ({"type": "migrate", "to": "atlantis"}, "no territory"),
    ({"type": "play", "card": "spark"}, "not in your hand"),
    ({"type": "tile", "tile": "yellow-1"}, "not possible now|one lower"),
])
def test_illegal_moves_are_refused_with_a_clear_message(move, message):
    state = RULES.setup(2, 4)
    with pytest.raises(IllegalMove, match=message):
        RULES.apply(state, 0, move)


def test_only_the_active_seat_may_move():
    state = RULES.setup(2, 4)
    assert RULES.legal_moves(state, 1) == []
    with pytest.raises(IllegalMove, match="not your turn"):
        RULES.apply(state, 1, {"type": "end_turn"})
    with pytest.raises(IllegalMove, match="no seat"):
        RULES.apply(state, 7, {"type": "end_turn"})


def test_a_replay_of_the_seed_and_the_moves_gives_the_same_states():
    rnd = random.Random(8)
    steps = [(state, seat, move) for state, seat, move in random_game(3, 99, rnd)]
    replayed = RULES.setup(3, 99)
    for state, seat, move in steps:
        assert replayed == state
        if move is None:
            break
        replayed = RULES.apply(replayed, seat, move)
    assert RULES.outcome(replayed) == RULES.outcome(steps[-1][0])


def test_hands_are_hidden_from_other_seats_and_spectators_but_counts_show():
    state = scenario(players=3, hands={0: ["spark", "o_green"], 1: ["family"], 2: []})
    for viewer in (None, 1, 2):
        text = json.dumps(RULES.view(state, viewer))
        assert "Spark of Genius" not in text and "Forest Dwellers" not in text
        assert "Spark of Genius" in RULES.hidden_from(state, viewer)
        assert RULES.view(state, viewer)["seats"][0]["hand_count"] == 2
        assert RULES.view(state, viewer)["seats"][0]["hand"] is None
    mine = RULES.view(state, 0)
    assert [c["name"] for c in mine["seats"][0]["hand"]] == ["Spark of Genius", "Forest Dwellers"]
    assert "Spark of Genius" not in RULES.hidden_from(state, 0)
    assert "Extended Family" in RULES.hidden_from(state, 0)
    assert str(state["rng"]) in RULES.hidden_from(state, None)


def test_the_view_carries_no_seed_generator_or_deck_order():
    state = RULES.setup(2, 123456)
    view = RULES.view(state, 0)
    text = json.dumps(view)
    assert str(state["rng"]) not in text and "123456" not in text
    assert view["decks"] == {c: len(state["decks"][c]) for c in ("yellow", "orange", "purple")}
    assert {"log", "prompt", "pawns", "territories", "straits", "seats", "supply", "pending"} <= set(view)


def test_a_played_card_becomes_public():
    state = play(scenario(hands={0: ["harvest"]}), {"type": "play", "card": "harvest"})
    assert "Bountiful Harvest" not in RULES.hidden_from(state, 1)
    assert "Bountiful Harvest" in json.dumps(RULES.view(state, 1))


def test_the_log_and_prompt_name_seats_with_placeholders():
    state = play(RULES.setup(2, 1), {"type": "end_turn"})
    view = RULES.view(state, 0)
    assert "{p0} ends their turn." in view["log"]
    assert view["prompt"] == "{p1} is taking their turn."
    assert RULES.view(state, 1)["prompt"].startswith("Tap a pawn")


def test_the_heuristic_bot_always_picks_a_legal_move_and_finishes_games():
    chooser = RULES.bots()["heuristic"][1]
    assert RULES.bots()["heuristic"][0] == "Heuristic bot"
    for players in (2, 3, 4):
        rnd = random.Random(players)
        state = RULES.setup(players, players * 17)
        steps = 0
        while RULES.outcome(state) is None:
            seat = RULES.active_seats(state)[0]
            move = chooser(RULES, state, seat, rnd)
            assert move in RULES.legal_moves(state, seat)
            state = RULES.apply(state, seat, move)
            steps += 1
            assert steps < 3000
        assert any(p["completed"] for p in state["seats"])


def test_the_heuristic_bot_beats_the_random_bot():
    wins = 0
    for game in range(6):
        rnd = random.Random(game)
        state = RULES.setup(2, 1000 + game)
        while RULES.outcome(state) is None:
            seat = RULES.active_seats(state)[0]
            if seat == game % 2:
                move = bots.heuristic(RULES, state, seat, rnd)
            else:
                move = rnd.choice(RULES.legal_moves(state, seat))
            state = RULES.apply(state, seat, move)
        wins += RULES.outcome(state)["winners"] == [game % 2]
    assert wins >= 5


def test_copy_state_is_a_deep_copy():
    state = scenario(pawns=[(0, "white-1-1", "rift")], hands={0: ["spark"]}, hunted={0: ["congo"]})
    copy = flow.copy_state(state)
    assert copy == state
    copy["pawns"][0]["at"] = "nile"
    copy["seats"][0]["hand"].append("x")
    copy["seats"][0]["hunts"][0][1] = 9
    copy["turn"]["played"]["yellow"] = 3
    assert state["pawns"][0]["at"] == "rift" and state["seats"][0]["hand"] == ["spark"]
    assert state["seats"][0]["hunts"][0][1] == 2 and state["turn"]["played"]["yellow"] == 0


def candidate_moves(state):
    """Every move of every kind that could make sense somewhere, legal now or not."""
    moves = [{"type": t} for t in ("cancel", "draw3", "skip_reward", "end_turn")]
    moves += [{"type": "select", "pawn": p["id"]} for p in state["pawns"]] + [{"type": "select", "pawn": 999}]
    for t in TERRITORIES:
        moves += [{"type": k, "to": t.id} for k in ("migrate", "swap", "place")]
    moves += [{"type": "evolve", "form": f} for f in FORMS]
    moves += [{"type": "play", "card": c.id} for c in CARDS] + [{"type": "return", "card": c.id} for c in CARDS]
    columns = ("yellow", "orange", "purple", "brown")
    moves += [{"type": "tile", "tile": f"{c}-{lv}"} for c in columns for lv in range(1, 6)]
    top = state["pending"][-1] if state["pending"] else None
    if top and top["kind"] == "choose":
        moves += [{"type": "choose", "option": o} for o in flow.choice_options(state, state["seat"], top["card"])]
    moves.append({"type": "choose", "option": "nowhere"})
    return moves


def test_the_quick_legality_check_agrees_with_the_list_of_legal_moves():
    rnd = random.Random(21)
    for game in range(3):
        for i, (state, seat, _) in enumerate(random_game(game + 2, 300 + game, rnd)):
            if seat is None:
                break
            if i % 3:
                continue
            legal = RULES.legal_moves(state, seat)
            for move in candidate_moves(state):
                assert flow.is_legal(state, seat, move) == (move in legal), move
            other = (seat + 1) % state["players"]
            assert not any(flow.is_legal(state, other, m) for m in legal)
