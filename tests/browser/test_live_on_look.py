"""Live On's table as a board a player would show a friend (issue 40): the zones are pieces of land drawn from
land.svg, each with its picture, in a wooden frame whose lower edge holds the settlement and the winter track; the
characters stand on their zones with their whole names, also when the names are long, at 1280 px, and at 375 px
(where nothing scrolls sideways and every target takes a thumb) a name too long for its standee's base ends in an
ellipsis while the band's panel shows it whole. While a decision is pending, the board shows on the first screen at
1280 x 900 under the compact decision. Screenshots are saved in test-artifacts/ (live_on-look-*.png,
live_on-deciding-*.png)."""

import pytest

from apps.live_on.content import WINTER_ROUND
from apps.live_on.engine import RULES
from tests.browser.board_checks import staged_by_bots
from tests.browser.test_live_on_board import assert_fits_a_thumb
from tests.browser.test_play_chronicle import ARTIFACTS

NAMES = ("Maximiliane_Featherstonehaugh", "Bartholomew.Underhill")
# Every element of the table that shows a person's name, and whether it shows less than its whole text; on a phone
# a standee's base may end a long name in an ellipsis (its figure's label and the band's panel say it whole).
NAME_CUT = """() => [...document.querySelectorAll(
    '#table .lo-who-name, #table .lo-roll-who, #table .lo-panel-head h3, #table .lo-hg')]
  .filter(el => el.getClientRects().length)
  .filter(el => !(innerWidth < 700 && el.matches('.lo-who-name') && getComputedStyle(el).textOverflow === 'ellipsis'
                  && el.previousElementSibling.getAttribute('aria-label').startsWith(el.textContent)))
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
def test_long_names_are_whole_on_the_board_at_desktop_width_and_on_the_panels_at_phone_width(long_names_match,
                                                                                         two_pages):
    match_id, cookies, state = long_names_match
    pages = two_pages(match_id, cookies)
    for page in pages:
        width = page.viewport_size["width"]
        assert page.evaluate(NAME_CUT) == [], f"names cut off at {width} px"
        if width >= 900:  # (on a phone the top bar's account name may shorten, so the bar keeps to one row)
            assert page.eval_on_selector(".me-name", "el => el.scrollWidth <= el.clientWidth + 1"), "top bar's name"
        for name in NAMES:
            assert page.locator("#table .lo-ring .lo-who-name", has_text=name).count() == 1, name
        if width < 700:  # the longest name on a standee: one line ending in "…", never broken mid-word
            base = page.locator("#table .lo-ring .lo-who-name", has_text=NAMES[0])
            assert base.evaluate("el => [getComputedStyle(el).whiteSpace, getComputedStyle(el).textOverflow, "
                                 "el.getBoundingClientRect().height < 1.6 * parseFloat(getComputedStyle(el).fontSize)]"
                                 ) == ["nowrap", "ellipsis", True]
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


def deciding_spend(state) -> bool:
    """ada (seat 0) alone decides how many tokens to spend on her action: a panel of five choices."""
    return state["phase"] == "action" and RULES.active_seats(state) == [0] and any(
        m["type"] == "spend" for m in RULES.legal_moves(state, 0))


@pytest.fixture
def spend_match(transactional_db, make_user):
    return staged_by_bots(make_user, "live_on", 1, deciding_spend)


@pytest.mark.browser
def test_the_board_shows_on_the_first_screen_at_1280_while_a_decision_is_pending(spend_match, two_pages):
    match_id, cookies, state = spend_match
    desk, phone = two_pages(match_id, cookies)
    assert desk.viewport_size == {"width": 1280, "height": 900}
    assert desk.locator("#table .lo-decision [data-move]").count() >= 4
    ARTIFACTS.mkdir(exist_ok=True)
    for page in (desk, phone):
        page.screenshot(path=str(ARTIFACTS / f"live_on-deciding-{page.viewport_size['width']}.png"))
    # At least the first row of the land's zones (a tile is 6.5rem high) shows above the fold, under the decision.
    ring = desk.eval_on_selector("#table .lo-ring", "el => el.getBoundingClientRect().top + scrollY")
    assert ring + 110 <= 900, f"the board starts at y={ring:.0f}"
    # Every choice still says what it does, in words beside it, and every target takes a thumb at either width.
    for page in (desk, phone):
        for button in page.query_selector_all("#table .lo-decision [data-move]"):
            brief = page.eval_on_selector(f"#{button.get_attribute('aria-describedby').split()[0]}",
                                          "el => el.checkVisibility() && el.innerText.trim()")
            assert brief, button.inner_text()
        assert_fits_a_thumb(page)
