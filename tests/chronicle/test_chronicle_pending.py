"""Chronicle's pending decision: one record (seats, kind, prompt, options) in front of its phases."""

import random

import pytest
from chronicle_helpers import at_kind, built, random_game, stage, to_vote

from apps.chronicle.engine import RULES
from tests.engine_contract import SEAT_PLACEHOLDER, assert_pending_record

GAMES = 40
UNPAYABLE = ["animal-white-stag", "animal-spotted-jaguar", "animal-salt-white-heron"]
POOR_HAND = ["tax-gatherer", "chief-magistrate", "temple-steward"]  # hierarchical only: pays for none of them
PAYING_HAND = ["frost-shaman", "envoy", "chief-magistrate"]


def check_pending(state: dict) -> None:
    pending = assert_pending_record(RULES, state)
    if pending is None:
        return
    # Chronicle offers exactly the move types legal now, no more.
    legal = {move["type"] for seat in pending["seats"] for move in RULES.legal_moves(state, seat)}
    assert legal == set(pending["options"])
    prompt = pending["prompt"]
    assert "{" not in SEAT_PLACEHOLDER.sub("", prompt) and "}" not in SEAT_PLACEHOLDER.sub("", prompt)
    # What every onlooker reads is exactly the question the record carries.
    assert RULES.view(state, None)["prompt"] == prompt


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_state_of_random_games_has_the_pending_record_its_turn_implies(players):
    for game in range(GAMES // 4):
        seed = players * 1000 + game
        for state, _seat, _move in random_game(players, seed, random.Random(seed)):
            check_pending(state)


def test_building_waits_for_the_seat_at_turn_to_pick_an_aspect():
    assert RULES.pending(RULES.setup(2, 3)) == {
        "seats": [0],
        "kind": "build",
        "prompt": "{p0} is choosing the first card of their Civilization Deck (Hierarchical or Egalitarian).",
        "options": ["pick_aspect"],
    }


def test_the_last_building_step_offers_any_aspect():
    state = RULES.setup(1, 3)
    for aspect in ("egalitarian", "martial", "water"):
        state = RULES.apply(state, 0, {"type": "pick_aspect", "aspect": aspect})
    assert RULES.pending(state)["prompt"] == (
        "{p0} is choosing the fourth card of their Civilization Deck (any aspect).")


def test_a_payable_draw_is_answered_by_choosing_a_fill_card():
    state = stage(at_kind("animal", players=2), UNPAYABLE, PAYING_HAND)
    pending = RULES.pending(state)
    assert (pending["kind"], pending["options"]) == ("fill", ["choose_fill"])
    assert pending["prompt"] == f"{{p0}} is filling the blank of story card {state['story'] + 1}."


def test_a_draw_nothing_pays_for_is_answered_only_by_drawing_again():
    state = stage(at_kind("animal"), UNPAYABLE, POOR_HAND)
    pending = RULES.pending(state)
    assert (pending["seats"], pending["kind"], pending["options"]) == ([0], "fill", ["redraw"])


def test_when_fate_intervenes_any_drawn_card_answers_the_blank():
    state = stage(at_kind("animal"), UNPAYABLE, POOR_HAND, redraws=2)
    assert RULES.pending(state)["options"] == ["choose_fill"]


def test_after_a_paid_fill_the_seat_takes_or_refuses_a_reward():
    state = stage(at_kind("animal", players=3), UNPAYABLE, PAYING_HAND)
    state = RULES.apply(state, 0, RULES.legal_moves(state, 0)[0])
    assert RULES.pending(state) == {
        "seats": [0],
        "kind": "reward",
        "prompt": "{p0} is choosing a reward.",
        "options": ["skip_reward", "take_reward"],
    }


def test_voting_waits_for_every_seat_that_has_not_voted():
    state = to_vote(3)
    assert RULES.pending(state) == {
        "seats": [0, 1, 2],
        "kind": "vote",
        "prompt": "The players are voting: 0 of 3 votes cast.",
        "options": ["vote"],
    }
    state = RULES.apply(state, 1, {"type": "vote", "for": 2})
    pending = RULES.pending(state)
    assert pending["seats"] == [0, 2]
    assert pending["prompt"] == "The players are voting: 1 of 3 votes cast."


def test_nothing_is_pending_once_the_chronicle_is_complete():
    state = to_vote(2)
    state = RULES.apply(RULES.apply(state, 0, {"type": "vote", "for": 1}), 1, {"type": "vote", "for": 0})
    assert RULES.outcome(state) is not None
    assert RULES.pending(state) is None


def test_the_seat_at_turn_is_asked_in_its_own_words_while_the_record_speaks_to_the_table():
    state = built(2, 4)
    assert RULES.view(state, 0)["prompt"] != RULES.pending(state)["prompt"]
    assert RULES.view(state, 1)["prompt"] == RULES.pending(state)["prompt"]
