"""What every drawn board's browser test shares: a two-person match, opening it at a width (with the rules at hand),
and the checks that a phone player can use it (no sideways scrolling, every target at least 44 x 44 px)."""

import random

from django.db import connections

from apps.lobbies import services as lobbies
from apps.matches.domain.deeds import SeatSpec, do_move, do_start_match
from apps.matches.engine import engine
from tests.browser.test_play_chronicle import DESKTOP, PHONE, Watchful, version_of, wait_for_version
from tests.conftest import session_cookie

# The targets (CSS selectors) that are shown and smaller than a thumb, with their names and sizes.
SMALL_TARGETS = """selectors => [...document.querySelectorAll(selectors)]
  .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .map(el => ({el, r: el.getBoundingClientRect()}))
  .filter(({r}) => r.width < 43.5 || r.height < 43.5)
  .map(({el, r}) => `${el.getAttribute('aria-label') || el.textContent.trim()}: ${r.width}x${r.height}`)"""
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
# The elements reaching past the right edge of the page, for the message of a failed check.
PAST_THE_EDGE = """() => [...document.querySelectorAll('body *')]
  .filter(el => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
  .slice(0, 5).map(el => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`)"""
FIRST_PAINT = "() => Math.round((performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? -1)"


def two_person_match(make_user, game: str) -> tuple[int, list[str]]:
    """A started match of ``game`` through a lobby, ada hosting in seat 0 and bea in seat 1, and their cookies."""
    try:
        ada, bea = make_user("ada"), make_user("bea")
        lobby = lobbies.create_lobby(ada, game, 2, True)
        lobbies.join(lobby.pk, bea)
        match = lobbies.start(lobby.pk, ada)
        return match.pk, [session_cookie(ada), session_cookie(bea)]
    finally:
        connections.close_all()


def seeded_match(make_user, game: str, seed: int, names: tuple[str, str] = ("ada", "bea")) -> tuple[int, list[str]]:
    """A match of ``game`` from ``seed`` (so a test can script its moves), ada in seat 0 and bea in seat 1 (or the
    people ``names`` names)."""
    try:
        ada, bea = make_user(names[0]), make_user(names[1])
        match = do_start_match(game, [SeatSpec(names[0], ada), SeatSpec(names[1], bea)], seed=seed)
        return match.pk, [session_cookie(ada), session_cookie(bea)]
    finally:
        connections.close_all()


def open_both(browser, server, match_id: int, cookies: list[str], motion: str | None = None) -> list[Watchful]:
    """Seat 0's page at desktop width and seat 1's on a phone, each with its first paint printed."""
    return [open_table(browser, server, match_id, cookie, size, name, motion)
            for cookie, size, name in ((cookies[0], DESKTOP, "desktop"), (cookies[1], PHONE, "phone"))]


def click(page, selector: str, pages, targets: str = "#table [data-move]") -> None:
    """Click a piece of the board on ``page`` and wait until every page shows the next version, and still fits."""
    version = version_of(page)
    page.click(selector)
    for other in pages:
        wait_for_version(other, version + 1)
        assert_fits_a_thumb(other, targets)


def open_table(browser, server, match_id: int, cookie: str, viewport: dict, name: str,
               motion: str | None = None) -> Watchful:
    """A player's page of the match at ``viewport``, live; a phone asks for reduced motion unless ``motion`` says."""
    motion = motion or ("reduce" if viewport == PHONE else "no-preference")
    ctx = browser.new_context(viewport=viewport, reduced_motion=motion)
    ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
    page = ctx.new_page()
    watched = Watchful(page, name)
    page.goto(f"{server.url}/matches/{match_id}/")
    page.wait_for_selector("[data-conn]:has-text('Live')")
    rules = page.query_selector("[data-rules-open]")
    assert rules is not None and rules.is_visible() and "/games/" in rules.get_attribute("href"), "the rules at hand"
    print(f"{name}: first contentful paint {page.evaluate(FIRST_PAINT)} ms")
    return watched


def assert_fits_a_thumb(page, targets: str = "#table [data-move], #table button") -> None:
    """Nothing scrolls the page sideways and every target matching ``targets`` is at least 44 x 44 px."""
    assert page.evaluate(OVERFLOW) <= 0, f"{page.url}: the page scrolls sideways: {page.evaluate(PAST_THE_EDGE)}"
    assert page.evaluate(SMALL_TARGETS, targets) == [], f"{page.url}: targets under 44 x 44 px"


def staged_by_bots(make_user, game: str, seed: int, reached,
                   names: tuple[str, str] = ("ada", "bea")) -> tuple[int, list[str], dict]:
    """A two-player match of ``game`` from ``seed`` (ada and bea, ``seeded_match``) played by the heuristic bots
    through the services until ``reached(state)`` holds; returns the match, the cookies and that state."""
    rules = engine(game)
    chooser = rules.bots()["heuristic"][1]
    rnd = random.Random(seed)
    state = rules.setup(2, seed)
    moves = []
    while not reached(state):
        assert rules.outcome(state) is None, "the game ended before the situation the test needs"
        seat = rules.active_seats(state)[0]
        move = chooser(rules, state, seat, rnd)
        moves.append((seat, move))
        state = rules.apply(state, seat, move)
    match_id, cookies = seeded_match(make_user, game, seed, names)
    try:
        for version, (seat, move) in enumerate(moves):
            assert do_move(match_id, seat, move, version).ok
    finally:
        connections.close_all()
    return match_id, cookies, state
