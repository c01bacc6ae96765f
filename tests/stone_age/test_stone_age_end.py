"""The end of the game on either trigger, at the right moment, and final scoring with its tie-break."""

import random

import pytest
from stone_age_helpers import assert_conserved, fresh, give, in_actions, own_card, play, random_game, set_tools

from apps.stone_age import flow
from apps.stone_age.engine import RULES
from apps.stone_age.scoring import culture_points, culture_sets, seat_breakdown


def finish_round(state):
    """Every seat takes its last legal move (decline, starve, take...) until the round is over."""
    start_round = state["round"]
    while state["phase"] != flow.OVER and state["round"] == start_round:
        seat = RULES.active_seats(state)[0]
        state = RULES.apply(state, seat, RULES.legal_moves(state, seat)[-1])
    return state


def test_emptying_a_building_stack_ends_the_game_after_the_round_feeding_included():
    state = fresh(2, 3)
    state["boxed"] += state["stacks"][0][:-1]
    state["stacks"][0] = state["stacks"][0][-1:]
    top = state["stacks"][0][0]
    give(state, 0, wood=5, clay=5, stone=5, gold=5)
    give(state, 1, food=-12)
    state = in_actions(state, {0: {"stack1": 1}, 1: {"field": 1, "hunting": 4}})
    state = play(state, 0, {"type": "resolve", "where": "stack1"})
    while state["pending"]:
        state = play(state, 0, RULES.legal_moves(state, 0)[0])
    assert state["stacks"][0] == [] and state["ending"] and top in [b["id"] for b in state["seats"][0]["buildings"]]
    assert state["phase"] == flow.ACTION and RULES.active_seats(state) == [1], "the round goes on"
    assert "the game ends after this round" in " ".join(state["log"])
    state = play(state, 1, {"type": "resolve", "where": "field"})
    state = finish_round(state)
    assert state["phase"] == flow.OVER and state["end"] == "buildings" and state["round"] == 1
    assert state["seats"][0]["food"] == 12 - 5, "the last round's feeding happened"
    assert RULES.outcome(state)["reason"] == "buildings"
    assert_conserved(state)


def test_a_deck_that_cannot_fill_the_card_spaces_ends_the_game_before_the_next_round():
    state = fresh(2, 4)
    give(state, 0, wood=3)
    state["deck"], moved = state["deck"][:1], state["deck"][1:]
    state["seats"][1]["extra"] = moved  # test plumbing: the rest of the deck is out of play
    state = in_actions(state, {0: {"card1": 1, "card2": 1}, 1: {"hunting": 2}})
    state = play(state, 0, {"type": "resolve", "where": "card1"}, {"type": "pay", "resource": "wood"})
    while state["pending"]:
        seat = RULES.active_seats(state)[0]
        state = play(state, seat, RULES.legal_moves(state, seat)[0])
    if RULES.active_seats(state) == [0]:
        state = play(state, 0, {"type": "resolve", "where": "card2"})
        while state["pending"] and RULES.active_seats(state) == [0] and state["pending"][-1]["kind"] == "pay":
            state = play(state, 0, {"type": "pay", "resource": "wood"})
    state = finish_round(state)
    assert state["phase"] == flow.OVER and state["end"] == "cards" and state["round"] == 1
    assert "cannot fill the four card spaces" in " ".join(state["log"])
    assert RULES.outcome(state)["reason"] == "cards"


def test_a_deck_that_just_fills_the_spaces_lets_the_next_round_begin():
    state = fresh(2, 4)
    give(state, 0, wood=1)
    state["seats"][1]["extra"] = state["deck"][1:]
    state["deck"] = state["deck"][:1]
    state = in_actions(state, {0: {"card1": 1}, 1: {"hunting": 2}})
    state = play(state, 0, {"type": "resolve", "where": "card1"}, {"type": "pay", "resource": "wood"})
    while state["pending"]:
        seat = RULES.active_seats(state)[0]
        state = play(state, seat, RULES.legal_moves(state, seat)[0])
    state = finish_round(state)
    assert state["phase"] == flow.PLACE and state["round"] == 2 and state["deck"] == []


# --- Final scoring ------------------------------------------------------------------------------

def test_culture_sets_score_the_square_of_their_different_symbols():
    assert [n * n for n in range(1, 9)] == [1, 4, 9, 16, 25, 36, 49, 64]
    five_and_a_duplicate = {"medicine": 2, "art": 1, "music": 1, "writing": 1, "sundial": 1}
    assert culture_sets(five_and_a_duplicate) == [5, 1] and culture_points(five_and_a_duplicate) == 26
    every_card = {c: 2 for c in ("medicine", "art", "music", "writing", "sundial", "pottery", "transport", "weaving")}
    assert culture_points(every_card) == 128
    assert culture_points({"art": 2}) == 2 and culture_points({}) == 0


def test_the_seed_example_five_different_cultures_and_a_duplicate_score_26_with_a_face_down_card():
    state = fresh(2, 1)
    for card in ("civ-03", "civ-07", "civ-09", "civ-13"):
        own_card(state, 0, card)
    own_card(state, 0, "civ-01", extra=True)
    own_card(state, 0, "civ-04")
    part = seat_breakdown(state["seats"][0])
    assert part["culture_sets"] == [5, 1] and part["culture"] == 26


def test_professions_multiply_their_symbols_by_their_element():
    state = fresh(2, 1)
    for card in ("civ-20", "civ-17", "civ-24", "civ-31", "civ-36", "civ-35"):
        own_card(state, 0, card)
    player = state["seats"][0]
    player["agriculture"] = 4
    set_tools(state, 0, [3, 2, 2])
    player["buildings"] = [{"id": "bld-01", "points": 10}, {"id": "bld-02", "points": 11}]
    player["people"] = 8
    part = seat_breakdown(player)
    by = part["by_profession"]
    assert by["farmer"] == {"symbols": 3, "element": 4, "points": 12}
    assert by["toolmaker"] == {"symbols": 2, "element": 7, "points": 14}
    assert by["builder"] == {"symbols": 3, "element": 2, "points": 6}
    assert by["shaman"] == {"symbols": 4, "element": 8, "points": 32}
    assert part["professions"] == 64


def test_each_resource_left_scores_one_point_and_food_nothing():
    state = give(fresh(2, 1), 0, wood=2, gold=3, food=20)
    part = seat_breakdown(state["seats"][0])
    assert part["resources"] == 5 and part["total"] == 5


def over(state):
    state = dict(state)
    state["phase"], state["end"] = flow.OVER, "cards"
    return state


def test_the_highest_total_wins_and_the_breakdown_adds_up():
    state = fresh(3, 1)
    state["seats"][1]["score"] = state["seats"][1]["scored"]["buildings"] = 30
    state["seats"][1]["buildings"] = [{"id": "bld-30", "points": 30}]
    give(state, 2, stone=4)
    result = RULES.outcome(over(state))
    assert result["scores"] == [0, 30, 4] and result["winners"] == [1]
    for part in result["breakdown"]:
        assert part["total"] == part["during_game"] + part["culture"] + part["professions"] + part["resources"]
        assert part["during_game"] == part["buildings"] + part["card_points"] + part["penalties"]


def test_a_tie_goes_to_the_most_agriculture_tools_and_people_and_a_further_tie_is_shared():
    state = fresh(3, 1)
    for seat in range(3):
        give(state, seat, wood=5)
    state["seats"][0]["agriculture"] = 2
    set_tools(state, 2, [1, 1])
    result = RULES.outcome(over(state))
    assert result["scores"] == [5, 5, 5] and result["tiebreak"] == [7, 5, 7]
    assert result["winners"] == [0, 2]
    assert RULES.outcome(fresh(2, 1)) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_finished_game_takes_no_move_and_shows_the_final_scoring_in_the_log(players):
    *_, (state, _, _) = random_game(players, 40 + players, random.Random(players))
    assert RULES.active_seats(state) == [] and RULES.legal_moves(state, 0) == []
    with pytest.raises(Exception, match="game is over"):
        RULES.apply(state, 0, {"type": "take"})
    result = RULES.outcome(state)
    for seat, total in enumerate(result["scores"]):
        assert any(line.startswith(f"{{p{seat}}}:") and line.endswith(f"{total} points.") for line in state["log"])
    assert RULES.view(state, None)["prompt"].startswith("The game is over")
