"""Each player's "final scoring so far" (issue 39/40): what their cards, buildings, tools, people and resources would
add at the end, counted by the engine's own ``scoring.end_scoring`` (the same function the outcome uses), shown on
their board; another player's face-down cards stay hidden, so it is shown to its owner only until the game ends."""

import html
import random
import re

import pytest
from stone_age_helpers import fresh, give, own_card, random_game, set_tools

from apps.stone_age.engine import RULES
from apps.stone_age.scoring import end_scoring
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("stone_age", RULES)
END_LINE = r'<p class="sa-end"><b>([^<]+): \+(-?\d+)</b> ([^<]*)</p>'


def render(state, seat):
    outcome = RULES.outcome(state)
    return html.unescape(BOARDS.render("board.html", {
        "view": RULES.view(state, seat), "seat": seat, "legal": BOARDS.legal_entries(state, seat),
        "names": BOARDS.names[:state["players"]], "active": RULES.active_seats(state), "outcome": outcome}))


def test_the_line_names_each_multiplier_as_the_engine_counts_it():
    state = fresh(2, 1)
    for card in ("civ-03", "civ-07", "civ-04", "civ-20", "civ-35"):
        own_card(state, 0, card)
    give(state, 0, wood=2, gold=1)
    state["seats"][0]["agriculture"] = 3
    set_tools(state, 0, [2, 1])
    end = RULES.view(state, 0)["boards"][0]["end"]
    assert end == end_scoring(state["seats"][0])
    # medicine x2 + art: sets [2, 1] = 4 + 1; 2 farmers x 3 agriculture; 2 shamans x 5 people; 3 resources
    assert end["total"] == 5 + 6 + 10 + 3
    line = re.search(END_LINE, render(state, 0))
    assert line.groups() == ("At the end so far", "24", "culture 2²+1² = 5 · 2 farmers × 3 agriculture = 6 · "
                             "2 shamans × 5 people = 10 · 3 resources")


def test_another_players_face_down_cards_give_nothing_away_until_the_end():
    state = fresh(3, 2)
    own_card(state, 1, "civ-20")
    own_card(state, 2, "civ-09")
    for seat in (0, 1, 2, None):
        view = RULES.view(state, seat)
        assert [b["end"] is not None for b in view["boards"]] == [s == seat for s in range(3)]
    spectator = render(state, None)
    assert 'class="sa-end"' not in spectator and "× 0 agriculture" not in spectator
    mine = re.findall(END_LINE, render(state, 1))
    assert [m[2] for m in mine] == ["2 farmers × 0 agriculture = 0 · 0 resources"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_at_the_game_end_the_so_far_shown_is_the_final_scoring_part_of_the_outcome(players):
    *steps, (last, _, _) = random_game(players, 70 + players, random.Random(players + 11))
    outcome = RULES.outcome(last)
    assert outcome is not None
    # the last state before the end: each player saw their own so far, from the same function
    before = steps[-1][0]
    for seat in range(players):
        assert RULES.view(before, seat)["boards"][seat]["end"] == end_scoring(before["seats"][seat])
    board = render(last, 0)
    lines = re.findall(END_LINE, board)
    assert len(lines) == players, "once over, every board shows its final scoring"
    for seat, (label, total, _words) in enumerate(lines):
        during = last["seats"][seat]["score"]
        part = outcome["breakdown"][seat]
        assert label == "Final scoring"
        assert int(total) == outcome["scores"][seat] - during
        assert int(total) == part["culture"] + part["professions"] + part["resources"]
        for view_seat in (seat, None):
            assert RULES.view(last, view_seat)["boards"][seat]["end"]["total"] == int(total)
