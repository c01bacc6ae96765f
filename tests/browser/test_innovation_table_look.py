"""Innovation's table as a player would show it to a friend (issue 40): each colour pile drawn as a stack of cards,
a splayed pile fanned in its direction with the icons its covered cards reveal; the special achievements say on a
tap what each needs and who has it; no text on the table under 13 px (card text at least 14 px on a desk); no card
title cut short on a phone. Seat 0 (ada) is at desk width, seat 1 (bea) on a phone; both boards carry splayed
piles, and bea has claimed Monument."""

import pytest
from django.db import connections

from apps.innovation.core import AGE
from apps.matches.models import Match
from tests.browser.board_checks import seeded_match
from tests.browser.test_play_chronicle import DESKTOP, PHONE, Watchful
from tests.innovation.test_innovation_helpers import give, table

# Each splayed pile's covered cards as drawn: where each sliver lies beside the top card, and the icons it shows.
FANS = """() => [...document.querySelectorAll('#table .in-stack')].filter(s => s.querySelector('.in-fan')).map(s => {
  const card = s.querySelector('.in-card').getBoundingClientRect();
  const slivers = [...s.querySelectorAll('.in-sliver')].map(el => {
    const r = el.getBoundingClientRect();
    const side = r.left >= card.right - 1 ? 'right' : r.right <= card.left + 1 ? 'left'
      : r.top >= card.bottom - 1 ? 'below' : 'over';
    return {side, icons: el.querySelectorAll('svg').length, seen: r.width >= 16 && r.height >= 16};
  });
  return {name: s.querySelector('.in-name').textContent, slivers};
})"""
# Every shown text on the table smaller than ``min`` px, and any card text (a dogma, a title) smaller than ``card``.
SMALL_TEXT = """([min, card]) => [...document.querySelectorAll('#table .innovation *')]
  .filter(el => [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .filter(el => el.getClientRects().length && !el.closest('[popover], .in-vh, .in-defs'))
  .map(el => [parseFloat(getComputedStyle(el).fontSize), el.closest('.in-dogma, .in-name') ? card : min,
              el.textContent.trim().slice(0, 30)])
  .filter(([size, least]) => size < least - 0.01).map(([size, , text]) => `${text}: ${size}px`)"""
# Every shown card title not wholly in its box (cut off, ellipsised).
CUT_TITLES = """() => [...document.querySelectorAll('#table .in-name')].filter(el => el.getClientRects().length)
  .filter(el => el.scrollWidth > el.clientWidth + 1)
  .map(el => `${el.textContent}: ${el.scrollWidth}/${el.clientWidth}`)"""


@pytest.fixture
def splayed_match(transactional_db, make_user):
    match_id, cookies = seeded_match(make_user, "innovation", 20261127)
    try:
        s = table()
        s = give(s, 0, board=["Archery", "Oars", "Construction", "Engineering",  # red, splayed left
                              "Pottery", "Tools", "Mathematics",  # blue, splayed right
                              "Agriculture", "Domestication", "Fermenting", "Statistics", "Canning",  # yellow, up
                              "Clothing", "Sailing"],  # green, not splayed
                   hand=["Metalworking", "Translation"],
                   score=["Writing", "Refrigeration", "Bioengineering", "Industrialization"],
                   splay={"red": "left", "blue": "right", "yellow": "up"})
        s = give(s, 1, board=["City States", "Mysticism", "Monotheism", "Code of Laws", "Road Building", "Optics",
                              "Currency", "Mapmaking", "Calendar", "Experimentation"],
                 hand=["Banking"], score=["Gunpowder", "Miniaturization", "Specialization"],
                 splay={"purple": "right", "green": "up"})
        first = next(c for c in s["achievements"] if AGE[c] == 1)
        s["achievements"].remove(first)
        s["seats"][0]["achievements"] = [first]
        s["specials"].remove("Monument")
        s["seats"][1]["achievements"] = ["Monument"]
        s["turn"]["seat"] = 1
        Match.objects.filter(pk=match_id).update(state=s)
    finally:
        connections.close_all()
    return match_id, cookies


def open_pages(browser, server, match_id, cookies):
    watched = []
    for cookie, size, name in ((cookies[0], DESKTOP, "desk"), (cookies[1], PHONE, "phone")):
        ctx = browser.new_context(viewport=size, reduced_motion="reduce")
        ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
        w = Watchful(ctx.new_page(), name)
        w.page.goto(f"{server.url}/matches/{match_id}/")
        w.page.wait_for_selector("[data-conn]:has-text('Live')")
        watched.append(w)
    return watched


@pytest.mark.browser
def test_a_splayed_pile_is_fanned_in_its_direction_showing_the_icons_it_reveals(splayed_match, browser,
                                                                                  daphne_servers):
    (server,) = daphne_servers(1)
    watched = open_pages(browser, server, *splayed_match)
    for w in watched:
        if w.name == "phone":  # the other board opens whole from its summary (test_innovation_phone_table.py)
            w.page.click("#table .in-player:not(.is-mine) > details > summary")
        fans = {f["name"]: f["slivers"] for f in w.page.evaluate(FANS)}
        # splayed left: each covered card's right edge, its bottom-right icon, beside the top card's right side
        assert fans["Engineering"] == [{"side": "right", "icons": 1, "seen": True}] * 3, (w.name, fans)
        # right: the left edges (top-left and bottom-left icons) on the left; up: the bottom rows, below
        assert fans["Mathematics"] == [{"side": "left", "icons": 2, "seen": True}] * 2, (w.name, fans)
        assert fans["Canning"] == [{"side": "below", "icons": 3, "seen": True}] * 4, (w.name, fans)
        if w.name == "desk":
            assert fans["Code of Laws"] == [{"side": "left", "icons": 2, "seen": True}] * 3, (w.name, fans)
        else:  # a phone's own pile card: the icons its splay reveals in a row under its top card
            shown = w.page.eval_on_selector_all(
                "#table .in-player.is-mine .in-purple .in-fan svg",
                "els => els.map(e => e.getBoundingClientRect()).filter(r => r.width >= 14 && r.height >= 14).length")
            assert shown == 6, shown
            assert w.page.inner_text("#table .in-player.is-mine .in-purple .in-depth") == "4 cards · splayed right"
        assert "Sailing" not in fans
        # a pile says how many cards it holds; an unsplayed pile of two shows the edge of the card under its top
        counts = w.page.eval_on_selector_all("#table .in-player[aria-label=ada] .in-depth",
                                             "els => els.map(e => e.textContent)")
        assert counts == ["4 cards · splayed left", "5 cards · splayed up", "2 cards", "3 cards · splayed right"], \
            (w.name, counts)
        edge = w.page.eval_on_selector("#table .in-player[aria-label=ada] .in-green .in-card",
                                       "el => getComputedStyle(el).boxShadow")
        assert edge != "none", "the covered card's edge shows under an unsplayed pile's top card"
    for w in watched:
        w.page.context.close()
        assert w.problems == []


@pytest.mark.browser
def test_tapping_a_special_achievement_says_what_it_needs_and_who_has_it(splayed_match, browser, daphne_servers):
    (server,) = daphne_servers(1)
    watched = open_pages(browser, server, *splayed_match)
    for w in watched:
        page = w.page
        specials = page.locator("#table .in-table .in-spec")
        assert specials.count() == 5, w.name
        page.click("#table .in-spec:has-text('Monument') summary")
        said = page.inner_text("#table .in-spec:has-text('Monument') .in-why")
        holder = "bea has it" if w.name == "desk" else "You have it"
        assert "tuck six cards" in said and holder in said, (w.name, said)
        page.keyboard.press("Escape")
        page.focus("#table .in-spec:has-text('World') summary")
        page.keyboard.press("Enter")
        said = page.inner_text("#table .in-spec:has-text('World') .in-why")
        assert "twelve" in said.lower() or "12" in said, (w.name, said)
        assert "nobody has it yet" in said.lower(), (w.name, said)
    for w in watched:
        w.page.context.close()
        assert w.problems == []


@pytest.mark.browser
def test_no_text_on_the_table_under_13px_card_text_14px_on_a_desk_and_no_title_cut_on_a_phone(
        splayed_match, browser, daphne_servers):
    (server,) = daphne_servers(1)
    desk, phone = open_pages(browser, server, *splayed_match)
    assert desk.page.evaluate(SMALL_TEXT, [13, 14]) == []
    assert phone.page.evaluate(SMALL_TEXT, [13, 13]) == []
    assert phone.page.evaluate(CUT_TITLES) == []
    # on the phone every top card opens to its whole text: one's own from Read, large; another's in place
    for i in range(phone.page.locator("#table .in-player.is-mine .in-pile .in-zoom").count()):
        phone.page.locator("#table .in-player.is-mine .in-pile .in-zoom").nth(i).click()
        big = phone.page.locator("#table .in-big:popover-open")
        assert big.locator(".in-eff").count() >= 1 and big.locator(".in-eff").last.is_visible()
        cut = big.evaluate("el => [...el.querySelectorAll('.in-dogma')]"
                           ".filter(d => d.scrollHeight > d.clientHeight + 1).map(d => d.textContent.slice(0, 40))")
        assert cut == [], "a card opened to read shows its whole text, not the board's two lines"
        big.locator(".in-close").click()
    others = phone.page.locator("#table .in-player:not(.is-mine) details.in-card")
    assert others.count() == 4
    for i in range(4):
        others.nth(i).locator("summary").click()
        assert others.nth(i).locator(".in-eff").last.is_visible()
    assert phone.page.evaluate(SMALL_TEXT, [13, 13]) == [] and phone.page.evaluate(CUT_TITLES) == []
    for w in (desk, phone):
        w.page.context.close()
        assert w.problems == []


# Where the desk draws each player's area and the achievements and supply, and what each icon count is named.
PLACES = """() => {
  const box = el => { const r = el.getBoundingClientRect(); return {top: r.top + scrollY, left: r.left, right: r.right,
    bottom: r.bottom + scrollY}; };
  return {mine: box(document.querySelector('#table .in-player.is-mine')),
    other: box(document.querySelector('#table .in-player:not(.is-mine)')),
    table: box(document.querySelector('#table .in-table')), screen: innerHeight,
    sideways: document.documentElement.scrollWidth - innerWidth,
    names: [...document.querySelectorAll('#table .in-player.is-mine .in-count')]
      .map(el => getComputedStyle(el, '::before').content)};
}"""


@pytest.mark.browser
def test_a_desk_shows_the_other_board_and_the_supply_beside_ones_own_and_names_each_icon_count(
        splayed_match, browser, daphne_servers):
    """Newcomer review (look 2 at a desk): the opponent's board and the supply were far below one's own board, and
    the row of icon counts said no icon's name. A desk lays them out as a table: the other player's board and the
    achievements and supply in a column beside one's own, its top in the first screen; each count names its icon."""
    (server,) = daphne_servers(1)
    desk, phone = open_pages(browser, server, *splayed_match)
    at = desk.page.evaluate(PLACES)
    assert at["other"]["left"] >= at["mine"]["right"] and abs(at["other"]["top"] - at["mine"]["top"]) < 2, at
    assert at["table"]["left"] >= at["mine"]["right"] and at["table"]["top"] >= at["other"]["bottom"], at
    assert at["other"]["top"] < at["screen"] / 2 and at["table"]["top"] < at["mine"]["bottom"], at
    assert desk.page.evaluate(CUT_TITLES) == []
    for w in (desk, phone):
        at = w.page.evaluate(PLACES)
        assert at["names"] == ['"Castle"', '"Crown"', '"Leaf"', '"Lightbulb"', '"Factory"', '"Clock"'], (w.name, at)
        assert at["sideways"] <= 0, (w.name, at)
    for w in (desk, phone):
        w.page.context.close()
        assert w.problems == []
