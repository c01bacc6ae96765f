"""Scenario tests of the age 5 dogmas."""

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


def test_astronomy_melds_green_and_blue_6s_keeps_the_rest_and_claims_universe():
    s = on_top(give(table(), 0, board=["Astronomy"]), "Classification", "Canning")
    s = dogma(s, "Astronomy")
    assert pile(s, 0, "green") == ["Classification"] and hand(s, 0) == ["Canning"]
    assert achieved(s, 0) == ["Universe"]


def test_astronomy_no_universe_with_a_low_non_purple_top_card():
    s = on_top(give(table(), 0, board=["Astronomy", "Oars"]), "Canning")
    s = dogma(s, "Astronomy")
    assert hand(s, 0) == ["Canning"] and achieved(s, 0) == []


def test_banking_takes_a_factory_top_card_and_the_victim_scores_a_5():
    s = give(table(), 0, board=["Banking"])
    s = give(s, 1, board=["Coal"])
    s = on_top(s, "Physics")
    s = dogma(s, "Banking")
    assert pile(s, 0, "red") == ["Coal"] and score(s, 1) == ["Physics"]


def test_chemistry_splays_blue_right_scores_one_above_and_returns_a_score_card():
    s = give(table(), 0, score=["Oars"], board=["Writing", "Chemistry"])
    s = on_top(s, "Canning")
    s = pick(dogma(s, "Chemistry"), "blue")
    assert splay(s, 0, "blue") == "right"
    assert options(s) == ["Oars", "Canning"]
    s = pick(s, "Oars")
    assert score(s, 0) == ["Canning"]


def test_coal_tucks_a_5_splays_red_right_and_scores_a_top_card_with_the_one_beneath():
    s = give(table(), 0, board=["Oars", "Coal"])
    s = on_top(s, "Banking")
    s = dogma(s, "Coal")
    assert pile(s, 0, "green") == ["Banking"]
    s = pick(s, "red")
    assert splay(s, 0, "red") == "right"
    s = pick(s, "Coal")
    assert score(s, 0) == ["Coal", "Oars"] and pile(s, 0, "red") == []


def test_measurement_returns_a_card_splays_the_chosen_color_and_draws_its_size():
    s = give(table(), 0, hand=["Oars"], board=["Sailing", "Measurement"])
    s = on_top(s, "Calendar")
    s = pick(pick(dogma(s, "Measurement"), "Oars"), "green")
    assert splay(s, 0, "green") == "right" and hand(s, 0) == ["Calendar"]


def test_measurement_third_edition_splays_the_returned_cards_color():
    s = give(table(edition="third"), 0, hand=["Clothing"], board=["Sailing", "Measurement"])
    s = on_top(s, "Calendar")
    s = pick(dogma(s, "Measurement"), "Clothing")
    assert splay(s, 0, "green") == "right" and hand(s, 0) == ["Calendar"]


def test_physics_keeps_three_6s_of_different_colors():
    s = give(table(), 0, hand=["Oars"], board=["Physics"])
    s = on_top(s, "Canning", "Classification", "Democracy")
    s = dogma(s, "Physics")
    assert hand(s, 0) == ["Canning", "Classification", "Democracy", "Oars"]


def test_physics_returns_everything_when_two_share_a_color():
    s = give(table(), 0, hand=["Oars"], board=["Physics"])
    s = on_top(s, "Canning", "Vaccination", "Democracy")
    s = dogma(s, "Physics")
    assert hand(s, 0) == [] and s["revealed"] == []


def test_societies_takes_a_lightbulb_top_card_and_the_victim_draws_a_5():
    s = give(table(), 0, board=["Writing", "Societies"])
    s = give(s, 1, board=["Experimentation"])
    s = on_top(s, "Coal")
    s = dogma(s, "Societies")
    assert pile(s, 0, "blue") == ["Writing", "Experimentation"] and hand(s, 1) == ["Coal"]


def test_societies_third_edition_needs_a_higher_card_than_the_demanders():
    s = give(table(edition="third"), 0, board=["Chemistry", "Societies"])
    s = give(s, 1, board=["Experimentation"])
    s = dogma(s, "Societies")
    assert pile(s, 1, "blue") == ["Experimentation"] and hand(s, 1) == []


def test_statistics_moves_the_highest_score_card_to_hand_and_repeats_while_the_hand_holds_one():
    s = give(table(), 0, board=["Statistics"])
    s = give(s, 1, score=["Calendar", "Oars", "Sailing"])
    s = dogma(s, "Statistics")
    assert hand(s, 1) == ["Calendar"] and score(s, 1) == ["Oars", "Sailing"]


def test_statistics_repeat_happens_with_a_single_card():
    s = give(table(), 0, board=["Statistics"])
    s = give(s, 1, score=["Calendar", "Oars"])
    s = dogma(s, "Statistics")
    assert hand(s, 1) == ["Calendar", "Oars"] and score(s, 1) == []


def test_statistics_third_edition_moves_all_highest_cards_and_splays_yellow_right():
    s = give(table(edition="third"), 0, board=["Agriculture", "Statistics"])
    s = give(s, 1, score=["Calendar", "Fermenting", "Oars"])
    s = dogma(s, "Statistics")
    assert hand(s, 1) == ["Calendar", "Fermenting"] and score(s, 1) == ["Oars"]
    s = pick(s, "yellow")
    assert splay(s, 0, "yellow") == "right"


def test_steam_engine_tucks_two_4s_and_scores_the_bottom_yellow_card():
    s = on_top(give(table(), 0, board=["Steam Engine"]), "Anatomy", "Colonialism")
    s = dogma(s, "Steam Engine")
    assert score(s, 0) == ["Anatomy"] and pile(s, 0, "red") == ["Colonialism"]
    assert pile(s, 0, "yellow") == ["Steam Engine"]


def test_the_pirate_code_takes_two_low_score_cards_and_scores_the_lowest_crown_top_card():
    s = give(table(), 0, board=["The Pirate Code", "Sailing"])
    s = give(s, 1, score=["Oars", "Calendar", "Anatomy", "Coal"])
    s = dogma(s, "The Pirate Code")
    assert options(s) == ["Oars", "Calendar", "Anatomy"]
    s = pick(pick(s, "Oars"), "Anatomy")
    assert score(s, 0) == ["Anatomy", "Oars", "Sailing"] and score(s, 1) == ["Calendar", "Coal"]


def test_the_pirate_code_without_a_transfer_scores_nothing():
    s = give(table(), 0, board=["The Pirate Code", "Sailing"])
    s = give(s, 1, score=["Coal"])
    s = dogma(s, "The Pirate Code")
    assert score(s, 0) == [] and pile(s, 0, "green") == ["Sailing"]


def test_decline_is_offered_for_the_optional_splay():
    s = give(table(), 0, board=["Agriculture", "Statistics"])
    s = decline(dogma(s, "Statistics"))
    assert splay(s, 0, "yellow") == "none"
