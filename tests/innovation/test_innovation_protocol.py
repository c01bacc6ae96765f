"""Innovation keeps the rules-engine protocol: shape of RULES, pure apply, clear refusals, JSON states,
views that hide hands and score piles, per-viewer logs, bots and the lobby option."""

import copy
import json
import random

import pytest
from test_innovation_helpers import dogma, give, on_top, table

from apps.innovation.engine import RULES, IllegalMove


def test_the_lobby_offers_the_edition_option():
    (field,) = RULES.option_fields()
    assert field["name"] == "edition" and [v for v, _ in field["choices"]] == ["first", "third"]
    assert RULES.setup(2, 1, {"edition": "third"})["edition"] == "third"
    with pytest.raises(ValueError):
        RULES.setup(2, 1, {"edition": "second"})


def test_apply_never_changes_its_input_and_states_are_json():
    s = give(table(), 0, board=["Archery"])
    s = give(s, 1, hand=["Calendar", "Fermenting"])
    before = copy.deepcopy(s)
    mid = RULES.apply(s, 0, {"type": "dogma", "card": "Archery"})
    assert s == before
    frozen = copy.deepcopy(mid)
    RULES.apply(mid, 1, {"type": "choose", "pick": "Calendar"})
    assert mid == frozen
    assert json.loads(json.dumps(mid)) == mid


@pytest.mark.parametrize("move, words", [
    ({"type": "fly"}, "Unknown move type"),
    ({"type": "meld"}, "needs a 'card'"),
    ({"type": "meld", "card": 3}, "must be a string"),
    ({"type": "draw", "extra": 1}, "no field"),
    ({"type": "meld", "card": "Oars"}, "from your hand"),
    ({"type": "dogma", "card": "Oars"}, "top cards"),
    ({"type": "achieve", "age": 1}, "five times"),
    ({"type": "choose", "pick": "Oars"}, "no decision"),
    ("draw", "object"),
])
def test_illegal_moves_are_refused_with_a_reason(move, words):
    with pytest.raises(IllegalMove, match=words):
        RULES.apply(table(), 0, move)


def test_moves_out_of_turn_or_after_the_end_are_refused():
    with pytest.raises(IllegalMove, match="not your turn"):
        RULES.apply(table(), 1, {"type": "draw"})
    with pytest.raises(IllegalMove, match="no seat"):
        RULES.apply(table(), 7, {"type": "draw"})
    s = table()
    s["decks"]["1"], s["removed"] = [], s["removed"] + s["decks"]["1"]
    for age in range(2, 11):
        s["removed"] += s["decks"][str(age)]
        s["decks"][str(age)] = []
    s = RULES.apply(s, 0, {"type": "draw"})
    assert RULES.outcome(s) is not None and RULES.legal_moves(s, 0) == []
    with pytest.raises(IllegalMove, match="over"):
        RULES.apply(s, 0, {"type": "draw"})


def test_describe_move_gives_short_labels():
    s = give(table(), 0, hand=["Oars"], board=["Archery"])
    labels = [RULES.describe_move(s, 0, m) for m in RULES.legal_moves(s, 0)]
    assert labels == ["Draw a 1", "Meld Oars", "Dogma of Archery"]


def test_views_hide_other_hands_and_score_piles_but_show_their_ages():
    s = give(table(), 0, hand=["Oars"], score=["Calendar"])
    s = give(s, 1, hand=["Sailing", "Alchemy"], score=["Writing"])
    mine, theirs, spectator = RULES.view(s, 0), RULES.view(s, 1), RULES.view(s, None)
    assert mine["seats"][0]["hand"] == ["Oars"] and mine["seats"][1]["hand"] is None
    assert mine["seats"][1]["hand_ages"] == [1, 3] and mine["seats"][1]["score_ages"] == [1]
    assert mine["seats"][1]["points"] == 1
    for view, hidden in ((mine, ["Sailing", "Alchemy", "Writing"]), (theirs, ["Oars", "Calendar"]),
                         (spectator, ["Oars", "Calendar", "Sailing", "Alchemy", "Writing"])):
        text = json.dumps(view)
        assert not [name for name in hidden if name in text]
    for seat in (0, 1, None):
        hidden = RULES.hidden_from(s, seat)
        assert str(s["rng"]) in hidden and not any(h in json.dumps(RULES.view(s, seat)) for h in hidden)


def test_a_pending_decision_shows_its_options_to_the_chooser_only():
    s = give(table(), 0, board=["Archery"])
    s = give(s, 1, hand=["Calendar", "Fermenting"])
    s = dogma(on_top(s, "Oars"), "Archery")
    chooser, other, spectator = RULES.view(s, 1), RULES.view(s, 0), RULES.view(s, None)
    assert chooser["pending"]["options"] == ["Calendar", "Fermenting"]
    assert "options" not in other["pending"] and other["pending"]["seat"] == 1
    assert other["prompt"] == "{p1} is making a decision for Archery."
    assert spectator["prompt"] == other["prompt"]
    assert chooser["prompt"].startswith("Archery: Choose a highest card")
    assert "Fermenting" not in json.dumps(other) and "Oars" not in json.dumps(spectator)


def test_the_log_tells_each_viewer_what_it_may_know():
    s = give(table(), 0, board=["Archery"])
    s = give(s, 1, hand=["Calendar"])
    s = dogma(on_top(s, "Sailing"), "Archery")
    victim, demander, spectator = (RULES.view(s, seat)["log"] for seat in (1, 0, None))
    assert "Archery: {p1} drew Sailing." in victim
    # the victim saw the card go, but it now sits in a hand the victim may not see: it reads as its age
    assert "Archery: {p1} gave a 2 to {p0}." in victim
    assert "Archery: {p1} drew a 1." in demander and "Archery: {p1} gave Calendar to {p0}." in demander
    assert "Archery: {p1} drew a 1." in spectator and "Archery: {p1} gave a 2 to {p0}." in spectator


def test_the_same_seed_and_moves_replay_identically():
    def play(seed):
        rnd = random.Random(seed)
        s = RULES.setup(3, seed)
        states, moves = [s], []
        while RULES.outcome(s) is None:
            seat = RULES.active_seats(s)[0]
            move = rnd.choice(RULES.legal_moves(s, seat))
            moves.append((seat, move))
            s = RULES.apply(s, seat, move)
            states.append(s)
        return states, moves

    states, moves = play(4)
    s = RULES.setup(3, 4)
    for (seat, move), expected in zip(moves, states[1:], strict=True):
        s = RULES.apply(s, seat, move)
        assert s == expected
    assert play(4)[0][-1] == states[-1] and play(5)[0][-1] != states[-1]


def test_the_heuristic_bot_plays_legal_moves_and_is_offered():
    label, chooser = RULES.bots()["heuristic"]
    assert label == "Heuristic bot"
    rnd = random.Random(2)
    s = RULES.setup(2, 9)
    while RULES.outcome(s) is None:
        seat = RULES.active_seats(s)[0]
        move = chooser(RULES, s, seat, rnd)
        assert move in RULES.legal_moves(s, seat)
        s = RULES.apply(s, seat, move)
