"""Each game's ending in the browser, at 1280 and 375 px: the last move of a match (staged by the heuristic bots
through the site's move path) brings the result panel into view on both tables, saying why it ended, with the final
scores, each player's rating change in a rated game, and Rematch, Replay and the story or score sheet."""

import os
import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connections

from apps.matches.domain.deeds import SeatSpec, do_move, do_start_match
from apps.matches.engine import engine
from apps.matches.models import Match
from apps.ratings.models import RatingChange
from tests.browser.board_checks import assert_fits_a_thumb
from tests.browser.test_leaving_the_table import comes_into_view
from tests.conftest import session_cookie

SHOTS = os.environ.get("CIVITAS_SHOTS", "/work/shots/endings")
# Each game, its seed, and what its panel says of why it ended.
GAMES = [("chronicle", 4, "voted for the telling"), ("innovation", 4, "A card's dogma decided the winner."),
         ("live_on", 4, "buildings stood after"), ("stone_age", 4, "The game ended because"),
         ("origins", 4, "Every player took a final turn")]


def one_move_from_the_end(make_user, game: str, seed: int) -> tuple[int, list[str], tuple[int, dict]]:
    """A two-player match of ``game`` (ada and bea; rated unless co-operative) played by the heuristic bots up to
    its last move; the match, the players' cookies and that last move (seat, move)."""
    rules = engine(game)
    chooser = rules.bots()["heuristic"][1]
    rnd = random.Random(seed)
    state, moves = rules.setup(2, seed), []
    while True:
        seat = rules.active_seats(state)[0]
        move = chooser(rules, state, seat, rnd)
        moves.append((seat, move))
        state = rules.apply(state, seat, move)
        if rules.outcome(state) is not None:
            break
    try:
        ada, bea = make_user("ada"), make_user("bea")
        match = do_start_match(game, [SeatSpec("ada", ada), SeatSpec("bea", bea)], seed=seed,
                               rated=rules.slug != "live_on")
        for version, (seat, move) in enumerate(moves[:-1]):
            assert do_move(match.pk, seat, move, version).ok
        return match.pk, [session_cookie(ada), session_cookie(bea)], moves[-1]
    finally:
        connections.close_all()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("game", "seed", "why"), GAMES)
def test_the_last_move_brings_the_result_panel_into_view_with_why_scores_ratings_and_what_next(
        make_user, two_pages, game, seed, why):
    match_id, cookies, (seat, move) = one_move_from_the_end(make_user, game, seed)
    desktop, phone = two_pages(match_id, cookies)
    for page in (desktop, phone):
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # wherever the player was
    rated = elsewhere(lambda: last_move(match_id, seat, move))  # (Playwright's loop runs in this thread)
    assert rated == (game != "live_on")
    for page, width in ((desktop, 1280), (phone, 375)):
        page.wait_for_selector("[data-result-panel]")
        comes_into_view(page)
        text = page.inner_text("[data-result-panel]")
        assert why in text, text
        for link in ("Replay", "Rematch"):
            assert page.query_selector(f"[data-result-panel] >> text={link}") is not None, link
        assert page.query_selector("[data-result-panel] a[href$='/story/']") is not None
        assert ("Rating" in text) == rated
        assert_fits_a_thumb(page, "[data-result-panel] .result-actions a, [data-result-panel] button")
        shoot(page, f"{game}-result-{width}.png")


def last_move(match_id: int, seat: int, move: dict) -> bool:
    """Play the last move through the site's move path; whether it moved ratings."""
    try:
        assert do_move(match_id, seat, move, Match.objects.get(pk=match_id).version).ok
        return RatingChange.objects.filter(match_id=match_id).exists()
    finally:
        connections.close_all()


def elsewhere(work):
    """``work()`` run in a thread of its own (no event loop there), and its answer."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(work).result(timeout=60)


def shoot(page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, name))
