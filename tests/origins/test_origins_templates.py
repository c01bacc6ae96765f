"""Origins' templates: map taps, the map itself, hands, the summary's scoring breakdown and the rules page.
``sample_states`` are also the states tests/engines checks every board on (clickable moves, leaks)."""

import functools
import html
import json
import random

from origins_helpers import play, random_game, scenario

from apps.origins import pages
from apps.origins.content import CARDS, STRAITS, TERRITORIES
from apps.origins.engine import RULES
from tests.board_templates import GameTemplates, clickable

BOARDS = GameTemplates("origins", RULES)


@functools.cache
def sample_states():
    base = scenario(pawns=[(0, "brown-2-2", "rift"), (1, "white-1-1", "nile"), (0, "white-1-1", "cradle"),
                           (1, "white-1-1", "cradle")], hands={0: ["spark", "canoes", "o_green"], 1: ["raid"]},
                    tiles={0: ["yellow-1"]})
    selected = play(base, {"type": "select", "pawn": 0})
    evolving = play(selected, {"type": "evolve", "form": "brown-3-2"})
    reward = play(selected, {"type": "migrate", "to": "highlands"})
    choosing = play(base, {"type": "play", "card": "spark"})
    states = [RULES.setup(2, 1), RULES.setup(4, 2), base, selected, evolving, reward, choosing]
    rnd = random.Random(3)
    states += [s for i, (s, _, _) in enumerate(random_game(3, 3, rnd)) if i % 15 == 0]
    return states


def test_pawns_and_territories_are_tapped_on_the_map():
    state = sample_states()[3]  # a pawn selected: its destinations are territories on the map
    found = clickable(BOARDS.board(state, 0), map_links=True)
    on_map = {json.dumps(json.loads(a["data-move"])) for tag, a in found if tag == "a"}
    for move in RULES.legal_moves(state, 0):
        if move["type"] in ("migrate", "swap"):
            assert json.dumps(move) in on_map
    start = clickable(BOARDS.board(sample_states()[2], 0), map_links=True)
    selects = [json.loads(a["data-move"]) for tag, a in start if tag == "a"]
    assert {"type": "select", "pawn": 0} in selects


def test_the_map_draws_every_territory_as_a_region_and_every_strait():
    page = BOARDS.board(RULES.setup(2, 1), None)
    assert page.count("data-territory=") == len(TERRITORIES)
    assert page.count('class="og-strait') >= len(STRAITS)
    assert "<script" not in page and " onclick" not in page


def test_the_board_shows_your_hand_but_not_the_others():
    state = sample_states()[2]
    mine = html.unescape(BOARDS.board(state, 0))
    assert "Spark of Genius" in mine and "Night Raid" not in mine


def test_the_summary_shows_the_scoring_breakdown_per_player():
    state = scenario(completed={0: ["o_green"]}, hands={1: ["spark", "camp", "family"], 0: ["harvest"]},
                     tiles={0: ["yellow-1"]}, hunted={1: ["congo"]})
    state["over"] = True
    text = html.unescape(BOARDS.summary(state))
    for words in ("Objectives", "Cards in hand", "Hunting", "Straits", "Innovations", "Total", "<strong>Bo</strong>",
                  "most cards in hand", "Forest Dwellers"):
        assert words in text, words
    assert "Spark of Genius" not in text


def test_the_rules_page_shows_the_whole_design():
    page = BOARDS.rules_page(pages.rules_context())
    text = html.unescape(page)
    for card in CARDS:
        assert card.name in text and card.text in text, card.name
    for territory in TERRITORIES:
        assert territory.name in text
    for strait in STRAITS:
        assert strait.name in text
    for words in ("2 to 4 players", "round 12", "one final turn", "4 objectives", "Compatibility",
                  "village marker", "the Cradle", "starting square", "most cards in hand", "level 5 tiles are worth 5",
                  "one level 2 tile can hold only one level 3 tile", "Hunting tokens"):
        assert words.lower() in text.lower(), words
    assert text.count("<use class=\"og-terr\"") == len(TERRITORIES)
