"""Origins' player panels and supply drawn as a table top (issue 40): a hand as card backs by colour with their counts,
village markers as tokens, tiles as tiles, hunting and strait tokens as tokens; the supply's tile columns, decks and
pawn reserve as piles. Each group carries its facts in words for screen readers (role="img" with aria-label). A card
in one's own hand that cannot be played now says why, in the engine's own words."""

import html
import re

from origins_helpers import play, scenario

from apps.origins.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("origins", RULES)


def position():
    return scenario(pawns=[(0, "white-1-1", "congo"), (1, "brown-1-2", "sahel"), (1, "white-1-1", "kalahari")],
                    hands={0: ["family", "spark"], 1: ["raid", "camp", "canoes", "o_green"]},
                    tiles={1: ["yellow-1", "brown-1", "purple-2"]}, straits={"bass": 1}, hunted={1: ["boreal"]})


def panel(page: str, name: str) -> str:
    """The article of the player called ``name``."""
    start = page.index(f'<span class="og-dot"></span>{name}')
    return page[start:page.index("</article>", start)]


def test_another_players_hand_is_drawn_as_card_backs_by_colour_with_counts_and_said_in_words():
    page = html.unescape(BOARDS.board(position(), 0))
    bo = panel(page, "Bo")
    backs = re.findall(r'<span class="og-back back-(\w+) depth-\d">(\d+)</span>', bo)
    assert backs == [("yellow", "2"), ("orange", "1"), ("purple", "1")]
    assert 'aria-label="4 cards in hand: 2 yellow, 1 orange, 1 purple (objective limit 2)"' in bo
    assert "Night Raid" not in page and "Hand: 4" not in page


def test_village_markers_tiles_and_tokens_are_drawn_as_pieces():
    bo = panel(html.unescape(BOARDS.board(position(), 0)), "Bo")
    assert bo.count('class="og-marker"') == 8 and bo.count('class="og-marker is-used"') == 2
    assert 'aria-label="Village markers: 8 of 10 left, 2 on pawns"' in bo
    chips = re.findall(r'<span class="og-tile-chip tile-(\w+)">(\d)</span>', bo)
    assert chips == [("brown", "1"), ("yellow", "1"), ("purple", "2")]
    assert 'aria-label="Hunting token of Boreal Woods: 2 VP"' in bo
    assert 'aria-label="Bass Strait strait token: 1 VP"' in bo


def test_the_supply_shows_tile_columns_decks_and_the_pawn_reserve_as_piles():
    state = position()
    page = html.unescape(BOARDS.board(state, None))
    supply = page[page.index('class="og-section og-supply"'):]
    assert supply.count('class="og-tile-pile') == 4 * 5
    assert 'aria-label="yellow column: level 1: 4, level 2: 4, level 3: 3, level 4: 2, level 5: 1"' in supply
    for color in ("yellow", "orange", "purple"):
        count = len(state["decks"][color])
        assert f'aria-label="{color} deck: {count} cards"' in supply
        assert re.search(rf'<span class="og-back back-{color} depth-\d">{count}</span>', supply)
    assert supply.count('class="og-reserve-cell') == 3 * 16
    assert "white pawns in the reserve: " in supply and "<details" not in supply


def test_a_card_you_cannot_play_now_says_why_in_the_engines_words():
    state = position()
    mine = html.unescape(BOARDS.board(state, 0))
    reason = RULES.why_illegal(state, 0, {"type": "play", "card": "family"})
    assert reason == "Extended Family needs an innovation tile of level 2 or higher."
    assert f'<span class="og-why-not">Not now: {reason}</span>' in mine
    assert mine.count('class="og-why-not"') == 1  # Spark of Genius can be played
    assert 'class="og-why-not"' not in html.unescape(BOARDS.board(state, 1))  # not Bo's turn: Bo reads no refusals
    picked = play(state, {"type": "select", "pawn": 0})  # the prompt says what comes first
    assert 'class="og-why-not"' not in html.unescape(BOARDS.board(picked, 0))
