"""The keeping phase's eating choices (issue 40): the band's full share comes first and going hungry last, each with
what it does in the engine's words beside it, so a newcomer's first tap does not cost health."""

import html
import json
import random
import re

from test_live_on_helpers import ask_kind, random_game
from test_live_on_templates import BOARDS

from apps.live_on.flow import board


def eating_tables():
    """Boards of seats asked what to eat with more than one choice, from random games."""
    found = []
    for seed in range(1, 6):
        for state, seat, _ in random_game(2, seed, random.Random(seed)):
            if seat is not None and ask_kind(state) == "eat" and len(BOARDS.rules.legal_moves(state, seat)) > 1:
                found.append((state, seat))
        if len(found) >= 4:
            return found
    return found


def test_eating_lists_the_full_share_first_and_going_hungry_last_with_its_cost():
    tables = eating_tables()
    assert tables
    for state, seat in tables:
        page = BOARDS.board(state, seat)
        choices = re.findall(r'<li class="lo-choice"><button[^>]*data-move="([^"]+)"[^>]*>([^<]*)</button>'
                             r'<span class="lo-why"[^>]*>([^<]*)</span>', page)
        counts = [json.loads(html.unescape(move))["count"] for move, _, _ in choices]
        assert counts == sorted(counts, reverse=True) and counts[-1] == 0, counts
        hungry = html.unescape(choices[-1][2])
        group_fed = any(state["seats"][s].get("ate") for s in board.group_of(state, seat))
        if group_fed and sum(pl.get("ate", 0) for pl in state["seats"]) >= board.food_need(state):
            assert "hungry" not in hungry, hungry  # nothing is at risk: no scare
            continue
        assert "hungry" in hungry and "1 health and 1 morale" in hungry, hungry  # the cost shown, not under Details
