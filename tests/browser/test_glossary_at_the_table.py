"""A glossary at the table (issue 39), on a phone: a tap on an icon opens its meaning, in the rules' own words, and
plays nothing; Escape closes it; a meaning shown by a pointer resting on a move button's term neither blocks the
controls under it nor stays once the pointer moves on; a move button still plays at the first tap."""

import pytest

from apps.stone_age.glossary import GLOSSARY
from tests.browser.board_checks import seeded_match, staged_by_bots
from tests.browser.test_decision_in_reach import deciding, open_page
from tests.browser.test_play_chronicle import DESKTOP, PHONE, Watchful, version_of, wait_for_version

FOOD = next(term for term in GLOSSARY if term.name == "Food")


@pytest.mark.browser
def test_a_tap_on_an_icon_shows_its_meaning_escape_closes_it_and_a_move_still_plays(
        make_user, browser, daphne_servers):
    match_id, cookies = seeded_match(make_user, "stone_age", 3)
    (server,) = daphne_servers(1)
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, reduced_motion="reduce")
    ctx.add_cookies([{"name": "sessionid", "value": cookies[0], "url": server.url}])
    watched = Watchful(ctx.new_page(), "phone")
    page = watched.page
    page.goto(f"{server.url}/matches/{match_id}/")
    page.wait_for_selector("[data-conn]:has-text('Live')")
    version = version_of(page)
    pop = page.locator("#glossary-pop")
    assert pop.is_hidden()

    food = page.locator('#table [role="img"][aria-label$=" food"].gloss-tap').first
    food.scroll_into_view_if_needed()
    food.tap()
    pop.wait_for(state="visible")
    assert "Food" in pop.inner_text() and FOOD.passages[0] in pop.inner_text()
    box = pop.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], "the popover fits the phone"
    assert version_of(page) == version, "a tap on a term plays nothing"

    assert pop.evaluate("el => getComputedStyle(el).pointerEvents") != "none", "a tapped meaning can be used"
    page.keyboard.press("Escape")
    pop.wait_for(state="hidden")

    # A pointer resting on a term inside a move button shows its meaning as a glance: it lies over the controls near
    # it, so it takes no pointer (a tap there reaches the control under it) and goes once the pointer leaves the term.
    inside = page.locator("#table [data-move] .gloss-term").first
    inside.scroll_into_view_if_needed()
    inside.hover()
    pop.wait_for(state="visible")
    box = pop.bounding_box()
    # a point of the glance over no term (over the term it explains, or another, the pointer is on a term)
    points = [(box["x"] + box["width"] * fx, box["y"] + box["height"] * fy)
              for fx, fy in ((.5, .5), (.1, .5), (.9, .5), (.5, .1), (.5, .9), (.1, .1), (.9, .9))]
    middle = next(p for p in points
                  if not page.evaluate("([x, y]) => !!document.elementFromPoint(x, y)?.closest('.gloss-term')", p))
    assert not page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('#glossary-pop')", middle), \
        "a glanced meaning takes no pointer"
    page.mouse.move(*middle)
    pop.wait_for(state="hidden")
    assert version_of(page) == version, "a glance plays nothing"

    page.locator("#table button[data-move]").first.tap()
    wait_for_version(page, version + 1)
    assert pop.is_hidden()
    ctx.close()
    assert watched.problems == []


@pytest.mark.browser
def test_a_click_on_the_map_opens_no_glance_over_what_it_did_until_the_pointer_moves(
        transactional_db, make_user, browser, daphne_servers):
    """A newcomer review at 1280: a click on an Origins pawn, then on a lit territory, redrew the map under the
    resting pointer, and the meaning of the term now under it ("Territory", "Hunting token") opened over the place the
    pawn had just gone to, hiding the result. A glance waits until the pointer moves on."""
    match_id, cookies, _ = staged_by_bots(make_user, "origins", 5, deciding("origins", 0, 0))
    (server,) = daphne_servers(1)
    watched = open_page(browser, server, match_id, cookies[0], DESKTOP, "ada")
    page = watched.page
    pop = page.locator("#glossary-pop")
    version = version_of(page)
    for selector in ("#table a.og-pawn.og-seat-0[data-move]", "#table .og-terr.is-target[data-move]"):
        target = page.locator(selector).first
        box = target.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.mouse.up()
        version += 1
        wait_for_version(page, version)
        page.wait_for_timeout(600)
        assert pop.is_hidden(), f"a glance opened under the resting pointer after {selector}: {pop.inner_text()}"
    term = page.locator("#table .og-map-scroll .gloss-term").first
    term_box = term.bounding_box()
    page.mouse.move(term_box["x"] + term_box["width"] / 2, term_box["y"] + term_box["height"] / 2, steps=4)
    pop.wait_for(state="visible")  # a pointer that moves still glances at a term
    assert watched.problems == []
