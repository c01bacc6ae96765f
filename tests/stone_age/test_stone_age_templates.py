"""Stone Age's templates: places, cards, buildings, boards, dice and face-down cards, the summary's scoring and
the rules page. ``sample_states`` are also the states tests/engines checks every board on (buttons, leaks)."""

import functools
import html
import random
import re

from stone_age_helpers import (
    fresh,
    give,
    in_actions,
    leaks,
    own_card,
    put_building,
    put_card,
    random_game,
    with_dice,
)

from apps.stone_age import pages
from apps.stone_age.content import BUILDINGS, CARDS
from apps.stone_age.engine import RULES
from apps.stone_age.wording import building_cost_text, top_text
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("stone_age", RULES)


def paying_state():
    state = fresh(2, 3)
    put_card(state, 2, "civ-22")
    give(state, 0, wood=2, gold=1)
    state = in_actions(state, {0: {"card2": 1}, 1: {"forest": 2}})
    return RULES.apply(state, 0, {"type": "resolve", "where": "card2"})


def feeding_state():
    state = fresh(2, 4)
    own_card(state, 0, "civ-04", kept=True)
    give(state, 0, food=-12, stone=1)
    state = in_actions(state, {0: {"field": 1}, 1: {"hut": 2}})
    state = RULES.apply(state, 0, {"type": "resolve", "where": "field"})
    return RULES.apply(state, 1, {"type": "resolve", "where": "hut"})


@functools.cache
def sample_states():
    states = [fresh(2, 1), fresh(4, 2), paying_state(), feeding_state()]
    rnd = random.Random(3)
    states += [s for i, (s, _, _) in enumerate(random_game(3, 3, rnd)) if i % 23 == 0]
    states += [s for i, (s, _, _) in enumerate(random_game(4, 8, rnd)) if i % 97 == 0]
    return states


def test_the_board_shows_places_cards_buildings_and_each_players_board():
    state = fresh(3, 5)
    put_building(state, 1, "bld-21")
    text = html.unescape(BOARDS.board(state, 0))
    for label in ("Hunting grounds", "Forest", "Clay pit", "Quarry", "River", "Toolmaker's hut", "Hut", "Field"):
        assert label in text
    for card in state["row"]:
        assert top_text(card) in text
    assert building_cost_text("bld-21") in text and "4 resources of 4 different kinds" in text
    assert "Cost 1" in text and "Cost 4" in text
    assert "Ada</span> (you)" in text and ">Bo<" in text and ">Cy<" in text
    assert text.count('aria-label="12 food"') >= 3, "every board shows its food"


def test_the_decision_panel_shows_the_dice_and_the_tools_to_add():
    state = fresh(2, 6)
    state["seats"][0]["tools"] = [2]
    state["seats"][0]["used"] = [False]
    state["supply"]["tiles12"] -= 1
    state = with_dice(in_actions(state, {0: {"forest": 2}, 1: {"field": 1}}), [4, 4])
    state = RULES.apply(state, 0, {"type": "resolve", "where": "forest"})
    page = BOARDS.board(state, 0)
    text = html.unescape(page)
    assert page.count('class="sa-die f4"') >= 2, "both dice are drawn showing 4"
    assert "Add tool +2" in text and "Take 2 wood (total 8)" in text


def test_a_face_down_card_is_shown_to_its_owner_only():
    state = fresh(2, 7)
    own_card(state, 1, "civ-31", extra=True)
    mine = html.unescape(BOARDS.board(state, 1))
    theirs = html.unescape(BOARDS.board(state, 0))
    watching = html.unescape(BOARDS.board(state, None))
    assert "face down, only you see it" in mine and "3 x Builder" in mine
    assert "Face-down cards: 1" in theirs and "Face-down cards: 1" in watching
    assert "civ-31" not in theirs + watching and "3 x Builder" not in theirs + watching


def finished_state():
    rnd = random.Random(12)
    *_, (state, _, _) = random_game(3, 12, rnd)
    return state


def test_the_summary_shows_every_part_of_the_final_scoring_for_every_player():
    state = finished_state()
    outcome = RULES.outcome(state)
    text = html.unescape(BOARDS.summary(state))
    for words in ("Buildings", "Culture sets", "Farmers", "Toolmakers", "Builders", "Shamans", "Resources left",
                  "Total", "Tie-break", "Feeding penalties"):
        assert words in text
    for score in outcome["scores"]:
        assert f"<strong>{score}</strong>" in text
    assert any(f"<strong>{BOARDS.names[s]}</strong>" in text for s in outcome["winners"])
    assert not leaks(text, RULES.hidden_from(state, None))


def test_the_rules_page_lists_every_place_card_building_and_choice():
    context = pages.rules_context()
    text = html.unescape(BOARDS.rules_page(context))
    for card in CARDS:
        assert f"<td>{card.number}</td><td>" in text
        assert top_text(card.id) in text
    assert len(context["cards"]) == 36 and len(context["buildings"]) == 28
    for building in BUILDINGS:
        assert building_cost_text(building.id) in text
    for topic, _ in pages.CHOICES:
        assert topic in text
    for words in ("Hunting grounds", "Forest", "Clay pit", "Quarry", "River", "Toolmaker's hut", "Hut", "Field",
                  "With 2 players: 2 of the 3 village places", "at most 1 player", "at most 2 players",
                  "25 + 1 = 26", "score 5 &times; 3 + 3 = 18".replace("&times;", "\u00d7"), "lose 10 points"):
        assert words in text, words


def test_the_table_says_how_the_game_is_won_and_when_it_ends_in_the_rules_pages_words():
    """A newcomer review: Chronicle, Innovation, Live On and Origins say their goal on the table; Stone Age said
    neither how it is won nor when it ends, until a stack ran out."""
    rules = " ".join(html.unescape(BOARDS.rules_page(pages.rules_context())).split())
    page = html.unescape(BOARDS.board(RULES.setup(2, 1), 0))
    goal = re.search(r'<p class="sa-goal"[^>]*><b>Goal:</b> (.*?)</p>', page)
    assert goal, "the goal is on the table"
    for sentence in re.findall(r"[^.]+\.", goal.group(1)):
        assert sentence.strip().lower() in rules.lower(), sentence
    assert "most points" in goal.group(1) and "building stack" in goal.group(1)
