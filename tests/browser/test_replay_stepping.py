"""Stepping through a replay happens in the page: keys and controls, no navigation, each step shown within 100 ms."""

import pytest
from django.db import connections

from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_start_match
from apps.matches.models import MoveLog
from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, PHONE, Watchful

STEP_MS = 100

# Run in the page: start a clock, press a key or click a control, stop it when the step number shows.
TIMED_STEP = """async ([how, what, expected]) => {
  const shown = () => Number(document.querySelector('[data-replay-step]').dataset.replayStep) === expected;
  const t0 = performance.now();
  if (how === 'key') document.body.dispatchEvent(new KeyboardEvent('keydown', {key: what, bubbles: true}));
  else document.querySelector('[data-control="' + what + '"]').click();
  while (!shown() && performance.now() - t0 < 5000) await new Promise((done) => requestAnimationFrame(done));
  return performance.now() - t0;
}"""


@pytest.fixture
def finished_match(transactional_db):
    try:
        match = do_start_match("chronicle", [SeatSpec("Bot A", bot="random"), SeatSpec("Bot B", bot="random")], seed=8)
        while do_bot_move(match.pk):
            pass
        match.refresh_from_db()
        return match
    finally:
        connections.close_all()


def wait_step(page, step: int) -> None:
    page.wait_for_function("n => document.querySelector('[data-replay-step]').dataset.replayStep == n", arg=step)


def step_shown(page) -> int:
    return int(page.get_attribute("[data-replay-step]", "data-replay-step"))


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_it_steps_a_replay_in_the_page_with_keys_and_controls_each_step_within_100_ms(
        browser, daphne_servers, finished_match, viewport):
    (server,) = daphne_servers(1)
    total = finished_match.version
    assert total > 8
    watched = Watchful(browser.new_context(viewport=viewport).new_page(), "replay")
    page = watched.page
    loads = []  # a page load; "framenavigated" would also count the address following the step (replaceState)
    page.on("load", lambda p: loads.append(p.url))
    page.goto(f"{server.url}/matches/{finished_match.pk}/replay/?move=2")
    page.evaluate("window.sameDocument = true")
    loads.clear()
    page.wait_for_load_state("networkidle")  # the neighbours are fetched ahead

    timings = []
    expected = 2
    for how, what, delta in [("key", "ArrowRight", 1), ("key", "ArrowRight", 1), ("control", "forward", 1),
                             ("key", "ArrowLeft", -1), ("control", "back", -1), ("control", "forward", 1)]:
        expected += delta
        timings.append(page.evaluate(TIMED_STEP, [how, what, expected]))
        assert step_shown(page) == expected
        page.wait_for_load_state("networkidle")
    print("replay step ms:", [round(t, 1) for t in timings])
    assert max(timings) < STEP_MS, timings

    page.keyboard.press("End")  # real key presses too, and the jumps
    wait_step(page, total)
    page.click('[data-control="start"]')
    wait_step(page, 0)
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    page.focus('[data-control="forward"]')  # from the keyboard alone: the focus stays on the control it pressed
    for expected in (2, 3):
        page.keyboard.press("Enter")
        wait_step(page, expected)
    page.click('[data-control="back"]')
    wait_step(page, 2)
    page.keyboard.press("ArrowLeft")
    wait_step(page, 1)

    assert page.evaluate("window.sameDocument") is True and loads == []
    assert page.url.endswith("/replay/?move=1")
    assert page.input_value("[data-step-link]") == page.url  # "link to this move" is the full address
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"replay-{viewport['width']}.png"), full_page=True)
    assert watched.problems == []


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_step_played_under_earlier_rules_is_explained_and_the_next_ones_still_step(
        browser, daphne_servers, finished_match, viewport):
    (server,) = daphne_servers(1)
    MoveLog.objects.filter(match=finished_match, version=4).update(state_digest="0" * 64)  # rules changed since
    watched = Watchful(browser.new_context(viewport=viewport).new_page(), "replay-diverged")
    page = watched.page
    page.goto(f"{server.url}/matches/{finished_match.pk}/replay/?move=3")
    assert page.locator("section.table").is_visible()
    page.click('[data-control="forward"]')
    wait_step(page, 4)
    notice = page.locator(".replay-diverged")
    assert notice.is_visible() and "from move 4 on" in notice.inner_text()
    assert page.locator("section.table").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"replay-diverged-{viewport['width']}.png"), full_page=True)
    page.click('[data-control="end"]')  # the final position is the match's own: it shows
    wait_step(page, finished_match.version)
    assert page.locator("section.table").is_visible()
    assert watched.problems == []
