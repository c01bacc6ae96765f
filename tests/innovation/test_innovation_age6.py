"""Scenario tests of the age 6 dogmas."""

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


def test_atomic_theory_splays_blue_right_and_melds_a_7():
    s = give(table(), 0, board=["Writing", "Atomic Theory"])
    s = on_top(s, "Bicycle")
    s = pick(dogma(s, "Atomic Theory"), "blue")
    assert splay(s, 0, "blue") == "right" and pile(s, 0, "green") == ["Bicycle"]


def test_canning_tucks_a_6_and_scores_top_cards_without_factory():
    s = give(table(), 0, board=["Canning", "Oars"])
    s = on_top(s, "Classification")
    s = pick(dogma(s, "Canning"), "yes")
    assert score(s, 0) == ["Classification", "Oars"] and pile(s, 0, "yellow") == ["Canning"]


def test_canning_declined_changes_nothing():
    s = give(table(), 0, board=["Canning", "Oars"])
    s = decline(dogma(s, "Canning"))
    assert score(s, 0) == [] and pile(s, 0, "red") == ["Oars"]


def test_classification_takes_every_card_of_the_revealed_color_and_melds_them():
    s = give(table(), 0, hand=["Oars", "Writing"], board=["Classification"])
    s = give(s, 1, hand=["Archery", "Sailing"])
    s = pick(dogma(s, "Classification"), "Oars")
    assert hand(s, 1) == ["Sailing"]
    assert options(s) == ["Archery", "Oars"]
    s = pick(s, "Archery")
    assert pile(s, 0, "red") == ["Archery", "Oars"] and hand(s, 0) == ["Writing"]


def test_democracy_scores_an_8_only_for_returning_more_than_anyone_before():
    s = give(table(), 0, hand=["Oars"], board=["Democracy"])
    s = give(s, 1, hand=["Sailing"], board=["Writing"])
    s = on_top(s, "Antibiotics", "Canning")
    s = dogma(s, "Democracy")
    assert s["pending"]["seat"] == 1 and s["pending"]["optional"]
    s = pick(s, "Sailing", seat=1)
    assert score(s, 1) == ["Antibiotics"]
    s = pick(s, "Oars", seat=0)
    assert score(s, 0) == []  # one card is not more than the one seat 1 returned
    assert hand(s, 0) == ["Canning"]  # the free draw for a changed share


def test_emancipation_takes_a_card_to_the_score_pile_and_the_victim_draws_a_6():
    s = give(table(), 0, board=["Emancipation", "Industrialization"])
    s = give(s, 1, hand=["Oars"])
    s = on_top(s, "Canning")
    s = dogma(s, "Emancipation")
    assert score(s, 0) == ["Oars"] and hand(s, 1) == ["Canning"]
    assert s["pending"] is None  # piles of one card cannot be splayed


def test_encyclopedia_melds_all_highest_score_cards():
    s = give(table(), 0, score=["Canning", "Classification", "Oars"], board=["Encyclopedia"])
    s = pick(dogma(s, "Encyclopedia"), "yes")
    s = pick(s, "Classification")
    assert pile(s, 0, "green") == ["Classification"] and pile(s, 0, "yellow") == ["Canning"]
    assert score(s, 0) == ["Oars"]


def test_industrialization_tucks_a_6_per_two_factories():
    s = give(table(), 0, board=["Industrialization", "Emancipation", "Banking"])
    s = on_top(s, "Canning", "Classification", "Democracy")
    s = dogma(s, "Industrialization")
    assert pile(s, 0, "yellow") == ["Canning"] and pile(s, 0, "green") == ["Classification", "Banking"]
    assert pile(s, 0, "purple") == ["Emancipation"]


def test_industrialization_third_edition_tucks_a_6_per_color_showing_a_factory():
    s = give(table(edition="third"), 0, board=["Industrialization", "Emancipation", "Banking"])
    s = on_top(s, "Canning", "Classification", "Democracy")
    s = decline(dogma(s, "Industrialization"))
    assert pile(s, 0, "purple") == ["Democracy", "Emancipation"]


def test_machine_tools_scores_a_card_of_the_highest_score_value():
    s = give(table(), 0, score=["Calendar", "Oars"], board=["Machine Tools"])
    s = on_top(s, "Fermenting")
    assert score(dogma(s, "Machine Tools"), 0) == ["Calendar", "Fermenting", "Oars"]


def test_machine_tools_with_an_empty_score_pile_scores_a_1():
    s = on_top(give(table(), 0, board=["Machine Tools"]), "Agriculture")
    assert score(dogma(s, "Machine Tools"), 0) == ["Agriculture"]


def test_metric_system_splays_any_color_right_when_green_is_right():
    s = give(table(), 0, board=["Sailing", "Metric System", "Oars", "Archery"], splay={"green": "right"})
    s = pick(dogma(s, "Metric System"), "red")
    assert splay(s, 0, "red") == "right" and s["pending"] is None


def test_metric_system_without_green_right_only_offers_green():
    s = give(table(), 0, board=["Sailing", "Metric System", "Oars", "Archery"])
    s = dogma(s, "Metric System")
    assert options(s) == ["green"]


def test_vaccination_returns_the_lowest_score_cards_then_both_meld():
    s = give(table(), 0, board=["Vaccination"])
    s = give(s, 1, score=["Oars", "Sailing", "Calendar"])
    s = on_top(s, "Canning", "Bicycle")
    s = dogma(s, "Vaccination")
    assert score(s, 1) == ["Calendar"] and pile(s, 1, "yellow") == ["Canning"]
    assert pile(s, 0, "green") == ["Bicycle"]


def test_vaccination_with_no_score_melds_nothing():
    s = give(table(), 0, board=["Vaccination"])
    s = dogma(s, "Vaccination")
    assert pile(s, 0, "green") == [] and pile(s, 1, "yellow") == []
