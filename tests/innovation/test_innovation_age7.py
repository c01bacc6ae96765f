"""Scenario tests of the age 7 dogmas."""

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


def test_bicycle_exchanges_hand_and_score_pile():
    s = give(table(), 0, hand=["Oars"], score=["Calendar", "Alchemy"], board=["Bicycle"])
    s = pick(dogma(s, "Bicycle"), "yes")
    assert hand(s, 0) == ["Alchemy", "Calendar"] and score(s, 0) == ["Oars"]


def test_bicycle_declined_keeps_everything():
    s = give(table(), 0, hand=["Oars"], board=["Bicycle"])
    assert hand(decline(dogma(s, "Bicycle")), 0) == ["Oars"]


def test_combustion_takes_two_score_cards():
    s = give(table(), 0, board=["Combustion"])
    s = give(s, 1, score=["Oars", "Calendar", "Alchemy"])
    s = pick(pick(dogma(s, "Combustion"), "Alchemy"), "Oars")
    assert score(s, 0) == ["Alchemy", "Oars"] and score(s, 1) == ["Calendar"]


def test_combustion_third_edition_takes_one_per_four_crowns_and_returns_the_bottom_red_card():
    s = give(table(edition="third"), 0, board=["Oars", "Combustion", "Enterprise"])
    s = give(s, 1, score=["Calendar", "Alchemy"])
    s = pick(dogma(s, "Combustion"), "Alchemy")
    assert score(s, 0) == ["Alchemy"] and score(s, 1) == ["Calendar"]
    assert pile(s, 0, "red") == ["Combustion"] and s["decks"]["1"][0] == "Oars"


def test_electricity_returns_top_cards_without_factory_and_draws_8s():
    s = give(table(), 0, board=["Electricity", "Oars", "Writing"])
    s = on_top(s, "Antibiotics", "Corporations")
    s = dogma(s, "Electricity")
    assert hand(s, 0) == ["Antibiotics", "Corporations"] and pile(s, 0, "red") == []
    assert pile(s, 0, "green") == ["Electricity"]


def test_evolution_can_score_an_8_and_return_a_score_card():
    s = give(table(), 0, score=["Oars"], board=["Evolution"])
    s = on_top(s, "Antibiotics")
    s = pick(pick(dogma(s, "Evolution"), "score8"), "Oars")
    assert score(s, 0) == ["Antibiotics"]


def test_evolution_can_draw_one_above_the_highest_score_card():
    s = give(table(), 0, score=["Calendar"], board=["Evolution"])
    s = on_top(s, "Alchemy")
    s = pick(dogma(s, "Evolution"), "draw")
    assert hand(s, 0) == ["Alchemy"]


def test_explosives_takes_the_three_highest_cards():
    s = give(table(), 0, board=["Explosives"])
    s = give(s, 1, hand=["Oars", "Calendar", "Alchemy", "Anatomy"])
    s = dogma(s, "Explosives")
    assert hand(s, 0) == ["Alchemy", "Anatomy", "Calendar"] and hand(s, 1) == ["Oars"]


def test_explosives_victim_left_empty_handed_draws_a_7():
    s = give(table(), 0, board=["Explosives"])
    s = give(s, 1, hand=["Oars", "Sailing"])
    s = on_top(s, "Bicycle")
    s = pick(dogma(s, "Explosives"), "Sailing")
    assert hand(s, 0) == ["Oars", "Sailing"] and hand(s, 1) == ["Bicycle"]


def test_lighting_tucks_up_to_three_and_scores_a_7_per_value():
    s = give(table(), 0, hand=["Oars", "Sailing", "Calendar", "Alchemy"], board=["Lighting"])
    s = on_top(s, "Bicycle", "Combustion")
    s = dogma(s, "Lighting")
    s = pick(pick(pick(s, "Oars"), "Sailing"), "Calendar")
    assert score(s, 0) == ["Bicycle", "Combustion"] and hand(s, 0) == ["Alchemy"]


def test_publications_rearranges_a_pile_and_splays_blue_up():
    s = give(table(), 0, board=["Oars", "Archery", "Gunpowder", "Writing", "Publications"])
    s = dogma(s, "Publications")
    assert options(s) == ["red", "blue"]
    s = pick(s, "red")
    s = pick(pick(s, "Oars"), "Archery")
    assert pile(s, 0, "red") == ["Gunpowder", "Archery", "Oars"]
    s = pick(s, "blue")
    assert splay(s, 0, "blue") == "up"


def test_railroad_returns_the_hand_draws_three_6s_and_turns_a_right_splay_up():
    s = give(table(), 0, hand=["Oars"], board=["Archery", "Gunpowder", "Railroad"],
             splay={"red": "right"})
    s = on_top(s, "Canning", "Classification", "Democracy")
    s = dogma(s, "Railroad")
    assert hand(s, 0) == ["Canning", "Classification", "Democracy"]
    s = pick(s, "red")
    assert splay(s, 0, "red") == "up"


def test_refrigeration_makes_the_victim_return_half_the_hand_and_may_score():
    s = give(table(), 0, hand=["Writing"], board=["Refrigeration"])
    s = give(s, 1, hand=["Oars", "Sailing", "Calendar", "Alchemy", "Tools"])
    s = dogma(s, "Refrigeration")
    s = pick(pick(s, "Oars"), "Tools")
    assert hand(s, 1) == ["Alchemy", "Calendar", "Sailing"]
    s = pick(s, "Writing")
    assert score(s, 0) == ["Writing"]


def test_sanitation_exchanges_the_two_highest_for_the_lowest():
    s = give(table(), 0, hand=["Oars", "Sailing", "Calendar"], board=["Sanitation"])
    s = give(s, 1, hand=["Anatomy", "Alchemy", "Fermenting"])
    s = pick(dogma(s, "Sanitation"), "Sailing", seat=0)
    assert hand(s, 0) == ["Alchemy", "Anatomy", "Calendar", "Oars"] and hand(s, 1) == ["Fermenting", "Sailing"]
