"""Origins' board in the browser (issue 19): two people play by tapping the drawn map, one at desktop width and
one on a phone. Every tap target is at least 44 x 44 px, nothing but the map (which says so) scrolls sideways, a
picked pawn lights the territories it can reach and can be put back, and after each move the other player sees
the pieces it changed marked. Screenshots per width are saved in test-artifacts/ (origins-board-1280.png,
origins-board-375.png, and origins-choice-<width>.png with a pawn picked)."""

import json

import pytest

from tests.browser.board_checks import assert_fits_a_thumb as fits_a_thumb
from tests.browser.board_checks import open_table, seeded_match, two_person_match
from tests.browser.test_play_chronicle import ARTIFACTS, PHONE, version_of, wait_for_version

PICKED_IN_VIEW = """() => {
  const map = document.querySelector('#table [data-scroll=map]'), pawn = map.querySelector('.is-picked');
  const m = map.getBoundingClientRect(), p = pawn.getBoundingClientRect();
  return p.left >= m.left - 1 && p.right <= m.right + 1; }"""
# A player taps a target where it shows: its middle is not under another target.
SHOWS_AT_ITS_MIDDLE = """el => {
  el.scrollIntoView({block: 'center', inline: 'center'});
  const r = el.getBoundingClientRect(), hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return !!hit && hit.closest('[data-move]') === el; }"""


MIDDLE = """el => { el.scrollIntoView({block: 'center', inline: 'center'});
  const r = el.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return hit && hit.closest('[data-move]') === el ? [x, y] : null; }"""


COVER = """el => { const r = el.getBoundingClientRect(), hit = document.elementFromPoint(r.x + r.width / 2,
  r.y + r.height / 2); return `${JSON.stringify(r)} ${hit ? hit.outerHTML.slice(0, 160) : 'nothing'}`; }"""


# Every name on the map and every pawn, as boxes on the screen; the pairs that overlap, and the pawns under 24 px.
LABEL_BOXES = """() => {
  document.getAnimations().forEach(a => a.finish());  // a pawn landing is drawn larger for 0.6 s
  const box = el => { const r = el.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
  const names = [...document.querySelectorAll('#table .og-map .og-label')].map(el => [el.textContent.trim(), box(el)]);
  const pawns = [...document.querySelectorAll('#table .og-map .og-piece')]
    .map(el => [el.closest('.og-pawn').getAttribute('aria-label'), box(el)]);
  const all = names.concat(pawns), clash = [];
  for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) {
    const [n1, a] = all[i], [n2, b] = all[j];
    const meet = a.l < b.r - 0.5 && b.l < a.r - 0.5 && a.t < b.b - 0.5 && b.t < a.b - 0.5;
    if (meet && i < names.length) clash.push(`${n1} / ${n2}`);
  }
  const short = pawns.filter(([, b]) => b.b - b.t < 24).map(([n, b]) => `${n}: ${b.b - b.t}`);
  return {names: names.length, clash, short};
}"""


def assert_names_stay_clear(page, pawns_readable: bool) -> None:
    """No name on the map overlaps another name or a pawn; where the map is read closely, pawns are >= 24 px tall."""
    found = page.evaluate(LABEL_BOXES)
    assert found["names"] >= 42, "every territory and the Cradle is named on the map"
    assert found["clash"] == [], f"{page.url}: names overlap"
    if pawns_readable:
        assert found["short"] == [], "pawns under 24 px tall"


@pytest.fixture
def origins_match(transactional_db, make_user):
    return two_person_match(make_user, "origins")


def assert_fits_a_thumb(page) -> None:
    fits_a_thumb(page, "#table .origins button, #table [data-move], #table label")


def tap(mover, pages, element) -> dict:
    """Tap the middle of one data-move element, scrolled to the middle of the screen as ``next_tap`` saw it show
    there (Playwright's own point for a map link is the middle of its first shape, which a neighbour's hit square may
    cover), and wait until every page has the frame it caused."""
    version = max(version_of(p) for p in pages)
    move = json.loads(element.get_attribute("data-move"))
    point = None
    for _ in range(20):  # the table may still be settling (a picked pawn scrolls the map to it)
        point = element.evaluate(MIDDLE)
        if point:
            break
        mover.wait_for_timeout(100)
    assert point, f"{move} is covered where it shows: " + element.evaluate(COVER)
    mover.mouse.click(*point)
    for page in pages:
        wait_for_version(page, version + 1)
    return move


def next_tap(page):
    """A pawn on the map first, then a lit territory, then a reward or card, the end of the turn last."""
    for selector in ("#table a.og-pawn[data-move]", "#table a.og-terr[data-move]", "#table .move-tile",
                     "#table .move-skip_reward", "#table .move-return", "#table .move-end_turn"):
        found = [el for el in page.query_selector_all(selector) if el.evaluate(SHOWS_AT_ITS_MIDDLE)]
        if found:
            return found[0]
    return page.query_selector("#table [data-move]")


@pytest.mark.browser
def test_two_people_play_origins_by_tapping_the_map_at_desktop_and_phone_width(origins_match, two_pages):
    match_id, cookies = origins_match
    ARTIFACTS.mkdir(exist_ok=True)
    pages = two_pages(match_id, cookies, motion="no-preference")
    for page in pages:
        assert page.query_selector_all("#table .og-name")  # territory names are on the map
        assert_fits_a_thumb(page)
    assert pages[1].is_visible("#table .og-map-hint")  # the phone is told it may zoom in
    assert not pages[0].is_visible("#table .og-map-hint")
    map_box = pages[1].eval_on_selector("#table .og-map", "el => el.getBoundingClientRect().width")
    assert map_box <= 375, "the phone sees the whole world while it has nothing to tap on it"
    assert_names_stay_clear(pages[0], pawns_readable=True)
    assert_names_stay_clear(pages[1], pawns_readable=False)

    picked_once = set()
    for turn in range(14):
        movers = [p for p in pages if p.query_selector("#table [data-move]")]
        assert len(movers) == 1, "one player can move at a time"
        mover = movers[0]
        other = next(p for p in pages if p is not mover)
        width = 1280 if mover is pages[0] else 375
        target = next_tap(mover)
        move = tap(mover, pages, target) if turn != 4 else None
        if turn == 4:  # once by keyboard: a map link or button is focused and Enter plays it
            version = max(version_of(p) for p in pages)
            move = json.loads(target.get_attribute("data-move"))
            target.focus()
            mover.keyboard.press("Enter")
            for page in pages:
                wait_for_version(page, version + 1)
        for page in pages:
            assert_fits_a_thumb(page)
        assert other.query_selector_all("#table .is-changed"), f"the move {move} is marked for the other player"
        if move["type"] == "select":
            # The picked pawn lights what it can reach, and the tray offers the way back.
            assert other.query_selector("#table .og-pawn.is-picked.is-changed")
            assert pages[1].evaluate(PICKED_IN_VIEW), "the phone's map scrolls the picked pawn into view"
            assert mover.query_selector_all("#table .og-map.has-targets a.og-terr.is-target, #table .move-evolve")
            back = mover.query_selector("#table .og-tray .move-cancel")
            assert back is not None
            if width not in picked_once:
                picked_once.add(width)
                mover.screenshot(path=str(ARTIFACTS / f"origins-choice-{width}.png"), full_page=True)
                tap(mover, pages, back)
                assert mover.query_selector("#table a.og-pawn[data-move]"), "putting the pawn back undoes the pick"
        if move["type"] in ("migrate", "swap", "place"):
            assert other.query_selector(f"#table use.og-terr.is-changed[data-territory='{move['to']}']")
            assert other.query_selector("#table .og-pawn.is-changed")
        if mover is pages[1] and mover.query_selector("#table .og-map-scroll.is-choosing"):
            assert_names_stay_clear(mover, pawns_readable=True)  # zoomed in to choose on the phone
        if turn == 9:
            assert_names_stay_clear(pages[0], pawns_readable=True)
            assert_names_stay_clear(pages[1], pawns_readable=False)
            for page, w in ((pages[0], 1280), (pages[1], 375)):
                page.screenshot(path=str(ARTIFACTS / f"origins-board-{w}.png"), full_page=True)
    assert picked_once == {1280, 375}


# The tappable squares of ``selector`` that lie outside the visible part of the map's scroller (its box on the screen).
OUT_OF_VIEW = """selector => {
  const map = document.querySelector('#table [data-scroll=map]'), m = map.getBoundingClientRect();
  return [...document.querySelectorAll(selector)].filter(el => {
    const r = (el.querySelector('.og-hit') || el).getBoundingClientRect();
    return r.left < m.left - 1 || r.right > m.right + 1;
  }).map(el => el.getAttribute('aria-label')); }"""
# The decision's controls in the order a player meets them, by move type.
CONTROL_ORDER = """() => [...document.querySelectorAll('#table [data-move]')]
  .filter(el => el.getClientRects().length).map(el => JSON.parse(el.dataset.move).type)"""


@pytest.mark.browser
def test_a_phone_opens_the_zoomed_map_on_the_decision_and_ends_the_turn_last(make_user, browser, daphne_servers):
    """Issue 39: at 375 px the zoomed map opened on the Americas while the player's pawns waited in the Cradle, and
    "End the turn" was the first and boldest control. The map opens on the player's pawns, follows the decision after
    each move (the lit territories of a picked pawn, those a new pawn may settle), and the end of the turn comes
    after every other control."""
    match_id, cookies = seeded_match(make_user, "origins", 7)
    (server,) = daphne_servers(1)
    watched = open_table(browser, server, match_id, cookies[0], PHONE, "phone")
    page = watched.page
    assert page.query_selector("#table .og-map-scroll.is-choosing"), "zoomed in: there are pawns to tap"
    assert page.evaluate(OUT_OF_VIEW, "#table a.og-pawn.og-seat-0[data-move]") == [], "own pawns off screen"
    order = page.evaluate(CONTROL_ORDER)
    assert order[0] != "end_turn" and order[-1] == "end_turn", order
    assert_fits_a_thumb(page)
    tap(page, [page], page.query_selector("#table a.og-pawn.og-seat-0[data-move]"))
    assert page.evaluate(OUT_OF_VIEW, "#table a.og-terr.is-target") == [], "the picked pawn's targets off screen"
    tap(page, [page], page.query_selector("#table .move-evolve"))
    assert page.query_selector_all("#table a.og-terr.move-place")
    assert page.evaluate(OUT_OF_VIEW, "#table a.og-terr.is-target, #table .og-pawn.is-picked") == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "origins-focus-375.png"))
    assert watched.problems == []
