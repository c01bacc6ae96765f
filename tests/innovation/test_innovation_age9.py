"""Scenario tests of the age 9 dogmas."""

from test_innovation_helpers import (
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

from apps.innovation.engine import RULES


def test_collaboration_lets_the_demander_pick_one_revealed_9_and_the_victim_melds_the_other():
    s = give(table(), 0, board=["Collaboration"])
    s = on_top(s, "Ecology", "Fission")
    s = dogma(s, "Collaboration")
    assert s["pending"]["seat"] == 0 and options(s) == ["Ecology", "Fission"]
    s = pick(s, "Fission")
    assert pile(s, 0, "red") == ["Fission"] and pile(s, 1, "yellow") == ["Ecology"] and s["revealed"] == []


def test_collaboration_wins_with_ten_green_cards():
    greens = ["Clothing", "Sailing", "Mapmaking", "Currency", "Compass", "Paper", "Invention", "Navigation",
              "Banking", "Collaboration"]
    s = give(table(), 0, board=greens)
    s = give(s, 1, board=["Self Service"])
    s = dogma(s, "Collaboration")
    assert RULES.outcome(s)["winners"] == [0]


def test_composites_takes_all_but_one_card_and_the_highest_score_card():
    s = give(table(), 0, board=["Composites"])
    s = give(s, 1, hand=["Oars", "Sailing", "Calendar"], score=["Alchemy", "Writing"])
    s = pick(dogma(s, "Composites"), "Sailing")
    assert hand(s, 0) == ["Calendar", "Oars"] and hand(s, 1) == ["Sailing"]
    assert score(s, 0) == ["Alchemy"] and score(s, 1) == ["Writing"]


def test_computers_splays_and_executes_the_melded_10_for_itself():
    s = give(table(), 0, board=["Oars", "Archery", "Computers"])
    s = on_top(s, "A.I.", "Bioengineering")
    s = pick(dogma(s, "Computers"), "red")
    assert splay(s, 0, "red") == "up"
    assert pile(s, 0, "purple") == ["A.I."] and score(s, 0) == ["Bioengineering"]


def test_ecology_returns_a_card_scores_one_and_draws_two_10s():
    s = give(table(), 0, hand=["Oars", "Sailing", "Writing"], board=["Ecology"])
    s = on_top(s, "A.I.", "Databases")
    s = pick(pick(dogma(s, "Ecology"), "Oars"), "Sailing")
    assert score(s, 0) == ["Sailing"] and hand(s, 0) == ["A.I.", "Databases", "Writing"]


def test_fission_with_a_non_red_10_keeps_it_and_returns_a_top_card():
    s = give(table(), 0, board=["Fission", "Writing"])
    s = give(s, 1, board=["Oars"])
    s = on_top(s, "A.I.")
    s = dogma(s, "Fission")
    assert hand(s, 1) == ["A.I."] and options(s) == ["Oars", "Writing"]
    s = pick(s, "Oars")
    assert pile(s, 1, "red") == []


def test_fission_with_a_red_10_removes_every_hand_board_and_score_pile():
    s = give(table(), 0, hand=["Sailing"], score=["Calendar"], board=["Fission", "Writing"])
    s = give(s, 1, hand=["Tools"], board=["Oars"])
    s = on_top(s, "Miniaturization")
    s = dogma(s, "Fission")
    assert s["pending"] is None
    for seat in (0, 1):
        assert hand(s, seat) == [] and score(s, seat) == [] and all(pile(s, seat, c) == [] for c in
                                                                      ("red", "yellow", "green", "blue", "purple"))
    assert {"Miniaturization", "Fission", "Writing", "Oars", "Sailing", "Calendar", "Tools"} <= set(s["removed"])


def test_fission_third_edition_also_draws_a_10():
    s = give(table(edition="third"), 0, board=["Fission", "Writing"])
    s = on_top(s, "A.I.", "Databases")
    s = dogma(s, "Fission")
    assert hand(s, 1) == ["A.I."] and pile(s, 0, "blue") == [] and hand(s, 0) == ["Databases"]


def test_genetics_melds_a_10_and_scores_every_card_beneath_it():
    s = give(table(), 0, board=["Writing", "Tools", "Genetics"])
    s = on_top(s, "Bioengineering")
    s = dogma(s, "Genetics")
    assert pile(s, 0, "blue") == ["Bioengineering"] and score(s, 0) == ["Genetics", "Tools", "Writing"]


def test_satellites_returns_the_hand_draws_8s_and_executes_a_melded_card():
    s = give(table(), 0, hand=["Oars"], board=["Satellites"])
    s = on_top(s, "Antibiotics", "Corporations", "Flight", "Empiricism")
    s = dogma(s, "Satellites")
    assert hand(s, 0) == ["Antibiotics", "Corporations", "Flight"]
    s = pick(s, "Corporations")
    assert pile(s, 0, "green") == ["Satellites", "Corporations"] and pile(s, 0, "purple") == ["Empiricism"]


def test_services_takes_the_highest_score_cards_and_the_victim_takes_a_top_card_without_leaf():
    s = give(table(), 0, board=["Services", "Archery", "Writing"])
    s = give(s, 1, score=["Alchemy", "Compass", "Oars"])
    s = dogma(s, "Services")
    assert hand(s, 0) == ["Alchemy", "Compass"] and options(s) == ["Archery", "Writing"]
    s = pick(s, "Writing")
    assert hand(s, 1) == ["Writing"] and score(s, 1) == ["Oars"]


def test_specialization_takes_the_top_card_of_the_revealed_color_from_every_other_board():
    s = give(table(), 0, hand=["Oars"], board=["Specialization"])
    s = give(s, 1, board=["Archery"])
    s = dogma(s, "Specialization")
    assert hand(s, 0) == ["Archery", "Oars"] and pile(s, 1, "red") == []


def test_specialization_splays_yellow_or_blue_up():
    s = give(table(), 0, board=["Specialization", "Writing", "Tools"])
    s = pick(dogma(s, "Specialization"), "blue")
    assert splay(s, 0, "blue") == "up"


def test_suburbia_tucks_cards_and_scores_a_1_for_each():
    s = give(table(), 0, hand=["Oars", "Sailing", "Writing"], board=["Suburbia"])
    s = on_top(s, "Agriculture", "Archery")
    s = decline(pick(pick(dogma(s, "Suburbia"), "Oars"), "Sailing"))
    assert score(s, 0) == ["Agriculture", "Archery"] and hand(s, 0) == ["Writing"]
