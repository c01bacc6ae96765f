"""A lesson, and a match, on a phone (issue 39): at 375 x 812 the sticky chrome (the header and the decision bar with
the lesson's note) takes at most a quarter of the screen; "Show me", and a focus that scrolls, leave the taught control
whole below the sticky bars and uncovered; no move of the table lies under the chat-and-log button, wherever
the page is scrolled; a glossary meaning opened by hover goes when the pointer leaves (it may be entered), on a
scroll, and when another opens. Screenshots go to test-artifacts/lesson-phone/."""

import pytest

from apps.matches.engine.lesson import lesson_for
from tests.browser.board_checks import seeded_match
from tests.browser.test_decision_in_reach import GAMES, staged_for_a_guest
from tests.browser.test_lesson_callouts import started_lesson
from tests.browser.test_play_chronicle import ARTIFACTS, PHONE, Watchful, version_of, wait_for_version

SHOTS = ARTIFACTS / "lesson-phone"

# The height the sticky chrome takes once the page scrolls: the header, and the decision bar when it sticks.
STICKY_CHROME = """() => {
  const bar = document.querySelector('.topbar').offsetHeight;
  const decision = document.querySelector('#table .decision');
  return bar + (decision && getComputedStyle(decision).position === 'sticky' ? decision.offsetHeight : 0);
}"""
# Where the taught control is, and whether a tap at its middle (a map territory's hit area) reaches it.
SEEN_WHOLE = """el => {
  const r = (el.querySelector('.og-hit') || el).getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          reached: !!hit && (el.contains(hit) || hit.contains(el)),
          hit: hit ? (hit.className.baseVal ?? hit.className) + ' ' + hit.tagName : null};
}"""
# The enabled moves found under the chat-and-log button: points of its box, each looked through the button (and
# through the dock around it, unless the dock has a background of its own that hides the table).
UNDER_THE_DOCK = """() => {
  const dock = document.querySelector('[data-drawer-open]');
  if (!dock || !dock.getClientRects().length) return [];
  const r = dock.getBoundingClientRect(), found = new Set();
  const clear = (el) => /^(transparent|rgba\\(.*, 0\\))$/.test(getComputedStyle(el).backgroundColor);
  for (let i = 0; i <= 4; i++) for (let j = 0; j <= 4; j++) {
    const x = r.left + 2 + (r.width - 4) * i / 4, y = r.top + 2 + (r.height - 4) * j / 4;
    for (const el of document.elementsFromPoint(x, y)) {
      if (dock.contains(el)) continue;
      if (el.closest('.table-dock')) { if (clear(el)) continue; break; }
      const move = el.closest('[data-move]');
      if (move && !move.disabled && !move.closest('.decision')) found.add(move.dataset.move);
      break;
    }
  }
  return [...found];
}"""
FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def open_phone(browser, server, match_id: int, cookie: str, name: str) -> Watchful:
    ctx = browser.new_context(viewport=PHONE, reduced_motion="reduce")
    ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
    watched = Watchful(ctx.new_page(), name)
    watched.page.goto(f"{server.url}/matches/{match_id}/")
    watched.page.wait_for_selector("[data-conn]:has-text('Live')")
    return watched


def assert_seen_whole(page, target, where: str) -> None:
    chrome = page.evaluate(STICKY_CHROME)
    seen = target.evaluate(SEEN_WHOLE)
    assert seen["top"] >= chrome - 1 and seen["bottom"] <= PHONE["height"] + 1, \
        f"{where}: the control spans {seen['top']:.0f}-{seen['bottom']:.0f} px, the sticky chrome ends at {chrome} px"
    assert seen["left"] >= -1 and seen["right"] <= PHONE["width"] + 1, f"{where}: the control is off the side"
    assert seen["reached"], f"{where}: a tap at the control's middle lands on {seen['hit']}"


@pytest.mark.browser
@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_at_375_keeps_the_table_in_sight_and_show_me_leaves_the_control_uncovered(
        game, browser, daphne_servers, make_user):
    match, cookie = started_lesson(make_user, game)
    (server,) = daphne_servers(1, bot_delay=0.0)
    watched = open_phone(browser, server, match.pk, cookie, "learner")
    page = watched.page
    steps = len(lesson_for(game).steps)
    middle = (steps + 1) // 2
    SHOTS.mkdir(parents=True, exist_ok=True)
    for number in range(1, middle + 1):
        page.wait_for_selector(f"#lesson-callout[data-lesson-move][aria-label$='step {number} of {steps}']")
        target = page.locator("#table .lesson-target").first
        if number in (1, middle):
            chrome = page.evaluate(STICKY_CHROME)
            assert chrome <= 0.25 * PHONE["height"], \
                f"step {number}: the header and the decision bar take {chrome} px of {PHONE['height']}"
            page.click("[data-lesson-show]")
            page.wait_for_function("() => document.activeElement.classList.contains('lesson-target')")
            page.screenshot(path=str(SHOTS / f"{game}-step{number}-shown.png"))
            assert_seen_whole(page, target, f"step {number} after Show me")
            assert page.evaluate(UNDER_THE_DOCK) == [], f"step {number}: a move under the chat button"
            # A focus that scrolls (from the keyboard, a screen reader) leaves it below the sticky bars too.
            page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
            target.evaluate("el => { document.activeElement.blur(); el.focus(); }")
            assert_seen_whole(page, target, f"step {number} when focused from below")
        version = version_of(page)
        target.dispatch_event("click")
        wait_for_version(page, version + 1)
    watched.page.context.close()
    assert watched.problems == []


@pytest.mark.browser
@pytest.mark.parametrize("moves_made", [0, 40], ids=["start", "mid"])
@pytest.mark.parametrize("game", GAMES)
def test_at_375_no_move_lies_under_the_chat_button_and_the_sticky_bar_takes_three_tenths_at_most(
        game, moves_made, transactional_db, make_user, browser, daphne_servers):
    """A real game's bar holds, besides the prompt, one line of what just happened and the player's standing (review
    5: on a phone both scrolled away after each move), so it may take 30% of the screen where a lesson's takes 25%:
    the board keeps seven tenths."""
    match_id, cookies = staged_for_a_guest(make_user, game, moves_made)
    (server,) = daphne_servers(1)
    watched = open_phone(browser, server, match_id, cookies[1], "phone")
    page = watched.page
    chrome = page.evaluate(STICKY_CHROME)
    assert chrome <= 0.3 * PHONE["height"], f"the header and the decision bar take {chrome} px"
    height = page.evaluate("document.scrollingElement.scrollHeight")
    covered = {}
    for y in range(0, height, PHONE["height"] // 3):
        page.evaluate("y => window.scrollTo(0, y)", y)
        page.evaluate(FRAMES)  # the scroll's frames
        if found := page.evaluate(UNDER_THE_DOCK):
            covered[y] = found
            page.screenshot(path=str(SHOTS / f"{game}-{moves_made}-dock-at-{y}.png"))
    assert covered == {}, f"moves under the chat button, by scroll position: {covered}"
    watched.page.context.close()
    assert watched.problems == []


@pytest.mark.browser
def test_a_meaning_opened_by_hover_goes_when_the_pointer_leaves_on_a_scroll_and_when_another_opens(
        make_user, browser, daphne_servers):
    match_id, cookies = seeded_match(make_user, "stone_age", 3)
    (server,) = daphne_servers(1)
    watched = open_phone(browser, server, match_id, cookies[0], "phone")
    page = watched.page
    pop = page.locator("#glossary-pop")
    words = page.locator("#table .gloss-word.gloss-tap")
    first = words.first
    first.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -120)")  # (below the sticky bar)
    first.hover()
    pop.wait_for(state="visible")
    # The pointer may move into the meaning, to its link to the rules: it stays while the pointer is on it...
    box = pop.locator("a").first.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=4)
    page.wait_for_timeout(600)
    assert pop.is_visible(), "the meaning went while the pointer moved to its link"
    # ... and goes once it leaves for the rest of the page.
    page.mouse.move(2, PHONE["height"] - 2, steps=4)
    pop.wait_for(state="hidden", timeout=2000)

    first.hover()
    pop.wait_for(state="visible")
    page.evaluate("window.scrollBy(0, 40)")  # the page moves under a still pointer
    pop.wait_for(state="hidden", timeout=2000)

    # Another term hovered: its meaning replaces the first one's.
    first.scroll_into_view_if_needed()
    near = first.bounding_box()["y"]
    other = next(w for w in page.locator("#table .gloss-tap").all()
                 if w.is_visible() and 60 < w.bounding_box()["y"] < near - 40)  # (above: the meaning opens below)
    first.hover()
    pop.wait_for(state="visible")
    said = pop.inner_text()
    other.hover()
    page.wait_for_function("said => document.getElementById('glossary-pop').innerText !== said", arg=said)
    assert pop.is_visible()
    assert page.locator("[aria-describedby~='glossary-pop']").count() == 1, "one meaning at a time"
    page.mouse.move(2, PHONE["height"] - 2)
    pop.wait_for(state="hidden", timeout=2000)
    watched.page.context.close()
    assert watched.problems == []
