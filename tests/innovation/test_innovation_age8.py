"""Scenario tests of the age 8 dogmas."""

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


def test_antibiotics_draws_two_8s_per_distinct_value_returned():
    s = give(table(), 0, hand=["Oars", "Sailing", "Calendar", "Writing"], board=["Antibiotics"])
    s = on_top(s, "Corporations", "Empiricism", "Flight", "Mass Media")
    s = dogma(s, "Antibiotics")
    s = pick(pick(pick(s, "Oars"), "Sailing"), "Calendar")
    assert hand(s, 0) == ["Corporations", "Empiricism", "Flight", "Mass Media", "Writing"]


def test_corporations_takes_a_factory_top_card_and_both_meld_8s():
    s = give(table(), 0, board=["Corporations", "Coal"])
    s = give(s, 1, board=["Colonialism"])
    s = on_top(s, "Flight", "Antibiotics")
    s = dogma(s, "Corporations")
    assert score(s, 0) == ["Colonialism"] and pile(s, 1, "red") == ["Flight"]
    assert pile(s, 0, "yellow") == ["Antibiotics"]


def test_empiricism_melds_a_9_of_a_named_color_and_may_splay_it_up():
    s = give(table(), 0, board=["Empiricism"])
    s = on_top(s, "Services")
    s = pick(pick(dogma(s, "Empiricism"), "purple"), "blue")
    assert pile(s, 0, "purple") == ["Empiricism", "Services"]
    s = pick(s, "yes")
    assert splay(s, 0, "purple") == "up"


def test_empiricism_keeps_a_9_of_another_color_and_wins_with_twenty_lightbulbs():
    board = ["Evolution", "Atomic Theory", "Genetics", "Experimentation", "A.I.", "Empiricism", "Classification",
             "Perspective", "Miniaturization"]
    s = give(table(), 0, board=board, splay={"blue": "right", "purple": "right"})
    s = on_top(s, "Suburbia")
    s = pick(pick(dogma(s, "Empiricism"), "red"), "blue")
    assert RULES.outcome(s)["winners"] == [0] and hand(s, 0) == ["Suburbia"]


def test_flight_splays_any_color_up_when_red_is_up():
    s = give(table(), 0, board=["Oars", "Flight", "Writing", "Tools"], splay={"red": "up"})
    s = pick(dogma(s, "Flight"), "blue")
    assert splay(s, 0, "blue") == "up" and s["pending"] is None


def test_flight_otherwise_only_splays_red_up():
    s = give(table(), 0, board=["Oars", "Flight", "Writing", "Tools"])
    s = dogma(s, "Flight")
    assert options(s) == ["red"]


def test_mass_media_returns_every_score_card_of_the_named_value():
    s = give(table(), 0, hand=["Oars"], score=["Calendar", "Sailing"], board=["Mass Media"])
    s = give(s, 1, score=["Fermenting", "Writing"])
    s = pick(pick(dogma(s, "Mass Media"), "Oars"), 2)
    assert score(s, 0) == ["Sailing"] and score(s, 1) == ["Writing"]


def test_mass_media_declined_leaves_the_score_piles():
    s = give(table(), 0, hand=["Oars"], score=["Calendar"], board=["Mass Media"])
    assert score(decline(dogma(s, "Mass Media")), 0) == ["Calendar"]


def test_mobility_takes_the_two_highest_non_red_top_cards_without_factory():
    s = give(table(), 0, board=["Mobility"])
    s = give(s, 1, board=["Sailing", "Writing", "Astronomy"])
    s = on_top(s, "Antibiotics")
    s = dogma(s, "Mobility")
    assert options(s) == ["Sailing", "Writing"]
    s = pick(s, "Writing")
    assert score(s, 0) == ["Astronomy", "Writing"] and hand(s, 1) == ["Antibiotics"]


def test_quantum_theory_returning_two_draws_a_10_and_scores_a_10():
    s = give(table(), 0, hand=["Oars", "Sailing"], board=["Quantum Theory"])
    s = on_top(s, "A.I.", "Bioengineering")
    s = pick(pick(dogma(s, "Quantum Theory"), "Oars"), "Sailing")
    assert hand(s, 0) == ["A.I."] and score(s, 0) == ["Bioengineering"]


def test_quantum_theory_returning_one_gives_nothing():
    s = give(table(), 0, hand=["Oars", "Sailing"], board=["Quantum Theory"])
    s = decline(pick(dogma(s, "Quantum Theory"), "Oars"))
    assert hand(s, 0) == ["Sailing"] and score(s, 0) == []


def test_rocketry_returns_a_score_card_of_another_player_per_two_clocks():
    s = give(table(), 0, board=["Rocketry", "Flight"])
    s = give(s, 1, score=["Oars", "Calendar", "Sailing"])
    s = dogma(s, "Rocketry")
    assert options(s) == ["1:1", "1:2"]
    s = pick(pick(s, "1:1"), "1:2")
    assert len(score(s, 1)) == 1 and score(s, 1)[0] in ("Oars", "Sailing")


def test_skyscrapers_takes_a_clock_top_card_then_scores_beneath_and_returns_the_rest():
    s = give(table(), 0, board=["Skyscrapers"])
    s = give(s, 1, board=["Sailing", "Classification", "Mass Media"])
    s = dogma(s, "Skyscrapers")
    assert pile(s, 0, "green") == ["Mass Media"] and score(s, 1) == ["Classification"]
    assert pile(s, 1, "green") == [] and s["decks"]["1"][0] == "Sailing"


def test_socialism_tucks_the_hand_and_with_purple_takes_the_lowest_cards():
    s = give(table(), 0, hand=["Mysticism", "Oars"], board=["Socialism"])
    s = give(s, 1, hand=["Sailing", "Writing", "Calendar"])
    s = pick(dogma(s, "Socialism"), "yes")
    assert pile(s, 0, "purple") == ["Mysticism", "Socialism"] and pile(s, 0, "red") == ["Oars"]
    assert hand(s, 0) == ["Sailing", "Writing"] and hand(s, 1) == ["Calendar"]


def test_socialism_without_purple_takes_nothing():
    s = give(table(), 0, hand=["Oars"], board=["Socialism"])
    s = give(s, 1, hand=["Sailing"])
    s = pick(dogma(s, "Socialism"), "yes")
    assert hand(s, 0) == [] and hand(s, 1) == ["Sailing"]
