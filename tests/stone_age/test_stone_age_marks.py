"""What the last move changed: the engine names it in the state (``marks``) and the drawn board rings it."""

import html
import re
from html.parser import HTMLParser

from stone_age_helpers import fresh, in_actions, play, set_tools, with_dice

from apps.stone_age.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("stone_age", RULES)
PLACE = lambda where: {"type": "place", "where": where}  # noqa: E731


def test_a_placement_marks_the_place_the_new_figures_and_the_players_people_only():
    state = play(fresh(2, 1), 0, PLACE("forest"), {"type": "count", "n": 3})
    marks = RULES.view(state, 1)["marks"]
    assert marks["seat"] == 0 and marks["places"] == ["forest"] and marks["added"] == ["forest"]
    assert marks["boards"] == [["people"], []] and marks["row"] == [] and marks["stacks"] == [] and not marks["dice"]
    page = BOARDS.board(state, 1)
    forest = re.search(r'<div class="sa-place at-forest[^"]*"', page).group(0)
    assert "is-changed" in forest
    assert page.count('class="sa-figs seat-0 n-3 is-new"') == 1, "three new figures of Ada's, drawn as one row"
    assert 'class="sa-place at-hunting is-choosable is-changed"' not in page


def test_the_next_move_clears_the_marks_of_the_one_before():
    state = play(fresh(2, 1), 0, PLACE("forest"), {"type": "count", "n": 3})
    state = play(state, 1, PLACE("field"))
    marks = state["marks"]
    assert marks["seat"] == 1 and marks["places"] == ["field"] and marks["boards"] == [[], ["people"]]
    assert "is-new" not in re.search(r'at-forest.*?</div>', BOARDS.board(state, 0), re.S).group(0)


def test_a_tap_that_only_asks_how_many_keeps_the_marks_of_the_move_before():
    state = play(fresh(2, 1), 0, PLACE("forest"), {"type": "count", "n": 3})
    asked = play(state, 1, PLACE("hunting"))
    assert asked["pending"] and asked["marks"] == state["marks"]
    assert 'class="sa-figs seat-0 n-3 is-new"' in BOARDS.board(asked, 0), "Ada still sees her move marked"
    assert play(asked, 1, {"type": "cancel"})["marks"] == state["marks"]


def test_a_roll_marks_the_dice_and_the_resources_it_gave():
    state = with_dice(in_actions(fresh(2, 6), {0: {"forest": 2}, 1: {"field": 1}}), [5, 4])
    state = play(state, 0, {"type": "resolve", "where": "forest"})
    assert state["marks"]["dice"] and state["marks"]["boards"][0] == ["wood", "people"]
    page = html.unescape(BOARDS.board(state, 1))
    assert 'class="sa-tray is-changed mark-seat-' in page, "the tray is marked in the mover's colour"
    assert 'aria-label="dice 5, 4, total 9: 3 wood"' in page, "the tray says the dice, the sum and the result"
    assert page.count('class="sa-die f5"') == 1 and page.count('class="sa-die f4"') == 1


def test_a_roll_with_tools_shows_the_dice_the_sum_the_tools_applied_and_the_result():
    state = set_tools(fresh(2, 6), 0, [2])
    state = with_dice(in_actions(state, {0: {"forest": 2}, 1: {"field": 1}}), [4, 3])
    state = play(state, 0, {"type": "resolve", "where": "forest"}, {"type": "tool", "tile": 0})
    text = html.unescape(BOARDS.board(state, 1))
    assert 'aria-label="dice 4, 3, tools +2, total 9: 3 wood"' in text
    assert 'aria-label="tool 2, used this round"' in text


def test_a_state_from_before_marks_existed_renders_without_marks():
    state = play(fresh(2, 1), 0, PLACE("forest"), {"type": "count", "n": 3})
    del state["marks"]
    page = BOARDS.board(state, 1)
    assert "is-changed" not in page and "is-new" not in page


class Drawn(HTMLParser):
    """Every element drawn as a picture (role=img) and every button, with its accessible name. A picture inside an
    element that is hidden from screen readers (aria-hidden, beside words that say the same) or inside a labelled
    picture (whose children are not read out) needs no name of its own."""

    def __init__(self):
        super().__init__()
        self.unnamed = []
        self.pictures = 0
        self.open: list[tuple[str, bool]] = []  # (tag, whether it or an ancestor is hidden or a named picture)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        covered = bool(self.open and self.open[-1][1])
        self.pictures += attrs.get("role") == "img"
        hidden = attrs.get("aria-hidden") == "true"
        if (attrs.get("role") == "img" or tag == "svg") and not attrs.get("aria-label") and not hidden and not covered:
            self.unnamed.append((tag, attrs))
        if tag == "button" and "aria-label" in attrs and not attrs["aria-label"].strip():
            self.unnamed.append((tag, attrs))
        self.open.append((tag, covered or hidden or attrs.get("role") == "img"))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        self.handle_endtag(tag)

    def handle_endtag(self, tag):
        while self.open and self.open.pop()[0] != tag:
            pass


def test_every_drawn_piece_has_a_text_alternative():
    states = [fresh(4, 2), play(fresh(2, 1), 0, PLACE("forest"))]
    state = with_dice(in_actions(fresh(2, 6), {0: {"forest": 2}, 1: {"field": 1}}), [5, 4])
    states.append(play(state, 0, {"type": "resolve", "where": "forest"}))
    for state in states:
        for seat in (None, 0, 1):
            drawn = Drawn()
            drawn.feed(BOARDS.board(state, seat))
            assert drawn.pictures >= 20, "places, rings, tokens and tracks are drawn"
            assert drawn.unnamed == [], drawn.unnamed[:3]


def test_how_many_people_is_chosen_on_the_place_itself():
    state = play(fresh(2, 1), 0, PLACE("forest"))
    page = BOARDS.board(state, 0)
    forest = re.search(r'<div class="sa-place at-forest is-asking".*?</div>', page, re.S).group(0)
    assert [int(n) for n in re.findall(r'data-move="\{&quot;type&quot;:&quot;count&quot;,&quot;n&quot;:(\d+)\}"',
                                       forest)] == [1, 2, 3, 4, 5]
    watching = BOARDS.board(state, None)
    assert "ada chooses how many".lower() in watching.lower() and "sa-count" not in watching
