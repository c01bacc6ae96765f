"""Taken civilization cards lie face down: only their owner may look at them until the game ends.

The rules: "Civilization cards are taken from the civilization card spaces and kept on your player board
until the game ends." The reference's notes on taking a card: "Bought cards are kept face down on the player
board; owner may look at them." and "One-use tool cards and the two-resources card are kept next to the board
until used." The single-use cards: "Place this card next to your player board. You can use the indicated tool
**once** to add its value to a die roll, then flip this card facedown and keep it on your player board." The
extra card: "add it to the civilization cards on your player board facedown. You can look at that card at any
time."

So another seat and a spectator see how many cards a player holds, and the single-use cards beside the board,
but not which cards lie face down; ``hidden_from`` names those cards' ids, so the canary catches any leak. The
card was face up in its space when it was taken, so the log may name it. When the game ends every card is
turned face up for final scoring.
"""

import html
import json
import random

from stone_age_helpers import (
    assert_views_leak_nothing,
    fresh,
    give,
    in_actions,
    own_card,
    play,
    put_card,
    random_game,
    with_dice,
)

from apps.stone_age import flow
from apps.stone_age.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("stone_age", RULES)
CARD = "civ-03"  # Take 5 food / Medicine


def card_taken_by_seat_0() -> dict:
    """Seat 0 places a person on card space 1, where the Medicine card lies, and takes it for one wood:
    every move a legal one from the placement phase on (only the row and the wood are staged)."""
    state = fresh(2, 11)
    put_card(state, 1, CARD)
    give(state, 0, wood=1)
    while state["phase"] == flow.PLACE:
        seat = RULES.active_seats(state)[0]
        legal = RULES.legal_moves(state, seat)
        wanted = {"type": "place", "where": "card1" if seat == 0 and not state["places"]["card1"][0] else "hunting"}
        counts = [m for m in legal if m["type"] == "count"]
        move = max(counts, key=lambda m: m["n"]) if counts else wanted
        assert move in legal
        state = RULES.apply(state, seat, move)
    return play(state, 0, {"type": "resolve", "where": "card1"}, {"type": "pay", "resource": "wood"})


def board_ids(state: dict, viewer: int | None, seat: int) -> list[str]:
    board = RULES.view(state, viewer)["boards"][seat]
    return [c["id"] for c in board["cards"] + board["extra"]]


def test_a_taken_card_is_seen_by_its_owner_only():
    state = card_taken_by_seat_0()
    assert state["seats"][0]["cards"] == [CARD] and state["phase"] == flow.ACTION
    assert board_ids(state, 0, 0) == [CARD]
    for viewer in (1, None):
        board = RULES.view(state, viewer)["boards"][0]
        assert board_ids(state, viewer, 0) == [] and board["backs"] == 1 and board["held"] == 1
        assert CARD not in json.dumps(RULES.view(state, viewer))


def test_hidden_from_names_the_taken_card_for_everyone_but_its_owner():
    state = card_taken_by_seat_0()
    assert CARD not in RULES.hidden_from(state, 0)
    assert CARD in RULES.hidden_from(state, 1) and CARD in RULES.hidden_from(state, None)
    assert_views_leak_nothing(state)


def test_the_log_may_name_the_card_it_was_face_up_when_taken():
    state = card_taken_by_seat_0()
    assert any("card No. 3" in line for line in state["log"])


def test_the_board_shows_others_a_card_back_with_the_count_and_the_owner_the_face():
    state = own_card(card_taken_by_seat_0(), 0, "civ-31", extra=True)
    assert not {"civ-04", "civ-31"} & set(state["row"]), "no other Medicine or 3 x Builder card face up"
    mine = html.unescape(BOARDS.board(state, 0))
    assert "Medicine" in mine and "3 x Builder" in mine and "face down, only you see them" in mine
    for viewer in (1, None):
        theirs = html.unescape(BOARDS.board(state, viewer))
        assert "Face-down cards: 2" in theirs
        assert "Medicine" not in theirs and "3 x Builder" not in theirs and CARD not in theirs


def test_a_single_use_card_lies_face_up_beside_the_board_until_it_is_used():
    state = own_card(fresh(2, 1), 0, "civ-22", kept=True)
    assert board_ids(state, 1, 0) == ["civ-22"] and "civ-22" not in RULES.hidden_from(state, 1)
    assert "Single-use tool +4, not used yet" in html.unescape(BOARDS.board(state, None))
    state = with_dice(in_actions(state, {0: {"quarry": 1}, 1: {"field": 1}}), [6])
    state = play(state, 0, {"type": "resolve", "where": "quarry"}, {"type": "tool_card", "card": "civ-22"})
    assert board_ids(state, 1, 0) == [] and RULES.view(state, 1)["boards"][0]["backs"] == 1
    assert "civ-22" in RULES.hidden_from(state, 1) and board_ids(state, 0, 0) == ["civ-22"]
    assert_views_leak_nothing(state)


def test_every_card_is_turned_face_up_when_the_game_ends():
    *_, (state, _, _) = random_game(3, 12, random.Random(12))
    assert RULES.outcome(state) is not None
    held = {c for player in state["seats"] for c in player["cards"] + player["extra"]}
    assert held
    for viewer in (None, 0, 1, 2):
        assert not held & RULES.hidden_from(state, viewer)
        assert {c for s in range(3) for c in board_ids(state, viewer, s)} == held
        assert all(b["backs"] == 0 for b in RULES.view(state, viewer)["boards"])
    assert_views_leak_nothing(state)


def test_the_moderators_full_view_names_the_owner_instead_of_saying_you():
    state = card_taken_by_seat_0()
    text = html.unescape(BOARDS.render("board.html", {
        "view": RULES.view(state, 0), "seat": 0, "legal": [], "names": BOARDS.names[:2],
        "active": RULES.active_seats(state), "onlooker": True}))
    assert "face down, only Ada sees it" in text and "only you see" not in text
