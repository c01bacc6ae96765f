"""Issue 39, a newcomer's review of Origins' table: the texts say "white pawn", "brown 2x1", but each pawn was drawn
as a piece in its owner's colour holding a small block in the pawn's colour, so newcomers read the owner's colour
as the pawn's. Now every pawn drawn (the map, the evolve buttons, the lit pawns' list, the key, the reserve) has its
body in the pawn's colour (class ``pc-<colour>``) inside a ring in the owner's seat colour (``og-seat-<seat>``; the
reserve's: grey). The viewer's hand is said in short above the map (at 1280 px the cards came below the first
screen), and a reward's tiles are drawn as tile chips, what each choice does folded away under it."""

import html
import re
from pathlib import Path

from origins_helpers import play, scenario

from apps.origins.content import CARD_BY_ID
from apps.origins.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("origins", RULES)
CSS = (Path(__file__).resolve().parents[2] / "apps/origins/static/origins/origins.css").read_text()


def position():
    return scenario(pawns=[(0, "white-1-1", "congo"), (1, "brown-2-1", "sahel"), (1, "black-1-2", "kalahari")],
                    hands={0: ["family", "spark", "o_green"], 1: ["raid"]}, tiles={0: ["yellow-1"]})


def test_a_pawn_on_the_map_has_its_own_colour_for_body_and_its_owners_for_ring():
    page = html.unescape(BOARDS.board(position(), 0))
    figures = re.findall(r'class="og-pawn og-seat-(\d)[^"]*".*?<g class="og-figure pc-(\w+)"', page, re.S)
    assert sorted(figures) == [("0", "white"), ("1", "black"), ("1", "brown")]
    # the body's fill is the pawn's colour, the ring (the piece's stroke) the seat's
    assert re.search(r"\.og-piece \{ stroke: var\(--seat", CSS)
    for colour, fill in (("white", "#f4efe4"), ("brown", "#8b5a2b"), ("black", "#262626")):
        assert f".pc-{colour} .og-piece {{ fill: {fill}; }}" in CSS
    assert not re.search(r"\.og-pawn \.og-piece \{ fill: var\(--seat", CSS), "no piece is filled with its owner"


def test_the_evolve_buttons_the_lit_pawns_the_key_and_the_reserve_draw_pawns_the_same_way():
    picked = play(position(), {"type": "select", "pawn": 0})
    page = html.unescape(BOARDS.board(picked, 0))
    buttons = re.findall(r'<button[^>]*class="og-move move-evolve".*?</button>', page, re.S)
    assert buttons
    for button in buttons:
        form = re.search(r'"form":\s*"(\w+)-', button).group(1)
        assert f'class="og-glyph og-seat-0 pc-{form}"' in button, "the new pawn: its colour, in the viewer's ring"
    assert 'class="og-key-pic og-pawn og-seat-0 pc-white"' in page
    assert "its ring: whose it is" in page
    start = html.unescape(BOARDS.board(position(), 0))
    picks = start[start.index('class="og-map-whys"'):]
    assert 'class="og-glyph og-seat-0 pc-white"' in picks, "the lit pawns' list: the pawn's colour, its owner's ring"
    reserve = start[start.index('class="og-reserve"'):]
    assert {"white", "brown", "black"} <= set(re.findall(r'class="og-glyph pc-(\w+)"', reserve))


def test_the_viewers_hand_is_said_in_short_above_the_map_and_leads_to_the_cards():
    state = position()
    mine = html.unescape(BOARDS.board(state, 0))
    link = re.search(r'<a class="og-hand-link" href="#og-mine"[^>]*>(.*?)</a>', mine, re.S)
    assert link and mine.index("og-hand-link") < mine.index('class="og-map"')
    chips = re.findall(r'og-hand-chip back-(\w+)[^"]*">.*?(\d+)<span class="og-words"> (\w+)</span>', link.group(1),
                       re.S)
    assert [kind for _, _, kind in chips] == ["action", "permanent", "objective"], "each kind said in words"
    counts = {colour: count for colour, count, _ in chips}
    held = [CARD_BY_ID[c].color for c in state["seats"][0]["hand"]]
    assert counts == {c: str(held.count(c)) for c in ("yellow", "orange", "purple")}
    assert 'id="og-mine"' in mine
    assert "og-hand-link" not in html.unescape(BOARDS.board(state, None)), "a spectator holds no cards"


def test_a_rewards_tiles_are_drawn_as_tile_chips_with_what_each_does_folded_under_it():
    moved = play(position(), {"type": "select", "pawn": 0}, {"type": "migrate", "to": "rift"})
    page = html.unescape(BOARDS.board(moved, 0))
    tiles = re.findall(r'<button[^>]*class="og-move move-tile".*?</button>\s*(<details.*?</details>)?', page, re.S)
    assert tiles
    for button in re.findall(r'<button[^>]*class="og-move move-tile".*?</button>', page, re.S):
        column, level = re.search(r'"tile":\s*"(\w+)-(\d)"', button).groups()
        assert f'<span class="og-tile-chip tile-{column}" aria-hidden="true">{level}</span>' in button
    assert all(t.startswith('<details class="og-why-more"><summary>What it does</summary>') for t in tiles)
