"""Chronicle's templates: the board shows the story card, the draw and the civilizations; the summary and the
rules page say everything. ``sample_states`` are also the states tests/engines checks every board on."""

import functools
import html
import random
import re

from chronicle_helpers import at_kind, built, random_game, stage, to_vote

from apps.chronicle import explain, pages
from apps.chronicle.content import CHARACTERS, FILLS, STORIES
from apps.chronicle.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("chronicle", RULES)


@functools.cache
def sample_states():
    fate = stage(at_kind("animal"), ["animal-white-stag", "animal-spotted-jaguar", "animal-salt-white-heron"],
                 ["tax-gatherer", "chief-magistrate", "temple-steward"], redraws=2)
    reward = RULES.apply(stage(at_kind("animal"), ["animal-great-brown-bear"],
                               ["mammoth-hunter", "envoy", "tax-gatherer"]),
                         0, {"type": "choose_fill", "card": "animal-great-brown-bear"})
    poor_hand = ["tax-gatherer", "chief-magistrate", "temple-steward"]
    redraw = stage(at_kind("animal"), ["animal-white-stag"], poor_hand)
    states = [RULES.setup(3, 1), built(2, 1), fate, reward, redraw, to_vote(3, 2)]
    rnd = random.Random(3)
    states += [s for i, (s, _, _) in enumerate(random_game(4, 3, rnd)) if i % 9 == 0]
    return states


def test_the_board_shows_the_story_card_the_draw_and_the_civilizations():
    state = built(2, 1)
    text = html.unescape(BOARDS.board(state, 0))
    assert STORIES[0].title in text and "Animal" in text
    for card in state["draw"]["fill"] + state["draw"]["civ"]:
        name = next(c.name for c in (*FILLS, *CHARACTERS) if c.id == card)
        assert name in text
    assert "Ada (you)" in text and "Bo" in text


def test_the_summary_sets_every_fill_word_into_every_telling_with_the_votes():
    state = to_vote(3, 4)
    for seat, chosen in ((0, 1), (1, 0), (2, 1)):
        state = RULES.apply(state, seat, {"type": "vote", "for": chosen})
    text = html.unescape(BOARDS.summary(state))
    for player in state["seats"]:
        for told in player["told"]:
            name = next(c.name for c in FILLS if c.id == told["card"])
            assert f'<em class="fill-word">{name}</em>' in text or f"{name}</em>" in text
    assert "Bo's telling" in text and "2 votes" in text
    assert "Favourite telling" in text and "<strong>Bo</strong>" in text


def test_the_rules_page_lists_every_card_and_every_design_decision():
    text = html.unescape(BOARDS.rules_page(pages.rules_context()))
    for card in (*CHARACTERS, *FILLS):
        assert card.name in text
    for story in STORIES:
        assert story.title in text
    for words in ("Fate intervenes", "no reward", "discard pile is shuffled", "shared", "votes",
                  "Solo", "other than their own", "tie-break", "Hierarchical or Egalitarian",
                  "Diplomatic or Martial", "Heat or Cold or Water"):
        assert words.lower() in text.lower(), words


def test_deck_building_lays_the_piles_out_as_stacks_grouped_by_the_step_that_offers_them():
    """Issue 40: the piles are a market of card stacks, grouped as the first three building steps offer them (then the
    rest); each pile on offer is a move whose explanation lies under the piles, not inside the stack."""
    page = BOARDS.board(RULES.setup(3, 1), 0)
    market = page[page.index('class="ch-market"'):page.index('class="ch-offers"')]
    groups = [re.findall(r'class="pile aspect-(\w+)', group) for group in market.split('class="pile-group"')[1:]]
    assert groups == [["hierarchical", "egalitarian"], ["martial", "diplomatic"], ["heat", "cold", "water"],
                      ["benevolent", "vengeful"]]
    offers = page[page.index('class="ch-offers"'):]
    for aspect in ("hierarchical", "egalitarian"):
        assert f'aria-describedby="ch-why-pile-{aspect}"' in market and 'class="ch-why"' not in market
        assert f'id="ch-why-pile-{aspect}"' in offers


def test_each_deck_choice_reads_at_a_glance_with_its_sentence_one_tap_away():
    """Review 5: the deck choices were a wall of statistics. Each offered pile's facts are chips a glance reads (cards
    left, fill cards its icon alone pays for, costs it is part of, fill cards rewarding it: the numbers its sentence
    says), and the sentence with what comes next sits under More; why one aspect over another, under its own
    question."""
    state = RULES.setup(2, 1)
    page = html.unescape(BOARDS.board(state, 0))
    assert re.search(r'<details class="ch-choosing"><summary>Which to choose\?</summary>', page)
    offers = page[page.index('class="ch-offers"'):]
    for aspect in ("hierarchical", "egalitarian"):
        within, alone = explain.fills_with_aspect(aspect)
        found = re.search(rf'<li class="offer aspect-{aspect}"[^>]*>.*?<span class="offer-counts"[^>]*>(.*?)</span>'
                          r'\s*<details', offers, re.S)
        assert found, aspect
        chips = found.group(1)
        assert re.findall(r"<span>(.*?)</span>", chips) == [
            f"{len(state['piles'][aspect])} left", f"pays alone for {alone} of {len(FILLS)} fill cards",
            f"part of {within} costs", f"{explain.fills_rewarding(aspect)} fill cards reward one"]
        sentence = explain.explain_pick_aspect(state, 0, {"type": "pick_aspect", "aspect": aspect})
        assert f'<summary>More</summary><span class="ch-why" id="ch-why-pile-{aspect}">{sentence}</span>' in offers


def test_a_draw_lies_beside_its_fill_deck_its_discard_pile_and_the_civilization_deck():
    """Issue 40: the drawing seat's fill deck and discard pile of the kind drawn, and what is left of its Civilization
    Deck, lie beside the cards drawn, each with how many cards it holds."""
    state = stage(at_kind("animal"), ["animal-white-stag"], ["tax-gatherer", "chief-magistrate", "temple-steward"])
    player = state["seats"][0]
    player["discard"]["animal"] = player["fill"]["animal"][:2]
    player["fill"]["animal"] = player["fill"]["animal"][2:]
    text = html.unescape(BOARDS.board(state, 0))
    assert f'aria-label="Animal fill deck: {len(player["fill"]["animal"])} cards"' in text
    assert 'aria-label="Animal fill discard pile: 2 cards"' in text
    left = len(player["civ"])
    assert f'aria-label="Civilization Deck: {left} card{"s" if left != 1 else ""} left"' in text
