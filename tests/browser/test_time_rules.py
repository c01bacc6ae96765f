"""Time at the table in the browser: in an unrated real-time match, the "hand to a bot" link is gone once the seat
is the bot's (though the bot's clock runs at 0:00), "Take my seat back" is offered only when it would be taken,
and the clock leads to the rules of time, read at 1280 and 375 px. The match row's clock is set as if alice had
spent her minute, so nothing waits for a real minute to pass."""

import os

import pytest
from django.db import connections

from apps.matches.domain import seats, timekeeper
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.models import Match
from tests.browser.board_checks import OVERFLOW, SMALL_TARGETS
from tests.browser.test_play_chronicle import DESKTOP, PHONE, Watchful, version_of, wait_for_version
from tests.conftest import session_cookie

SHOTS = os.environ.get("CIVITAS_SHOTS")  # a folder to keep screenshots in, when given
BOT_THINKS_S = 3.0  # the bot waits this long before it answers: the window in which a stale link would show again


@pytest.fixture
def minute_spent(transactional_db, make_user):
    """Alice (seat 0, to move first) and bob at an unrated Chronicle match of one minute each, alice's spent."""
    try:
        alice, bob = make_user("alice"), make_user("bob")
        match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=31,
                               time_control="rt:1+5")
        match.clock["since"] = timekeeper.now_ms() - 61_000
        Match.objects.filter(pk=match.pk).update(clock=match.clock)
        return match, session_cookie(alice), session_cookie(bob)
    finally:
        connections.close_all()


def shoot(page, name: str, full_page: bool = False) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, name), full_page=full_page)


def open_page(browser, server, cookie: str, size: dict, name: str) -> Watchful:
    ctx = browser.new_context(viewport=size)
    ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
    return Watchful(ctx.new_page(), name)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_vote_link_goes_once_the_bot_has_the_seat_and_take_back_is_offered_only_when_it_would_work(
        minute_spent, browser, daphne_servers):
    (server,) = daphne_servers(1, bot_delay=BOT_THINKS_S)
    match, alice_cookie, bob_cookie = minute_spent
    url = f"{server.url}/matches/{match.pk}/"
    watched = [open_page(browser, server, alice_cookie, PHONE, "alice"),
               open_page(browser, server, bob_cookie, DESKTOP, "bob")]
    alice, bob = (w.page for w in watched)
    for page in (alice, bob):
        page.goto(url)
        page.wait_for_selector("[data-conn]:has-text('Live')")
    vote = bob.wait_for_selector('[data-vote-seat="0"]:has-text("out of time")')
    shoot(bob, "clock-out-of-time-1280.png")

    version = version_of(bob)
    vote.click()
    bob.wait_for_selector(".players:has-text('alice (bot)')")
    # The bot thinks for seconds while its clock (alice's, at 0:00) runs: the page must not offer the vote again.
    bob.wait_for_timeout(1000)
    assert version_of(bob) == version, "the bot answered too soon for this check"
    assert bob.is_hidden('[data-vote-seat="0"]'), "the vote link came back while the bot's clock ran"
    shoot(bob, "clock-handed-over-1280.png")

    # While the bot answers, alice is told so, with no button that would be refused.
    alice.reload()
    alice.wait_for_selector(".bot-seat:has-text('The bot is answering for you')")
    assert alice.query_selector("[data-action=take_back]") is None
    shoot(alice, "clock-bot-answering-375.png")

    # Once it answered: her clock ran out, and a return never refills it, so still no button, and the reason.
    wait_for_version(alice, version + 1)
    alice.wait_for_selector(f".bot-seat:has-text('{seats.CLOCK_RAN_OUT}')")
    assert alice.query_selector("[data-action=take_back]") is None
    assert bob.is_hidden('[data-vote-seat="0"]')
    shoot(alice, "clock-bot-keeps-my-seat-375.png")

    # The clock leads to the rules of time.
    bob.click(".clock-choice")
    bob.wait_for_selector("h1:has-text('Rules of time')")
    assert "lose on time" in bob.inner_text("#real-time") and "one turn of grace" in bob.inner_text("#own-pace")
    for w in watched:
        w.page.context.close()
        assert w.problems == [], (w.name, w.problems)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_lobby_forms_clock_leads_to_the_rules_of_time_read_on_a_phone_and_a_desktop(
        browser, daphne_servers, make_user):
    cookie = session_cookie(make_user("ada"))
    connections.close_all()
    (server,) = daphne_servers(1)
    for size, width in ((PHONE, 375), (DESKTOP, 1280)):
        w = open_page(browser, server, cookie, size, f"lobby form {width}")
        w.page.goto(f"{server.url}/lobbies/new/chronicle/")
        field = w.page.locator("select[name=time_control]").locator("xpath=..")
        assert "one turn of grace" in field.inner_text()
        field.scroll_into_view_if_needed()
        shoot(w.page, f"lobby-clock-field-{width}.png")
        field.get_by_role("link", name="Rules of time").click()
        w.page.wait_for_selector("h1:has-text('Rules of time')")
        w.page.wait_for_load_state("load")  # its stylesheet applied: the heading can come before it, under load
        assert w.page.evaluate(OVERFLOW) <= 0, "the page scrolls sideways"
        assert w.page.evaluate(SMALL_TARGETS, ".time-rules-contents a") == []
        shoot(w.page, f"rules-of-time-{width}.png", full_page=True)
        w.page.context.close()
        assert w.problems == [], (w.name, w.problems)
