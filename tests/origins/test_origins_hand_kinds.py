"""A newcomer's review: the cards in one's hand did not say what they are. Each card in the hand names its kind as
the rules page does (action card, permanent card, objective), says what playing it does and how it scores, and the
piles of card backs are named by kind too."""

import html
import re
from pathlib import Path

from origins_helpers import scenario

from apps.origins.content import CARD_BY_ID
from apps.origins.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("origins", RULES)
RULES_PAGE = Path(__file__).resolve().parents[2] / "apps/origins/templates/origins/rules.html"


def own_hand(page: str) -> list[str]:
    start = page.index('aria-label="Your hand"')
    return re.findall(r'<li class="og-card card-\w+">(.*?)</li>', page[start:page.index("</ul>", start)], re.S)


def test_each_card_in_hand_says_its_kind_what_it_does_and_how_it_scores():
    hand = ["raid", "family", "o_green"]
    kinds = {CARD_BY_ID[c].color for c in hand}
    assert kinds == {"yellow", "orange", "purple"}
    page = html.unescape(BOARDS.board(scenario(hands={0: hand}), 0))
    cards = {CARD_BY_ID[c].color: (CARD_BY_ID[c], text) for c in hand for text in own_hand(page)
             if CARD_BY_ID[c].name in text}
    action, permanent, objective = cards["yellow"][1], cards["orange"][1], cards["purple"][1]
    assert "Action card" in action and "then discarded" in action
    assert "Permanent card" in permanent and f"level {cards['orange'][0].level}" in permanent
    assert "until the end of the game" in permanent
    goal = cards["purple"][0]
    assert "Objective" in objective and "when the board matches it" in objective
    assert f"{goal.points} VP" in objective and "completed" in objective
    for text in (action, permanent, objective):
        assert "in hand: 1 vp" in text.lower()
    rules = RULES_PAGE.read_text()  # the words are the rules page's own
    for words in ("then discarded", "until the end of the game", "when the board matches it", "1 point each"):
        assert words in rules


def test_the_piles_of_card_backs_are_named_by_kind():
    page = html.unescape(BOARDS.board(scenario(hands={0: ["raid"], 1: ["o_green"]}), 0))
    names = re.findall(r'<span class="og-pile-name">(?:<[^>]+>)*([^<]*)', page[:page.index('og-section og-supply')])
    assert {"actions", "permanents"} <= {n.strip() for n in names}
    assert any(n.strip().startswith("objectives") for n in names)
