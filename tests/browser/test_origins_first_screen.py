"""Origins' first screen at 1280 x 800 (issue 39, a newcomer's review: the player's cards came below the first
screen, and a newcomer never saw them): the viewer's hand in short (a chip per kind with its count) is in view
beside the round without scrolling, together with a control of the decision on the map, and it leads down to the
cards themselves. Screenshots go to test-artifacts/origins-first-screen-1280.png."""

import pytest

from tests.browser.board_checks import staged_by_bots
from tests.browser.test_decision_in_reach import IN_REACH, deciding, open_page
from tests.browser.test_play_chronicle import ARTIFACTS

SCREEN = {"width": 1280, "height": 800}

# The hand the chips say (kind: count) and the one the player's own cards show, counted by their colour.
HANDS = """() => {
  const said = {}, held = {yellow: 0, orange: 0, purple: 0};
  for (const chip of document.querySelectorAll('#table .og-hand-link .og-hand-chip'))
    said[[...chip.classList].find(c => c.startsWith('back-')).slice(5)] = parseInt(chip.textContent.trim(), 10);
  for (const card of document.querySelectorAll('#og-mine .og-card'))
    held[[...card.classList].find(c => c.startsWith('card-')).slice(5)] += 1;
  return {said, held};
}"""


@pytest.mark.browser
def test_at_1280_by_800_the_hand_shows_on_the_first_screen_with_the_maps_decision(
        transactional_db, make_user, browser, daphne_servers):
    match_id, cookies, _ = staged_by_bots(make_user, "origins", 5, deciding("origins", 0, 6))
    (server,) = daphne_servers(1)
    watched = open_page(browser, server, match_id, cookies[0], SCREEN, "desktop")
    page = watched.page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "origins-first-screen-1280.png"))
    link = page.query_selector("#table .og-hand-link")
    assert link is not None, "the hand in short is on the board"
    assert page.evaluate(IN_REACH, link), "the hand in short is on the first screen"
    hands = page.evaluate(HANDS)
    assert sum(hands["held"].values()) > 0, "the player holds cards"
    assert hands["said"] == hands["held"], "the chips count the cards in hand by kind"
    on_map = page.query_selector_all("#table .og-map [data-move]")
    assert any(page.evaluate(IN_REACH, el) for el in on_map), "a pawn or place to tap on the map is in view too"
    link.click()
    page.wait_for_function("() => { const r = document.querySelector('#og-mine').getBoundingClientRect();"
                           " return r.top >= 0 && r.top < innerHeight; }")
    assert watched.problems == []
