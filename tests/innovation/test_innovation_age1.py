"""Scenario tests of the age 1 dogmas: exact results, sharing, demands and the nothing-to-do cases."""

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


def test_agriculture_returns_a_card_and_scores_one_higher():
    s = give(table(), 0, hand=["Writing", "Oars"], board=["Agriculture"])
    s = on_top(s, "Calendar")
    s = dogma(s, "Agriculture")
    assert options(s) == ["Oars", "Writing"] and s["pending"]["optional"]
    s = pick(s, "Oars")
    assert hand(s, 0) == ["Writing"] and score(s, 0) == ["Calendar"]
    assert s["decks"]["1"][0] == "Oars"  # returned to the bottom of its pile


def test_agriculture_may_be_declined_and_does_nothing_with_an_empty_hand():
    s = give(table(), 0, hand=["Oars"], board=["Agriculture"])
    s = decline(dogma(s, "Agriculture"))
    assert hand(s, 0) == ["Oars"] and score(s, 0) == []
    s2 = dogma(give(table(), 0, board=["Agriculture"]), "Agriculture")
    assert s2["pending"] is None and score(s2, 0) == [] and s2["turn"]["actions"] == 1


def test_archery_makes_the_opponent_draw_and_hand_over_a_highest_card():
    s = give(table(), 0, board=["Archery"])
    s = give(s, 1, hand=["Calendar", "Fermenting"])
    s = on_top(s, "Oars")
    s = dogma(s, "Archery")
    assert s["pending"]["seat"] == 1 and options(s) == ["Calendar", "Fermenting"]
    s = pick(s, "Fermenting", seat=1)
    assert hand(s, 0) == ["Fermenting"] and hand(s, 1) == ["Calendar", "Oars"]


def test_archery_spares_an_opponent_with_as_many_castles():
    s = give(table(), 0, board=["Archery"])
    s = give(s, 1, board=["Metalworking"], hand=["Calendar"])
    s = dogma(s, "Archery")
    assert hand(s, 1) == ["Calendar"] and hand(s, 0) == []


def test_city_states_takes_a_castle_top_card_when_the_victim_has_four_castles():
    s = give(table(), 0, board=["Code of Laws", "City States"])
    s = give(s, 1, board=["Metalworking", "Domestication"])
    s = on_top(s, "Sailing")
    s = dogma(s, "City States")
    assert options(s) == ["Domestication", "Metalworking"]
    s = pick(s, "Metalworking")
    assert pile(s, 0, "red") == ["Metalworking"] and pile(s, 1, "red") == []
    assert hand(s, 1) == ["Sailing"]


def test_city_states_does_nothing_below_four_castles():
    s = give(table(), 0, board=["City States"])
    s = give(s, 1, board=["Metalworking"])
    s = dogma(s, "City States")
    assert pile(s, 1, "red") == ["Metalworking"] and hand(s, 1) == []


def test_clothing_melds_a_new_color_and_scores_for_colors_only_you_have():
    s = give(table(), 0, hand=["Archery", "Oars", "Writing"], board=["Clothing"])
    s = give(s, 1, board=["Tools"])
    s = on_top(s, "Agriculture", "City States")
    s = dogma(s, "Clothing")
    assert options(s) == ["Archery", "Oars", "Writing"]
    s = pick(s, "Oars")
    # green (Clothing) and red (Oars) are unique to seat 0; seat 1 has blue
    assert pile(s, 0, "red") == ["Oars"] and score(s, 0) == ["Agriculture", "City States"]


def test_clothing_is_shared_and_gives_the_free_draw():
    s = give(table(), 0, board=["Clothing"])
    s = give(s, 1, hand=["Oars"], board=["Pottery"])
    s = on_top(s, "Agriculture", "Archery", "City States")
    s = dogma(s, "Clothing")
    # seat 1 melds Oars (its only option), then scores for red and blue, seat 0 for green; then the free draw
    assert pile(s, 1, "red") == ["Oars"]
    assert score(s, 1) == ["Agriculture", "Archery"] and score(s, 0) == ["City States"]
    assert len(hand(s, 0)) == 1


def test_code_of_laws_tucks_a_matching_color_and_may_splay_it_left():
    s = give(table(), 0, hand=["Mysticism", "Oars"], board=["City States", "Code of Laws"])
    s = dogma(s, "Code of Laws")
    assert options(s) == ["Mysticism"]
    s = pick(s, "Mysticism")
    assert pile(s, 0, "purple") == ["Mysticism", "City States", "Code of Laws"]
    s = pick(s, "yes")
    assert splay(s, 0, "purple") == "left"


def test_code_of_laws_offers_nothing_without_a_matching_card():
    s = dogma(give(table(), 0, hand=["Oars"], board=["Code of Laws"]), "Code of Laws")
    assert s["pending"] is None and hand(s, 0) == ["Oars"]


def test_domestication_melds_the_lowest_card_then_draws_a_1():
    s = give(table(), 0, hand=["Calendar", "Oars", "Sailing"], board=["Domestication"])
    s = on_top(s, "Writing")
    s = dogma(s, "Domestication")
    assert options(s) == ["Oars", "Sailing"]
    s = pick(s, "Sailing")
    assert pile(s, 0, "green") == ["Sailing"] and hand(s, 0) == ["Calendar", "Oars", "Writing"]


def test_domestication_with_an_empty_hand_only_draws():
    s = on_top(give(table(), 0, board=["Domestication"]), "Writing")
    s = dogma(s, "Domestication")
    assert hand(s, 0) == ["Writing"]


def test_masonry_melds_four_castle_cards_and_claims_monument():
    s = give(table(), 0, hand=["Archery", "Mysticism", "Oars", "Calendar", "Construction"], board=["Masonry"])
    s = dogma(s, "Masonry")
    assert options(s) == ["Archery", "Mysticism", "Oars", "Construction"]
    for card in ["Archery", "Mysticism", "Oars"]:
        s = pick(s, card)
    assert achieved(s, 0) == []
    s = pick(s, "Construction")
    assert achieved(s, 0) == ["Monument"] and hand(s, 0) == ["Calendar"]


def test_masonry_may_stop_early():
    s = give(table(), 0, hand=["Archery", "Oars"], board=["Masonry"])
    s = decline(pick(dogma(s, "Masonry"), "Oars"))
    assert hand(s, 0) == ["Archery"] and pile(s, 0, "red") == ["Oars"] and achieved(s, 0) == []


def test_metalworking_scores_castles_until_a_card_without_one():
    s = on_top(give(table(), 0, board=["Metalworking"]), "Archery", "Oars", "Sailing")
    s = dogma(s, "Metalworking")
    assert score(s, 0) == ["Archery", "Oars"] and hand(s, 0) == ["Sailing"] and s["revealed"] == []


def test_mysticism_melds_a_drawn_card_of_a_color_on_the_board_and_draws_again():
    s = on_top(give(table(), 0, board=["Mysticism"]), "Code of Laws", "Writing")
    s = dogma(s, "Mysticism")
    assert pile(s, 0, "purple") == ["Mysticism", "Code of Laws"] and hand(s, 0) == ["Writing"]


def test_mysticism_keeps_a_card_of_a_new_color():
    s = on_top(give(table(), 0, board=["Mysticism"]), "Writing", "Oars")
    s = dogma(s, "Mysticism")
    assert hand(s, 0) == ["Writing"] and pile(s, 0, "blue") == []


def test_oars_takes_a_crown_card_to_the_score_pile_and_the_victim_draws():
    s = give(table(), 0, board=["Oars"])
    s = give(s, 1, hand=["Sailing", "Tools"])
    s = on_top(s, "Agriculture")
    s = dogma(s, "Oars")
    assert score(s, 0) == ["Sailing"] and hand(s, 1) == ["Agriculture", "Tools"]
    assert hand(s, 0) == []  # a card was transferred: no draw for the second effect


def test_oars_draws_a_1_when_nothing_was_transferred():
    s = give(table(), 0, board=["Oars"])
    s = give(s, 1, hand=["Tools"])
    s = on_top(s, "Agriculture")
    s = dogma(s, "Oars")
    assert hand(s, 0) == ["Agriculture"] and hand(s, 1) == ["Tools"]


def test_oars_third_edition_repeats_the_demand():
    s = give(table(edition="third"), 0, board=["Oars"])
    s = give(s, 1, hand=["Sailing"])
    s = on_top(s, "Code of Laws", "Agriculture")
    s = dogma(s, "Oars")
    # Sailing goes, Code of Laws (crown) is drawn and goes too, then Agriculture has no crown
    assert score(s, 0) == ["Code of Laws", "Sailing"] and hand(s, 1) == ["Agriculture"]


def test_pottery_returns_up_to_three_cards_and_scores_that_value():
    s = give(table(), 0, hand=["Oars", "Writing", "Calendar", "Sailing"], board=["Pottery"])
    s = on_top(s, "Mathematics", "Agriculture")
    s = dogma(s, "Pottery")
    s = pick(s, "Oars")
    s = pick(s, "Writing")
    s = decline(s)
    assert score(s, 0) == ["Mathematics"] and hand(s, 0) == ["Agriculture", "Calendar", "Sailing"]


def test_pottery_declined_still_draws_a_1():
    s = on_top(give(table(), 0, hand=["Oars"], board=["Pottery"]), "Agriculture")
    s = decline(dogma(s, "Pottery"))
    assert hand(s, 0) == ["Agriculture", "Oars"] and score(s, 0) == []


def test_sailing_draws_and_melds_a_1():
    s = on_top(give(table(), 0, board=["Sailing"]), "Oars")
    s = dogma(s, "Sailing")
    assert pile(s, 0, "red") == ["Oars"]


def test_the_wheel_draws_two_1s_and_takes_from_the_next_pile_when_empty():
    s = on_top(give(table(), 0, board=["The Wheel"]), "Oars", "Calendar")
    s["removed"].extend(c for c in s["decks"]["1"] if c != "Oars")
    s["decks"]["1"] = ["Oars"]
    s = dogma(s, "The Wheel")
    assert hand(s, 0) == ["Calendar", "Oars"]


def test_tools_returns_three_cards_for_a_3_and_a_3_for_three_1s():
    s = give(table(), 0, hand=["Oars", "Writing", "Sailing", "Compass"], board=["Tools"])
    s = on_top(s, "Alchemy", "Agriculture", "Archery", "City States")
    s = dogma(s, "Tools")
    s = pick(pick(pick(s, "Oars"), "Writing"), "Sailing")
    assert pile(s, 0, "blue") == ["Tools", "Alchemy"]
    s = pick(s, "Compass")
    assert hand(s, 0) == ["Agriculture", "Archery", "City States"]


def test_tools_needs_three_cards_in_hand():
    s = give(table(), 0, hand=["Oars", "Writing"], board=["Tools"])
    s = dogma(s, "Tools")
    assert s["pending"] is None and hand(s, 0) == ["Oars", "Writing"]


def test_writing_draws_a_2():
    s = on_top(give(table(), 0, board=["Writing"]), "Calendar")
    assert hand(dogma(s, "Writing"), 0) == ["Calendar"]
