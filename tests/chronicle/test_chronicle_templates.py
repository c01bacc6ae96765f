"""Chronicle's templates render every legal move as exactly one clickable element, and nothing more.

Rendered with Django's template engine on its own (no settings module, no database).
"""

import functools
import html
import json
import random
from html.parser import HTMLParser
from pathlib import Path

import pytest
from chronicle_helpers import at_kind, built, random_game, stage, to_vote

from apps.chronicle import pages
from apps.chronicle.content import CHARACTERS, FILLS, STORIES
from apps.chronicle.engine import RULES

django_conf = pytest.importorskip("django.conf")
if not django_conf.settings.configured:
    django_conf.settings.configure(USE_I18N=False)
from django.template import Context, Engine  # noqa: E402

APP = Path(__file__).resolve().parents[2] / "apps" / "chronicle"
ENGINE = Engine(
    dirs=[str(APP / "templates")],
    libraries={"chronicle_tags": "apps.chronicle.templatetags.chronicle_tags"},
    autoescape=True,
)
NAMES = ["Ada", "Bo", "Cy", "Di"]


class MoveFinder(HTMLParser):
    """Collects the elements carrying data-move: (tag, attributes)."""

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
    return ENGINE.get_template("chronicle/board.html").render(Context(context))


def clickable_moves(page):
    finder = MoveFinder()
    finder.feed(page)
    for tag, attrs in finder.found:
        assert tag == "button" and attrs.get("type") == "button"
    return [json.loads(attrs["data-move"]) for _, attrs in finder.found]


@functools.cache
def sample_states():
    fate = stage(at_kind("animal"), ["animal-white-stag", "animal-spotted-jaguar", "animal-salt-white-heron"],
                 ["tax-gatherer", "chief-magistrate", "temple-steward"], redraws=2)
    reward = RULES.apply(stage(at_kind("animal"), ["animal-great-brown-bear"],
                               ["mammoth-hunter", "envoy", "tax-gatherer"]),
                         0, {"type": "choose_fill", "card": "animal-great-brown-bear"})
    poor_hand = ["tax-gatherer", "chief-magistrate", "temple-steward"]
    redraw = stage(at_kind("animal"), ["animal-white-stag"], poor_hand)
    states = [RULES.setup(3, 1), built(2, 1), fate, reward, redraw, to_vote(3, 2)]
    rnd = random.Random(3)
    states += [s for i, (s, _, _) in enumerate(random_game(4, 3, rnd)) if i % 9 == 0]
    return states


@pytest.mark.parametrize("index", range(len(sample_states())))
def test_every_legal_move_is_one_button_on_the_board_and_nothing_else_is(index):
    state = sample_states()[index]
    for seat in [None, *range(state["players"])]:
        page = render_board(state, seat)
        moves = clickable_moves(page)
        expected = RULES.legal_moves(state, seat) if seat is not None else []
        assert sorted(map(json.dumps, moves)) == sorted(map(json.dumps, expected))


def test_the_board_shows_no_hidden_string_and_no_script():
    for state in sample_states():
        for seat in [None, *range(state["players"])]:
            page = render_board(state, seat)
            text = html.unescape(page)
            assert not [s for s in RULES.hidden_from(state, seat) if s in text]
            assert "<script" not in page and " onclick" not in page
            assert "{p" not in text, "seat placeholders are replaced by names"


def test_the_board_shows_the_story_card_the_draw_and_the_civilizations():
    state = built(2, 1)
    text = html.unescape(render_board(state, 0))
    assert STORIES[0].title in text and "Animal" in text
    for card in state["draw"]["fill"] + state["draw"]["civ"]:
        name = next(c.name for c in (*FILLS, *CHARACTERS) if c.id == card)
        assert name in text
    assert "Ada (you)" in text and "Bo" in text


def test_the_summary_sets_every_fill_word_into_every_telling_with_the_votes():
    state = to_vote(3, 4)
    for seat, chosen in ((0, 1), (1, 0), (2, 1)):
        state = RULES.apply(state, seat, {"type": "vote", "for": chosen})
    page = ENGINE.get_template("chronicle/summary.html").render(Context(
        {"view": RULES.view(state, None), "names": NAMES[:3], "outcome": RULES.outcome(state)}))
    text = html.unescape(page)
    for player in state["seats"]:
        for told in player["told"]:
            name = next(c.name for c in FILLS if c.id == told["card"])
            assert f'<em class="fill-word">{name}</em>' in text or f"{name}</em>" in text
    assert "Bo's telling" in text and "2 votes" in text
    assert "Favourite telling" in text and "<strong>Bo</strong>" in text


def test_the_rules_page_lists_every_card_and_every_design_decision():
    page = ENGINE.get_template("chronicle/rules.html").render(Context(pages.rules_context()))
    text = html.unescape(page)
    for card in (*CHARACTERS, *FILLS):
        assert card.name in text
    for story in STORIES:
        assert story.title in text
    for words in ("Fate intervenes", "no reward", "discard pile is shuffled", "shared", "votes",
                  "Solo", "other than their own", "tied tellings share", "Hierarchical or Egalitarian",
                  "Diplomatic or Martial", "Heat or Cold or Water"):
        assert words.lower() in text.lower(), words
