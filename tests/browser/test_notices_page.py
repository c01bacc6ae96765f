"""Notices in the browser: the header's count goes up on an open page when a notice arrives, the list shows it
unread, and the address form takes an address; every target a thumb can hit."""

import os
import threading

import pytest
from django.db import connections

from apps.notices import services
from tests.browser.test_play_chronicle import DESKTOP, PHONE, Watchful
from tests.conftest import session_cookie

SHOTS = os.environ.get("CIVITAS_SHOTS")


def notify_and_close(user_id: int) -> None:
    services.notify(user_id, "your_turn", "Your move in Origins #4.", "/matches/4/", "turn:4:9")
    connections.close_all()


@pytest.fixture
def reader(transactional_db, make_user):
    try:
        alice = make_user("alice")
        services.notify(alice.pk, "match_ended", "Stone Age #3 ended. You won: read the story.", "/matches/3/",
                        "ended:3")
        return alice, session_cookie(alice)
    finally:
        connections.close_all()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("size", "label"), [(DESKTOP, "1280"), (PHONE, "375")])
def test_the_unread_count_follows_new_notices_and_the_list_shows_them(reader, browser, daphne_servers, size, label):
    (server,) = daphne_servers(1)
    alice, cookie = reader
    ctx = browser.new_context(viewport=size)
    ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
    watched = Watchful(ctx.new_page(), "alice")
    page = watched.page
    page.goto(server.url + "/")
    assert page.inner_text("[data-unread]") == "1"
    page.wait_for_function("() => document.querySelector('.notices-link') !== null")
    page.wait_for_timeout(500)  # the personal socket opens
    # From a thread of its own: this one runs the browser's event loop, and the push is sent synchronously.
    worker = threading.Thread(target=notify_and_close, args=(alice.pk,))
    worker.start()
    worker.join()
    if not os.environ.get("REDIS_URL"):  # the server process hears this process's push only through Redis
        page.reload()
    page.wait_for_selector("[data-unread]:has-text('2')")
    link = page.query_selector(".notices-link").bounding_box()
    assert link["height"] >= 44, link
    page.click(".notices-link")
    page.wait_for_selector(".notice-row.unread:has-text('Your move in Origins #4')")
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"notices-{label}.png"), full_page=True)
    page.click("text=Email reminders")
    page.fill("input[name=email]", "alice@example.org")
    page.click("form.form button[type=submit]")
    page.wait_for_selector("text=follow it to confirm")
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"email-{label}.png"), full_page=True)
    ctx.close()
    assert watched.problems == []
