"""Innovation's labels and its clone: ``describe_move`` reads each kind of move and answer from the wording
module's tables, and ``RULES.clone`` gives a state that may be changed without touching the original."""

import copy

import pytest
from test_innovation_helpers import dogma, give, on_top, table

from apps.innovation import wording
from apps.innovation.engine import RULES, IllegalMove


@pytest.mark.parametrize("kind, pick, label", [
    ("card", "Oars", "Oars"),
    ("yes", "yes", "Yes"),
    ("color", "purple", "Purple"),
    ("value", 3, "Value 3"),
    ("seat", 2, "Seat 3"),
    ("target", "1:4", "A 4 from seat 2's score pile"),
    ("option", "score8", "Draw and score an 8, then return a score card"),
    ("option", "sideways", "sideways"),
])
def test_an_answer_reads_by_the_kind_of_its_decision(kind, pick, label):
    s = give(table(), 0, board=["Archery"])
    s = dogma(on_top(give(s, 1, hand=["Calendar", "Fermenting"]), "Oars"), "Archery")
    s["pending"] = {**s["pending"], "kind": kind}
    assert RULES.describe_move(s, 1, {"type": "choose", "pick": pick}) == label == wording.pick_label(kind, pick)


def test_turn_moves_and_decline_have_their_labels():
    s = give(table(), 0, board=["Archery", "Gunpowder"])
    assert RULES.describe_move(s, 0, {"type": "draw"}) == "Draw a 4"
    assert RULES.describe_move(s, 0, {"type": "achieve", "age": 2}) == "Achieve age 2"
    assert RULES.describe_move(s, 0, {"type": "decline"}) == "Decline"
    with pytest.raises(IllegalMove, match="Unknown move type"):
        RULES.describe_move(s, 0, {"type": "fly"})


def test_the_draw_button_names_the_age_actually_drawn_when_its_pile_is_empty():
    s = give(table(), 0, board=["Archery", "Gunpowder"])
    s["decks"]["4"] = []
    s["decks"]["5"] = []
    assert RULES.describe_move(s, 0, {"type": "draw"}) == "Draw a 6"


def test_a_clone_is_equal_and_independent_and_plays_on_identically():
    s = give(table(), 0, hand=["Oars"], score=["Calendar"], board=["Archery"])
    s = dogma(on_top(give(s, 1, hand=["Fermenting", "Mathematics"]), "Sailing"), "Archery")
    before = copy.deepcopy(s)
    twin = RULES.clone(s)
    assert twin == s
    twin["seats"][0]["hand"].append("Writing")
    twin["seats"][1]["board"]["red"]["cards"].append("Construction")
    twin["decks"]["1"].pop()
    twin["turn"]["actions"] = 0
    twin["tucked"][0] = 5
    assert s == before
    move = {"type": "choose", "pick": "Mathematics"}
    assert RULES.apply(RULES.clone(s), 1, move) == RULES.apply(s, 1, move)


@pytest.mark.parametrize("share, obey, words", [
    ([], None, "Dogma: just you"),
    (["Bea"], None, "Dogma: shared by Bea"),
    ([], [], "Dogma: no one must obey"),
    (["Bea", "Cy"], ["Di"], "Dogma: shared by Bea and Cy; demands of Di"),
    ([], ["Bea", "Cy", "Di"], "Dogma: demands of Bea, Cy and Di"),
])
def test_a_dogma_tap_says_who_shares_and_who_obeys(share, obey, words):
    assert wording.dogma_tap(share, obey) == words


def test_a_fan_counts_cards_and_icons_in_words():
    assert wording.fan_label("up", 2, {"Castle": 2, "Crown": 1}) == \
        "Splayed up: the 2 cards below show 2 Castles, 1 Crown"
    assert wording.fan_label("left", 1, {}) == "Splayed left: the 1 card below show no icons"
    assert wording.seat_name(["Ann"], 0) == "Ann" and wording.seat_name(["Ann"], 2) == "Seat 3"
