"""A real-time match in the browser: both clocks shown, alice's running out, bob handing her seat to a bot, the bot
moving, and no take-back offered to alice: her clock ran out and a return never refills it. Time is the test's own:
the match row's clock is set as if alice had spent her minute (the server counts from it), so nothing waits for a
real minute to pass."""

import os

import pytest
from django.db import connections

from apps.matches.domain import timekeeper
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.models import Match
from tests.browser.test_play_chronicle import DESKTOP, PHONE, Watchful, version_of, wait_for_version
from tests.conftest import session_cookie

SHOTS = os.environ.get("CIVITAS_SHOTS")  # a folder to keep screenshots in, when given


@pytest.fixture
def timed(transactional_db, make_user):
    """Alice (seat 0, to move first) and bob at a Chronicle match of one minute each, alice's minute spent."""
    try:
        alice, bob = make_user("alice"), make_user("bob")
        match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=31,
                               time_control="rt:1+5")
        assert match.clock["running"] == [0]
        match.clock["since"] = timekeeper.now_ms() - 61_000
        Match.objects.filter(pk=match.pk).update(clock=match.clock)
        return match, session_cookie(alice), session_cookie(bob)
    finally:
        connections.close_all()


def shoot(page, name: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, name), full_page=True)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_clock_that_runs_out_lets_the_others_hand_the_seat_to_a_bot(timed, browser, daphne_servers):
    (server,) = daphne_servers(1, bot_delay=0.0)
    match, alice_cookie, bob_cookie = timed
    url = f"{server.url}/matches/{match.pk}/"
    watched = {}
    for name, cookie, size in (("alice", alice_cookie, PHONE), ("bob", bob_cookie, DESKTOP)):
        ctx = browser.new_context(viewport=size)
        ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
        watched[name] = Watchful(ctx.new_page(), name)
    alice, bob = watched["alice"].page, watched["bob"].page
    for page in (alice, bob):
        page.goto(url)
        page.wait_for_selector("[data-conn]:has-text('Live')")

    # Both clocks are shown; alice's ran out, bob's (not running) still has its minute.
    bob.wait_for_selector('.player[data-seat="0"] .clock.out:has-text("0:00")')
    assert bob.inner_text('.player[data-seat="1"] .clock') == "1:00"
    assert alice.is_visible('.player[data-seat="0"] .clock.out')
    vote = bob.wait_for_selector('[data-vote-seat="0"]:has-text("out of time")')
    assert not vote.is_disabled()
    box = vote.bounding_box()
    assert box["height"] >= 44 or box["width"] >= 44, box
    shoot(bob, "clock-out-of-time-1280.png")
    shoot(alice, "clock-out-of-time-375.png")

    version = version_of(bob)
    vote.click()
    bob.wait_for_selector("[data-flash]:has-text('ran out of time')")
    alice.wait_for_selector(".players:has-text('alice (bot)')")
    wait_for_version(bob, version + 1)  # the bot moved for alice, at once
    bob.wait_for_selector('.player[data-seat="1"] .clock.running')

    # Alice is not offered a take-back that would be refused: her clock ran out, and a return gives no new time.
    alice.wait_for_selector(".bot-seat:has-text('clock has run out')")
    assert alice.query_selector("[data-action=take_back]") is None
    shoot(alice, "clock-bot-plays-my-seat-375.png")
    for w in watched.values():
        w.page.context.close()
        assert w.problems == [], (w.name, w.problems)
