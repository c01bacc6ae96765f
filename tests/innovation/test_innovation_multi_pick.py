"""Decisions that are one pick of several ("return any number of cards", "tuck up to three", "transfer two"):
the board shows what is picked so far (a "Picked: …" line, a picked mark on each card) and the control that
ends the picking says what it will do ("Return the 2 picked cards", "Return none"), never a bare "Decline"
that in fact returns the picked cards. A walk of random games finds every decision asked again after a pick
and checks it is treated so."""

import html
import random
import re

from test_innovation_helpers import decline, dogma, give, hand, pick, table

from apps.innovation.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("innovation", RULES, ["Ada", "Bo", "Cy", "Di"])


def label(s, move):
    return RULES.describe_move(s, s["pending"]["seat"], move)


def why(s, move):
    return RULES.explain_move(s, s["pending"]["seat"], move)


def currency():
    s = give(table(), 0, hand=["Oars", "Sailing", "Calendar", "Writing"], board=["Currency"])
    return dogma(s, "Currency")


def test_before_any_pick_the_finish_says_it_returns_nothing():
    s = currency()
    assert label(s, {"type": "decline"}) == "Return none"
    assert why(s, {"type": "decline"}) == "Return no card, and the dogma goes on."


def test_each_pick_shows_as_picked_and_the_finish_names_what_it_returns():
    s = pick(pick(currency(), "Oars"), "Sailing")
    assert s["pending"]["group"]["picked"] == ["Oars", "Sailing"]
    assert label(s, {"type": "decline"}) == "Return the 2 picked cards"
    assert why(s, {"type": "decline"}) == "Stop picking and return Oars and Sailing, and the dogma goes on."
    assert why(s, {"type": "choose", "pick": "Writing"}).startswith(
        "Pick Writing (age 1, blue, from your hand) to return too, with Oars and Sailing")
    page = html.unescape(BOARDS.board(s, 0))
    assert "Picked to return: Oars, Sailing (any number)" in page
    picked = re.findall(r'<div class="in-card in-\w+ is-picked">.*?<span class="in-name[^"]*">([^<]+)</span>',
                        page, re.S)
    assert sorted(picked) == ["Oars", "Sailing"]
    assert "Do not return" not in page and ">Decline<" not in page
    s = decline(s)
    assert hand(s, 0) == ["Calendar", "Writing"]


def test_one_picked_card_reads_in_the_singular():
    s = pick(currency(), "Oars")
    assert label(s, {"type": "decline"}) == "Return the picked card"


def test_a_pick_that_must_go_on_says_how_many_are_left_and_offers_no_finish():
    s = give(table(), 0, board=["Archery", "Construction"])  # demand: transfer two cards from your hand
    s = give(s, 1, hand=["Oars", "Sailing", "Writing"])
    s = dogma(s, "Construction")
    s = pick(s, "Oars")
    assert not s["pending"]["optional"]
    page = html.unescape(BOARDS.board(s, 1))
    assert "Picked to transfer: Oars (1 more to pick)" in page


def test_masonry_counts_what_was_melded_and_its_finish_says_stop():
    s = give(table(), 0, hand=["Archery", "Oars", "Mysticism"], board=["Masonry"])
    s = dogma(s, "Masonry")
    assert label(s, {"type": "decline"}) == "Meld none"
    s = pick(s, "Archery")
    assert label(s, {"type": "decline"}) == "Stop melding"
    assert why(s, {"type": "decline"}) == "Stop melding (Archery melded so far), and the dogma goes on."


def _walk(game: int):
    """(state before, move, state after) for each move of one random game."""
    rnd = random.Random(game)
    state = RULES.setup(2 + game % 3, game, {"edition": "third" if game % 2 else "first"})
    steps = 0
    while RULES.outcome(state) is None and steps < 3000:
        seat = rnd.choice(RULES.active_seats(state))
        moves = RULES.legal_moves(state, seat)
        # lean towards picking, so several picks in a row are common
        picks = [m for m in moves if m["type"] == "choose"]
        move = rnd.choice(picks) if picks and rnd.random() < 0.85 else rnd.choice(moves)
        after = RULES.apply(state, seat, move)
        yield state, seat, move, after
        state = after
        steps += 1


def test_every_decision_asked_again_after_a_pick_shows_the_picks_and_a_finish_that_says_what_it_does():
    seen = set()
    for game in range(60):
        for before, seat, move, after in _walk(game):
            was, now = before["pending"], after["pending"]
            if move["type"] != "choose" or was is None or now is None or now["seat"] != seat:
                continue
            if (now["prompt"], now["source"]) != (was["prompt"], was["source"]) or was["kind"] != "card":
                continue
            seen.add(now["source"])
            group = now.get("group")
            assert group is not None, now
            assert move["pick"] in group["picked"], (now, move)  # later picks may be forced (one option)
            if now["optional"]:
                finish = RULES.describe_move(after, seat, {"type": "decline"})
                assert finish != "Decline" and not finish.startswith("Do not"), (now["prompt"], finish)
    assert len(seen) >= 5, seen
