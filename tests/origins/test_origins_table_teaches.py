"""What an Origins table tells a newcomer without the log (issue 39): the player who is to move reads what the
other player did on their last turn, the end of the turn comes after every other choice, and the zoomed map is
told which part of the world the decision is about."""

import re

from origins_helpers import play, scenario

from apps.origins.engine import RULES
from apps.origins.geometry import SHAPES, WIDTH
from apps.origins.pages import rules_context
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("origins", RULES)
SPAN = re.compile(r'data-scroll-span="([\d.]+) ([\d.]+) ([\d.]+)"')


def seat_one_evolves_and_ends():
    state = scenario(pawns=[(0, "white-1-1", "cradle"), (1, "white-1-1", "cradle")], seat=1)
    state = play(state, {"type": "select", "pawn": 1}, {"type": "evolve", "form": "white-2-1"},
                 {"type": "place", "to": "rift"})
    state = play(state, {"type": "skip_reward"}) if RULES.active_seats(state) == [1] and any(
        m["type"] == "skip_reward" for m in RULES.legal_moves(state, 1)) else state
    return play(state, {"type": "end_turn"})


def test_the_next_player_reads_what_the_other_did_on_their_last_turn():
    state = seat_one_evolves_and_ends()
    assert RULES.active_seats(state) == [0]
    mine = BOARDS.board(state, 0)
    box = re.search(r'<div class="og-last"[^>]*>(.*?)</div>', mine, re.S)
    assert box, "the last turn is told on the board"
    said = " ".join(re.sub(r"<[^>]+>", " ", box.group(1)).split())
    assert said.startswith(f"{BOARDS.names[1]}&#x27;s last turn: evolves a white 2x1 pawn"), said
    assert "Rift Valley" in said and "ends their turn" not in said
    assert box.group(1).count("<li>") == 1, "one line for its one action, with what followed from it"
    assert 'class="og-last"' not in BOARDS.board(state, 1), "one's own turn is not retold"


def test_the_end_of_the_turn_is_the_last_choice_on_the_board():
    state = scenario(pawns=[(0, "white-1-1", "cradle")], hands={0: ["camp"]})
    page = BOARDS.board(state, 0)
    moves = re.findall(r'data-move="\{&quot;type&quot;:&quot;(\w+)', page)
    assert moves[-1] == "end_turn" and "end_turn" not in moves[:-1] and moves[0] == "select", moves


def span_of(page):
    lo, hi, anchor = (float(v) * WIDTH for v in SPAN.search(page).groups())
    return lo, hi, anchor


def test_the_map_is_told_to_show_the_pawns_to_pick_then_the_picked_pawn_and_where_it_may_go():
    state = scenario(pawns=[(0, "white-1-1", "cradle"), (1, "white-1-1", "nile")])
    lo, hi, anchor = span_of(BOARDS.board(state, 0))
    assert lo <= anchor <= hi and abs(anchor - SHAPES["cradle"]["x"]) < 60, "the Cradle, where the pawn waits"
    assert hi - lo < WIDTH / 4, "and not the rival's pawn on the Nile: only the player's own pawns to pick"
    picked = play(state, {"type": "select", "pawn": 0})
    lo, hi, anchor = span_of(BOARDS.board(picked, 0))
    for territory in ("congo", "highlands", "rift"):
        assert lo <= SHAPES[territory]["x"] <= hi


def test_forced_march_names_the_pawn_as_the_map_shows_it_not_by_its_number():
    state = scenario(hands={0: ["march"]}, pawns=[(0, "white-1-1", "rift"), (0, "white-2-1", "arabia")])
    state = play(state, {"type": "play", "card": "march"})
    labels = [RULES.describe_move(state, 0, m) for m in RULES.legal_moves(state, 0) if m["type"] == "choose"]
    assert "March the white 1x1 in Rift Valley to Ethiopian Highlands" in labels
    assert "March the white 2x1 in Arabia to Levant" in labels
    assert not [label for label in labels if "pawn 0" in label or "pawn 1" in label]


def test_the_table_says_how_the_game_is_won_in_one_line_and_in_the_rules_pages_words_a_tap_away():
    """Issue 39: four lines of goal pushed the map down on a phone. The goal is one short line; the rules page's
    sentence waits under it in a disclosure."""
    state = scenario(pawns=[(0, "white-1-1", "cradle")])
    board = BOARDS.board(state, 0)
    goal = re.search(r'<details class="og-goal"[^>]*><summary>(.*?)</summary>(.*?)</details>', board, re.S)
    assert goal, "the goal is a disclosure"
    line, more = (" ".join(re.sub(r"<[^>]+>", " ", part).split()) for part in goal.groups())
    assert line == "Goal: most VP when the game ends (4 objectives or round 12)", line
    assert "the player with the most victory points when the final turns are over wins." in more
    assert "completed 4 objectives, or at the latest at the end of round 12" in more
    rules = " ".join(re.sub(r"<[^>]+>", " ", BOARDS.rules_page(rules_context())).split())
    assert "most victory points when the final turns are over wins" in rules


PICKS = re.compile(r'<ul class="og-map-whys"[^>]*>(.*?)</ul>', re.S)
PICK = re.compile(r'<li class="og-pick[^"]*">(.*?)</li>', re.S)


def words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_lit_pawns_and_places_are_listed_as_short_pieces_with_the_details_folded():
    """Issue 39 (a newcomer review): the list under the map was a wall of text. Each lit pawn or place is one row:
    the pawn drawn as its piece (or the place's colour), its place, one short line; what the move does in full
    waits under a disclosure, which the map's link still points at."""
    state = scenario(pawns=[(0, "white-2-1", "cradle"), (1, "black-1-2", "nile")])
    page = BOARDS.board(state, 0)
    rows = PICK.findall(PICKS.search(page).group(1))
    assert len(rows) == 2, "the own pawn and the rival's, each one row"
    for row in rows:
        summary = re.search(r"<summary[^>]*>(.*?)</summary>", row, re.S)
        assert summary, "each row opens to its details"
        assert 'class="og-glyph' in summary.group(1), "the pawn drawn as its piece"
        assert len(words(summary.group(1))) <= 70, words(summary.group(1))
        why = re.search(r'<span class="og-why" id="(og-why-\d+)">(.*?)</span>', row.split("</summary>")[1], re.S)
        assert why and f'aria-describedby="{why.group(1)}"' in page, "the map's link is described by the details"
    mine, theirs = (words(re.search(r"<summary[^>]*>(.*?)</summary>", r, re.S).group(1)) for r in rows)
    assert mine.startswith("the Cradle") and "yours" in mine
    assert theirs.startswith("Nile Valley") and f"{BOARDS.names[1]}&#x27;s" in theirs and "evolve" in theirs
    placing = play(state, {"type": "select", "pawn": 0}, {"type": "evolve", "form": "white-2-1"})
    rows = PICK.findall(PICKS.search(BOARDS.board(placing, 0)).group(1))
    lines = [words(re.search(r"<summary[^>]*>(.*?)</summary>", r, re.S).group(1)) for r in rows]
    assert any(line.startswith("Congo Basin") and "hunting token" in line for line in lines), lines
    assert any(line.startswith("Rift Valley") and "yellow tile" in line for line in lines), lines
    assert all("og-swatch" in r.split("</summary>")[0] for r in rows), "a place shows its colour"


def test_lit_territories_stand_out_by_edge_and_ring_and_the_rest_is_dimmed():
    """Issue 39: lit territories were faint. While territories are lit, a veil dims the rest of the world (drawn
    under the targets), and each target carries a dashed edge and a ring on its spot, which no other territory has
    (not colour alone), and the key says what they mean."""
    state = scenario(pawns=[(0, "white-1-1", "cradle")])
    assert 'class="og-veil"' not in BOARDS.board(state, 0), "nothing dimmed while only pawns are to pick"
    page = BOARDS.board(play(state, {"type": "select", "pawn": 0}), 0)
    svg = page[page.index('<svg class="og-map'):page.index("</svg>", page.index('<svg class="og-map'))]
    targets = re.findall(r'<a href="#" class="og-terr is-target.*?</a>', svg, re.S)
    assert len(targets) == 3
    assert all('class="og-lit-edge"' in t and 'class="og-lit-ring"' in t for t in targets)
    assert svg.count("og-lit-ring") == 3 and svg.count("og-lit-edge") == 3
    assert svg.index('class="og-veil"') < svg.index("og-terr is-target"), "the veil lies under the targets"
    assert svg.index('class="og-veil"') > max(m.start() for m in re.finditer(r'<use class="og-terr', svg))
    key = re.search(r'<ul class="og-section og-key".*?</ul>', page, re.S).group(0)
    assert "og-lit-key" in key and "tap" in words(key)


def test_the_map_key_says_what_settling_each_colour_of_land_brings():
    """A newcomer review: the key named the land's five colours and nothing else, so a colour meant nothing. It says
    what settling each brings, as the rules page's rewards do."""
    board = BOARDS.board(scenario(pawns=[(0, "white-1-1", "cradle")]), 0)
    key = re.search(r'<li class="og-key-colours"[^>]*>(.*?)</li>', board, re.S)
    assert key, "the key has its colours line"
    assert words(key.group(1)) == ("land's colour, what settling it brings: a tile and a card of that colour, tiles, "
                                   "its hunting token"), words(key.group(1))
    assert re.findall(r'sw-(\w+)', key.group(1)) == ["yellow", "orange", "purple", "brown", "green"]
    rules = words(BOARDS.rules_page(rules_context()))
    assert "Hunting token" in rules or "hunting token" in rules
