"""Live On's choices as the rulebook gives them, in the browser: a player losing health or morale taps which
tokens go, and the button that would spend a player's last health token warns on the first tap and plays on
the second. Screenshots go to test-artifacts/ (live_on-lose-*.png, live_on-last-health-*.png), or to the folder
CIVITAS_SHOTS names."""

import json
import os
from pathlib import Path

import pytest

from apps.live_on import flow
from apps.live_on.engine import RULES
from tests.browser.board_checks import assert_fits_a_thumb, staged_by_bots
from tests.browser.test_play_chronicle import ARTIFACTS, version_of, wait_for_version

SHOTS = Path(os.environ.get("CIVITAS_SHOTS") or ARTIFACTS)


def staged(make_user, seed: int, reached) -> tuple[int, list[str]]:
    match_id, cookies, _ = staged_by_bots(make_user, "live_on", seed, reached)
    return match_id, cookies


def losing(state) -> bool:
    return bool(state["ask"]) and state["ask"]["kind"] == "lose" and state["ask"]["seat"] == 1


def on_the_brink(state) -> bool:
    seat = (RULES.active_seats(state) or [None])[0]
    return seat == 1 and any(flow.spends_last_health(flow.health(state, 1), m) for m in RULES.legal_moves(state, 1))


@pytest.fixture
def lose_match(transactional_db, make_user):
    return staged(make_user, 1, losing)


@pytest.fixture
def brink_match(transactional_db, make_user):
    return staged(make_user, 20, on_the_brink)


def shoot(pages, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for page, width in zip(pages, (1280, 375), strict=True):
        page.screenshot(path=str(SHOTS / f"live_on-{name}-{width}.png"), full_page=True)


@pytest.mark.browser
def test_a_player_taps_which_tokens_a_loss_takes(lose_match, two_pages):
    match_id, cookies = lose_match
    desk, phone = two_pages(match_id, cookies)
    choices = phone.query_selector_all("#table .lo-decision [data-move]")
    tokens = [json.loads(c.get_attribute("data-move"))["tokens"] for c in choices]
    assert len(tokens) > 1 and all(json.loads(c.get_attribute("data-move"))["type"] == "lose" for c in choices)
    assert "choose which tokens go" in phone.inner_text("body")
    assert not desk.query_selector_all("#table .lo-decision [data-move]")  # the other player waits
    assert_fits_a_thumb(phone)
    shoot([desk, phone], "lose")
    version = version_of(phone)
    choices[-1].click()  # not the engine's own way: the last one offered
    for page in (desk, phone):
        wait_for_version(page, version + 1)
    chosen = tokens[-1]
    pool = "health" if set(chosen) <= {"strong", "active", "keen"} else "morale"
    lost = " and ".join(f"{k} {t}" for t, k in chosen.items())
    assert f"loses {sum(chosen.values())} {pool}: {lost}" in desk.inner_text("#table")  # the log says what went


# Visible text of the table smaller than ``min`` px: (size, the text), for the failure's message.
SMALL_TEXT = """min => [...document.querySelectorAll('#table .live-on *')]
  .filter(el => [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .filter(el => el.getClientRects().length && !el.closest('[popover], .lo-sr'))
  .map(el => [parseFloat(getComputedStyle(el).fontSize), el.textContent.trim().slice(0, 40)])
  .filter(([size]) => size < min)"""


@pytest.mark.browser
def test_each_way_to_lose_says_what_it_costs_later_in_large_text_with_details_on_demand(lose_match, two_pages):
    match_id, cookies = lose_match
    desk, phone = two_pages(match_id, cookies)
    assert desk.evaluate(SMALL_TEXT, 14) == [] and phone.evaluate(SMALL_TEXT, 13) == []
    briefs = [b.inner_text() for b in phone.query_selector_all("#table .lo-decision .lo-why")]
    assert briefs and all(b.startswith("Later: fewer dice for") or "hopeless" in b or "last health" in b
                          for b in briefs), briefs
    more = phone.query_selector("#table .lo-decision .lo-more-text")
    assert not more.is_visible()  # the tokens' counts on demand
    phone.click("#table .lo-decision .lo-more summary")
    assert more.is_visible() and "→" in more.inner_text()
    assert_fits_a_thumb(phone, "#table [data-move], #table button, #table summary")


@pytest.mark.browser
def test_the_last_health_token_asks_for_a_second_tap(brink_match, two_pages):
    match_id, cookies = brink_match
    desk, phone = two_pages(match_id, cookies)
    fatal = phone.query_selector("#table .lo-decision [data-confirm]")
    assert fatal is not None and "your last health" in fatal.inner_text()
    version = version_of(phone)
    fatal.click()
    assert "Tap again" in fatal.inner_text() and "is-armed" in fatal.get_attribute("class")
    assert version_of(phone) == version  # nothing was sent
    assert_fits_a_thumb(phone)
    shoot([desk, phone], "last-health")
    phone.click("#table .lo-heading")  # a tap elsewhere takes the warning back
    assert "Tap again" not in fatal.inner_text()
    fatal.click()
    fatal.click()
    for page in (desk, phone):
        wait_for_version(page, version + 1)
    assert "has died" in desk.inner_text("#table")
