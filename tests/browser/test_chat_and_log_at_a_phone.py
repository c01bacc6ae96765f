"""The table's chat and log on a phone, in every game (newcomers' review at 375 px): the chat button never lies over a
move of the table or over its text, wherever the page is scrolled, at the start and in the middle of a game; and the
log ("What happened") opens with one tap on a button that is on screen and says "Log". Screenshots go to
test-artifacts/chat-and-log/ (or the folder CIVITAS_SHOTS names)."""

import os
from pathlib import Path

import pytest

from tests.browser.test_decision_in_reach import GAMES, staged_for_a_guest
from tests.browser.test_play_chronicle import ARTIFACTS, PHONE, Watchful

SHOTS = Path(os.environ.get("CIVITAS_SHOTS") or ARTIFACTS / "chat-and-log")

# What of the table the chat-and-log buttons hide: at points of each button's box, looking through the button (and
# through whatever has no background of its own), the first move of #table or text of #table met, unless something
# opaque (the header, a bar the button sits on) hides the table there first. Each found thing once, by a short name.
HIDDEN_BY_THE_BUTTONS = """() => {
  const table = document.getElementById('table');
  const opaque = (el) => {
    const style = getComputedStyle(el);
    const alpha = style.backgroundColor.match(/rgba?\\(([^)]*)\\)/);
    const solid = alpha ? (alpha[1].split(',')[3] === undefined || parseFloat(alpha[1].split(',')[3]) > 0.5) : false;
    return solid || style.backgroundImage !== 'none';
  };
  const textAt = (el, x, y) => [...el.childNodes].some((node) => {
    if (node.nodeType !== 3 || !node.textContent.trim()) return false;
    const range = document.createRange();
    range.selectNodeContents(node);
    return [...range.getClientRects()].some((r) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom);
  });
  const found = new Set();
  const buttons = [...document.querySelectorAll('[data-drawer-open], .table-dock button')]
    .filter((b) => b.getClientRects().length && getComputedStyle(b).visibility !== 'hidden');
  for (const button of buttons) {
    const r = button.getBoundingClientRect();
    for (let i = 0; i <= 4; i++) for (let j = 0; j <= 4; j++) {
      const x = r.left + 1 + (r.width - 2) * i / 4, y = r.top + 1 + (r.height - 2) * j / 4;
      for (const el of document.elementsFromPoint(x, y)) {
        if (button.contains(el)) continue;
        if (table.contains(el)) {
          const move = el.closest('[data-move]');
          if (move) { found.add('move ' + move.dataset.move); break; }
          if (textAt(el, x, y)) { found.add('text "' + el.textContent.trim().slice(0, 40) + '"'); break; }
        }
        if (opaque(el)) break;
      }
    }
  }
  return [...found];
}"""
FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
# The buttons and links on screen whose name speaks of the log (not "Log in" / "Log out"): their places among
# TAPPABLE, and their names.
TAPPABLE = 'button, a[href], [role="button"], [role="tab"], summary'
LOG_OPENERS = """tappable => [...document.querySelectorAll(tappable)]
  .map((el, at) => ({at, el, name: (el.getAttribute('aria-label') || el.innerText).trim().replace(/\\s+/g, ' ')}))
  .filter(({el, name}) => {
    const r = el.getBoundingClientRect();
    return r.width && r.height && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth
      && getComputedStyle(el).visibility !== 'hidden'
      && /\\blog\\b|what happened/i.test(name) && !/log (in|out)/i.test(name);
  }).map(({at, name}) => [at, name])"""
# Whether the log is on screen: its list is shown (empty before the first move), and its panel reaches into the
# viewport where a tap lands on it.
LOG_IN_SIGHT = """() => {
  const list = document.querySelector('[data-list="log"]');
  if (!list || !list.getClientRects().length || getComputedStyle(list).visibility === 'hidden') return false;
  const panel = list.closest('.log') || list, r = panel.getBoundingClientRect();
  const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
  if (bottom - top < 20 || r.right <= 0 || r.left >= innerWidth) return false;
  const hit = document.elementFromPoint(Math.max(r.left, 0) + 10, top + 10);
  return !!hit && panel.contains(hit);
}"""


def open_phone(browser, server, match_id: int, cookie: str) -> Watchful:
    ctx = browser.new_context(viewport=PHONE, reduced_motion="reduce", is_mobile=True, has_touch=True)
    ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
    watched = Watchful(ctx.new_page(), "phone")
    watched.page.goto(f"{server.url}/matches/{match_id}/")
    watched.page.wait_for_selector("[data-conn]:has-text('Live')")
    return watched


@pytest.mark.browser
@pytest.mark.parametrize("moves_made", [0, 30], ids=["start", "mid"])
@pytest.mark.parametrize("game", GAMES)
def test_at_375_the_chat_button_hides_nothing_of_the_table_and_the_log_is_one_labelled_tap_away(
        game, moves_made, transactional_db, make_user, browser, daphne_servers):
    match_id, cookies = staged_for_a_guest(make_user, game, moves_made)
    (server,) = daphne_servers(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    watched = open_phone(browser, server, match_id, cookies[1])
    page = watched.page
    page.screenshot(path=str(SHOTS / f"{game}-{moves_made}-top.png"))
    # Every scroll position, a third of a screen apart, and the page's very end.
    end = page.evaluate("document.scrollingElement.scrollHeight - innerHeight")
    hidden = {}
    for y in [*range(0, end, PHONE["height"] // 3), end]:
        page.evaluate("y => window.scrollTo(0, y)", y)
        page.evaluate(FRAMES)
        if found := page.evaluate(HIDDEN_BY_THE_BUTTONS):
            hidden[y] = found
            page.screenshot(path=str(SHOTS / f"{game}-{moves_made}-hidden-at-{y}.png"))
    assert hidden == {}, f"{game}: the chat button hides, by scroll position: {hidden}"

    # The log: one tap, from the top of the page, on a button on screen that says so.
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate(FRAMES)
    openers = page.evaluate(LOG_OPENERS, TAPPABLE)
    assert openers, f"{game}: no button on screen names the log"
    opened = []
    for at, name in openers:
        page.locator(TAPPABLE).nth(at).tap()
        page.evaluate(FRAMES)
        if page.evaluate(LOG_IN_SIGHT):
            opened.append(name)
            page.screenshot(path=str(SHOTS / f"{game}-{moves_made}-log.png"))
            break
        page.keyboard.press("Escape")
        page.reload()
        page.wait_for_selector("[data-conn]:has-text('Live')")
    assert opened, f"{game}: no one tap on {[name for _, name in openers]} shows the log"
    watched.page.context.close()
    assert watched.problems == []
