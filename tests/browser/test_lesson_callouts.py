"""Each game's guided first game, completed in the browser by following only the callouts: at each step the
highlighted control is used (clicked on a desktop; on a phone, "Show me" then Enter, from the keyboard), and the
last step's "Play a real game against a bot" opens a real match. Screenshots of the first, middle and last step."""

import os
import re
from pathlib import Path

import pytest
from django.db import connections

from apps.matches.domain.lesson_start import do_start_lesson
from apps.matches.engine.lesson import lesson_for
from apps.matches.models import Match
from tests.browser.test_play_chronicle import DESKTOP, PHONE, Watchful, version_of, wait_for_version
from tests.browser.test_play_each_game import tap
from tests.conftest import session_cookie

SHOTS = Path(os.environ.get("CIVITAS_LESSON_SHOTS", Path(__file__).resolve().parents[2] / "test-artifacts"))
AWAITING = "#lesson-callout[data-lesson-move], #lesson-callout.complete"


@pytest.mark.browser
@pytest.mark.parametrize("game", ["chronicle", "stone_age"])
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "375"])
def test_the_lesson_is_completed_by_following_only_the_callouts(game, size, browser, daphne_servers, make_user):
    try:
        learner = make_user("lea")
        match = do_start_lesson(game, learner)
        cookie = session_cookie(learner)
    finally:
        connections.close_all()
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
        target = page.locator("#table .lesson-target").first
        assert "lesson-callout" in target.get_attribute("aria-describedby").split()
        if number in (1, (steps + 1) // 2):
            page.screenshot(path=str(SHOTS / f"{game}-{width}-step{number}.png"))
        version = version_of(page)
        if size is PHONE:  # from the keyboard: "Show me" brings the control into view and focuses it
            page.locator("[data-lesson-show]").focus()
            page.keyboard.press("Enter")
            page.wait_for_function("() => document.activeElement.classList.contains('lesson-target')")
            page.keyboard.press("Enter")
        else:
            tap(page, target.element_handle())
        wait_for_version(page, version + 1)
    page.wait_for_selector("#lesson-callout.complete")
    page.wait_for_function("() => document.activeElement.id === 'lesson-callout'")
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
