"""Scenario tests of the age 3 dogmas."""

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


def test_alchemy_keeps_drawn_4s_without_red_then_melds_and_scores():
    s = give(table(), 0, hand=["Oars", "Writing"], board=["Alchemy", "Metalworking"])
    s = on_top(s, "Anatomy")
    s = dogma(s, "Alchemy")
    assert options(s) == ["Oars", "Writing", "Anatomy"]
    s = pick(pick(s, "Writing"), "Oars")
    assert pile(s, 0, "blue") == ["Alchemy", "Writing"] and score(s, 0) == ["Oars"] and hand(s, 0) == ["Anatomy"]


def test_alchemy_returns_everything_when_a_red_card_is_drawn():
    s = give(table(), 0, hand=["Oars", "Writing"], board=["Alchemy", "Metalworking"])
    s = on_top(s, "Gunpowder")
    s = dogma(s, "Alchemy")
    assert hand(s, 0) == [] and score(s, 0) == [] and "Gunpowder" in s["decks"]["4"]


def test_compass_swaps_a_leaf_card_for_a_card_without_leaf():
    s = give(table(), 0, board=["Compass", "Archery"])
    s = give(s, 1, board=["Agriculture", "Clothing"])
    s = dogma(s, "Compass")
    assert pile(s, 0, "yellow") == ["Agriculture"] and pile(s, 1, "red") == ["Archery"]
    assert pile(s, 1, "green") == ["Clothing"]


def test_education_returns_the_highest_score_card_and_draws_two_above_the_next():
    s = give(table(), 0, score=["Oars", "Calendar", "Alchemy"], board=["Education"])
    s = on_top(s, "Anatomy")
    s = pick(dogma(s, "Education"), "Alchemy")
    assert hand(s, 0) == ["Anatomy"] and score(s, 0) == ["Calendar", "Oars"]


def test_engineering_takes_every_castle_top_card_and_may_splay_red_left():
    s = give(table(), 0, board=["Oars", "Engineering", "Masonry"])
    s = give(s, 1, board=["Domestication", "Tools", "Sailing"])
    s = dogma(s, "Engineering")
    assert score(s, 0) == ["Domestication", "Tools"] and pile(s, 1, "green") == ["Sailing"]
    s = pick(s, "red")
    assert splay(s, 0, "red") == "left"


def test_feudalism_takes_a_castle_card_from_hand():
    s = give(table(), 0, board=["Feudalism"])
    s = give(s, 1, hand=["Archery", "Oars", "Writing"])
    s = pick(dogma(s, "Feudalism"), "Oars")
    assert hand(s, 0) == ["Oars"] and hand(s, 1) == ["Archery", "Writing"]


def test_feudalism_third_edition_also_unsplays_that_color_of_the_victim():
    s = give(table(edition="third"), 0, board=["Feudalism"])
    s = give(s, 1, hand=["Oars"], board=["Archery", "Gunpowder"], splay={"red": "left"})
    s = dogma(s, "Feudalism")
    assert hand(s, 0) == ["Oars"] and splay(s, 1, "red") == "none"


def test_feudalism_splays_yellow_or_purple_left():
    s = give(table(), 0, board=["Mysticism", "Feudalism"])
    s = pick(dogma(s, "Feudalism"), "purple")
    assert splay(s, 0, "purple") == "left"


def test_machinery_exchanges_hands_then_scores_a_castle_card():
    s = give(table(), 0, hand=["Writing", "Calendar", "Fermenting"], board=["Machinery"])
    s = give(s, 1, hand=["Oars", "Sailing"])
    s = dogma(s, "Machinery")
    assert hand(s, 1) == ["Calendar", "Fermenting"]
    assert score(s, 0) == ["Oars"] and hand(s, 0) == ["Sailing", "Writing"]


def test_medicine_swaps_highest_and_lowest_score_cards():
    s = give(table(), 0, score=["Writing", "Sailing", "Alchemy"], board=["Medicine"])
    s = give(s, 1, score=["Calendar", "Fermenting", "Oars"])
    s = dogma(s, "Medicine")
    assert s["pending"]["seat"] == 1 and options(s) == ["Calendar", "Fermenting"]
    s = pick(s, "Fermenting")
    assert s["pending"]["seat"] == 0 and options(s) == ["Sailing", "Writing"]
    s = pick(s, "Sailing")
    assert score(s, 0) == ["Alchemy", "Fermenting", "Writing"] and score(s, 1) == ["Calendar", "Oars", "Sailing"]


def test_optics_scores_a_4_when_the_melded_3_has_a_crown():
    s = on_top(give(table(), 0, board=["Optics"]), "Compass", "Anatomy")
    s = dogma(s, "Optics")
    assert pile(s, 0, "green") == ["Compass"] and score(s, 0) == ["Anatomy"]


def test_optics_otherwise_gives_a_score_card_to_a_poorer_opponent():
    s = give(table(), 0, score=["Calendar"], board=["Optics"])
    s = give(s, 1, score=["Oars"], board=["Agriculture"])
    s = on_top(s, "Alchemy")
    s = dogma(s, "Optics")
    assert pile(s, 0, "blue") == ["Alchemy"]
    assert score(s, 1) == ["Calendar", "Oars"] and score(s, 0) == []


def test_paper_splays_left_and_draws_a_4_per_left_splay():
    s = give(table(), 0, board=["Sailing", "Paper", "Oars", "Archery"], splay={"red": "left"})
    s = on_top(s, "Anatomy", "Colonialism")
    s = pick(dogma(s, "Paper"), "green")
    assert splay(s, 0, "green") == "left" and hand(s, 0) == ["Anatomy", "Colonialism"]


def test_translation_melds_the_score_pile_and_claims_world_with_crowns_on_top():
    s = give(table(), 0, score=["Sailing", "Oars"], board=["Translation"])
    s = pick(dogma(s, "Translation"), "yes")
    s = pick(s, "Oars")
    assert pile(s, 0, "green") == ["Sailing"] and pile(s, 0, "red") == ["Oars"] and score(s, 0) == []
    assert achieved(s, 0) == ["World"]


def test_translation_declined_and_no_world_without_crowns():
    s = give(table(), 0, score=["Sailing"], board=["Translation", "Archery"])
    s = decline(dogma(s, "Translation"))
    assert score(s, 0) == ["Sailing"] and achieved(s, 0) == []
