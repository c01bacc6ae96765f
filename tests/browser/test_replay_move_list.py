"""A replay a player can read: a move list beside the board (one entry per turn), each entry a link to its step, a
jump to a round, autoplay with its speed, the keys as before; a 1,000-step replay loads and steps quickly."""

from pathlib import Path

import pytest
from django.db import connections

from tests.browser.test_play_chronicle import DESKTOP, PHONE, Watchful
from tests.browser.test_replay_stepping import STEP_MS, TIMED_STEP
from tests.matches.long_match import long_match

SHOTS = Path("/work/shots/replay-move-list")
# Run in the page: how long the server took to answer the page, and the page to be loaded, in ms.
NAVIGATION_MS = """() => { const n = performance.getEntriesByType('navigation')[0];
  return {server: Math.round(n.responseStart - n.requestStart), loaded: Math.round(n.loadEventEnd - n.startTime)}; }"""
# Run in the page: the last steps of the entries that say what happened (their lines), and of those that do not.
TOLD = """() => { const told = [], untold = [];
  for (const a of document.querySelectorAll('[data-move-list] [data-move-entry]'))
    (a.querySelector('.move-line') ? told : untold).push(Number(a.dataset.go));
  return {told, untold}; }"""


def told_up_to(page, step: int) -> None:
    """The list says what happened in every entry ending at or before ``step`` and in none ending after it."""
    shown = page.evaluate(TOLD)
    assert shown["told"] and max(shown["told"]) <= step < min(shown["untold"] or [step + 1]), shown


@pytest.fixture
def long_stone_age(transactional_db):
    try:
        return long_match("stone_age", 4, seed=9, at_least=1000)
    finally:
        connections.close_all()


def step_shown(page) -> int:
    return int(page.get_attribute("[data-replay-step]", "data-replay-step"))


def wait_step(page, step: int) -> None:
    page.wait_for_function("n => document.querySelector('[data-replay-step]').dataset.replayStep == n", arg=step)


def wait_moves(page) -> None:
    """The page comes with the move list's place alone: wait for the list it fetches to take it."""
    page.wait_for_selector("[data-move-list] [data-move-entry]", state="attached")
    assert page.locator("[data-moves-loading]").count() == 0


def open_move_list(page) -> None:
    """On a phone the list is folded away under its summary: open it as a thumb would."""
    if not page.locator("[data-move-list]").evaluate("el => el.open"):
        page.click("[data-move-list] > summary")


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_replay_has_a_move_list_to_click_a_round_to_jump_to_and_autoplay(
        browser, daphne_servers, long_stone_age, viewport):
    (server,) = daphne_servers(1)
    match, total = long_stone_age, long_stone_age.version
    watched = Watchful(browser.new_context(viewport=viewport).new_page(), "replay-moves")
    page = watched.page
    loads = []
    for _ in range(2):  # the first visit's list is worked out, the next one's found kept
        page.goto(f"{server.url}/matches/{match.pk}/replay/?move=0")
        assert page.locator("[data-move-list]").count() == 1  # its place, at once
        wait_moves(page)
        loads.append(page.evaluate(NAVIGATION_MS))
    assert page.is_visible("[data-round-jump]")  # the jump, once the list has brought its rounds
    entries = page.locator("[data-move-list] [data-move-entry]")
    count = entries.count()
    print(f"replay of {total} steps, {count} entries: page (first, again) in ms:", loads)
    assert 0 < count < total * 0.8  # one entry per turn, the sub-steps folded in
    assert loads[1]["loaded"] < 1500
    # At the start nothing has happened yet: every entry is listed by who made it and when, none says what it did.
    assert page.evaluate(TOLD)["told"] == []

    # Clicking an entry shows the step that ends it, and marks it as the one shown.
    open_move_list(page)
    entry = entries.nth(7)
    target = int(entry.get_attribute("data-go"))
    entry.click()
    wait_step(page, target)
    assert entry.get_attribute("aria-current") == "step"
    assert page.url.endswith(f"?move={target}")
    told_up_to(page, target)  # the entries up to the one shown say what happened, as the step brought their lines

    # The keys step as before, and the entry shown follows.
    page.keyboard.press("ArrowRight")
    wait_step(page, target + 1)
    assert page.locator("[data-move-list] [aria-current='step']").get_attribute("data-go") == \
        entries.nth(8).get_attribute("data-go")

    # Jumping to a round shows the table as that round begins.
    option = page.locator("[data-round-jump] option", has_text="Round 3")
    start = int(option.get_attribute("value"))
    page.select_option("[data-round-jump]", str(start))
    wait_step(page, start)
    assert page.locator("[data-round='Round 3'] [data-move-entry]").first.get_attribute("data-first") == \
        str(start + 1)
    assert page.input_value("[data-round-jump]") == str(start)

    # Autoplay at the fastest speed moves on turn by turn until paused.
    page.select_option("[data-autoplay-speed]", "fastest")
    page.click("[data-autoplay]")
    assert page.get_attribute("[data-autoplay]", "aria-pressed") == "true"
    page.wait_for_function("n => Number(document.querySelector('[data-replay-step]').dataset.replayStep) > n + 3",
                           arg=start, timeout=5000)
    page.click("[data-autoplay]")
    assert page.get_attribute("[data-autoplay]", "aria-pressed") == "false"
    page.wait_for_load_state("networkidle")  # a turn asked for just before the pause still shows
    paused_at = step_shown(page)
    page.wait_for_timeout(600)
    assert step_shown(page) == paused_at

    # A step of a long replay still shows quickly.
    page.keyboard.press("End")
    wait_step(page, total)
    assert page.evaluate(TOLD)["untold"] == []
    timings = []
    for _ in range(5):
        page.wait_for_load_state("networkidle")  # the neighbours are fetched ahead, as a reader's pause allows
        timings.append(page.evaluate(TIMED_STEP, ["key", "ArrowLeft", total - len(timings) - 1]))
    print("long replay step ms:", [round(t) for t in timings])
    assert page.evaluate(TOLD)["untold"] == []  # stepping back keeps what the list has told
    # The median, against half as much again as a Chronicle step may take (test_replay_stepping): a Stone Age table
    # is a larger page to swap in, and one slow frame on a busy machine is not the page's doing.
    assert sorted(timings)[2] < STEP_MS * 1.5

    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = page.locator("[data-move-list] [data-move-entry]").nth(12)
    shot.click()
    wait_step(page, int(shot.get_attribute("data-go")))
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(SHOTS / f"replay-{viewport['width']}.png"))
    assert watched.problems == []
