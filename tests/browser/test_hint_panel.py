"""A hint in the browser: the Stone Age player to move asks for one, reads the bot's three best moves with their
chances and what each does, and taps the first: its control on the board is outlined, and nothing is played. A hint
whose numbers cannot tell the moves apart says which the bot would choose and why, never a line that says nothing."""

import json
import os

import pytest

from tests.browser.board_checks import OVERFLOW, open_table, seeded_match
from tests.browser.test_play_chronicle import DESKTOP, PHONE, version_of

SHOTS = os.environ.get("CIVITAS_SHOTS")
IN_VIEW = """() => {
  const box = document.querySelector('#table .is-hinted').getBoundingClientRect();
  const decision = document.querySelector('#table .decision');
  const top = Math.max(document.querySelector('.topbar').getBoundingClientRect().bottom,
    getComputedStyle(decision).position === 'sticky' ? decision.getBoundingClientRect().bottom : 0);
  return box.top >= top && box.bottom <= window.innerHeight;
}"""

PANEL_IN_VIEW = IN_VIEW.replace("#table .is-hinted", "[data-hint-panel]").replace(
    "box.top >= top && box.bottom <= window.innerHeight", "box.top >= top - 1 && box.top <= window.innerHeight - 96")


def shot(page, what: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"hint-{what}-{page.viewport_size['width']}.png"))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_hint_panel_points_at_the_bots_first_move_without_playing_it(browser, daphne_servers, make_user):
    match_id, cookies = seeded_match(make_user, "stone_age", seed=12)
    (server,) = daphne_servers(1)
    # Seat 0 (ada) places first in the match of seed 12; her table at both widths.
    watched = [open_table(browser, server, match_id, cookies[0], size, name)
               for size, name in ((DESKTOP, "desktop"), (PHONE, "phone"))]
    for w in watched:
        page = w.page
        version = version_of(page)
        # Asked from far down the board (the button rides in the sticky bar): the answer is brought into sight.
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.click("[data-hint-ask]")
        page.wait_for_selector("[data-hint-panel] .hint-list li:nth-child(3)", timeout=20_000)
        page.wait_for_function(PANEL_IN_VIEW, timeout=5000)
        assert "estimated chance to win" in page.inner_text("[data-hint-panel]")
        shot(page, "panel")
        page.click("[data-hint-index='0']")
        hinted = page.wait_for_selector("#table .is-hinted[data-move]")
        assert page.get_attribute("[data-hint-index='0']", "aria-pressed") == "true"
        assert json.loads(hinted.get_attribute("data-move"))["type"] == "place"
        page.wait_for_function(IN_VIEW)  # scrolled to, below the header and the decision bar
        assert page.evaluate(OVERFLOW) <= 0
        shot(page, "pointed")
        assert version_of(page) == version  # pointed at, not played
    for w in watched:
        w.page.context.close()
        assert w.problems == [], (w.name, w.problems)


# A hint frame as the server sends one (DESIGN.md, "hint"), given straight to the panel: what its lines say.
HINT_SAYS = """frame => {
  const table = document.getElementById('table');
  frame.version = Number(table.querySelector('.table-status').dataset.version);
  table.dispatchEvent(new CustomEvent('civitas:hint', {detail: frame}));
  return Array.from(table.querySelectorAll('[data-hint-panel] .hint-chance')).map(el => el.textContent);
}"""


PANEL_SAYS = """frame => {
  const table = document.getElementById('table');
  frame.version = Number(table.querySelector('.table-status').dataset.version);
  table.dispatchEvent(new CustomEvent('civitas:hint', {detail: frame}));
  return table.querySelector('[data-hint-panel]').innerText;
}"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_hint_calls_a_move_the_only_one_only_when_it_is_and_counts_few_playouts_as_they_are(
        browser, daphne_servers, make_user):
    match_id, cookies = seeded_match(make_user, "stone_age", seed=12)
    (server,) = daphne_servers(1)
    watched = open_table(browser, server, match_id, cookies[0], PHONE, "phone")
    page = watched.page
    first = json.loads(page.get_attribute("#table [data-move]", "data-move"))
    assert len(set(page.eval_on_selector_all("#table [data-move]", "els => els.map(e => e.dataset.move)"))) > 1
    # The search had no time to compare: its one pick is not "your only move" while the board offers others.
    said = page.evaluate(HINT_SAYS, {"type": "hint", "basis": "playouts", "band": False,
                                     "candidates": [{"move": first, "label": "x", "chance": None, "playouts": 0}]})
    assert said == ["the bot's own choice"]
    # Playouts that tell the moves apart are counted as they are, singular when one.
    said = page.evaluate(HINT_SAYS, {"type": "hint", "basis": "playouts", "band": False, "verdict": "ranked",
                                     "candidates": [{"move": first, "label": "x", "chance": 1.0, "playouts": 1},
                                                    {"move": first, "label": "y", "chance": 0.0, "playouts": 4}]})
    assert said == ["won 1 of 1 playout", "won 0 of 4 playouts"]
    # Playouts that cannot (the review's Chronicle hint: 4 of 4 for every move): the bot's choice, what each move
    # does, and why the first, in words; no line says "too few to compare".
    panel = page.evaluate(PANEL_SAYS, {
        "type": "hint", "basis": "playouts", "band": False, "verdict": "even", "rule": "it keeps your deck able to pay",
        "candidates": [{"move": first, "label": "x", "why": "Fill the blank with x.", "chance": 1.0, "playouts": 4},
                       {"move": first, "label": "y", "why": "Fill the blank with y.", "chance": 1.0, "playouts": 4}]})
    assert panel.startswith("The bot would choose:")
    assert "the bot's choice" in panel and "Fill the blank with x." in panel and "Fill the blank with y." in panel
    assert ("Played out to the end 4 times each, these moves won 4 and 4 times: too close to tell apart, so the bot "
            "goes by its rule of thumb: it keeps your deck able to pay.") in panel
    assert "too few" not in panel
    said = page.evaluate(HINT_SAYS, {"type": "hint", "basis": "playouts", "band": True, "candidates": [
        {"move": first, "label": "x", "chance": 0.625, "playouts": 40}]})
    assert said == ["the band won 63% of 40 playouts"]
    page.context.close()
    assert watched.problems == [], watched.problems
