"""Scenario tests of the age 2 dogmas."""

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


def test_calendar_draws_two_3s_when_the_score_pile_outnumbers_the_hand():
    s = give(table(), 0, hand=["Oars"], score=["Sailing", "Writing"], board=["Calendar"])
    s = on_top(s, "Alchemy", "Compass")
    s = dogma(s, "Calendar")
    assert hand(s, 0) == ["Alchemy", "Compass", "Oars"]


def test_calendar_does_nothing_when_the_counts_are_equal():
    s = give(table(), 0, hand=["Oars"], score=["Sailing"], board=["Calendar"])
    assert hand(dogma(s, "Calendar"), 0) == ["Oars"]


def test_canal_building_exchanges_the_highest_cards_of_hand_and_score_pile():
    s = give(table(), 0, hand=["Oars", "Calendar", "Fermenting"], score=["Writing", "Alchemy"],
              board=["Canal Building"])
    s = pick(dogma(s, "Canal Building"), "yes")
    assert hand(s, 0) == ["Alchemy", "Oars"] and score(s, 0) == ["Calendar", "Fermenting", "Writing"]


def test_canal_building_may_be_declined():
    s = give(table(), 0, hand=["Oars"], score=["Writing"], board=["Canal Building"])
    s = decline(dogma(s, "Canal Building"))
    assert hand(s, 0) == ["Oars"] and score(s, 0) == ["Writing"]


def test_construction_takes_two_cards_then_the_victim_draws_a_2_and_empire_goes_to_the_only_full_board():
    s = give(table(), 0, board=["Construction", "Agriculture", "Sailing", "Writing", "Mysticism"])
    s = give(s, 1, hand=["Oars", "Tools", "Pottery"])
    s = on_top(s, "Calendar")
    s = dogma(s, "Construction")
    assert s["pending"]["seat"] == 1
    s = pick(pick(s, "Oars"), "Tools")
    assert hand(s, 0) == ["Oars", "Tools"] and hand(s, 1) == ["Calendar", "Pottery"]
    assert achieved(s, 0) == ["Empire"]


def test_construction_demand_with_an_empty_hand_still_draws_and_no_empire_without_five_colors():
    s = give(table(), 0, board=["Construction"])
    s = on_top(s, "Calendar")
    s = dogma(s, "Construction")
    assert hand(s, 1) == ["Calendar"] and achieved(s, 0) == []


def test_currency_scores_a_2_per_distinct_value_returned():
    s = give(table(), 0, hand=["Oars", "Sailing", "Calendar", "Writing"], board=["Currency"])
    s = on_top(s, "Fermenting", "Mapmaking")
    s = dogma(s, "Currency")
    s = decline(pick(pick(pick(s, "Oars"), "Sailing"), "Calendar"))
    assert score(s, 0) == ["Fermenting", "Mapmaking"] and hand(s, 0) == ["Writing"]


def test_fermenting_draws_a_2_per_two_leaves():
    s = give(table(), 0, board=["Fermenting", "Sailing", "Writing"])
    s = on_top(s, "Calendar", "Mapmaking")
    s = dogma(s, "Fermenting")
    assert hand(s, 0) == ["Calendar"]  # three leaves: one draw


def test_fermenting_third_edition_draws_a_2_per_color_showing_a_leaf():
    s = give(table(edition="third"), 0, board=["Fermenting", "Sailing", "Writing"])
    s = on_top(s, "Calendar", "Mapmaking")
    s = dogma(s, "Fermenting")
    assert hand(s, 0) == ["Calendar", "Mapmaking"]


def test_mapmaking_takes_a_1_from_the_score_pile_and_then_scores_a_1():
    s = give(table(), 0, board=["Mapmaking"])
    s = give(s, 1, score=["Oars", "Calendar"])
    s = on_top(s, "Agriculture")
    s = dogma(s, "Mapmaking")
    assert score(s, 0) == ["Agriculture", "Oars"] and score(s, 1) == ["Calendar"]


def test_mapmaking_scores_nothing_when_nothing_was_transferred():
    s = give(table(), 0, board=["Mapmaking"])
    s = give(s, 1, score=["Calendar"])
    s = dogma(s, "Mapmaking")
    assert score(s, 0) == [] and score(s, 1) == ["Calendar"]


def test_mathematics_returns_a_card_and_melds_one_higher():
    s = give(table(), 0, hand=["Oars"], board=["Mathematics"])
    s = on_top(s, "Calendar")
    s = pick(dogma(s, "Mathematics"), "Oars")
    assert pile(s, 0, "blue") == ["Mathematics", "Calendar"] and hand(s, 0) == []


def test_monotheism_takes_a_top_card_of_a_color_the_demander_lacks_and_both_tuck():
    s = give(table(), 0, board=["Monotheism"])
    s = give(s, 1, board=["Oars", "Code of Laws"])
    s = on_top(s, "Agriculture", "Archery")
    s = dogma(s, "Monotheism")
    assert score(s, 0) == ["Oars"]
    assert pile(s, 1, "yellow") == ["Agriculture"] and pile(s, 0, "red") == ["Archery"]


def test_philosophy_splays_left_and_scores_a_card():
    s = give(table(), 0, hand=["Oars"], board=["Code of Laws", "Philosophy"])
    s = dogma(s, "Philosophy")
    assert options(s) == ["purple"]
    s = pick(pick(s, "purple"), "Oars")
    assert splay(s, 0, "purple") == "left" and score(s, 0) == ["Oars"]


def test_road_building_melds_two_and_swaps_red_for_green():
    s = give(table(), 0, hand=["Oars", "Agriculture"], board=["Road Building"])
    s = give(s, 1, board=["Sailing"])
    s = dogma(s, "Road Building")
    s = pick(pick(s, "Oars"), "Agriculture")
    s = pick(s, 1)
    assert pile(s, 1, "red") == ["Oars"] and pile(s, 0, "green") == ["Sailing"]
    assert pile(s, 0, "red") == ["Road Building"]


def test_road_building_with_one_meld_transfers_nothing():
    s = give(table(), 0, hand=["Oars", "Agriculture"], board=["Road Building"])
    s = decline(pick(dogma(s, "Road Building"), "Oars"))
    assert pile(s, 0, "red") == ["Road Building", "Oars"] and hand(s, 0) == ["Agriculture"]
