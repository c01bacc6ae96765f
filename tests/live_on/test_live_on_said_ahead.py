"""What the Live On table says ahead (review 5 of newcomers): a player resting while another settles is asked to
settle too once the camp acts (the settling group is everyone at camp), so the board says so before, in the rules
page's words; a roll's chance stands as a badge of its own under a choice; the zones' "≤4" plaques and the health
figures are captioned in the rules page's words."""

from __future__ import annotations

import html
import re

from test_live_on_helpers import ask_kind, play, table

from apps.live_on import pages
from apps.live_on.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("live_on", RULES)
AHEAD = f"Next for you: Settling</b> \u2014 {pages.SETTLING_AHEAD}."


def rules_text() -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(BOARDS.rules_page(pages.rules_context()))).split())


def test_the_settling_said_ahead_is_the_rules_page_s_own_words():
    assert pages.SETTLING_AHEAD in rules_text()


def test_a_player_resting_while_another_settles_is_told_before_the_settling_decision_comes():
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    state = play(state, 1, {"type": "go", "zone": "settle"})
    assert AHEAD not in html.unescape(BOARDS.board(state, 0))  # ada has not chosen yet
    state = play(state, 0, {"type": "go", "zone": "rest"}, dice=(6,) * 6, check=False)
    seen = []
    while state["phase"] == "action" and ask_kind(state) is not None:
        ask = state["ask"]
        page, other = (html.unescape(BOARDS.board(state, s)) for s in (0, 1))
        seen.append((ask["kind"], ask.get("purpose"), ask.get("seat"), AHEAD in page))
        assert AHEAD not in other  # bea settles: nothing comes to her unsaid
        if ask.get("purpose") == "settle" and ask.get("seat") == 0:
            assert AHEAD not in page  # the decision itself is on the table now
            break
        seat = ask.get("seat", RULES.active_seats(state)[0])
        state = play(state, seat, RULES.legal_moves(state, seat)[0], dice=(6,) * 12, check=False)
    said = [s for s in seen if s[3]]
    assert said and seen[-1][:3] == ("spend", "settle", 0), seen


def test_nothing_is_said_ahead_when_no_one_settles():
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    state = play(state, 1, {"type": "go", "zone": "gather"})
    state = play(state, 0, {"type": "go", "zone": "rest"}, dice=(6, 6), check=False)
    assert "Next for you" not in BOARDS.board(state, 0)


def test_the_zones_value_plaques_and_the_health_figures_are_captioned_in_the_rules_page_s_words():
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    page = html.unescape(BOARDS.board(state, 0))
    key = re.search(r'<p class="lo-key"><b>≤4</b> Success value: ([^<]+)</p>', page)
    assert key and key.group(1) in rules_text()
    caption = re.search(r'<p class="lo-glance">.*?<span class="lo-muted">\((health is [^)]+)\)</span></p>', page)
    assert caption and caption.group(1).capitalize() in rules_text()
