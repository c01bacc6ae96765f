"""A leaderboard and a profile with a rating history, at phone and desktop width: nothing scrolls sideways, every
link is a thumb's target, the chart is drawn, and nothing errs. Screenshots go to test-artifacts/."""

import pytest
from django.db import connections

from tests.browser.board_checks import assert_fits_a_thumb
from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, PHONE, Watchful
from tests.ratings.play import finish, rated_match


@pytest.fixture
def rated_history(transactional_db, alice, bob, carol):
    """Ten rated matches, so that each player has the five the leaderboard asks for, finished before the browser
    starts its event loop in this thread (the site's pushes are sent synchronously)."""
    try:
        for seed in range(1, 11):
            finish(rated_match("chronicle", [alice, bob, carol][: 2 + seed % 2], seed=seed))
    finally:
        connections.close_all()


@pytest.mark.browser
def test_a_leaderboard_and_a_profile_fit_a_phone_and_a_desktop(rated_history, browser, daphne_servers):
    (server,) = daphne_servers(1)
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        watched = Watchful(browser.new_page(viewport=viewport), name)
        page = watched.page
        page.goto(server.url + "/games/chronicle/leaderboard/")
        assert page.locator(".board-row").count() == 3
        assert_fits_a_thumb(page, "main a, main button")
        page.screenshot(path=str(ARTIFACTS / f"leaderboard-{name}.png"), full_page=True)
        page.click(".board-row a.who >> nth=0")
        page.wait_for_selector("svg.spark polyline")
        assert "Playing since" in page.inner_text("main")
        assert_fits_a_thumb(page, "main a, main button")
        page.screenshot(path=str(ARTIFACTS / f"profile-{name}.png"), full_page=True)
        page.close()
        assert watched.problems == []
