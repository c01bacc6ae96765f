"""Undo in the browser: alice, in the middle of her Origins turn, takes back her last step with the button; the
table goes back to before it, and bob's page says what she took back."""

import os

import pytest
from django.db import connections

from apps.matches.domain.deeds import SeatSpec, do_start_match
from tests.browser.test_play_chronicle import DESKTOP, PHONE, Watchful, version_of, wait_for_version
from tests.conftest import session_cookie
from tests.matches.test_undo import play

SHOTS = os.environ.get("CIVITAS_SHOTS")


@pytest.fixture
def midturn(transactional_db, make_user):
    try:
        alice, bob = make_user("alice"), make_user("bob")
        match = do_start_match("origins", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=3)
        play(match.pk, 4)  # alice plays a card, chooses, selects a pawn and migrates it
        return match, session_cookie(alice), session_cookie(bob)
    finally:
        connections.close_all()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_undo_button_takes_back_the_last_step(midturn, browser, daphne_servers):
    (server,) = daphne_servers(1)
    match, alice_cookie, bob_cookie = midturn
    watched = []
    for name, cookie, size in (("alice", alice_cookie, PHONE), ("bob", bob_cookie, DESKTOP)):
        ctx = browser.new_context(viewport=size)
        ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
        watched.append(Watchful(ctx.new_page(), name))
        watched[-1].page.goto(f"{server.url}/matches/{match.pk}/")
        watched[-1].page.wait_for_selector("[data-conn]:has-text('Live')")
    alice, bob = watched[0].page, watched[1].page
    assert bob.query_selector("[data-action=undo]") is None  # only the mover is offered it
    button = alice.wait_for_selector("[data-action=undo]")
    box = button.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44, box
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        alice.screenshot(path=os.path.join(SHOTS, "undo-button-375.png"), full_page=True)
    version = version_of(alice)
    button.click()
    wait_for_version(alice, version + 1)
    bob.wait_for_selector("[data-flash]:has-text('alice took back a step')")
    alice.wait_for_selector("[data-action=undo]")  # the step before may be taken back too
    if SHOTS:
        bob.screenshot(path=os.path.join(SHOTS, "undo-seen-by-the-other-1280.png"), full_page=True)
    for w in watched:
        w.page.context.close()
        assert w.problems == [], (w.name, w.problems)
