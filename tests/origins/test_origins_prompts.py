"""Every Origins prompt points at something the player can tap and offers a way back (issue 19): the
"Selective Breeding" dead end, where a pawn picked to evolve from said "Tap a territory" with nothing on the
map to tap and, after two changes of mind, no way back."""

import re

from origins_helpers import play, scenario

from apps.origins.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("origins", RULES)
CANCEL = {"type": "cancel"}


def breeding_on_a_rival_pawn():
    """Seat 0 plays Selective Breeding, then picks seat 1's pawn to evolve from: no migration, no swap."""
    state = scenario(pawns=[(0, "white-1-1", "rift"), (1, "white-1-1", "nile")], hands={0: ["breeding"]})
    return play(state, {"type": "play", "card": "breeding"}, {"type": "select", "pawn": 1})


def test_a_pawn_picked_only_to_evolve_from_is_not_told_to_tap_a_territory():
    state = breeding_on_a_rival_pawn()
    assert {m["type"] for m in RULES.legal_moves(state, 0)} == {"evolve", "cancel"}
    prompt = RULES.view(state, 0)["prompt"]
    assert "territory" not in prompt.lower()
    assert "evolve" in prompt.lower() and "back" in prompt.lower()


def test_a_selected_pawn_can_always_be_put_back_however_often_the_player_changes_their_mind():
    state = breeding_on_a_rival_pawn()
    for _ in range(3):
        assert CANCEL in RULES.legal_moves(state, 0)
        state = play(state, CANCEL, {"type": "select", "pawn": 1})
    state = play(state, {"type": "evolve", "form": "white-3-1"})
    assert CANCEL in RULES.legal_moves(state, 0)
    back = play(state, CANCEL)
    assert back["pending"] == [] and back["pawns"] == state["pawns"] and back["reserve"] == state["reserve"]


def test_the_choices_of_a_half_made_move_and_the_way_back_come_before_the_map():
    page = BOARDS.board(breeding_on_a_rival_pawn(), 0)
    tray = page.index('class="og-section og-tray')
    assert tray < page.index('class="og-map"')
    choices = page[tray:page.index('class="og-map"')]
    assert len(re.findall(r'data-move="[^"]*evolve', choices)) == 7
    assert re.search(r'data-move="[^"]*cancel', choices)


def test_after_a_pick_that_lights_the_map_the_forms_to_evolve_into_and_the_way_back_sit_right_above_the_map():
    """Issue 39 (a newcomer's play-through): with lit territories to tap, the Evolve buttons and the way back came
    below the map and its list, out of sight on a phone. They come right above the map, each saying what it makes
    in a few words, and what each does in full is still on the page, which the button points at."""
    state = play(scenario(pawns=[(0, "white-1-1", "cradle")]), {"type": "select", "pawn": 0})
    legal = RULES.legal_moves(state, 0)
    assert {"migrate", "evolve", "cancel"} <= {m["type"] for m in legal}
    page = BOARDS.board(state, 0)
    above = page[page.index('aria-label="Turn"'):page.index('<svg class="og-map')]
    below = page[page.index('<svg class="og-map'):]
    assert len(re.findall(r'data-move="[^"]*evolve', above)) == sum(m["type"] == "evolve" for m in legal)
    assert re.search(r'data-move="[^"]*cancel', above) and not re.search(r'data-move="[^"]*(evolve|cancel)', below)
    buttons = re.findall(r'<button[^>]*move-evolve[^>]*aria-describedby="([^"]+)"[^>]*>(.*?)</button>', above, re.S)
    said = {" ".join(re.sub(r"<[^>]+>", " ", text).split()) for _, text in buttons}
    assert {"Evolve: white 2x1 (moves 2)", "Evolve: white 1x2 (strength 2)", "Evolve: brown 1x1 (new colour)",
            "Evolve: white 1x1 (a copy)"} <= said, said
    for why, _ in buttons:
        assert re.search(rf'id="{why}">A new [^<]+ pawn of yours', page), why
