"""Live On's table as a board a player would show a friend (issue 40): the zones are pieces of land drawn from
land.svg, each with its picture, in a wooden frame whose lower edge holds the settlement and the winter track; the
characters stand on their zones with their whole names, also when the names are long, at 1280 and at 375 px (where
nothing scrolls sideways and every target takes a thumb). Screenshots are saved in test-artifacts/
(live_on-look-1280.png, live_on-look-375.png)."""

import pytest

from apps.live_on.content import WINTER_ROUND
from tests.browser.board_checks import staged_by_bots
from tests.browser.test_live_on_board import assert_fits_a_thumb
from tests.browser.test_play_chronicle import ARTIFACTS

NAMES = ("Maximiliane_Featherstonehaugh", "Bartholomew.Underhill")
# Every element of the table that shows a person's name, and whether it shows less than its whole text.
NAME_CUT = """() => [...document.querySelectorAll(
    '#table .lo-who-name, #table .lo-roll-who, #table .lo-panel-head h3, #table .lo-hg')]
  .filter(el => el.getClientRects().length)
  .filter(el => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right >
                el.closest('.lo-section, .lo-status').getBoundingClientRect().right + 0.5)
  .map(el => `${el.className}: ${el.textContent.trim()} (${el.clientWidth} of ${el.scrollWidth} px)`)"""
# Each zone of the ring: its action, the background its ground is drawn with, its picture and who stands on it.
ZONES = """() => [...document.querySelectorAll('#table .lo-ring > .lo-tile:not(.lo-at-name)')].map(el => ({
  cls: el.className,
  ground: getComputedStyle(el).backgroundImage + getComputedStyle(el, '::before').backgroundImage,
  picture: [...el.querySelectorAll('.lo-tile-head use')].map(u => u.getAttribute('href')).join(' '),
  standees: [...el.querySelectorAll('.lo-who')].map(w => w.textContent.trim()),
}))"""


def on_the_board(state) -> bool:
    """Both characters stand on a zone (the action phase has placed them)."""
    return state["phase"] != "setup" and all(pl["zone"] for pl in state["seats"])


@pytest.fixture
def long_names_match(transactional_db, make_user):
    return staged_by_bots(make_user, "live_on", 4, on_the_board, NAMES)


@pytest.mark.browser
def test_long_names_are_whole_on_the_board_at_desktop_and_phone_width(long_names_match, two_pages):
    match_id, cookies, state = long_names_match
    pages = two_pages(match_id, cookies)
    for page in pages:
        width = page.viewport_size["width"]
        assert page.evaluate(NAME_CUT) == [], f"names cut off at {width} px"
        if width >= 900:  # (on a phone the top bar's account name may shorten, so the bar keeps to one row)
            assert page.eval_on_selector(".me-name", "el => el.scrollWidth <= el.clientWidth + 1"), "top bar's name"
        for name in NAMES:
            assert page.locator("#table .lo-ring .lo-who-name", has_text=name).count() == 1, name
        assert_fits_a_thumb(page)


@pytest.mark.browser
def test_the_zones_are_drawn_as_land_with_their_pictures_in_a_frame_holding_the_settlement(long_names_match,
                                                                                          two_pages):
    match_id, cookies, state = long_names_match
    ARTIFACTS.mkdir(exist_ok=True)
    pages = two_pages(match_id, cookies)
    region = state["region"]
    for page in pages:
        width = page.viewport_size["width"]
        page.screenshot(path=str(ARTIFACTS / f"live_on-look-{width}.png"), full_page=True)
        ring = page.eval_on_selector("#table .lo-ring", "el => getComputedStyle(el).backgroundImage")
        assert f"land.svg#{region}" in ring, ring
        zones = page.evaluate(ZONES)
        assert len(zones) == 10  # four spots, gather, two explores, the special zone, rest and the camp
        for zone in zones:
            action = next(c[len("lo-act-"):] for c in zone["cls"].split() if c.startswith("lo-act-"))
            ground = "spot" if action == "visit" else "camp" if action == "settle" else action
            assert f"land.svg#{ground}" in zone["ground"], zone
            if action != "visit":
                assert zone["picture"].endswith(f"pictures.svg#pic-lo-{action}"), zone
        standing = {name for zone in zones for name in zone["standees"]}
        assert standing == set(NAMES)
        # The settlement is the frame's lower edge: right under the land, its buildings and the winter track in it.
        land = page.eval_on_selector("#table .lo-region", "el => el.getBoundingClientRect().bottom")
        edge = page.eval_on_selector("#table .lo-settlement", "el => el.getBoundingClientRect().top")
        assert abs(edge - land) <= 1, (land, edge)
        assert page.locator("#table .lo-settlement .lo-building").count() == 6
        track = page.locator("#table .lo-settlement .lo-winter progress")
        assert track.get_attribute("value") == str(state["round"])
        assert track.get_attribute("max") == str(WINTER_ROUND[2])
