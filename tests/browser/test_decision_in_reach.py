"""The decision in reach on a phone: at 375 px, in each of the five games, a guest whose turn it is sees the prompt
and a control of the decision without scrolling, the header is one row, and the page never scrolls sideways; the
same holds when the turn arrives while the player has scrolled away. Chat and log sit in a drawer with an unread
count. Screenshots go to /work/shots/decision/ (or the folder CIVITAS_SHOTS names), opened and looked at."""

import os
from pathlib import Path

import pytest
from django.db import connections

from apps.accounts.models import User
from apps.matches.engine import engine
from tests.browser.board_checks import staged_by_bots
from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, PHONE, Watchful, version_of, wait_for_version
from tests.conftest import session_cookie

SHOTS = Path(os.environ.get("CIVITAS_SHOTS") or ARTIFACTS / "decision")
GAMES = ("chronicle", "innovation", "live_on", "stone_age", "origins")

# Whether an element is inside the viewport and is what a tap at its middle lands on (not under a sticky bar).
IN_REACH = """el => {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height || r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (hit === el || el.contains(hit) || hit.contains(el));
}"""
# The rows the header's visible pieces (brand, links, buttons) take: pieces whose middles lie within 12 px of each
# other share a row.
HEADER_ROWS = """() => {
  const middles = [...document.querySelectorAll('.topbar > *, .topbar nav > *')]
    .filter(el => el.tagName !== 'NAV' && el.getClientRects().length)
    .map(el => { const r = el.getBoundingClientRect(); return (r.top + r.bottom) / 2; }).sort((a, b) => a - b);
  let rows = 0, first = -Infinity;
  for (const middle of middles) if (middle - first > 12) { rows += 1; first = middle; }
  return rows;
}"""
SIDEWAYS = "() => document.scrollingElement.scrollWidth - innerWidth"


def deciding(game: str, seat: int, moves_made: int = 6):
    """A situation of ``game`` where ``seat`` alone is to decide, after at least ``moves_made`` moves."""
    rules, seen = engine(game), []

    def reached(state) -> bool:
        seen.append(state)
        return len(seen) > moves_made and rules.active_seats(state) == [seat]
    return reached


def staged_for_a_guest(make_user, game: str, moves_made: int = 6) -> tuple[int, list[str]]:
    """A match of ``game`` played by bots until bea (a guest, seat 1) is to decide after at least ``moves_made``
    moves; ada and bea's cookies."""
    match_id, cookies, _ = staged_by_bots(make_user, game, 5, deciding(game, 1, moves_made))
    try:
        bea = User.objects.get(username="bea")
        bea.is_guest = True
        bea.save(update_fields=["is_guest"])
        return match_id, [cookies[0], session_cookie(bea)]
    finally:
        connections.close_all()


def open_page(browser, server, match_id: int, cookie: str, viewport: dict, name: str) -> Watchful:
    ctx = browser.new_context(viewport=viewport, reduced_motion="reduce")
    ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
    watched = Watchful(ctx.new_page(), name)
    watched.page.goto(f"{server.url}/matches/{match_id}/")
    watched.page.wait_for_selector("[data-conn]:has-text('Live')")
    return watched


def in_reach(page) -> dict:
    """What of the decision a thumb reaches now: the prompt, and how many of the decision's controls."""
    prompt = page.query_selector(".status.yours")
    controls = page.query_selector_all("#table [data-move]:not(:disabled)")
    return {"prompt": bool(prompt) and page.evaluate(IN_REACH, prompt),
            "controls": sum(1 for el in controls if page.evaluate(IN_REACH, el))}


def assert_the_decision_in_reach(page, where: str) -> None:
    seen = in_reach(page)
    assert seen["prompt"], f"{where}: the prompt is out of view"
    assert seen["controls"] >= 1, f"{where}: no control of the decision is in view"
    assert page.evaluate(HEADER_ROWS) == 1, f"{where}: the header takes {page.evaluate(HEADER_ROWS)} rows"
    assert page.evaluate(SIDEWAYS) <= 0, f"{where}: the page scrolls sideways by {page.evaluate(SIDEWAYS)} px"


@pytest.mark.browser
@pytest.mark.parametrize("moves_made", [6, 40], ids=["early", "later"])
@pytest.mark.parametrize("game", GAMES)
def test_a_guest_to_decide_sees_the_prompt_and_a_control_without_scrolling_at_375_and_1280_px(
        game, moves_made, transactional_db, make_user, browser, daphne_servers):
    match_id, cookies = staged_for_a_guest(make_user, game, moves_made)
    (server,) = daphne_servers(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone = open_page(browser, server, match_id, cookies[1], PHONE, "phone")
    page = phone.page
    page.screenshot(path=str(SHOTS / f"{game}-{moves_made}-375.png"))
    page.screenshot(path=str(SHOTS / f"{game}-{moves_made}-375-full.png"), full_page=True)
    assert_the_decision_in_reach(page, f"{game} on opening at 375 px")
    desk = open_page(browser, server, match_id, cookies[1], DESKTOP, "desktop")  # bea again, at a desk
    desk.page.screenshot(path=str(SHOTS / f"{game}-{moves_made}-1280.png"))
    assert_the_decision_in_reach(desk.page, f"{game} on opening at 1280 px")
    assert desk.problems == [] and phone.problems == []


# Clicks the button of the board whose move is the given one (compared with sorted keys).
CLICK_MOVE = """wanted => {
  const canon = (o) => JSON.stringify(o, Object.keys(o).sort());
  const el = [...document.querySelectorAll('#table [data-move]')]
    .find(b => canon(JSON.parse(b.dataset.move)) === canon(wanted));
  el.click();
}"""


@pytest.mark.browser
def test_when_the_turn_arrives_while_scrolled_away_the_decision_comes_into_reach(
        transactional_db, make_user, browser, daphne_servers):
    """Stone Age: bea scrolled to the bottom of the page while ada decides; her turn comes, and the decision is
    within reach without her scrolling back."""
    rules = engine("stone_age")

    def hands_over(state) -> list[dict]:
        return [m for m in rules.legal_moves(state, 0) if rules.active_seats(rules.apply(state, 0, m)) == [1]]
    ada_decides = deciding("stone_age", 0)
    match_id, cookies, state = staged_by_bots(make_user, "stone_age", 5, lambda s: ada_decides(s) and hands_over(s))
    handing_over = hands_over(state)[0]
    (server,) = daphne_servers(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    desk = open_page(browser, server, match_id, cookies[0], DESKTOP, "desktop")
    phone = open_page(browser, server, match_id, cookies[1], PHONE, "phone")
    page = phone.page
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    version = version_of(page)
    desk.page.evaluate(CLICK_MOVE, handing_over)
    wait_for_version(page, version + 1)
    page.wait_for_selector(".status.yours")
    page.wait_for_timeout(500)  # the page settles (a smooth scroll, if any)
    page.screenshot(path=str(SHOTS / "stone_age-turn-arrives-375.png"))
    assert_the_decision_in_reach(page, "stone_age when the turn arrives")
    assert desk.problems == [] and phone.problems == []


@pytest.mark.browser
def test_on_a_phone_chat_and_log_open_in_a_drawer_that_counts_what_is_unread(
        transactional_db, make_user, browser, daphne_servers):
    match_id, cookies = staged_for_a_guest(make_user, "chronicle")
    (server,) = daphne_servers(1)
    desk = open_page(browser, server, match_id, cookies[0], DESKTOP, "desktop")
    phone = open_page(browser, server, match_id, cookies[1], PHONE, "phone")
    page = phone.page
    assert not page.is_visible("[data-chat='players']"), "the chat waits in the drawer"
    opener = page.locator("[data-drawer-open]")
    assert opener.is_visible()
    desk.page.fill("[data-chat-form] input", "hello from ada")
    desk.page.press("[data-chat-form] input", "Enter")
    page.wait_for_selector("[data-drawer-unread]:has-text('1')")
    opener.click()
    page.wait_for_selector("[data-chat='players'] >> text=hello from ada")
    assert page.evaluate(SIDEWAYS) <= 0
    page.screenshot(path=str(SHOTS / "drawer-chat-375.png"))
    assert page.is_hidden("[data-drawer-unread]"), "read once the drawer shows it"
    page.click("[data-drawer-tab='log']")
    assert page.is_visible("#table .log")
    page.screenshot(path=str(SHOTS / "drawer-log-375.png"))
    page.click("[data-drawer-close]")
    assert not page.is_visible("[data-chat='players']")
    # The guest's account links, folded into the one-row header, open from their name and close on Escape.
    page.click("[data-account-menu] summary")
    for link in ("Keep this name", "Log out", "Your profile"):
        assert page.evaluate(IN_REACH, page.query_selector(f"[data-account-menu] :text('{link}')")), link
    page.screenshot(path=str(SHOTS / "account-menu-375.png"))
    page.keyboard.press("Escape")
    assert not page.is_visible("text=Keep this name")
    assert desk.page.is_visible("[data-chat='players']"), "at desktop width the chat stays beside the table"
    assert desk.problems == [] and phone.problems == []


# Whether each control of the decision is in reach: a control on a board's scroller (Origins' map) where its tap
# target's middle lies inside the part of the scroller on screen and a tap there lands on it; any other control by
# IN_REACH. Returns the labels of those out of reach.
OUT_OF_REACH = """inReach => [...document.querySelectorAll('#table [data-move]:not(:disabled)')].filter(el => {
  const scroller = el.closest('[data-scroll]');
  if (!scroller) return !inReach(el);
  const r = (el.querySelector('.og-hit') || el).getBoundingClientRect(), box = scroller.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < Math.max(box.left, 0) || x > Math.min(box.right, innerWidth) || y < Math.max(box.top, 0)
      || y > Math.min(box.bottom, innerHeight)) return true;
  const hit = document.elementFromPoint(x, y);
  return !hit || !el.contains(hit);
}).map(el => el.getAttribute('aria-label') || el.innerText.trim())"""


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["375", "1280"])
def test_origins_after_picking_a_pawn_every_choice_of_the_step_is_in_reach(
        viewport, transactional_db, make_user, browser, daphne_servers):
    """Issue 39 (a newcomer's play-through): after picking a pawn the prompt offers lit territories, pawns to
    evolve into and the way back; the Evolve buttons lay below the map and its list, out of sight on a phone. Every
    control of that step is on the visible part of the map or on screen, without the player scrolling."""
    match_id, cookies, _ = staged_by_bots(make_user, "origins", 5, deciding("origins", 0, 0))
    (server,) = daphne_servers(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    watched = open_page(browser, server, match_id, cookies[0], viewport, "ada")
    page = watched.page
    version = version_of(page)
    page.click("#table a.og-pawn.og-seat-0[data-move]")
    wait_for_version(page, version + 1)
    page.wait_for_selector("#table .move-evolve")
    page.mouse.move(viewport["width"] - 2, viewport["height"] - 2)  # the pointer moves on (no glossary glance open)
    page.wait_for_timeout(500)  # the page settles (a smooth scroll, if any)
    page.screenshot(path=str(SHOTS / f"origins-picked-{viewport['width']}.png"))
    kinds = page.evaluate("[...document.querySelectorAll('#table [data-move]')]"
                          ".map(e => JSON.parse(e.dataset.move).type)")
    assert {"migrate", "evolve", "cancel"} <= set(kinds), kinds
    assert_the_decision_in_reach(page, f"origins after a pick at {viewport['width']} px")
    far = page.evaluate(f"(() => {{ const inReach = {IN_REACH}; return ({OUT_OF_REACH})(inReach); }})()")
    assert far == [], f"out of reach without scrolling: {far}"
    assert watched.problems == []
