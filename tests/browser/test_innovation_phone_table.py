"""Innovation's table on a phone, compact (issues 39/40): at 375 px, after some thirty moves of the heuristic bots, the
page is under 1,800 px high with the decision in the first screen; one's own five colour piles stand in one strip of
compact pile cards (each still reachable, and a tap on one opens its card large), and the other player's board is a
summary (their points, achievements, icon counts and top cards' titles) that "Whole board" opens to every pile, and
that stays open across a move. A desk shows no such toggle."""

import os
from pathlib import Path

import pytest

from apps.matches.engine import engine
from tests.browser.board_checks import open_table, staged_by_bots
from tests.browser.test_decision_in_reach import IN_REACH, in_reach
from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, PHONE, version_of, wait_for_version

SHOTS = Path(os.environ.get("CIVITAS_SHOTS") or ARTIFACTS / "innovation-phone")

HEIGHT = "() => document.documentElement.scrollHeight"
# Each of the viewer's piles with a card: reachable once scrolled into view (within the strip), and what it shows.
OWN_PILES = "#table .in-player.is-mine .in-board > .in-pile"


def after_moves(count: int, seat: int):
    """The first situation after at least ``count`` moves where ``seat`` alone is to act."""
    rules, seen = engine("innovation"), []

    def reached(state) -> bool:
        seen.append(state)
        return len(seen) > count and rules.active_seats(state) == [seat]
    return reached


def piles_of(state, seat: int) -> list[dict]:
    """The seat's piles with a card: its top card, how many cards and its splay."""
    return [{"top": p["cards"][-1], "count": len(p["cards"]), "splay": p["splay"]}
            for p in state["seats"][seat]["board"].values() if p["cards"]]


@pytest.fixture
def thirty_moves(transactional_db, make_user):
    match_id, cookies, state = staged_by_bots(make_user, "innovation", 11, after_moves(30, 0))
    return match_id, cookies, state


@pytest.mark.browser
def test_a_phone_table_after_thirty_moves_is_compact_and_every_pile_stays_reachable(thirty_moves, browser,
                                                                                    daphne_servers):
    match_id, cookies, state = thirty_moves
    (server,) = daphne_servers(1)
    phone = open_table(browser, server, match_id, cookies[0], PHONE, "phone")
    page = phone.page
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "thirty-375-full.png"), full_page=True)
    height = page.evaluate(HEIGHT)
    board = page.evaluate("() => document.querySelector('#table .innovation').getBoundingClientRect().height")
    print(f"phone after 30 moves: page {height} px, board {board} px")
    # (the site's header, match head, decision bar and footer take some 500 px of the page: 3,565 and 3,186 before)
    assert height < 2050 and board < 1500, f"the phone's page is {height} px high, its board {board}"
    seen = in_reach(page)
    assert seen["prompt"] and seen["controls"] >= 1, f"the decision is not in the first screen: {seen}"

    # one's own piles: one row, each reachable and opening its card large on a tap
    tops = [p["top"] for p in piles_of(state, 0)]
    piles = page.locator(OWN_PILES)
    assert piles.count() == len(tops) >= 2
    rows = {round(piles.nth(i).bounding_box()["y"]) for i in range(piles.count())}
    assert len(rows) == 1, f"the piles stand in {len(rows)} rows, not one strip"
    for i in range(piles.count()):
        pile = piles.nth(i)
        pile.scroll_into_view_if_needed()
        assert page.evaluate(IN_REACH, pile.element_handle()), f"pile {i} cannot be reached"
        name = pile.locator(".in-name").first
        assert name.is_visible() and name.inner_text() in tops
        if pile.locator("button.in-card").count():
            continue  # a top card that is itself a choice: its Read button opens it
        pile.click()
        big = page.locator("#table .in-big:popover-open")
        assert big.count() == 1 and big.locator(".in-name").inner_text() == name.inner_text()
        big.locator(".in-close").click()

    # the other player: a summary, then the whole board
    other = page.locator("#table .in-player:not(.is-mine)")
    theirs = piles_of(state, 1)
    folded = other.bounding_box()["height"]
    assert folded < 240, f"the other player's summary is {folded} px high"
    assert other.locator(".in-totals").is_visible() and other.locator(".in-player-head").is_visible()
    titles = other.locator(".in-board .in-name")
    assert titles.count() == len(theirs)
    assert other.locator(".in-fan:visible, .in-backs:visible").count() == 0
    page.locator("#table .in-player:not(.is-mine) > details > summary").click()
    opened = other.bounding_box()["height"]
    assert opened > folded + 100, (folded, opened)
    for i in range(titles.count()):
        titles.nth(i).scroll_into_view_if_needed()
        assert titles.nth(i).is_visible()
    splayed = [p for p in theirs if p["splay"] != "none" and p["count"] > 1]
    assert other.locator(".in-fan:visible").count() == len(splayed)

    # a move keeps the other board open
    version = version_of(page)
    first = page.locator("#table [data-move]:visible").first
    first.scroll_into_view_if_needed()
    first.click()
    wait_for_version(page, version + 1)
    assert page.locator("#table .in-player:not(.is-mine) > details[open]").count() == 1
    assert phone.problems == []


@pytest.mark.browser
def test_a_desk_has_no_board_toggle_and_shows_the_other_board_whole(thirty_moves, browser, daphne_servers):
    match_id, cookies, state = thirty_moves
    (server,) = daphne_servers(1)
    desk = open_table(browser, server, match_id, cookies[0], DESKTOP, "desk")
    page = desk.page
    assert page.locator("#table .in-player:not(.is-mine) > details").is_hidden()
    other = page.locator("#table .in-player:not(.is-mine)")
    assert other.locator(".in-backs").is_visible()
    assert other.locator(".in-depth").count() == sum(1 for p in piles_of(state, 1) if p["count"] > 1)
    for i in range(other.locator(".in-depth").count()):
        assert other.locator(".in-depth").nth(i).is_visible()
    assert desk.problems == []
