"""Innovation's labels and its clone: ``describe_move`` reads each kind of move and answer from the wording
module's tables, and ``RULES.clone`` gives a state that may be changed without touching the original."""

import copy

import pytest
from test_innovation_helpers import dogma, give, on_top, table

from apps.innovation import layout, wording
from apps.innovation.cards import CARDS
from apps.innovation.engine import RULES, IllegalMove
from apps.innovation.lesson import LESSON


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


def test_a_dogma_names_each_opponent_once_as_sharing_obeying_or_not_affected():
    s = table(players=4)
    s = give(s, 0, board=["Oars"])  # 2 castles: a demand and a shared effect
    s = give(s, 1, board=["Metalworking"])  # 3 castles: at least as many, shares
    s = give(s, 2, board=["Writing"])  # no castle: fewer, must obey
    s = give(s, 3, board=["Archery"])  # 2 castles: as many, shares
    names = ["Ada", "Bea", "Cy", "Di"]
    reach = layout.dogma_reach(layout.card_info("Oars"), 0, RULES.view(s, 0), names)
    assert [(r["name"], r["words"], r["count"]) for r in reach["rows"]] == [
        ("Bea", "shares", 3), ("Cy", "must obey", 0), ("Di", "shares", 2)]
    assert (reach["mine"], reach["plural"], reach["free_draw"]) == (2, "castles", True)
    # Archery only demands: Bea, with more castles, is left alone, and no share can give a free draw.
    reach = layout.dogma_reach(layout.card_info("Archery"), 3, RULES.view(s, 3), names)
    assert [(r["name"], r["words"]) for r in reach["rows"]] == [
        ("Ada", "not affected"), ("Bea", "not affected"), ("Cy", "must obey")]
    assert not reach["free_draw"]


def test_a_fan_counts_cards_and_icons_in_words():
    assert wording.fan_label("up", 2, {"Castle": 2, "Crown": 1}) == \
        "Splayed up: the 2 cards below show 2 Castles, 1 Crown"
    assert wording.fan_label("left", 1, {}) == "Splayed left: the 1 card below show no icons"
    assert wording.seat_name(["Ann"], 0) == "Ann" and wording.seat_name(["Ann"], 2) == "Seat 3"


def test_no_lesson_callout_quotes_the_card_its_step_points_at():
    """The card is in front of the player: its text again in the callout is the same words twice (issue 39)."""
    for step in LESSON.steps:
        card = step.move.get("card") or step.move.get("pick")
        if card in CARDS:
            assert not any(text in step.rule or step.rule in text for _, text in CARDS[card][4]), step.do
