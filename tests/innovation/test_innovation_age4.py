"""Scenario tests of the age 4 dogmas."""

from test_innovation_helpers import (
    achieved,
    decline,
    dogma,
    give,
    hand,
    on_top,
    options,
    pick,
    pile,
    score,
    splay,
    table,
)


def test_anatomy_returns_a_score_card_and_a_top_card_of_its_value():
    s = give(table(), 0, board=["Anatomy"])
    s = give(s, 1, score=["Calendar", "Oars"], board=["Fermenting"])
    s = pick(dogma(s, "Anatomy"), "Calendar")
    assert score(s, 1) == ["Oars"] and pile(s, 1, "yellow") == []
    assert s["decks"]["2"][:2] == ["Fermenting", "Calendar"]


def test_anatomy_with_an_empty_score_pile_does_nothing():
    s = give(table(), 0, board=["Anatomy"])
    s = give(s, 1, board=["Fermenting"])
    assert pile(dogma(s, "Anatomy"), 1, "yellow") == ["Fermenting"]


def test_colonialism_tucks_3s_while_they_show_a_crown():
    s = on_top(give(table(), 0, board=["Colonialism"]), "Compass", "Alchemy")
    s = dogma(s, "Colonialism")
    assert pile(s, 0, "green") == ["Compass"] and pile(s, 0, "blue") == ["Alchemy"]


def test_enterprise_takes_a_crown_top_card_and_the_victim_melds_a_4():
    s = give(table(), 0, board=["Enterprise"])
    s = give(s, 1, board=["Sailing"])
    s = on_top(s, "Anatomy")
    s = dogma(s, "Enterprise")
    assert pile(s, 0, "green") == ["Sailing"] and pile(s, 1, "yellow") == ["Anatomy"]


def test_enterprise_may_splay_green_right():
    s = give(table(), 0, board=["Sailing", "Clothing", "Enterprise"])
    s = pick(dogma(s, "Enterprise"), "green")
    assert splay(s, 0, "green") == "right"


def test_experimentation_draws_and_melds_a_5():
    s = on_top(give(table(), 0, board=["Experimentation"]), "Astronomy")
    assert pile(dogma(s, "Experimentation"), 0, "purple") == ["Astronomy"]


def test_gunpowder_takes_a_castle_top_card_and_then_scores_a_2():
    s = give(table(), 0, board=["Gunpowder"])
    s = give(s, 1, board=["Archery"])
    s = on_top(s, "Calendar")
    s = dogma(s, "Gunpowder")
    assert score(s, 0) == ["Archery", "Calendar"]


def test_gunpowder_scores_nothing_without_a_transfer():
    s = give(table(), 0, board=["Gunpowder"])
    s = give(s, 1, board=["Sailing"])
    assert score(dogma(s, "Gunpowder"), 0) == []


def test_invention_turns_a_left_splay_right_scores_a_4_and_claims_wonder():
    board = ["Oars", "Archery", "Agriculture", "Domestication", "Sailing", "Invention", "Writing", "Tools",
             "Mysticism", "Code of Laws"]
    spl = {c: "left" for c in ["red", "yellow", "green", "blue", "purple"]}
    s = on_top(give(table(), 0, board=board, splay=spl), "Anatomy")
    s = dogma(s, "Invention")
    assert set(options(s)) == {"red", "yellow", "green", "blue", "purple"}
    s = pick(s, "blue")
    assert splay(s, 0, "blue") == "right" and score(s, 0) == ["Anatomy"] and achieved(s, 0) == ["Wonder"]


def test_invention_with_no_left_splay_does_nothing():
    s = dogma(give(table(), 0, board=["Invention"]), "Invention")
    assert score(s, 0) == [] and achieved(s, 0) == []


def test_navigation_takes_a_2_or_3_from_the_score_pile():
    s = give(table(), 0, board=["Navigation"])
    s = give(s, 1, score=["Oars", "Calendar", "Alchemy"])
    s = dogma(s, "Navigation")
    assert options(s) == ["Calendar", "Alchemy"]
    s = pick(s, "Alchemy")
    assert score(s, 0) == ["Alchemy"] and score(s, 1) == ["Calendar", "Oars"]


def test_perspective_returns_a_card_and_scores_one_per_two_lightbulbs():
    s = give(table(), 0, hand=["Oars", "Sailing", "Agriculture", "Archery"], board=["Perspective", "Writing"])
    s = pick(dogma(s, "Perspective"), "Oars")
    s = pick(pick(s, "Sailing"), "Agriculture")
    assert score(s, 0) == ["Agriculture", "Sailing"] and hand(s, 0) == ["Archery"]


def test_printing_press_returns_a_score_card_draws_two_above_purple_and_splays_blue_right():
    s = give(table(), 0, score=["Oars"], board=["Mysticism", "Writing", "Printing Press"])
    s = on_top(s, "Alchemy")
    s = pick(dogma(s, "Printing Press"), "Oars")
    assert hand(s, 0) == ["Alchemy"] and score(s, 0) == []
    s = pick(s, "blue")
    assert splay(s, 0, "blue") == "right"


def test_reformation_tucks_one_card_per_two_leaves_and_splays_purple_right():
    s = give(table(), 0, hand=["Mysticism", "Oars"], board=["Agriculture", "Reformation"])
    s = dogma(s, "Reformation")
    s = pick(s, "Mysticism")  # the second tuck has one candidate left and happens on its own
    assert pile(s, 0, "purple") == ["Mysticism", "Reformation"] and pile(s, 0, "red") == ["Oars"]
    s = pick(s, "purple")
    assert splay(s, 0, "purple") == "right"


def test_reformation_may_decline_the_tuck():
    s = give(table(), 0, hand=["Oars"], board=["Agriculture", "Reformation"])
    s = decline(dogma(s, "Reformation"))
    assert hand(s, 0) == ["Oars"]
