"""The rules around the cards: setup, the first turn, the four actions, icon counting, sharing and
demands, the free draw, special achievements and the three ways the game ends."""

from pathlib import Path

import pytest
from test_innovation_helpers import (
    achieved,
    act,
    assert_census,
    decline,
    dogma,
    empty,
    give,
    hand,
    on_top,
    pick,
    pile,
    score,
    table,
)

from apps.innovation.cards import CARDS, THIRD
from apps.innovation.core import ACHIEVEMENTS_TO_WIN, icon_counts, missing_dogmas
from apps.innovation.engine import RULES, IllegalMove


def test_every_card_has_a_dogma():
    assert missing_dogmas() == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_two_1s_each_and_sets_out_nine_achievements_and_five_specials(players):
    s = RULES.setup(players, 7)
    assert_census(s)
    assert all(len(seat["hand"]) == 2 for seat in s["seats"])
    assert sorted(RULES.view(s, None)["achievements"]) == list(range(1, 10))
    assert s["specials"] == ["Monument", "Empire", "World", "Wonder", "Universe"]
    assert len(s["decks"]["1"]) == 15 - 1 - 2 * players and len(s["decks"]["10"]) == 10


def test_everyone_picks_a_first_card_at_once_and_the_alphabetically_first_starts_with_one_action():
    s = RULES.setup(3, 11)
    assert RULES.active_seats(s) == [0, 1, 2]
    picks = {}
    for seat in (2, 0, 1):
        card = sorted(s["seats"][seat]["hand"])[-1]
        picks[seat] = card
        s = act(s, seat, {"type": "meld", "card": card})
    first = min(picks, key=lambda seat: picks[seat])
    assert s["phase"] == "play" and RULES.active_seats(s) == [first] and s["turn"]["actions"] == 1
    s = act(s, first, {"type": "draw"})
    assert RULES.active_seats(s) == [(first + 1) % 3] and s["turn"]["actions"] == 2


def test_in_a_four_player_game_the_first_two_players_have_one_action():
    s = RULES.setup(4, 5)
    for seat in range(4):
        s = act(s, seat, {"type": "meld", "card": s["seats"][seat]["hand"][0]})
    first = s["turn"]["seat"]
    assert s["turn"]["actions"] == 1
    s = act(s, first, {"type": "draw"})
    assert s["turn"]["actions"] == 1
    s = act(s, (first + 1) % 4, {"type": "draw"})
    assert s["turn"]["actions"] == 2


def test_draw_takes_the_value_of_the_highest_top_card_or_the_next_nonempty_pile():
    s = give(table(), 0, board=["Calendar", "Oars"])
    s = on_top(empty(s, 2, 3), "Anatomy")
    s = act(s, 0, {"type": "draw"})
    assert hand(s, 0) == ["Anatomy"]


def test_drawing_above_10_ends_the_game_and_the_highest_score_wins():
    s = give(table(), 0, board=["Software"], score=["Oars"])
    s = give(s, 1, score=["Calendar"])
    s = act(empty(s, 10), 0, {"type": "draw"})
    out = RULES.outcome(s)
    assert out["winners"] == [1] and out["scores"] == [1, 2] and RULES.active_seats(s) == []


def test_a_score_tie_at_the_end_is_broken_by_achievements():
    s = give(table(), 0, board=["Software"], score=["Oars"])
    s = give(s, 1, score=["Sailing"])
    s["seats"][0]["achievements"] = ["Monument"]
    s["specials"].remove("Monument")
    s = act(empty(s, 10), 0, {"type": "draw"})
    assert RULES.outcome(s)["winners"] == [0]


def test_meld_puts_the_card_on_top_and_a_splayed_pile_stays_splayed():
    s = give(table(), 0, hand=["Oars"], board=["Archery", "Gunpowder"], splay={"red": "left"})
    s = act(s, 0, {"type": "meld", "card": "Oars"})
    assert pile(s, 0, "red") == ["Archery", "Gunpowder", "Oars"] and s["seats"][0]["board"]["red"]["splay"] == "left"


def test_achieve_needs_five_times_the_age_in_points_and_a_top_card_of_that_age():
    s = give(table(), 0, score=["Calendar", "Fermenting", "Oars"], board=["Sailing"])
    moves = RULES.legal_moves(s, 0)
    assert {"type": "achieve", "age": 1} in moves and {"type": "achieve", "age": 2} not in moves
    s = give(s, 0, score=["Alchemy", "Education"])
    assert {"type": "achieve", "age": 2} not in RULES.legal_moves(s, 0)  # 11 points but no top card of 2
    s = give(s, 0, board=["Mapmaking"])
    assert {"type": "achieve", "age": 2} in RULES.legal_moves(s, 0)
    s = act(s, 0, {"type": "achieve", "age": 2})
    assert len(achieved(s, 0)) == 1 and score(s, 0) == ["Alchemy", "Calendar", "Education", "Fermenting", "Oars"]
    assert 2 not in RULES.view(s, None)["achievements"]
    with pytest.raises(IllegalMove):
        RULES.apply(s, 0, {"type": "achieve", "age": 2})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_claiming_the_last_needed_achievement_wins_at_once(players):
    s = give(table(players), 0, score=["Oars", "Sailing", "Writing", "Tools", "Archery"], board=["Agriculture"])
    need = ACHIEVEMENTS_TO_WIN[players]
    s["seats"][0]["achievements"] = list(s["specials"][: need - 1])
    del s["specials"][: need - 1]
    s = act(s, 0, {"type": "achieve", "age": 1})
    assert RULES.outcome(s)["winners"] == [0]


def test_icons_count_top_cards_and_what_each_splay_reveals():
    base = ["Archery", "Oars", "Metalworking"]  # all red; Metalworking on top
    assert icon_counts(give(table(), 0, board=base), 0)["castle"] == 3
    left = icon_counts(give(table(), 0, board=base, splay={"red": "left"}), 0)
    assert left["castle"] == 3 + 2 and left["crown"] == 0  # Archery and Oars show their bottom right castle
    right = icon_counts(give(table(), 0, board=base, splay={"red": "right"}), 0)
    assert right["castle"] == 3 + 2 and right["lightbulb"] == 1 and right["crown"] == 1
    up = icon_counts(give(table(), 0, board=base, splay={"red": "up"}), 0)
    assert up["castle"] == 3 + 2 and up["lightbulb"] == 1 and up["crown"] == 1


def test_sharing_goes_clockwise_from_the_next_player_with_the_activator_last():
    s = give(table(3), 1, board=["Writing"])
    s = give(s, 2, board=["Tools"])
    s = give(s, 0, board=["Mathematics"])
    s["turn"]["seat"] = 1
    s = on_top(s, "Calendar", "Canal Building", "Construction", "Oars")
    s = dogma(s, "Writing", seat=1)
    assert hand(s, 2) == ["Calendar"] and hand(s, 0) == ["Canal Building"]
    assert hand(s, 1) == ["Construction", "Oars"]  # its own 2, then the free draw of a 1 (its top card's value)


def test_demands_hit_only_players_with_fewer_icons():
    s = give(table(3), 0, board=["Archery"])
    s = give(s, 1, board=["Oars"], hand=["Sailing"])
    s = give(s, 2, hand=["Writing"])
    s = on_top(s, "Agriculture")
    s = dogma(s, "Archery")
    assert s["pending"]["seat"] == 2  # seat 1 has as many castles and is spared
    s = pick(s, "Writing")
    assert hand(s, 1) == ["Sailing"] and hand(s, 0) == ["Writing"] and hand(s, 2) == ["Agriculture"]


def test_no_free_draw_when_the_share_changed_nothing():
    s = give(table(), 0, board=["Agriculture"], hand=["Oars"])
    s = give(s, 1, board=["Pottery"])
    s = dogma(s, "Agriculture")
    assert s["pending"]["seat"] == 0  # seat 1 shares but has no card to return
    s = decline(s)
    assert hand(s, 0) == ["Oars"] and hand(s, 1) == []


def test_a_declined_share_gives_no_free_draw_either():
    s = give(table(), 0, board=["Agriculture"])
    s = give(s, 1, board=["Pottery"], hand=["Oars"])
    s = decline(dogma(s, "Agriculture"))
    assert hand(s, 0) == [] and hand(s, 1) == ["Oars"]


def test_monument_for_scoring_six_cards_in_one_turn():
    cards = ["Oars", "Sailing", "Writing", "Tools", "Archery", "Agriculture"]
    s = give(table(), 0, hand=cards, board=["Stem Cells"])
    s = pick(dogma(s, "Stem Cells"), "yes")
    assert achieved(s, 0) == ["Monument"]


def test_monument_for_tucking_six_cards_in_one_turn():
    cards = ["Oars", "Sailing", "Writing", "Tools", "Archery", "Agriculture"]
    s = give(table(), 0, hand=cards, board=["Socialism"])
    s = pick(dogma(s, "Socialism"), "yes")
    assert achieved(s, 0) == ["Monument"]


def test_empire_for_three_of_every_icon():
    s = give(table(), 0, hand=["Enterprise"], board=["Agriculture", "Masonry", "Coal", "Bicycle", "Experimentation",
                                                      "Quantum Theory"], splay={"yellow": "up", "blue": "up"})
    assert achieved(s, 0) == []
    s = act(s, 0, {"type": "meld", "card": "Enterprise"})
    assert achieved(s, 0) == ["Empire"]


def test_world_for_twelve_clocks():
    s = give(table(), 0, hand=["Satellites"], board=["Rocketry", "Quantum Theory", "Software", "Fission",
                                                      "Collaboration"], splay={"blue": "up"})
    s = act(s, 0, {"type": "meld", "card": "Satellites"})
    assert achieved(s, 0) == ["World"]


def test_wonder_for_five_colors_splayed_right_or_up():
    board = ["Oars", "Archery", "Agriculture", "Domestication", "Sailing", "Metric System", "Writing", "Tools",
             "Mysticism", "Code of Laws"]
    s = give(table(), 0, board=board, splay={"red": "right", "yellow": "up", "blue": "right", "purple": "up"})
    s = dogma(s, "Metric System")
    s = pick(s, "green")
    assert achieved(s, 0) == ["Wonder"]


def test_universe_for_five_top_cards_of_value_8_or_more():
    s = give(table(), 0, hand=["Socialism"], board=["Flight", "Antibiotics", "Corporations", "Rocketry"])
    s = act(s, 0, {"type": "meld", "card": "Socialism"})
    assert achieved(s, 0) == ["Universe"]


def test_a_special_achievement_is_claimed_once():
    s = give(table(), 0, hand=["Socialism"], board=["Flight", "Antibiotics", "Corporations", "Rocketry"])
    s["seats"][1]["achievements"] = ["Universe"]
    s["specials"].remove("Universe")
    s = act(s, 0, {"type": "meld", "card": "Socialism"})
    assert achieved(s, 0) == []


def test_the_turn_passes_after_two_actions():
    s = give(table(), 0, hand=["Oars", "Sailing"])
    s = act(s, 0, {"type": "meld", "card": "Oars"})
    assert RULES.active_seats(s) == [0]
    s = act(s, 0, {"type": "meld", "card": "Sailing"})
    assert RULES.active_seats(s) == [1] and s["turn"]["actions"] == 2


def test_a_pending_decision_belongs_to_one_seat_and_blocks_the_others():
    s = give(table(), 0, board=["Archery"])
    s = give(s, 1, hand=["Calendar", "Fermenting"])
    s = dogma(s, "Archery")
    assert RULES.active_seats(s) == [1] and RULES.legal_moves(s, 0) == []
    with pytest.raises(IllegalMove):
        RULES.apply(s, 0, {"type": "draw"})
    with pytest.raises(IllegalMove):
        RULES.apply(s, 1, {"type": "choose", "pick": "Oars"})
    with pytest.raises(IllegalMove):
        RULES.apply(s, 1, {"type": "decline"})


def test_every_card_has_a_scenario_test_of_its_own():
    here = Path(__file__).resolve().parent
    text = "".join((here / f"test_innovation_age{age}.py").read_text() for age in range(1, 11))
    missing = [name for name in CARDS if f'dogma(s, "{name}")' not in text]
    assert missing == []
    third_tests = [chunk for chunk in text.split("\ndef test_") if 'table(edition="third")' in chunk]
    untested = [name for name in THIRD if not any(f'dogma(s, "{name}")' in chunk for chunk in third_tests)]
    assert untested == []
