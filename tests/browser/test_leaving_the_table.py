"""Resign and Abort in the browser, at 1280 and 375 px: each asks for a confirmation first (Keep playing changes
nothing), and once confirmed both tables show the result panel, in view, saying what happened."""

import os
import re

import pytest
from django.db import connections
from playwright.sync_api import Error as PlaywrightError

from apps.matches.models import Match
from tests.browser.board_checks import assert_fits_a_thumb, seeded_match

SHOTS = os.environ.get("CIVITAS_SHOTS", "/work/shots/endings")
# Whether the element a selector finds is on screen (looked up each time: the table may be drawn again meanwhile).
IN_VIEW = """selector => { const el = document.querySelector(selector); if (!el) return false;
  const r = el.getBoundingClientRect(); return r.top >= 0 && r.top < window.innerHeight && r.bottom > 0; }"""


def comes_into_view(page, selector: str = "[data-result-panel]") -> None:
    """Wait until what ``selector`` finds is in view (a smooth scroll takes a moment)."""
    try:
        page.wait_for_function(IN_VIEW, arg=selector, timeout=10_000)
    except PlaywrightError:
        where = page.evaluate("sel => [window.scrollY, window.innerHeight, "
                              "(document.querySelector(sel) || document.body).getBoundingClientRect().top]", selector)
        raise AssertionError(f"{page.url}: {selector} out of view (scrollY, height, top): {where}") from None


def shoot(page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, name))


def outcome_of(match_id: int) -> tuple[str, dict | None]:
    try:
        match = Match.objects.get(pk=match_id)
        return match.status, match.outcome
    finally:
        connections.close_all()


def confirm(page, button: str, says: str) -> None:
    """Press ``button`` on the table, read the confirmation, and confirm it."""
    page.click(f"#table [data-leave='{button}']")
    dialog = page.wait_for_selector("[data-leave-dialog][open]")
    assert says in dialog.inner_text()
    assert_fits_a_thumb(page, "[data-leave-dialog] button")
    page.click("[data-leave-confirm]")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_player_resigns_after_a_confirmation_and_both_tables_show_why_the_match_ended(make_user, two_pages):
    match_id, cookies = seeded_match(make_user, "chronicle", 11)
    desktop, phone = two_pages(match_id, cookies)
    assert_fits_a_thumb(phone, "#table .leave-controls button")
    # Keep playing closes the confirmation and changes nothing.
    desktop.click("#table [data-leave='resign']")
    desktop.wait_for_selector("[data-leave-dialog][open]")
    shoot(desktop, "resign-confirm-1280.png")
    desktop.click("[data-leave-cancel]")
    assert outcome_of(match_id)[0] == Match.Status.RUNNING
    confirm(desktop, "resign", "You lose at once and bea wins.")
    for page, width in ((desktop, 1280), (phone, 375)):
        page.wait_for_selector("[data-result-panel]")
        text = page.inner_text("[data-result-panel]")
        assert "ada resigned." in text and "Winner: bea." in text
        comes_into_view(page)
        assert page.query_selector("#table [data-leave]") is None
        assert "ada resigned." in page.inner_text("#table .log")
        shoot(page, f"resign-result-{width}.png")
    assert outcome_of(match_id) == (Match.Status.FINISHED, {"winners": [1], "reason": "resigned", "resigned": [0]})
    # Rematch: a new lobby with the same seats, bea in hers (ada is invited).
    phone.click("[data-result-panel] button:has-text('Rematch')")
    phone.wait_for_url(re.compile(r"/lobbies/\d+/$"))
    assert "bea" in phone.inner_text("main")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_player_on_a_phone_aborts_before_every_seat_has_moved_and_the_match_ends_with_no_result(
        make_user, two_pages):
    match_id, cookies = seeded_match(make_user, "chronicle", 12)
    desktop, phone = two_pages(match_id, cookies)
    confirm(phone, "abort", "It ends now with no result")
    for page, width in ((desktop, 1280), (phone, 375)):
        page.wait_for_selector("[data-result-panel]")
        assert "Match aborted" in page.inner_text("[data-result-panel]")
        assert "bea aborted the match before every seat had moved" in page.inner_text("[data-result-panel]")
        comes_into_view(page)
        shoot(page, f"abort-result-{width}.png")
    assert outcome_of(match_id)[0] == Match.Status.ABORTED
