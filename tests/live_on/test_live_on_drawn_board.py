"""Live On's board as a board: the region ring, the panels' tokens, the phase track, the terms explained in the
rules page's own words, and the marks on what the last move changed (issue 19).

Rendered with Django's template engine on its own (no settings module, no database).
"""

import html
import json
import random
import re
from pathlib import Path

from test_live_on_abilities import place
from test_live_on_helpers import go, random_game, table

from apps.live_on import pages
from apps.live_on.engine import RULES
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("live_on", RULES)
CSS = (Path(__file__).resolve().parents[2] / "apps/live_on/static/live_on/live_on.css").read_text()


def changed_classes(page: str, tag_class: str) -> list[str]:
    """The class lists of the elements with this class that carry the 'changed' mark."""
    return [c for c in re.findall(r'class="([^"]*)"', page) if tag_class in c.split() and "is-changed" in c.split()]


def tile(page: str, zone: str) -> str:
    match = re.search(rf'<li class="lo-tile lo-at-{zone} .*?</li>', page, re.S)
    assert match, zone
    return match.group(0)


def test_it_marks_the_person_who_just_chose_a_zone_on_that_zone():
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    state = RULES.apply(state, 1, {"type": "go", "zone": "gather"})
    page = BOARDS.board(state, 0)
    assert "lo-who lo-seat-1 is-changed" in tile(page, "gather")
    assert "is-changed" not in tile(page, "rest")
    assert changed_classes(page, "lo-who") == ["lo-who lo-seat-1 is-changed"]


def test_it_marks_the_trait_a_player_spent_on_their_panel():
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    place(state, "spot1", "watchtower-ruin")
    state = go(state, [("spot1", "watchtower-ruin"), "gather"])
    state = RULES.apply(state, 0, {"type": "option", "index": 0})
    spend = next(m for m in RULES.legal_moves(state, 0) if m["type"] == "spend" and m["count"] == 2)
    after = RULES.apply(state, 0, spend)
    page = BOARDS.board(after, 1)
    panel = re.search(r'<article class="lo-panel lo-seat-0[^"]*".*?</article>', page, re.S).group(0)
    assert 'class="lo-tc-strong is-changed"' in panel
    assert "is-changed" in panel.split(">", 1)[0]
    assert "moved last" in panel


def test_a_fresh_table_marks_nothing():
    assert "is-changed" not in BOARDS.board(RULES.setup(3, 2), 0)


def test_the_record_of_a_move_holds_no_hidden_string_for_any_viewer():
    for players, seed in ((2, 4), (4, 6)):
        for state, _, _ in random_game(players, seed, random.Random(seed)):
            record = json.dumps(state.get("changed"))
            for viewer in [None, *range(players)]:
                assert not [s for s in RULES.hidden_from(state, viewer) if s and s in record]


def test_the_region_is_drawn_counterclockwise_from_its_name_with_the_camp_in_the_middle():
    rows = [row.split() for row in re.findall(r'"([a-z0-9 ]+)"', CSS.split("grid-template-areas:", 1)[1].split(";")[0])]
    width, height = len(rows[0]), len(rows)
    perimeter = ([(0, c) for c in range(width)] + [(r, width - 1) for r in range(1, height)]
                 + [(height - 1, c) for c in range(width - 2, -1, -1)] + [(r, 0) for r in range(height - 2, 0, -1)])
    clockwise = [rows[r][c] for r, c in perimeter]
    start = clockwise.index("name")
    counterclockwise = [clockwise[(start - i) % len(clockwise)] for i in range(len(clockwise))]
    assert counterclockwise == ["name", "spot1", "gather", "explore1", "spot2", "special", "spot3", "explore2",
                                "spot4", "rest"]
    assert {cell for row in rows[1:-1] for cell in row[1:-1]} == {"camp"}
    assert ".lo-at-settle { grid-area: camp; }" in CSS


def test_each_panel_draws_every_trait_as_filled_and_empty_circles_and_resources_as_triangles():
    state = table([("soldier", "chosen"), ("farmer", "woken")], traits={"strong": 2}, res=1)
    page = BOARDS.board(state, 0)
    for pl in RULES.view(state, 0)["seats"]:
        panel = re.search(rf'<article class="lo-panel lo-seat-{pl["seat"]}.*?</article>', page, re.S).group(0)
        drawn = re.findall(r'<li class="lo-tc-(\w+)[^"]*"><b>\w+</b><i class="lo-dots s(\d+) h(\d+)" role="img" '
                           r'aria-label="(\d+) of (\d+)"', panel)
        assert drawn == [(t["trait"], str(t["slots"]), str(t["have"]), str(t["have"]), str(t["slots"]))
                         for t in pl["traits"]]
        assert f'lo-tris s{pl["res_cap"]} h{pl["res"]}' in panel


def test_the_stylesheet_draws_every_token_count_the_boards_use():
    used = set()
    rnd = random.Random(5)
    for state, _, _ in random_game(3, 5, rnd):
        used |= set(re.findall(r'\b([sh]\d+)\b', " ".join(re.findall(r'class="lo-(?:dots|tris) ([^"]+)"',
                                                                         BOARDS.board(state, 0)))))
    missing = [name for name in used if name[1:] != "0"  # none filled: the fallback of var(--h, 0)
               and not re.search(rf"\.live-on \.{name} \{{ --{name[0]}: {name[1:]}; \}}", CSS)]
    assert used and not missing and "var(--h, 0)" in CSS


def test_the_phase_in_play_is_marked_on_the_phase_track():
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    page = BOARDS.board(state, 0)
    now = re.findall(r'<li class="lo-phase is-now" aria-current="step"><button[^>]*>(\w+)</button>', page)
    assert now == ["Action"] and state["phase"] == "action"


def test_every_term_button_opens_an_explanation_quoted_from_the_rules_page():
    rules = " ".join(re.sub(r"<[^>]+>", " ", html.unescape(BOARDS.rules_page(pages.rules_context()))).split())
    for _, title, passages in pages.TERMS:
        for passage in passages:
            assert passage in rules, (title, passage)
    targets = set()
    hopeless = table([("soldier", "chosen"), ("farmer", "woken")], traits={"wise": 0, "communing": 0, "caring": 0})
    hopeless["presence"]["gather"] = 2
    for state in (RULES.setup(2, 1), hopeless):
        page = BOARDS.board(state, 0)
        opened = set(re.findall(r'popovertarget="([\w-]+)"', page))
        defined = set(re.findall(r'<div popover id="([\w-]+)"', page))
        assert opened <= defined
        targets |= opened
    assert targets == {f"lo-term-{key}" for key, _, _ in pages.TERMS} - {"lo-term-spots", "lo-term-time",
                                                                       "lo-term-encounter", "lo-term-secrets",
                                                                       "lo-term-artifacts"}
