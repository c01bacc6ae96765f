"""What each Innovation move says it will do before it is chosen (``RULES.explain_move``), and where the board
shows it: who shares a dogma and who is demanded of from the icon counts, what an achievement needs, what a
draw brings, how a meld or a splay changes the icon totals, and what picking a card inside an effect does."""

import html

from test_innovation_helpers import dogma, empty, give, table

from apps.innovation.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("innovation", RULES, ["Ada", "Bo", "Cy", "Di"])


def explain(s, seat, move):
    return RULES.explain_move(s, seat, move)


def test_a_dogma_says_who_shares_and_who_is_demanded_of_from_the_icon_counts():
    s = table(players=3)
    s = give(s, 0, board=["Oars"])  # 2 castles, demand and shared effect
    s = give(s, 1, board=["Metalworking"])  # 3 castles: shares
    s = give(s, 2, board=["Writing"])  # no castle: obeys
    said = explain(s, 0, {"type": "dogma", "card": "Oars"})
    assert "Shares with {p1} (3 castles, at least your 2)" in said
    assert "demands of {p2} (0 castles, fewer than your 2)" in said


def test_a_dogma_nobody_can_share_or_obey_says_so():
    s = give(table(), 0, board=["Archery"])  # demand only, 2 castles
    s = give(s, 1, board=["Oars"])  # 2 castles: not fewer
    assert explain(s, 0, {"type": "dogma", "card": "Archery"}) == (
        "Demands of no one (no one has fewer castles than your 2).")


def test_the_board_shows_whom_the_dogma_reaches_by_name_under_the_card():
    s = table(players=3)
    s = give(s, 0, board=["Oars"])
    s = give(s, 1, board=["Metalworking"])
    s = give(s, 2, board=["Writing"])
    page = html.unescape(BOARDS.board(s, 0))
    assert '<span class="in-vs is-shares">Bo <b>shares</b>' in page
    assert '<span class="in-vs is-obeys">Cy <b>must obey</b>' in page


def test_an_achievement_says_what_it_needs_and_the_board_says_why_one_is_out_of_reach():
    s = give(table(), 0, score=["Oars", "Archery", "Writing", "Clothing", "Pottery"], board=["Sailing"])
    said = explain(s, 0, {"type": "achieve", "age": 1})
    assert said.startswith("Claim the age 1 achievement (1 of the 6 achievements that win).")
    assert "You have 5 points (needs 5)" in said
    page = html.unescape(BOARDS.board(s, 0))
    assert "Age 2: Needs 10 points (you have 5) and a top card of age 2 or higher (your highest is 1)." in page


def test_a_draw_says_which_age_comes_and_why():
    s = give(table(), 0, board=["Sailing"])
    assert explain(s, 0, {"type": "draw"}).startswith("Take a 1 into your hand (your highest top card is a 1)")
    s = empty(s, 1)
    assert explain(s, 0, {"type": "draw"}) == (
        "Take a 2 into your hand: your highest top card is a 1, and the 1 pile is empty.")
    # A newcomer review: with the 1 and 2 piles empty it named only the 1 pile, and an 8 was "a 8".
    s = empty(s, 2)
    assert explain(s, 0, {"type": "draw"}) == (
        "Take a 3 into your hand: your highest top card is a 1, and the 1 and 2 piles are empty.")
    s = empty(s, 3, 4, 5, 6, 7)
    assert explain(s, 0, {"type": "draw"}).startswith(
        "Take an 8 into your hand: your highest top card is a 1, and the 1 to 7 piles are empty.")
    assert RULES.describe_move(s, 0, {"type": "draw"}) == "Draw an 8"


def test_a_meld_says_what_it_covers_and_how_the_icon_totals_change():
    s = give(table(), 0, hand=["Archery"], board=["Oars"])
    assert explain(s, 0, {"type": "meld", "card": "Archery"}) == (
        "Put Archery on your red pile, covering Oars: -1 crown, +1 lightbulb.")


def test_a_splay_choice_says_which_icons_it_shows():
    s = give(table(), 0, board=["Oars", "Archery", "Writing", "Tools", "Coal"])
    s = dogma(s, "Coal")  # you may splay red or yellow right
    said = explain(s, 0, {"type": "choose", "pick": "red"})
    # Oars and Archery, under Coal, each show their top-left and bottom-left icons
    assert said == "Splay your red pile (3 cards, Coal on top) right: +2 castles, +1 crown, +1 lightbulb."


def test_a_card_choice_says_what_happens_to_that_card():
    s = give(table(), 0, board=["Archery"])
    s = give(s, 1, hand=["Calendar", "Fermenting"])
    s = dogma(s, "Archery")  # seat 1 draws a 1 and gives a highest card to seat 0
    pending = s["pending"]
    card = pending["options"][0]
    said = explain(s, 1, {"type": "choose", "pick": card})
    assert said.startswith(f"Give {card} (age 2, ") and "from your hand) to {p0}" in said


def test_declining_a_you_may_says_what_is_skipped():
    s = give(table(), 0, hand=["Oars"], board=["Agriculture"])
    s = dogma(s, "Agriculture")  # you may return a card from your hand to draw and score one higher
    assert explain(s, 0, {"type": "decline"}) == (
        "Do not return a card from your hand to draw and score one higher: skip it, and the dogma goes on.")
    assert explain(s, 0, {"type": "choose", "pick": "Oars"}) == (
        "Return Oars (age 1, red, from your hand) to draw and score one higher.")
