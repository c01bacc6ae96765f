"""Live On's board in the browser (issue 19): two people play by tapping the drawn board, one at desktop width and
one on a phone. Every tap target is at least 44 x 44 px, nothing scrolls sideways, a term opens the rules' words,
and after each move the other player sees the pieces it changed marked. Screenshots per width are saved in
test-artifacts/ (live_on-board-1280.png, live_on-board-375.png)."""

import json
import random

import pytest

from tests.browser.board_checks import assert_fits_a_thumb as fits_a_thumb
from tests.browser.board_checks import two_person_match
from tests.browser.test_live_on_choices import SMALL_TEXT
from tests.browser.test_play_chronicle import ARTIFACTS, version_of, wait_for_version


@pytest.fixture
def live_on_match(transactional_db, make_user):
    return two_person_match(make_user, "live_on")


def assert_fits_a_thumb(page) -> None:
    fits_a_thumb(page, "#table .live-on button, #table [data-move], #table .live-on summary")


@pytest.mark.browser
def test_two_people_play_live_on_by_tapping_the_board_at_desktop_and_phone_width(live_on_match, two_pages):
    match_id, cookies = live_on_match
    ARTIFACTS.mkdir(exist_ok=True)
    pages = two_pages(match_id, cookies, motion="no-preference")
    seat_of = {id(p): int(p.get_attribute("[data-match]", "data-seat")) for p in pages}

    # A term on the board opens its explanation from the rules page, by tap; Escape closes it.
    phone = pages[1]
    phone.click("#table .lo-at-gather .lo-value")
    assert "succeeds on the zone's value or less" in phone.inner_text("#lo-term-value")
    phone.keyboard.press("Escape")
    phone.wait_for_selector("#lo-term-value", state="hidden")

    chooser = random.Random(19)
    marked_arrivals = 0
    named = False
    for turn in range(10):
        version = max(version_of(p) for p in pages)
        for page in pages:
            wait_for_version(page, version)
            assert_fits_a_thumb(page)
        movers = [p for p in pages if p.query_selector(".status.yours") and p.query_selector("#table [data-move]")]
        assert movers, "someone can move while the game runs"
        mover = movers[turn % len(movers)]
        other = next(p for p in pages if p is not mover)
        for page, smallest in zip(pages, (14, 13), strict=True):
            assert page.evaluate(SMALL_TEXT, smallest) == [], turn
        gos = mover.query_selector_all("#table .lo-ring [data-move]")
        if gos and not named:  # each zone's button names it; its explanation's first sentence shows, the rest on a tap
            labels = [b.inner_text() for b in gos]
            assert "Go to gather" in labels and all(t.startswith(("Go to ", "Visit ")) for t in labels), labels
            mover.click("#table .lo-at-gather .lo-more summary")
            assert "Event afterwards" in mover.inner_text("#table .lo-at-gather .lo-more-text")
            named = True
        target = chooser.choice(gos or mover.query_selector_all("#table [data-move]"))
        move = json.loads(target.get_attribute("data-move"))
        first_go = bool(gos) and other.query_selector("#table .lo-ring [data-move]") is not None
        if turn == 3:  # once by keyboard: a move is a button, Enter plays it
            target.focus()
            mover.keyboard.press("Enter")
        else:
            target.click()
        for page in pages:
            wait_for_version(page, version + 1)
        assert other.query_selector_all("#table .is-changed"), f"the move {move} is marked for the other player"
        if first_go:
            seat = seat_of[id(mover)]
            assert other.query_selector(f"#table .lo-at-{move['zone']} .lo-who.lo-seat-{seat}.is-changed")
            marked_arrivals += 1
        if turn == 5:
            for page, width in ((pages[0], 1280), (pages[1], 375)):
                page.screenshot(path=str(ARTIFACTS / f"live_on-board-{width}.png"), full_page=True)
        if other.query_selector(".status.over"):
            break
    assert marked_arrivals >= 1 and named
