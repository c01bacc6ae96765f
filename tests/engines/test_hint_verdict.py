"""A hint never shows a line that says nothing (issue 39, item 4; the newcomer review of Chronicle's hint, which read
"won 4 of 4 playouts: too few to compare" for every move). Each candidate carries what it does (the game's own
``explain_move``), and the hint says whether its numbers rank the moves (``verdict`` "ranked") or cannot tell them
apart ("even": the bot's own choice comes first, and ``rule`` says in plain words what the bot goes by)."""

from __future__ import annotations

import random

import pytest

from apps.matches.engine import engine
from apps.matches.engine import hint as hints
from apps.matches.engine.search import Budget

BUDGET = Budget(deals=4, seconds=600)


def chronicle_fill_choice():
    """A Chronicle state where the seat chooses among three fill cards, reached by the heuristic bots."""
    rules = engine("chronicle")
    chooser = rules.bots()["heuristic"][1]
    state, rnd = rules.setup(2, 7), random.Random(1)
    while True:
        seat = rules.active_seats(state)[0]
        moves = rules.legal_moves(state, seat)
        if len(moves) == 3 and moves[0]["type"] == "choose_fill":
            return rules, state, seat
        state = rules.apply(state, seat, chooser(rules, state, seat, rnd))


def test_a_chronicle_hint_whose_playouts_all_end_alike_says_which_move_the_bot_would_choose_and_why():
    rules, state, seat = chronicle_fill_choice()
    found = hints.candidates(rules, "chronicle", state, seat, random.Random(5), BUDGET)
    chances = [c["chance"] for c in found["candidates"]]
    assert max(chances) - min(chances) <= 0.25, "four playouts each cannot tell these moves apart"
    assert found["verdict"] == "even"
    pick = rules.bots()["heuristic"][1](rules, state, seat, random.Random(0))
    assert found["candidates"][0]["move"] == pick, "the bot's own choice comes first"
    assert found["rule"].startswith("it keeps your civilization deck able to pay")
    for c in found["candidates"]:
        assert c["why"] == rules.explain_move(state, seat, c["move"]) and c["why"]


@pytest.mark.parametrize(("first", "second", "verdict"), [
    ((1.0, 4), (1.0, 4), "even"),  # the review's case
    ((1.0, 1), (0.0, 1), "even"),  # one playout each compares nothing
    ((0.9, 18), (0.85, 18), "even"),
    ((0.9, 40), (0.4, 40), "ranked"),
    ((1.0, 8), (0.0, 8), "ranked"),
])
def test_playout_shares_rank_moves_only_when_they_differ_by_more_than_chance(first, second, verdict):
    assert hints.verdict_of("playouts", [first, second]) == verdict


def test_estimates_rank_moves_unless_they_are_the_same():
    assert hints.verdict_of("estimate", [(0.55, 8), (0.52, 8)]) == "ranked"
    assert hints.verdict_of("estimate", [(0.5, 8), (0.5, 8), (0.5, 8)]) == "even"
    assert hints.verdict_of("estimate", [(None, 0)]) == "unmeasured"


@pytest.mark.parametrize("slug", ["chronicle", "live_on", "stone_age", "innovation", "origins"])
def test_every_hint_says_what_each_move_does_and_how_its_numbers_read(slug):
    rules = engine(slug)
    state = rules.setup(2, 11)
    seat = rules.active_seats(state)[0]
    found = hints.candidates(rules, slug, state, seat, random.Random(2), Budget(deals=1, seconds=600))
    assert found["verdict"] in {"ranked", "even", "only", "unmeasured"}
    assert all(c["why"] == rules.explain_move(state, seat, c["move"]) for c in found["candidates"])


def test_a_hint_of_whole_game_playouts_may_play_more_deals_than_the_strong_bots_cap_in_the_same_time():
    base = Budget(deals=8, seconds=0.8)
    assert hints.budget_for("chronicle", base) == Budget(deals=hints.PLAYOUT_DEALS, seconds=0.8)
    assert hints.budget_for("live_on", base).deals == hints.PLAYOUT_DEALS
    assert hints.budget_for("stone_age", base) == base
