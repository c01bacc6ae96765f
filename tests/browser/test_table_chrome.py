"""The chrome shared by every table, as a player sees it: rules at hand, a finished match at rest, phone widths.

At 375 px no page scrolls sideways (a board that scrolls does so inside itself), and the shared controls (header
links, players bar, chat, replay, rules) are at least 44 × 44 px. Screenshots go to test-artifacts/.
"""

from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone

from apps.lobbies import services as lobbies
from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_start_match
from apps.matches.engine import built_games
from apps.matches.models import MatchSeat
from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, PHONE, Watchful
from tests.conftest import session_cookie

SHARED_CONTROLS = (".topbar a, .topbar button, .players button, [data-rules-open], [data-rules-close], "
                   ".chat-form button, .stepper a, .step-link button, .status .button")


@pytest.fixture
def tables(transactional_db, make_user):
    """A lobby, a running match of every game with alice seated, and a finished match whose bob went away."""
    try:
        alice, bob = make_user("alice"), make_user("bob")
        lobby = lobbies.create_lobby(alice, "stone_age", 3, is_public=True, name="Friday night")
        running = {entry.slug: do_start_match(entry.slug, [SeatSpec("alice", alice), SeatSpec("Bot", bot="random")],
                                              seed=7).pk for entry in built_games()}
        done = do_start_match("chronicle", [SeatSpec("alice", alice, bot="random"), SeatSpec("bob", bob, bot="random")],
                              seed=8)
        while do_bot_move(done.pk):
            pass
        MatchSeat.objects.filter(match=done).update(bot="", away_since=timezone.now() - timedelta(hours=1))
        return {"cookie": session_cookie(alice), "lobby": lobby.pk, "running": running, "done": done.pk}
    finally:
        connections.close_all()


def open_as_alice(browser, server, tables, viewport):
    ctx = browser.new_context(viewport=viewport)
    ctx.add_cookies([{"name": "sessionid", "value": tables["cookie"], "url": server.url}])
    return Watchful(ctx.new_page(), f"alice-{viewport['width']}")


def small_targets(page) -> list[str]:
    return page.evaluate("""selector => [...document.querySelectorAll(selector)]
        .filter((el) => el.offsetParent !== null)
        .map((el) => [el, el.getBoundingClientRect()])
        .filter(([el, box]) => box.width < 44 || box.height < 44)
        .map(([el, box]) => `${el.outerHTML.slice(0, 80)} ${Math.round(box.width)}x${Math.round(box.height)}`)""",
                         SHARED_CONTROLS)


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_rules_open_over_the_table_without_leaving_it(tables, browser, daphne_servers, viewport):
    (server,) = daphne_servers(1)
    watched = open_as_alice(browser, server, tables, viewport)
    page = watched.page
    for name, path in (("home", "/"), ("lobby", f"/lobbies/{tables['lobby']}/")):
        page.goto(server.url + path)
        page.screenshot(path=str(ARTIFACTS / f"{name}-{viewport['width']}.png"), full_page=True)
    url = f"{server.url}/matches/{tables['running']['chronicle']}/"
    page.goto(url)
    page.wait_for_selector("[data-conn]:has-text('Live')")
    page.evaluate("window.sameDocument = true")
    page.click("[data-rules-open]")
    page.wait_for_selector("[data-rules-dialog] [data-rules-body] .chronicle-rules")
    assert page.is_visible("[data-rules-dialog]") and page.url == url
    page.screenshot(path=str(ARTIFACTS / f"rules-panel-{viewport['width']}.png"))
    assert small_targets(page) == []
    page.click("[data-rules-close]")
    assert not page.is_visible("[data-rules-dialog]")
    assert page.evaluate("window.sameDocument") is True
    assert watched.problems == []


@pytest.mark.browser
def test_a_finished_match_says_game_over_and_marks_nobody_away(tables, browser, daphne_servers):
    (server,) = daphne_servers(1)
    watched = open_as_alice(browser, server, tables, DESKTOP)
    page = watched.page
    page.goto(f"{server.url}/matches/{tables['done']}/")
    page.wait_for_selector("[data-conn]:has-text('Game over')")
    page.wait_for_selector(".player.online")  # the presence frame came
    assert "Live" not in page.inner_text(".match-head")
    assert not page.is_visible(".players .away") and not page.is_visible("[data-vote-seat]")
    assert watched.problems == []


@pytest.mark.browser
def test_at_375_px_no_page_scrolls_sideways_and_shared_controls_are_44_px(tables, browser, daphne_servers):
    (server,) = daphne_servers(1)
    watched = open_as_alice(browser, server, tables, PHONE)
    page = watched.page
    pages = {"home": "/", "lobby": f"/lobbies/{tables['lobby']}/", "replay": f"/matches/{tables['done']}/replay/",
             **{f"rules-{entry.slug}": f"/games/{entry.slug}/" for entry in built_games()}}
    pages.update({f"match-{slug}": f"/matches/{pk}/" for slug, pk in tables["running"].items()})
    wide, small, talk_first = {}, {}, []
    for name, path in pages.items():
        page.goto(server.url + path)
        page.wait_for_load_state("networkidle")
        if page.evaluate("document.documentElement.scrollWidth") > PHONE["width"]:
            wide[name] = page.evaluate("document.documentElement.scrollWidth")
        if targets := small_targets(page):
            small[name] = targets
        # The table talk comes below the board in every game, or waits in the drawer (test_decision_in_reach.py).
        if name.startswith("match-") and page.is_visible(".chats"):
            chat_top = page.evaluate("document.querySelector('.chats').getBoundingClientRect().top")
            if chat_top < page.evaluate("document.querySelector('#table').getBoundingClientRect().bottom"):
                talk_first.append(name)
        page.screenshot(path=str(ARTIFACTS / f"phone-{name}.png"), full_page=True)
    assert talk_first == []
    assert wide == {}
    assert small == {}
    assert watched.problems == []
