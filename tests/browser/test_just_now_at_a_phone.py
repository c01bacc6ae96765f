"""Issue 39 (a newcomer's review at 375 px, every game): after each move, what just happened, the goal and the score
scrolled out of sight while the player scrolled down to the board to decide. The sticky decision bar now holds one
row: "Just now: …" (the newest log line, in words) over a goal/score chip, a line each. After a move, on a phone
scrolled down to the board, the row is in the sticky bar and on the first screen, says the log's newest line on one
line, is one thumb target high and keeps the bar short; a tap on it opens the log. A spectator's bar says the same
line. Screenshots go to test-artifacts/just-now/ (or the folder CIVITAS_SHOTS names)."""

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.db import connections

from apps.matches.domain.deeds import do_move
from apps.matches.engine import engine
from tests.browser.board_checks import staged_by_bots
from tests.browser.test_decision_in_reach import GAMES, assert_the_decision_in_reach
from tests.browser.test_play_chronicle import ARTIFACTS, PHONE, Watchful, version_of, wait_for_version

SHOTS = Path(os.environ.get("CIVITAS_SHOTS") or ARTIFACTS / "just-now")
# The row may add one thumb-high target (44 px: its two lines of text) to the bar, and no more.
ROW_MOST = 46
# The whole bar (from under the header) may take at most this share of the phone's screen, so the board's decision
# still shows under it (test_decision_in_reach checks a control is in reach).
BAR_SHARE = 0.45

# Where the row is and what it says: in the decision bar, its "Just now" line's text and whether it is cut to one
# line, its box, the bar's box and whether the bar sticks, what a tap at the line's middle lands on, the log's
# newest line.
ROW = """() => {
  const row = document.querySelector('#table .decision .just-now-row');
  if (!row || !row.querySelector('.just-now')) return null;
  const line = row.querySelector('.just-now'), bar = row.closest('.decision'), chip = row.querySelector('.standing');
  const r = line.getBoundingClientRect(), b = bar.getBoundingClientRect(), rr = row.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 60), r.top + r.height / 2);
  const newest = document.querySelector('#table [data-list="log"] > li');
  const words = document.createRange();
  words.selectNodeContents(line);
  const tops = new Set([...words.getClientRects()].map((box) => Math.round(box.top)));
  return {text: line.textContent.replace(/\\s+/g, ' ').trim(), top: r.top, bottom: r.bottom, rowHeight: rr.height,
          textLines: tops.size, cut: line.scrollWidth > line.clientWidth,
          barTop: b.top, barBottom: b.bottom, barHeight: b.height, sticky: getComputedStyle(bar).position,
          hitsLine: !!hit && row.contains(hit), chip: chip ? chip.textContent.trim() : '',
          chipShown: !!chip && chip.getClientRects().length > 0,
          newest: newest ? newest.textContent.replace(/\\s+/g, ' ').trim() : null};
}"""
FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def handing_over(game: str):
    """A situation of ``game`` after a few moves where ada (seat 0) alone decides and some move of hers hands the
    turn to bea (seat 1) alone; and that move."""
    rules, seen = engine(game), []

    def hands_over(state) -> list[dict]:
        return [m for m in rules.legal_moves(state, 0) if rules.active_seats(rules.apply(state, 0, m)) == [1]]

    def reached(state) -> bool:
        seen.append(state)
        return len(seen) > 8 and rules.active_seats(state) == [0] and bool(hands_over(state))
    return reached, hands_over


def ada_moves(match_id: int, move: dict, version: int) -> bool:
    """Ada's move through the services (in a thread of its own: the browser's loop runs in the test's)."""
    try:
        return do_move(match_id, 0, move, version).ok
    finally:
        connections.close_all()


def open_phone(browser, server, match_id: int, cookie: str | None, name: str) -> Watchful:
    ctx = browser.new_context(viewport=PHONE, reduced_motion="reduce", is_mobile=True, has_touch=True)
    if cookie:
        ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
    watched = Watchful(ctx.new_page(), name)
    watched.page.goto(f"{server.url}/matches/{match_id}/")
    watched.page.wait_for_selector("[data-conn]:has-text('Live')")
    return watched


@pytest.mark.browser
@pytest.mark.parametrize("game", GAMES)
def test_at_375_after_a_move_the_sticky_bar_says_just_now_and_the_goal_and_stays_short(
        game, transactional_db, make_user, browser, daphne_servers, monkeypatch):
    reached, hands_over = handing_over(game)
    match_id, cookies, state = staged_by_bots(make_user, game, 5, reached)
    # Ada's move is made here, whose channel layer is not the server's: the pages learn of it by their resync.
    monkeypatch.setenv("CIVITAS_RESYNC_SECONDS", "1")
    (server,) = daphne_servers(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    bea = open_phone(browser, server, match_id, cookies[1], "bea")
    spectator = open_phone(browser, server, match_id, None, "spectator")
    page = bea.page
    page.evaluate("window.scrollTo(0, 900)")  # bea looks over the board while ada decides
    version = version_of(page)
    assert ThreadPoolExecutor(1).submit(ada_moves, match_id, hands_over(state)[0], version).result(), "ada's move"
    for watched in (bea, spectator):
        wait_for_version(watched.page, version + 1)
    page.wait_for_selector(".status.yours")
    page.wait_for_timeout(500)  # the page settles (a smooth scroll, if any)
    page.evaluate(FRAMES)
    page.screenshot(path=str(SHOTS / f"{game}-after-a-move-375.png"))
    seen = page.evaluate(ROW)
    print(game, seen)
    assert seen is not None, f"{game}: no Just-now row in the decision bar"
    assert seen["sticky"] == "sticky", f"{game}: the bar does not stick while bea decides"
    assert seen["newest"] and seen["text"] == f"Just now: {seen['newest']}", f"{game}: {seen}"
    assert seen["top"] >= seen["barTop"] and seen["bottom"] <= seen["barBottom"], f"{game}: the line is not in the bar"
    assert 0 <= seen["top"] and seen["bottom"] <= PHONE["height"], f"{game}: the line is off the first screen"
    assert seen["hitsLine"], f"{game}: something lies over the Just-now line"
    assert seen["textLines"] == 1, f"{game}: the line wraps"
    assert seen["rowHeight"] <= ROW_MOST, f"{game}: the row is {seen['rowHeight']} px high"
    assert seen["barBottom"] <= PHONE["height"] * BAR_SHARE, f"{game}: the bar reaches {seen['barBottom']} px"
    assert seen["chip"] and seen["chipShown"], f"{game}: no goal or score chip"
    assert_the_decision_in_reach(page, f"{game} after ada's move, with the Just-now row")

    # A spectator's bar says the same line (nothing hidden in it: the line is public here, and each view's own).
    other = spectator.page.evaluate(ROW)
    assert other is not None and other["text"] == f"Just now: {other['newest']}", f"{game}: {other}"
    assert 0 <= other["top"] and other["bottom"] <= PHONE["height"], f"{game}: the spectator's line is off screen"
    spectator.page.screenshot(path=str(SHOTS / f"{game}-spectator-375.png"))

    # A tap on the line opens the log, its newest line the one the bar named.
    page.locator("#table .just-now-row").tap()
    page.wait_for_selector(".match[data-drawer='log'] #table .log")
    newest = page.locator("#table [data-list='log'] > li").first
    assert newest.is_visible() and " ".join(newest.inner_text().split()) == seen["newest"]
    page.screenshot(path=str(SHOTS / f"{game}-log-opened-375.png"))
    page.click("[data-drawer-close]")
    assert page.evaluate("document.activeElement.matches('[data-just-now]')"), "the focus goes back to the line"
    assert bea.problems == [] and spectator.problems == []
