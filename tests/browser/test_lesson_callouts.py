"""Each game's guided first game, completed in the browser by following only the callouts: at each step the
highlighted control is used (clicked on a desktop; on a phone, "Show me" then Enter, from the keyboard), and the
last step's "Play a real game against a bot" opens a real match. Screenshots of the first, middle and last step."""

import os
import re
from pathlib import Path

import pytest
from django.db import connections

from apps.matches.domain.lesson_start import do_start_lesson
from apps.matches.engine import engine
from apps.matches.engine.lesson import compile_script, lesson_for, replay
from apps.matches.models import Match
from tests.browser.test_play_chronicle import DESKTOP, PHONE, Watchful, version_of, wait_for_version
from tests.browser.test_play_each_game import TAP_POINT, tap
from tests.conftest import session_cookie

SHOTS = Path(os.environ.get("CIVITAS_LESSON_SHOTS", Path(__file__).resolve().parents[2] / "test-artifacts"))
AWAITING = "#lesson-callout[data-lesson-move], #lesson-callout.complete"


# The callout is in view below the page's top bar (and the bar stays in view as the page scrolls), and nothing of the
# board covers its lines.
CALLOUT_IN_VIEW = """() => {
  const bar = Math.max(0, document.querySelector('.topbar').getBoundingClientRect().bottom);
  const callout = document.getElementById('lesson-callout');
  const r = callout.getBoundingClientRect();
  const seen = (line) => {
    const box = line.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + 8, box.top + box.height / 2);
    return box.bottom > innerHeight || callout.contains(hit);
  };
  const lines = [...callout.querySelectorAll('p')].filter(line => line.getClientRects().length); // (folded: "more")
  return r.top >= bar - 1 && r.top < innerHeight - 40 && lines.every(seen);
}"""


def follow(page, target) -> None:
    """Use the control the callout points at, as a person with a mouse would: moved off the word it rested on
    (whose glossary popover would cover the next control), then onto the control."""
    page.mouse.move(0, 0)
    page.wait_for_function("() => { const pop = document.getElementById('glossary-pop'); return !pop || pop.hidden; }",
                           timeout=3000)
    if target.evaluate("el => el instanceof SVGElement"):
        target.scroll_into_view_if_needed(timeout=3000)
        point = target.evaluate(TAP_POINT)  # a place on the map: the middle of its hit area
        assert point, f"no visible part of {target.get_attribute('data-move')} can be tapped"
        page.mouse.click(point["x"], point["y"])
    else:
        tap(page, target)


def started_lesson(make_user, game: str):
    """A lesson of ``game`` started for a new learner, and the learner's session cookie."""
    try:
        learner = make_user("lea")
        return do_start_lesson(game, learner), session_cookie(learner)
    finally:
        connections.close_all()


@pytest.mark.browser
@pytest.mark.parametrize("game", ["chronicle", "stone_age", "innovation", "live_on", "origins"])
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "375"])
def test_the_lesson_is_completed_by_following_only_the_callouts(game, size, browser, daphne_servers, make_user):
    match, cookie = started_lesson(make_user, game)
    (server,) = daphne_servers(1, bot_delay=0.0)
    ctx = browser.new_context(viewport=size)
    ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
    watched = Watchful(ctx.new_page(), "learner")
    page = watched.page
    page.goto(f"{server.url}/matches/{match.pk}/")
    page.wait_for_selector("[data-conn]:has-text('Live')")
    steps = len(lesson_for(game).steps)
    width = size["width"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for number in range(1, steps + 1):
        callout = page.wait_for_selector(AWAITING)
        assert f"Step {number} of {steps}" in callout.inner_text()
        page.wait_for_function(CALLOUT_IN_VIEW, timeout=3000)  # the last move never leaves the next step unseen
        target = page.locator("#table .lesson-target").first
        assert "lesson-callout" in target.get_attribute("aria-describedby").split()
        if number in (1, (steps + 1) // 2):
            page.screenshot(path=str(SHOTS / f"{game}-{width}-step{number}.png"))
        if size is PHONE and game == "stone_age":  # the callout, the prompt and the stock: a compact sticky bar
            bar = page.eval_on_selector("#table .decision", "el => el.getBoundingClientRect().height")
            assert bar <= 0.30 * size["height"], f"step {number}: the decision bar is {bar:.0f} px tall"
        version = version_of(page)
        if size is PHONE:  # from the keyboard: "Show me" brings the control into view and focuses it
            page.locator("[data-lesson-show]").focus()
            page.keyboard.press("Enter")
            page.wait_for_function("() => document.activeElement.classList.contains('lesson-target')")
            page.keyboard.press("Enter")
        else:
            follow(page, target.element_handle())
        wait_for_version(page, version + 1)
    page.wait_for_selector("#lesson-callout.complete")
    if set(engine(game).active_seats(replay(engine(game), lesson_for(game))[-1])) - {0}:
        # The game goes on: a bot moves freely, and its table is drawn again.
        wait_for_version(page, len(compile_script(lesson_for(game)).entries) + 1)
    page.wait_for_function("() => document.activeElement.id === 'lesson-callout'", timeout=5000)
    page.wait_for_function(CALLOUT_IN_VIEW, timeout=3000)
    assert page.locator("text=Play a real game against a bot").is_visible()
    page.screenshot(path=str(SHOTS / f"{game}-{width}-last.png"))
    page.click("text=Play a real game against a bot")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    assert not page.url.endswith(f"/matches/{match.pk}/")
    try:
        real = Match.objects.exclude(pk=match.pk).get()
        assert not real.lesson and real.seats.filter(bot="").count() == 1
    finally:
        connections.close_all()
    ctx.close()
    assert watched.problems == []
