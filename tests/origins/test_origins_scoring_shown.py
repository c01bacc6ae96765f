"""How a newcomer learns the scoring from the table (issue 39): under the goal, a disclosure gathers every source of
victory points in the rules page's own words, with the viewer's VP from each; and the objectives to return show
their goal and VP, not their names alone."""

import re

from origins_helpers import scenario

from apps.origins import flow
from apps.origins.content import CARD_BY_ID
from apps.origins.engine import RULES
from apps.origins.pages import rules_context
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("origins", RULES)
SCORE = re.compile(r'<details class="og-goal og-score"[^>]*><summary>(.*?)</summary>(.*?)</details>', re.S)
SOURCES = ("objectives", "hand", "hunting", "straits", "innovations")


def words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def scored():
    return scenario(pawns=[(0, "white-1-1", "cradle")], hands={0: ["camp", "o_green"]}, completed={0: ["o_africa"]},
                    tiles={0: ["yellow-1"]}, straits={"gibraltar": 0}, hunted={0: ["boreal"]})


def test_the_board_gathers_every_source_of_vp_in_the_rules_pages_words_with_the_viewers_vp_from_each():
    state = scored()
    found = SCORE.search(BOARDS.board(state, 0))
    assert found, "a scoring disclosure on the board"
    assert words(found.group(1)).startswith("How you score VP")
    rows = re.findall(r'<li data-source="(\w+)">(.*?)</li>', found.group(2), re.S)
    assert tuple(source for source, _ in rows) == SOURCES, "every source, once each"
    rules = words(BOARDS.rules_page(rules_context()))
    parts = flow.score_of(state, 0)
    assert [parts[s] for s in SOURCES] == [3, 2, 2, 1, 1], "a case where every source counts"
    for source, row in rows:
        quoted = re.search(r'<q>(.*?)</q>', row, re.S)
        assert quoted and words(quoted.group(1)) in rules, f"{source}: quoted from the rules page"
        assert words(row).endswith(f"you: {parts[source]} VP"), words(row)
    assert f"you: {parts['total']} VP" in words(found.group(1)), "the viewer's total in the summary"
    assert parts["total"] == RULES.view(state, 0)["seats"][0]["points"]


def test_an_onlooker_reads_the_sources_without_anyones_numbers():
    found = SCORE.search(BOARDS.board(scored(), None))
    assert found and "you:" not in words(found.group(0)) and "<q>" in found.group(2)


def test_each_objective_to_return_shows_its_goal_and_vp():
    hand = ["o_green", "o_brown", "o_orange", "o_yellow"]
    state = scenario(pawns=[(0, "white-1-1", "cradle")], hands={0: hand})
    flow.settle(state)
    assert state["pending"][-1]["kind"] == "return"
    page = BOARDS.board(state, 0)
    returns = r'<button[^>]*data-move="\{&quot;type&quot;:&quot;return&quot;[^>]*>(.*?)</button>'
    buttons = re.findall(returns, page, re.S)
    assert len(buttons) == len(hand)
    for card_id, button in zip(hand, buttons, strict=True):
        card = CARD_BY_ID[card_id]
        said = words(button)
        assert card.name in said and f"{card.points} VP" in said and words(card.text) in said, said
