"""Chronicle's drawn board (issue 19): the story card shows the word set in its blank, the pieces the last move
changed are marked, and the terms explained on tap are the rules page's own words."""

import html
import re

import pytest
from chronicle_helpers import at_kind, built, stage

from apps.chronicle import pages
from apps.chronicle.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("chronicle", RULES)


def marked(page: str) -> list[str]:
    """The class lists of the elements marked as changed."""
    return [c for c in re.findall(r'class="([^"]*)"', page) if "is-changed" in c.split()]


def story_text(page: str) -> str:
    return re.search(r'<p class="story-text"[^>]*>(.*?)</p>', page, re.S).group(1)


def test_the_story_card_shows_the_word_just_set_in_its_blank_not_the_empty_blank():
    state = stage(at_kind("animal"), ["animal-great-brown-bear"], ["mammoth-hunter", "envoy", "tax-gatherer"])
    state = RULES.apply(state, 0, {"type": "choose_fill", "card": "animal-great-brown-bear"})
    assert state["reward"] is not None
    for seat in (None, 0):
        text = story_text(BOARDS.board(state, seat))
        assert "a great brown bear" in text
        assert "blank-animal" not in text


def test_it_marks_the_pile_and_the_card_a_pick_took_for_every_viewer():
    state = RULES.apply(RULES.setup(2, 1), 0, {"type": "pick_aspect", "aspect": "egalitarian"})
    card = state["seats"][0]["civ"][0]
    for seat in (None, 0, 1):
        page = BOARDS.board(state, seat)
        assert "pile aspect-egalitarian" in " ".join(marked(page))
        assert any("character" in c for c in marked(page))
        assert state["changed"]["joined"] == {"0": [card]}


def test_it_marks_the_chapter_a_choice_filled_and_nothing_once_the_next_move_changes_other_things():
    state = stage(at_kind("animal"), ["animal-great-brown-bear"], ["mammoth-hunter", "envoy", "tax-gatherer"])
    state = RULES.apply(state, 0, {"type": "choose_fill", "card": "animal-great-brown-bear"})
    page = BOARDS.board(state, None)
    assert any("chapter" in c or "fill-word" in c for c in marked(page))
    state = RULES.apply(state, 0, {"type": "skip_reward"})
    page = BOARDS.board(state, None)
    assert not any("chapter" in c for c in marked(page))


def test_a_fresh_draw_is_marked_and_a_board_before_any_move_marks_nothing():
    assert marked(BOARDS.board(RULES.setup(2, 1), 0)) == []
    state = built(2, 1)
    assert any("card fill" in c for c in marked(BOARDS.board(state, 0)))


def test_every_term_explained_on_the_board_is_quoted_from_the_rules_page():
    rules = html.unescape(re.sub(r"<[^>]+>", "", BOARDS.rules_page(pages.rules_context())))
    rules = " ".join(rules.split())
    for key, _title, passages in pages.TERMS:
        for passage in passages:
            assert passage in rules, (key, passage)
    page = BOARDS.board(built(2, 1), 0)
    assert 'popovertarget="ch-term-pay"' in page and 'id="ch-term-pay"' in page


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_table_says_how_to_win_in_the_rules_own_words(players):
    """The newcomer review: the table never said how you win until the lesson's last note."""
    rules = " ".join(html.unescape(re.sub(r"<[^>]+>", "", BOARDS.rules_page(pages.rules_context()))).split())
    pieces = pages.goal(players)
    for quote in pieces[1::2]:
        assert quote in rules, quote
    page = " ".join(html.unescape(BOARDS.board(RULES.setup(players, 1), 0)).split())
    assert re.search(r'<p class="ch-goal"[^>]*>' + re.escape("".join(pieces)) + "</p>", page)
    assert ("votes" in "".join(pieces)) == (players > 1)


def test_the_goal_line_says_what_filled_by_fate_means_in_the_rules_own_words():
    """The newcomer review: 'filled by fate' was never defined on the table."""
    line = "".join(pages.goal(2))
    assert "fewer blanks filled by fate (a word fate chose is one your civilization did not pay for)" in line


@pytest.mark.parametrize("players", [1, 2, 3])
def test_deck_building_says_how_a_game_goes_in_the_rules_own_words(players):
    """The newcomer review: the first screen asked for aspects and fill cards before saying what a fill card is."""
    rules = " ".join(html.unescape(re.sub(r"<[^>]+>", "", BOARDS.rules_page(pages.rules_context()))).split())
    pieces = pages.how(players)
    for quote in pieces[1::2]:
        assert quote in rules, quote
    note = "".join(pieces)
    assert "Civilization Deck" in note and "fill card" in note
    assert ("votes" in note) == (players > 1)
    page = " ".join(html.unescape(BOARDS.board(RULES.setup(players, 1), 0)).split())
    assert re.search(r'<p class="ch-how"[^>]*>' + re.escape(note) + "</p>", page)


def test_the_how_it_goes_note_is_gone_once_the_story_begins():
    assert 'class="ch-how"' not in BOARDS.board(built(2, 1), 0)


def test_a_finished_game_draws_without_the_goal_line():
    state = RULES.setup(2, 1)
    state["phase"] = "over"
    assert 'class="ch-goal"' not in BOARDS.board(state, 0)
