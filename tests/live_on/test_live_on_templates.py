"""Live On's templates: every legal move is exactly one data-move button, nothing hidden is shown.

Rendered with Django's template engine on its own (no settings module, no database).
"""

import functools
import html
import json
import random
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_live_on_abilities import place
from test_live_on_helpers import answer, go, random_game, table

from apps.live_on import pages
from apps.live_on.content import ARTIFACTS, BUILDINGS, EVENTS, GIFTS, PASTS, REGIONS, SECRETS
from apps.live_on.engine import RULES

django_conf = pytest.importorskip("django.conf")
if not django_conf.settings.configured:
    django_conf.settings.configure(USE_I18N=False)
from django.template import Context, Engine  # noqa: E402

APP = Path(__file__).resolve().parents[2] / "apps" / "live_on"
ENGINE = Engine(dirs=[str(APP / "templates")],
                libraries={"live_on_tags": "apps.live_on.templatetags.live_on_tags"}, autoescape=True)
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]


class MoveFinder(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "data-move" in attrs:
            self.found.append((tag, attrs))


def legal_entries(state, seat):
    if seat is None:
        return []
    return [{"move": m, "json": json.dumps(m), "label": RULES.describe_move(state, seat, m)}
            for m in RULES.legal_moves(state, seat)]


def render_board(state, seat):
    context = {"view": RULES.view(state, seat), "seat": seat, "legal": legal_entries(state, seat),
               "names": NAMES[:state["players"]], "active": RULES.active_seats(state)}
    return ENGINE.get_template("live_on/board.html").render(Context(context))


def clickable_moves(page):
    finder = MoveFinder()
    finder.feed(page)
    for tag, attrs in finder.found:
        assert tag == "button" and attrs.get("type") == "button"
    return [json.loads(attrs["data-move"]) for _, attrs in finder.found]


@functools.cache
def sample_states():
    vantage = table([("soldier", "chosen"), ("spouse", "seer")])
    vantage["buildings"]["vantage"] = 4
    place(vantage, "spot1", "watchtower-ruin")
    place(vantage, "spot1", "ash-wolves")
    visit = table([("soldier", "chosen"), ("farmer", "woken")])
    place(visit, "spot1", "watchtower-ruin")
    visit = go(visit, [("spot1", "watchtower-ruin"), "gather"])
    visit = answer(visit, {"type": "option", "index": 0})
    states = [RULES.setup(4, 1), vantage, visit]
    rnd = random.Random(3)
    for players in (2, 5):
        states += [s for i, (s, _, _) in enumerate(random_game(players, players, rnd)) if i % 7 == 0]
    return states


@pytest.mark.parametrize("index", range(len(sample_states())))
def test_every_legal_move_is_one_button_on_the_board_and_nothing_else_is(index):
    state = sample_states()[index]
    for seat in [None, *range(state["players"])]:
        moves = clickable_moves(render_board(state, seat))
        expected = RULES.legal_moves(state, seat) if seat is not None else []
        assert sorted(map(json.dumps, moves)) == sorted(map(json.dumps, expected))


def test_the_board_shows_no_hidden_string_no_script_and_no_seat_placeholder():
    for state in sample_states():
        for seat in [None, *range(state["players"])]:
            page = render_board(state, seat)
            text = html.unescape(page)
            assert not [s for s in RULES.hidden_from(state, seat) if s in text]
            assert "<script" not in page and " onclick" not in page
            assert "{p" not in text


def test_the_board_shows_the_region_the_panels_and_the_encounter():
    state = sample_states()[2]
    text = html.unescape(render_board(state, 0))
    assert "The Watchtower Ruin" in text and "Ada (you)" in text and "the Chosen Soldier" in text
    assert "Hall" in text and "presence" in text


def test_the_summary_tells_how_the_band_fared():
    *_, (state, _, _) = list(random_game(2, 11, random.Random(11)))
    page = ENGINE.get_template("live_on/summary.html").render(Context(
        {"view": RULES.view(state, None), "names": NAMES[:2], "outcome": RULES.outcome(state)}))
    text = html.unescape(page)
    assert ("The band lives on" in text) or ("The band is lost" in text)
    assert "{p" not in text and "Storage Hut" in text


def test_the_rules_page_shows_the_whole_designed_content_and_the_adaptations():
    page = ENGINE.get_template("live_on/rules.html").render(Context(pages.rules_context()))
    text = " ".join(html.unescape(page).split())
    for role in PASTS + GIFTS:
        assert role.name in text and role.text in text
    for region in REGIONS:
        assert region.name in text and all(spot in text for spot in region.spots)
    for event in EVENTS:
        assert event.name in text and event.back in text
    for secret in SECRETS:
        assert secret.mark in text and secret.hidden in text and secret.discovered_text in text
    for artifact in ARTIFACTS:
        assert artifact.name in text
        if artifact.back:
            assert artifact.back.name in text and artifact.back.text in text
    for building in BUILDINGS:
        assert building.name in text and building.text in text
    for words in ("call out", "costs the caller one morale", "Winter", "1 to n", "seat order", "3 or 4"):
        assert words.lower() in text.lower(), words
