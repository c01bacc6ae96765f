"""Scenario tests of the age 10 dogmas, including the cards that decide the winner."""

from test_innovation_helpers import (
    decline,
    dogma,
    give,
    hand,
    on_top,
    pick,
    pile,
    score,
    splay,
    table,
)

from apps.innovation.engine import RULES


def test_ai_scores_a_10_and_with_robotics_and_software_on_top_the_lowest_score_wins():
    s = give(table(), 0, board=["A.I.", "Software"], score=["Oars"])
    s = give(s, 1, board=["Robotics"], score=["Calendar"])
    s = on_top(s, "Databases")
    s = dogma(s, "A.I.")
    assert RULES.outcome(s)["winners"] == [1]


def test_ai_without_both_cards_only_scores():
    s = on_top(give(table(), 0, board=["A.I."]), "Databases")
    s = dogma(s, "A.I.")
    assert score(s, 0) == ["Databases"] and RULES.outcome(s) is None


def test_bioengineering_scores_a_leaf_top_card_from_another_board_and_the_most_leaves_win():
    s = give(table(), 0, board=["Bioengineering", "Agriculture"])
    s = give(s, 1, board=["Sailing", "Archery"])
    s = dogma(s, "Bioengineering")
    assert score(s, 0) == ["Sailing"]
    assert RULES.outcome(s)["winners"] == [0]


def test_bioengineering_tie_for_most_leaves_decides_nothing():
    s = give(table(), 0, board=["Bioengineering"])
    s = give(s, 1, board=["Archery"])
    s = dogma(s, "Bioengineering")
    assert RULES.outcome(s) is None


def test_databases_makes_the_victim_return_half_the_score_pile_rounded_up():
    s = give(table(), 0, board=["Databases"])
    s = give(s, 1, score=["Oars", "Calendar", "Alchemy"])
    s = pick(pick(dogma(s, "Databases"), "Oars"), "Alchemy")
    assert score(s, 1) == ["Calendar"]


def test_globalization_returns_a_leaf_top_card_and_the_richest_wins_when_factories_rule():
    s = give(table(), 0, board=["Globalization"], score=["Calendar"])
    s = give(s, 1, board=["Agriculture"])
    s = on_top(s, "Canning")
    s = dogma(s, "Globalization")
    assert pile(s, 1, "yellow") == [] and score(s, 0) == ["Calendar", "Canning"]
    assert RULES.outcome(s)["winners"] == [0]


def test_globalization_no_winner_while_someone_has_more_leaves():
    s = give(table(), 0, board=["Globalization", "Pottery", "Clothing"])
    s = on_top(s, "Canning")
    s = dogma(s, "Globalization")
    assert RULES.outcome(s) is None and score(s, 0) == ["Canning"]


def test_miniaturization_returning_a_10_draws_a_10_per_score_value():
    s = give(table(), 0, hand=["Databases"], score=["Oars", "Sailing", "Calendar"], board=["Miniaturization"])
    s = on_top(s, "A.I.", "Bioengineering")
    s = pick(dogma(s, "Miniaturization"), "Databases")
    assert hand(s, 0) == ["A.I.", "Bioengineering"]


def test_miniaturization_returning_a_lower_card_draws_nothing():
    s = give(table(), 0, hand=["Oars"], score=["Calendar"], board=["Miniaturization"])
    s = pick(dogma(s, "Miniaturization"), "Oars")
    assert hand(s, 0) == []


def test_robotics_scores_the_green_top_card_and_executes_the_melded_10():
    s = give(table(), 0, board=["Robotics", "Sailing"])
    s = on_top(s, "A.I.", "Bioengineering")
    s = dogma(s, "Robotics")
    assert score(s, 0) == ["Bioengineering", "Sailing"] and pile(s, 0, "purple") == ["A.I."]


def test_self_service_executes_another_top_card_and_wins_with_the_most_achievements():
    s = give(table(), 0, board=["Self Service", "Writing", "Agriculture"])
    s["seats"][0]["achievements"] = ["Monument"]
    s["specials"].remove("Monument")
    s = on_top(s, "Calendar")
    s = pick(dogma(s, "Self Service"), "Writing")
    assert hand(s, 0) == ["Calendar"] and RULES.outcome(s)["winners"] == [0]


def test_self_service_without_more_achievements_does_not_win():
    s = on_top(give(table(), 0, board=["Self Service", "Writing"]), "Calendar")
    s = dogma(s, "Self Service")
    assert hand(s, 0) == ["Calendar"] and RULES.outcome(s) is None


def test_software_scores_a_10_and_melds_two_executing_the_second():
    s = give(table(), 0, board=["Software"])
    s = on_top(s, "Bioengineering", "Databases", "A.I.", "Globalization")
    s = dogma(s, "Software")
    assert pile(s, 0, "green") == ["Databases"] and pile(s, 0, "purple") == ["A.I."]
    assert score(s, 0) == ["Bioengineering", "Globalization"]


def test_stem_cells_scores_the_whole_hand_or_nothing():
    s = give(table(), 0, hand=["Oars", "Calendar"], board=["Stem Cells"])
    assert score(pick(dogma(s, "Stem Cells"), "yes"), 0) == ["Calendar", "Oars"]
    assert score(decline(dogma(s, "Stem Cells")), 0) == []


def test_the_internet_splays_green_up_scores_a_10_and_melds_a_10_per_two_clocks():
    s = give(table(), 0, board=["Sailing", "Databases", "The Internet"])
    s = on_top(s, "A.I.", "Bioengineering", "Globalization", "Miniaturization")
    s = pick(dogma(s, "The Internet"), "green")
    assert splay(s, 0, "green") == "up"
    assert score(s, 0) == ["A.I."]
    # clocks: The Internet 2, Databases 3, Sailing splayed up shows none: 5 -> two 10s
    assert pile(s, 0, "blue") == ["Bioengineering"] and pile(s, 0, "yellow") == ["Globalization"]
    assert hand(s, 0) == []
