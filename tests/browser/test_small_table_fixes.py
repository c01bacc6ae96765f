"""The small things a new player tripped over, each as they meet it in a browser: a one-seat lobby with "Rated"
ticked, "New lobby" while logged out, Stone Age's grey "Pay 1 stone" and its two buttons that both back out of a
place, and the "changed" marks that boxed whole regions for good. Screenshots go to /work/shots/small/ (or the folder
CIVITAS_SHOTS names)."""

import os
import re
from pathlib import Path

import pytest

from apps.matches.engine import engine
from tests.browser.board_checks import staged_by_bots
from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, PHONE, Watchful
from tests.conftest import session_cookie

SHOTS = Path(os.environ.get("CIVITAS_SHOTS") or ARTIFACTS / "small")

# Each resource button's label against its fill, as a contrast ratio (WCAG's formula).
CONTRASTS = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const linear = (v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  const lum = (c) => { const [r, g, b] = rgb(c).map(v => linear(v / 255));
                       return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  return Object.fromEntries([...document.querySelectorAll('#table .sa-action[class*="res-"]')].map(el => {
    const s = getComputedStyle(el), a = lum(s.color), b = lum(s.backgroundColor);
    return [el.textContent.trim(), Math.round((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) * 100) / 100];
  }));
}"""
# The mark each changed element still shows: its outline and shadow compared with the same element unmarked.
MARKS_LEFT = """() => [...document.querySelectorAll('#table .is-changed')].map(el => {
  const look = () => {
    const s = getComputedStyle(el);
    return `${s.outlineStyle} ${s.outlineColor} ${s.outlineWidth} | ${s.boxShadow}`;
  };
  const marked = look();
  el.classList.remove('is-changed');
  const plain = look();
  el.classList.add('is-changed');
  return marked === plain ? null : `${el.className}: ${marked}`;
}).filter(Boolean)"""
# The widest mark among the changed elements now (outline width, or a ring's spread), in px.
WIDEST_MARK = """() => Math.max(0, ...[...document.querySelectorAll('#table .is-changed')].map(el => {
  const s = getComputedStyle(el);
  const outline = s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth);
  const spreads = [...s.boxShadow.matchAll(/(?:px )([\\d.]+)px(?:,|$)/g)].map(m => Number(m[1]));
  const ring = s.boxShadow === 'none' ? 0 : Math.max(...spreads, 0);
  return Math.max(outline, ring);
}))"""


def page_for(browser, server, viewport: dict, name: str, cookie: str | None = None,
             motion: str = "reduce") -> Watchful:
    ctx = browser.new_context(viewport=viewport, reduced_motion=motion)
    if cookie:
        ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
    return Watchful(ctx.new_page(), name)


def open_match(browser, server, match_id: int, cookie: str, motion: str = "reduce") -> Watchful:
    watched = page_for(browser, server, PHONE, "phone", cookie, motion)
    watched.page.goto(f"{server.url}/matches/{match_id}/")
    watched.page.wait_for_selector("[data-conn]:has-text('Live')")
    return watched


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_one_seat_lobby_unticks_rated_and_is_created(viewport, make_user, browser, daphne_servers):
    cookie = session_cookie(make_user("alice"))
    (server,) = daphne_servers(1)
    watched = page_for(browser, server, viewport, "host", cookie)
    page = watched.page
    page.goto(f"{server.url}/lobbies/new/chronicle/")
    assert page.is_checked("#id_rated"), "rated is the default for a signed-up host"
    page.select_option("#id_seat_count", "1")
    assert not page.is_checked("#id_rated") and page.is_disabled("#id_rated")
    assert page.is_visible("text=A table of one is not rated")
    page.select_option("#id_seat_count", "2")
    assert page.is_checked("#id_rated") and not page.is_disabled("#id_rated"), "back as the host left it"
    page.select_option("#id_seat_count", "1")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"one-seat-lobby-{viewport['width']}.png"), full_page=True)
    page.click("button:has-text('Create lobby')")
    page.wait_for_url(re.compile(r"/lobbies/\d+/$"))
    assert watched.problems == []


@pytest.mark.browser
def test_new_lobby_while_logged_out_offers_a_guest_route(browser, daphne_servers):
    (server,) = daphne_servers(1)
    watched = page_for(browser, server, PHONE, "visitor")
    page = watched.page
    page.goto(server.url + "/")
    page.click(".game:has-text('Chronicle') >> text=New lobby")
    page.wait_for_selector("h1:has-text('Log in')")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "login-guest-route-375.png"), full_page=True)
    page.click("text=Play as a guest")
    page.fill("#id_name", "Bea")
    page.click("button:has-text('Play')")
    page.wait_for_url(re.compile(r"/lobbies/new/chronicle/$"))
    assert page.is_visible("button:has-text('Create lobby')")
    assert watched.problems == []


def seat_one_pays_stone_or_wood(state) -> bool:
    rules = engine("stone_age")
    if rules.active_seats(state) != [1]:
        return False
    paying = {m.get("resource") for m in rules.legal_moves(state, 1) if m["type"] in ("pay", "feed")}
    return {"stone", "wood"} <= paying


@pytest.mark.browser
def test_stone_age_pay_buttons_all_read_as_buttons(make_user, browser, daphne_servers):
    match_id, cookies, _ = staged_by_bots(make_user, "stone_age", 1, seat_one_pays_stone_or_wood)
    (server,) = daphne_servers(1)
    watched = open_match(browser, server, match_id, cookies[1])
    contrasts = watched.page.evaluate(CONTRASTS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    watched.page.screenshot(path=str(SHOTS / "stone-age-pay-375.png"))
    assert any("stone" in label for label in contrasts) and any("wood" in label for label in contrasts), contrasts
    assert {label: ratio for label, ratio in contrasts.items() if ratio < 4.5} == {}, "a label as faint as disabled"
    assert watched.problems == []


def seat_one_counts_people(state) -> bool:
    pending = state["pending"]
    return bool(pending) and pending[-1]["kind"] == "count" and engine("stone_age").active_seats(state) == [1]


@pytest.mark.browser
def test_stone_age_shows_one_way_back_from_a_place(make_user, browser, daphne_servers):
    match_id, cookies, _ = staged_by_bots(make_user, "stone_age", 5, seat_one_counts_people)
    (server,) = daphne_servers(1)
    watched = open_match(browser, server, match_id, cookies[1])
    page = watched.page
    assert page.query_selector("#table [data-action='undo']"), "Undo is offered by the table..."
    assert page.is_visible("#table .sa-action.move-cancel:has-text('Choose another place')")
    assert not page.is_visible("#table [data-action='undo']"), "...but not beside the game's own way back"
    page.click("#table .sa-action.move-cancel")
    page.wait_for_selector("#table .sa-place.is-choosable")
    assert watched.problems == []


def bea_changed_her_hand(state) -> bool:
    marks = state.get("marks") or {}
    return marks.get("seat") == 1 and marks.get("hands") == [1]


@pytest.mark.browser
def test_the_changed_mark_is_thin_on_the_changed_piece_and_fades_within_two_seconds(make_user, browser,
                                                                                     daphne_servers):
    """(For who asks for no motion, the thin mark stays still until the next move: test_innovation_board.py.)"""
    match_id, cookies, _ = staged_by_bots(make_user, "innovation", 5, bea_changed_her_hand)
    (server,) = daphne_servers(1)
    watched = open_match(browser, server, match_id, cookies[1], motion="no-preference")
    page = watched.page
    assert 0 < page.evaluate(WIDEST_MARK) <= 2, "a thin mark"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "innovation-changed-375.png"), full_page=True)
    assert page.query_selector_all("#table .in-row.is-changed") == [], "the whole hand is not boxed"
    assert page.query_selector("#table .in-label .is-changed"), "the hand's name says it changed"
    assert page.query_selector("#table .in-pile.is-changed, #table .in-deck.is-changed"), "the pile or deck changed"
    page.wait_for_timeout(2300)
    assert page.evaluate(MARKS_LEFT) == [], "the marks are gone after 2 s"
    assert watched.problems == []
