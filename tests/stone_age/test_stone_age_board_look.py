"""Stone Age drawn as a board (issue 40): the places are parts of one landscape (a static drawing the stylesheet
fetches once, never sent in a frame), resources are tokens with their pictures, cards and buildings are drawn as
cards with theirs, the score and food tracks run along the board's edge with every player's marker, and each move
on the board is named by what it shows (no aria-label that leaves out its visible words)."""

import html
import re
import xml.etree.ElementTree as ET

from stone_age_helpers import fresh, give, put_building, put_card

from apps.matches.pictures import PICTURES
from apps.stone_age.content import GATHER_PLACES, VILLAGE_PLACES
from apps.stone_age.engine import RULES
from apps.stone_age.templatetags.stone_age_tags import TRACK_LEFT, TRACK_WIDTH, edge_marks
from apps.stone_age.wording import building_cost_text, building_points_text
from tests.board_templates import GameTemplates
from tests.conftest import ROOT

BOARDS = GameTemplates("stone_age", RULES)
STATIC = ROOT / "apps" / "stone_age" / "static" / "stone_age"
PLACES = [p.id for p in GATHER_PLACES + VILLAGE_PLACES]


def test_each_place_is_a_view_of_one_static_landscape_that_the_stylesheet_draws():
    root = ET.parse(STATIC / "landscape.svg").getroot()
    views = {v.get("id") for v in root.iter("{http://www.w3.org/2000/svg}view")}
    assert set(PLACES) <= views
    css = (STATIC / "stone_age.css").read_text()
    for place in PLACES:
        assert f'url("landscape.svg#{place}")' in css, place
    board = BOARDS.board(fresh(2, 1), 0)
    assert "<path" not in board, "a frame carries no drawing of the land, only references"
    assert "landscape.svg#score-scale" in board and "landscape.svg#food-scale" in board


def test_every_resource_token_carries_its_picture_and_the_board_names_each_picture_once():
    state = give(fresh(3, 2), 0, wood=2, clay=1, stone=1, gold=1)
    board = BOARDS.board(state, 0)
    own = BOARDS.render("_own.html", {"view": RULES.view(state, 0), "seat": 0})
    tokens = re.findall(r'<(svg|i) class="sa-token t-(\w+)"[^>]*>(.*?)</\1>', board + own)
    assert {kind for _, kind, _ in tokens} >= {"food", "wood", "clay", "stone", "gold"}
    defs = dict(re.findall(r'<use id="sa-t-(\w+)" href="[^"]*pictures\.svg#pic-sa-(\w+)"/>', board))
    assert defs and all(kind == term for kind, term in defs.items()), "the board's own symbols, each once"
    for _, kind, inside in tokens:
        if kind == "any":
            assert inside == "", "a resource of any kind is a plain ring"
        else:  # on the board its own symbol; in the decision bar (no symbols there) the sprite's
            assert f'href="#sa-t-{kind}"' in inside and kind in defs or f"pictures.svg#pic-sa-{kind}" in inside
    assert 'href="#sa-t-' in board and 'href="#sa-t-' not in own
    assert board.count("pictures.svg#pic-sa-wood") == 1, "a token's picture is named once per board"
    for term in set(re.findall(r"pictures\.svg#pic-(sa-[\w-]+)", board + own)):
        assert term in PICTURES, term


def test_cards_and_buildings_are_drawn_as_cards_with_their_pictures():
    state = put_building(put_card(put_card(fresh(2, 3), 1, "civ-01"), 2, "civ-30"), 1, "bld-21")
    board = BOARDS.board(state, 0)
    card = r'<span class="sa-card (?:is-green|is-sand)"(?: data-part="\w+")?>'  # (a card on a space is a part)
    cards = re.findall(card + r'(.*?)</span>\s*</span>\s*(?=<)', board, re.S)
    assert len(re.findall(r'class="sa-card (?:is-green|is-sand)"', board)) == 4
    assert board.count('class="sa-card-pic"') == 4, "each card's upper section has its picture"
    assert cards and all("#pic-sa-" in card for card in cards)
    assert board.count("#pic-sa-building") >= 2, "each building stack's top is a hut tile"


def test_the_score_and_food_tracks_on_the_boards_edge_mark_every_player():
    state = fresh(3, 4)
    for seat, (score, agriculture) in enumerate([(14, 2), (130, 10), (-5, 0)]):
        state["seats"][seat]["score"], state["seats"][seat]["agriculture"] = score, agriculture
    text = html.unescape(BOARDS.board(state, 0))
    score = re.search(r'<div class="sa-edge is-score" role="img" aria-label="([^"]+)"[^>]*>(.*?)</div>', text, re.S)
    food = re.search(r'<div class="sa-edge is-food" role="img" aria-label="([^"]+)"[^>]*>(.*?)</div>', text, re.S)
    assert score.group(1) == "Score track: Ada 14 points, Bo 130 points, Cy -5 points"
    assert food.group(1) == "Agriculture track: Ada 2, Bo 10, Cy 0"
    assert len(re.findall(r'class="sa-marker seat-\d"', score.group(2))) == 3
    assert "+100" in score.group(2), "a score past 100 says it went round once"
    xs = [int(x) for x in re.findall(r'cx="(\d+)"', food.group(2))]
    assert xs == [TRACK_LEFT + TRACK_WIDTH * 2 // 10, TRACK_LEFT + TRACK_WIDTH, TRACK_LEFT]


def test_a_marker_past_a_lap_goes_round_and_each_seat_keeps_its_row():
    boards = [{"seat": 0, "score": 100}, {"seat": 1, "score": 137}, {"seat": 2, "score": 0}]
    marks = edge_marks(boards, "score")
    assert [(m["x"], m["lap"]) for m in marks] == [(TRACK_LEFT + TRACK_WIDTH, 0),
                                                   (TRACK_LEFT + TRACK_WIDTH * 37 // 100, 1), (TRACK_LEFT, 0)]
    assert len({m["y"] for m in marks}) == 3


def test_each_move_on_the_board_is_named_by_what_it_shows():
    state = put_card(fresh(2, 5), 1, "civ-01")
    board = BOARDS.board(state, 0)
    buttons = re.findall(r'<button type="button" class="sa-(?:place|space|stack) [^>]*>', board)
    assert len(buttons) >= 8 + 4 + 2
    assert [b for b in buttons if "aria-label" in b] == [], "an aria-label would leave out the words drawn on it"
    named = re.findall(r'data-move="[^"]*"[^>]*><span class="sa-vh">([^<]+): </span>', board)
    assert len(named) == len(buttons) and all(named)


def test_at_game_over_the_score_track_shows_the_final_totals_of_the_result():
    state = give(fresh(2, 6), 1, stone=40)
    state["seats"][0]["score"], state["seats"][1]["score"] = 12, 3
    state["phase"], state["end"] = "over", "cards"
    outcome = RULES.outcome(state)
    assert outcome["scores"][1] == 43
    text = html.unescape(BOARDS.render("board.html", {
        "view": RULES.view(state, 0), "seat": 0, "legal": [], "names": ["Ada", "Bo"], "active": [],
        "outcome": outcome}))
    score = re.search(r'<div class="sa-edge is-score" role="img" aria-label="([^"]+)"[^>]*>(.*?)</div>', text, re.S)
    assert score.group(1) == "Score track, final totals: Ada 12 points, Bo 43 points"
    xs = [int(x) for x in re.findall(r'cx="(\d+)"', score.group(2))]
    assert xs == [TRACK_LEFT + TRACK_WIDTH * 12 // 100, TRACK_LEFT + TRACK_WIDTH * 43 // 100]
    heads = re.findall(r'<span class="sa-score[^"]*">([^<]+)</span>', text)
    assert heads == ["12 points (final)", "43 points (final)"], "each player's board agrees with the result"


def test_a_negative_score_stands_at_zero_and_says_its_number():
    marks = edge_marks([{"seat": 0, "score": -7}, {"seat": 1, "score": 4}], "score")
    assert [(m["x"], m["note"]) for m in marks] == [(TRACK_LEFT, "−7"), (TRACK_LEFT + TRACK_WIDTH * 4 // 100, "")]
    state = fresh(2, 7)
    state["seats"][0]["score"] = -7
    track = re.search(r'<div class="sa-edge is-score".*?</div>', html.unescape(BOARDS.board(state, 0)), re.S).group(0)
    assert re.search(r'<text class="sa-lap"[^>]*>−7</text>', track)


def test_a_building_tile_is_one_image_named_by_its_cost_and_points_read_once():
    state = put_building(fresh(2, 8), 1, "bld-21")
    board = html.unescape(BOARDS.board(state, 0))
    # (a tile on a stack is a part)
    tile = r'<span class="sa-building[^"]*" role="img" aria-label="([^"]+)"(?: data-part="\w+")?>'
    tiles = re.findall(tile + r'(.*?)</span></span>', board)
    assert len(tiles) == 2, "each stack's top building"
    assert tiles[0][0] == f"{building_cost_text('bld-21')} for {building_points_text('bld-21')}"
    for label, inside in tiles:
        assert "aria-label" not in inside and "sa-vh" not in inside, f"{label!r} is read once, not again inside"


def _tile_words(board: str) -> list[str]:
    """Each building tile's visible words (its tags dropped, one space between words), stack by stack."""
    tiles = re.findall(r'<span class="sa-building[^"]*" role="img".*?(?=<span class="sa-rings)', board, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", t.split(">", 1)[1]).split()).replace(" :", ":") for t in tiles]


def test_a_building_tile_says_in_words_what_it_costs_and_what_it_scores():
    # The newcomers' review: "5 × ○ of 1 kind" was not understood. Each tile says it plainly, in the rules' words.
    state = put_building(put_building(fresh(2, 8), 1, "bld-22"), 2, "bld-19")
    board = html.unescape(BOARDS.board(state, 0))
    one_kind, two_kinds = _tile_words(board)
    assert one_kind.startswith("Pay 5 resources, all of one kind"), one_kind
    assert two_kinds.startswith("Pay 4 resources of 2 different kinds"), two_kinds
    for words in (one_kind, two_kinds):
        assert "Scores the value of what you pay: 3 4 5 6" in words, words
    values = re.findall(r'class="sa-token t-(\w+)"[^>]*>(?:<use[^>]*/>)?</svg>(\d)', board)
    assert values.count(("wood", "3")) == 2 and values.count(("gold", "6")) == 2, "each value beside its resource"
    state = put_building(put_building(fresh(2, 8), 1, "bld-26"), 2, "bld-08")
    any_kind, fixed = _tile_words(html.unescape(BOARDS.board(state, 0)))
    assert any_kind.startswith("Pay 1 to 7 resources of any kinds"), any_kind
    assert fixed == "Pay 13 points", "a fixed tile: Pay, its tokens, and its points"


def test_the_words_under_a_place_leave_out_what_its_plaque_or_tile_already_shows():
    # The newcomers' review at a phone: the odds hid each place's picture, and the words under a building repeated
    # its tile. The rate a gathering place's plaque shows is a span of its own (a phone leaves it out); a stack's
    # words start at what the player has, with "You cannot pay for this now" in bold.
    state = put_building(fresh(2, 8), 1, "bld-22")
    board = BOARDS.board(state, 0)
    forest = re.search(r'<button type="button" class="sa-place at-forest.*?<span class="sa-why"[^>]*>(.*?)</span>'
                       r'(?=<span class="sa-do">)', board, re.S).group(1)
    assert re.fullmatch(r"With 5 people, 5 dice<span> \(1 wood per 3 on the dice\)</span>: 5 wood or more .*", forest)
    stack = re.search(r'<button type="button" class="sa-stack .*?<span class="sa-why"[^>]*>(.*?)</span>'
                      r'(?=<span class="sa-do">)', board, re.S).group(1)
    assert stack.startswith("You have nothing: you need"), stack
    assert "Building No." not in stack and "<b>You cannot pay for this now</b>: this person" in stack
    assert 'aria-label="5 resources, all of one kind for value of what you pay"' in board, "the tile names the deal"
