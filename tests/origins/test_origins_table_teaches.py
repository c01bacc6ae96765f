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
    box = re.search(r'<div class="og-last">(.*?)</div>', mine, re.S)
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


def test_the_table_says_how_the_game_is_won_in_the_rules_pages_words():
    state = scenario(pawns=[(0, "white-1-1", "cradle")])
    said = " ".join(re.sub(r"<[^>]+>", " ", BOARDS.board(state, 0)).split())
    assert "Goal: the player with the most victory points when the final turns are over wins." in said
    assert "completed 4 objectives, or at the latest at the end of round 12" in said
    rules = " ".join(re.sub(r"<[^>]+>", " ", BOARDS.rules_page(rules_context())).split())
    assert "most victory points when the final turns are over wins" in rules
