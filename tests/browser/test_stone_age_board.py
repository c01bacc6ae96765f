"""Stone Age's drawn board, played by clicking it: one player at desktop width, the other on a phone.

Each state both pages show has no horizontal scrolling and every clickable piece is at least 44 x 44 px; after
each move the other player's page marks what it changed (the figures placed, the dice rolled). Screenshots of
every width are saved in test-artifacts/stone-age-board/.
"""

import json

import pytest
from django.db import connections

from apps.matches.models import Match
from tests.browser.board_checks import FIRST_PAINT, assert_fits_a_thumb, click, open_table, seeded_match
from tests.browser.test_play_chronicle import ARTIFACTS, PHONE

SHOTS = ARTIFACTS / "stone-age-board"


@pytest.fixture
def two_players(transactional_db, make_user):
    """A running two-player Stone Age match (ada in seat 0, the start player; bea in seat 1) and their cookies."""
    return seeded_match(make_user, "stone_age", 20261123)


def place(page, where, pages):
    """Place people by tapping a place, then the largest number offered on it (if it asks)."""
    click(page, f"#table .sa-place.at-{where}.is-choosable", pages)
    counts = page.query_selector_all(f"#table .sa-place.at-{where}.is-asking .sa-count")
    n = 1
    if counts:
        n = len(counts)
        page.screenshot(path=str(SHOTS / f"{page.viewport_size['width']}px-choose-how-many.png"), full_page=True)
        click(page, f"#table .at-{where}.is-asking .sa-count >> nth={n - 1}", pages)
    return n


@pytest.mark.browser
def test_two_players_place_and_roll_by_tapping_the_drawn_board_on_a_desktop_and_a_phone(
        two_players, two_pages):
    match_id, (ada_cookie, bea_cookie) = two_players
    SHOTS.mkdir(parents=True, exist_ok=True)
    a, b = pages = two_pages(match_id, [ada_cookie, bea_cookie])
    for page in pages:
        assert_fits_a_thumb(page, "#table [data-move]")
        assert page.query_selector_all("#table .sa-place .sa-free"), "the places are drawn with their rings"

    # Ada (desktop) taps the forest and chooses how many; Bea's phone marks the forest and Ada's new figures.
    n = place(a, "forest", pages)
    assert b.query_selector("#table .sa-place.at-forest.is-changed")
    assert b.query_selector(f"#table .at-forest .sa-figs.seat-0.n-{n}.is-new"), f"{n} new figures of Ada's"
    assert b.query_selector("#table .sa-board.seat-0 .is-people.is-changed"), "Ada's people at home changed"
    assert not b.query_selector("#table .sa-place.at-hunting.is-changed"), "only what the move changed is marked"

    # Bea (phone) sends her whole tribe hunting; Ada's page marks the hunting grounds and Bea's figures.
    m = place(b, "hunting", pages)
    assert a.query_selector(f"#table .at-hunting .sa-figs.seat-1.n-{m}.is-new"), f"{m} new figures of Bea's"
    assert not a.query_selector("#table .sa-place.at-forest.is-changed"), "the older move is no longer marked"
    marked = a.query_selector("#table .sa-place.at-hunting.is-changed")
    assert marked.evaluate("el => getComputedStyle(el).animationName") != "none", "a mark animates on the desktop"

    # Ada places the rest of her people until the actions begin, then uses a gathering place: the dice are drawn.
    while free := a.query_selector("#table .sa-place.is-choosable[data-move*='\"place\"']"):
        place(a, json.loads(free.get_attribute("data-move"))["where"], pages)
    for page in pages:
        page.screenshot(path=str(SHOTS / f"{page.viewport_size['width']}px-placed.png"), full_page=True)
    click(a, "#table .sa-place.at-forest.is-choosable", pages)
    while a.query_selector("#table .sa-decision.is-mine [data-move*='\"take\"']"):
        click(a, "#table [data-move*='\"take\"']", pages)
    tray = b.query_selector("#table .sa-tray.is-changed")
    assert tray, "the roll just made is marked on the other page"
    assert len(tray.query_selector_all(".sa-die")) == n, "one drawn die per person in the forest"
    assert "forest" in b.get_attribute("#table .sa-tray .sa-roll", "aria-label") or \
        "wood" in b.get_attribute("#table .sa-tray .sa-roll", "aria-label")
    assert b.query_selector("#table .sa-board.seat-0 .sa-stat.is-changed"), "Ada's new wood is marked"
    assert tray.evaluate("el => getComputedStyle(el).animationName") == "none", "no motion for who asks for none"
    for page in pages:
        page.screenshot(path=str(SHOTS / f"{page.viewport_size['width']}px-after-a-roll.png"), full_page=True)

    for page in pages:  # a warm server: the figure a player opening a running match sees
        page.reload()
        page.wait_for_selector("[data-conn]:has-text('Live')")
        print(f"{page.viewport_size['width']} px, reloaded: first contentful paint {page.evaluate(FIRST_PAINT)} ms")
    try:
        assert Match.objects.get(pk=match_id).status == Match.Status.RUNNING
    finally:
        connections.close_all()


@pytest.mark.browser
def test_a_hungry_tribes_decision_bar_stays_compact_on_a_phone(two_players, browser, daphne_servers):
    """At 375 x 812 px, the sticky bar (prompt, the stock, a feeding warning) takes at most 30% of the screen;
    the warning is one line there and its details stay on the player's board below."""
    match_id, (ada_cookie, _) = two_players
    try:
        match = Match.objects.get(pk=match_id)
        match.state["seats"][0]["food"] = 0
        match.save(update_fields=["state"])
    finally:
        connections.close_all()
    (server,) = daphne_servers(1)
    watched = open_table(browser, server, match_id, ada_cookie, PHONE, "phone")
    page = watched.page
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "375px-hungry-bar.png"))
    bar = page.eval_on_selector("#table .decision", "el => el.getBoundingClientRect().height")
    assert bar <= 0.30 * 812, f"the decision bar is {bar:.0f} px tall"
    warning = page.query_selector("#table .decision .sa-own-feeding")
    assert warning and "short" in warning.inner_text()
    assert warning.evaluate("el => el.getBoundingClientRect().height") < 24, "the bar's warning is one line"
    assert "lose 10 points" in page.inner_text("#table .sa-board.seat-0 .sa-feeding"), "details on the board"
    watched.page.context.close()
    assert watched.problems == []
