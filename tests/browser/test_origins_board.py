"""Origins' board in the browser (issue 19): two people play by tapping the drawn map, one at desktop width and
one on a phone. Every tap target is at least 44 x 44 px, nothing but the map (which says so) scrolls sideways, a
picked pawn lights the territories it can reach and can be put back, and after each move the other player sees
the pieces it changed marked. Screenshots per width are saved in test-artifacts/ (origins-board-1280.png,
origins-board-375.png, and origins-choice-<width>.png with a pawn picked)."""

import json

import pytest
from django.db import connections
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from apps.matches.models import Match
from apps.origins.content import START, TERRITORIES
from tests.browser.board_checks import assert_fits_a_thumb as fits_a_thumb
from tests.browser.board_checks import open_table, seeded_match, two_person_match
from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, PHONE, version_of, wait_for_version

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


ARRIVED = "v => Number(document.querySelector('[data-match]').dataset.version) >= v"


COVER = """el => { const r = el.getBoundingClientRect(), hit = document.elementFromPoint(r.x + r.width / 2,
  r.y + r.height / 2); return `${JSON.stringify(r)} ${hit ? hit.outerHTML.slice(0, 160) : 'nothing'}`; }"""


# Every name on the map and every pawn, as boxes on the screen; the pairs that overlap (name and name, name and pawn,
# pawn and pawn), the pawns under 24 px and the size marks and names under 10 px. A pawn's box is everything drawn
# for it: its piece and any ring marking it picked or changed (a ring once covered "Arabia" and two pawns' rings each
# other, unseen while only the piece was measured and only pairs starting with a name were compared).
LABEL_BOXES = """() => {
  // a pawn landing is drawn larger for 0.6 s; a lit target's ring and a pawn to tap pulse for as long as they are lit
  document.getAnimations().forEach(a => a.effect.getComputedTiming().endTime === Infinity ? a.cancel() : a.finish());
  const box = el => { const r = el.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
  const union = els => els.map(box).reduce((a, b) => ({l: Math.min(a.l, b.l), t: Math.min(a.t, b.t),
    r: Math.max(a.r, b.r), b: Math.max(a.b, b.b)}));
  const names = [...document.querySelectorAll('#table .og-map .og-label')].map(el => [el.textContent.trim(), box(el)]);
  const pawns = [...document.querySelectorAll('#table .og-map .og-pawn')].map(el =>
    [el.getAttribute('aria-label'), union([...el.querySelectorAll('.og-figure, .og-halo')])]);
  const all = names.concat(pawns), clash = [];
  for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) {
    const [n1, a] = all[i], [n2, b] = all[j];
    if (a.l < b.r - 0.5 && b.l < a.r - 0.5 && a.t < b.b - 0.5 && b.t < a.b - 0.5) clash.push(`${n1} / ${n2}`);
  }
  const short = [...document.querySelectorAll('#table .og-map .og-piece')].map(el => el.getBoundingClientRect())
    .filter(r => r.height < 24).map(r => r.height);
  const px = el => parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a;
  const tiny = sel => [...document.querySelectorAll(sel)].filter(el => px(el) < 10)
    .map(el => `${el.textContent.trim()}: ${px(el).toFixed(1)} px`);
  return {names: names.length, clash, short, tiny_sizes: tiny('#table .og-map .og-size'),
          tiny_names: tiny('#table .og-map .og-label')};
}"""


def assert_names_stay_clear(page, pawns_readable: bool) -> None:
    """No name or pawn on the map overlaps another name or pawn; where the map is read closely, pawns are >= 24 px
    tall and their size marks and the names >= 10 px."""
    found = page.evaluate(LABEL_BOXES)
    assert found["names"] >= 42, "every territory and the Cradle is named on the map"
    assert found["clash"] == [], f"{page.url}: names or pawns overlap"
    if pawns_readable:
        assert found["short"] == [], "pawns under 24 px tall"
        assert found["tiny_sizes"] == [], "pawns' size marks under 10 px"
        assert found["tiny_names"] == [], "names under 10 px"


@pytest.fixture
def origins_match(transactional_db, make_user):
    return two_person_match(make_user, "origins")


def assert_fits_a_thumb(page) -> None:
    fits_a_thumb(page, "#table .origins button, #table [data-move], #table label")


def tap(mover, pages, element) -> dict:
    """Tap the middle of one data-move element, scrolled to the middle of the screen as ``next_tap`` saw it show
    there (Playwright's own point for a map link is the middle of its first shape, which a neighbour's hit square may
    cover), and wait until every page has the frame it caused.

    The point is taken once it holds still (a picked pawn scrolls the map to it, smoothly). If no frame comes, the
    tap landed while something still moved and is made again: a page that did send the move ignores a second tap
    until its answer comes, so no move is sent twice."""
    version = max(version_of(p) for p in pages)
    move = json.loads(element.get_attribute("data-move"))
    for _ in range(3):
        point, previous = None, None
        for _ in range(30):
            point = element.evaluate(MIDDLE)
            if point and point == previous:
                break
            previous = point
            mover.wait_for_timeout(100)
        assert point, f"{move} is covered where it shows: " + element.evaluate(COVER)
        mover.mouse.click(*point)
        try:
            mover.wait_for_function(ARRIVED, arg=version + 1, timeout=4000)
            break
        except PlaywrightTimeoutError:
            if not element.evaluate("el => el.isConnected"):
                break  # the table changed under the tap: the frame is on its way
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
    map_width = "el => el.getBoundingClientRect().width"
    assert pages[1].eval_on_selector("#table .og-map", map_width) >= 780, "the phone opens the map zoomed in to read"
    assert_names_stay_clear(pages[0], pawns_readable=True)
    assert_names_stay_clear(pages[1], pawns_readable=True)
    pages[1].click("#table .og-whole-label")  # the overview, which says it is one, and back
    assert pages[1].eval_on_selector("#table .og-map", map_width) <= 375
    assert pages[1].is_visible("#table .og-map-hint :text('Overview of the whole world')")
    pages[1].click("#table .og-whole-label")
    assert pages[1].eval_on_selector("#table .og-map", map_width) >= 780

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
            assert_names_stay_clear(pages[1], pawns_readable=True)
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
# Where the page shows the decision after a step, without the player scrolling: the prompt (the sticky decision
# bar) on the screen, and the map's box wholly in the band below the header and that bar, so every lit target
# in the visible part of the zoomed map is seen. The problems found, as words; [] when all is in view.
DECISION_IN_VIEW = """() => {
  const bar = document.querySelector('.topbar'), decision = document.querySelector('#table .decision');
  const prompt = document.querySelector('#table .decision .status');
  const map = document.querySelector('#table [data-scroll=map]');
  let top = bar ? bar.getBoundingClientRect().bottom : 0;
  if (decision && getComputedStyle(decision).position === 'sticky') {
    top = Math.max(top, decision.getBoundingClientRect().bottom);
  }
  const p = prompt.getBoundingClientRect(), m = map.getBoundingClientRect(), problems = [];
  if (p.top < 0 || p.bottom > innerHeight) problems.push(`prompt at ${p.top}..${p.bottom}`);
  if (m.top < top - 1 || m.bottom > innerHeight + 1) {
    problems.push(`map at ${m.top}..${m.bottom}, room ${top}..${innerHeight}`);
  }
  return problems; }"""
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
    assert page.evaluate(DECISION_IN_VIEW) == [], "after picking a pawn: its prompt and the map in view"
    tap(page, [page], page.query_selector("#table .move-evolve"))  # right above the map (test_decision_in_reach)
    assert page.query_selector_all("#table a.og-terr.move-place")
    assert page.evaluate(OUT_OF_VIEW, "#table a.og-terr.is-target, #table .og-pawn.is-picked") == []
    assert page.evaluate(DECISION_IN_VIEW) == [], "after choosing Evolve: where the new pawn may settle in view"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "origins-focus-375.png"))
    assert watched.problems == []


# Forms with the largest blocks and the widest marks, so the crowded board is as crowded as a game gets.
CROWD_FORMS = ("brown-4-4", "white-2-1", "black-3-2", "white-1-4", "brown-2-2", "black-4-1", "white-1-1")


@pytest.mark.browser
def test_a_pawn_on_every_territory_covers_no_name_and_no_other_pawn(make_user, browser, daphne_servers):
    """Issue 40 (a newcomer's review): pawns covered "Arabia" and "Ethiopian Highlands", two pawns covered each other
    and their size marks were 6 px, in positions the game test above never reached. Here every territory holds a
    pawn (any can, one at a time), with the changed-and-picked rings of a move just made, seen at 1280 px and on a
    phone's zoomed map."""
    match_id, cookies = seeded_match(make_user, "origins", 7)
    match = Match.objects.get(pk=match_id)
    state = match.state
    state["pawns"] = [{"id": i, "form": CROWD_FORMS[i % len(CROWD_FORMS)], "owner": i % 2, "at": t.id,
                       "founder": False} for i, t in enumerate(TERRITORIES)]
    state["pawns"] += [{"id": 100 + i, "form": "white-1-1", "owner": i % 2, "at": START, "founder": True}
                       for i in range(2)]
    state["next_pawn"] = 200
    state["changed"] = {"pawns": [p["id"] for p in state["pawns"]]}  # every pawn ringed as just moved
    match.state = state
    match.save()
    connections.close_all()
    (server,) = daphne_servers(1)
    ARTIFACTS.mkdir(exist_ok=True)
    for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        watched = open_table(browser, server, match_id, cookies[0], viewport, name)
        assert watched.page.query_selector("#table a.og-pawn[data-move]"), "seat 0 picks a pawn: the phone zooms in"
        assert_names_stay_clear(watched.page, pawns_readable=True)
        watched.page.screenshot(path=str(ARTIFACTS / f"origins-crowded-{viewport['width']}.png"))
        assert watched.problems == []
        watched.page.context.close()


# A lit territory's dot, scrolled to the middle of the screen, and what a tap there lands on: null when it lands on
# the territory's own link, else the territory and the outside element that takes the tap.
DOT_TAKEN_BY = """a => { const dot = a.querySelector('.og-lit-dot');
  dot.scrollIntoView({block: 'center', inline: 'center'});
  const r = dot.getBoundingClientRect(), hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return hit && hit.closest('[data-move]') === a ? null
    : `${a.getAttribute('aria-label')}: ${hit ? hit.outerHTML.slice(0, 120) : 'nothing'}`; }"""
# A tall pawn of seat 0 picked in each of these reaches every territory between them (4 steps each).
HUBS = ("steppe", "patagonia", "sundaland", "plains", "maghreb")


@pytest.mark.browser
def test_a_tap_on_every_lit_territorys_dot_reaches_it(make_user, browser, daphne_servers):
    """CI on 27f906e: the middle of Tasmania, lit for a swap, took no tap: the Southern Ocean's sea lane begins at
    Tasmania's spot and, drawn over the lit territories, took the tap itself. Here a tall pawn picked in each hub lights
    every territory in turn, and a tap on each lit dot, where a player aims, must reach that territory, at 1280 px and
    on a phone's zoomed map."""
    match_id, cookies = seeded_match(make_user, "origins", 7)
    (server,) = daphne_servers(1)
    pages = [open_table(browser, server, match_id, cookies[0], viewport, name).page
             for viewport, name in ((DESKTOP, "desktop"), (PHONE, "phone"))]
    lit, taken = set(), []
    for hub in HUBS:
        match = Match.objects.get(pk=match_id)
        state = match.state
        state["pawns"] = [{"id": 0, "form": "brown-4-1", "owner": 0, "at": hub, "founder": False},
                          {"id": 1, "form": "white-1-1", "owner": 1, "at": START, "founder": True}]
        state["next_pawn"], state["pending"] = 2, [{"kind": "selected", "pawn": 0}]
        match.state = state
        match.save()
        connections.close_all()
        for page in pages:
            page.reload()
            page.wait_for_selector("#table a.og-terr[data-move]")
            for target in page.query_selector_all("#table a.og-terr[data-move]"):
                lit.add(json.loads(target.get_attribute("data-move"))["to"])
                problem = target.evaluate(DOT_TAKEN_BY)
                if problem:
                    taken.append(f"{page.viewport_size['width']} px, from {hub}: {problem}")
    assert lit == {t.id for t in TERRITORIES}, "the hubs light every territory"
    assert taken == [], "a tap on a lit territory's dot lands elsewhere"
