"""At a desk (1280 px) the log, "What happened", stands in the right-hand column under the chat, as on Board Game
Arena: beside the board and in the first screen, not at the bottom of the main column far below the board. It stays
inside #table (a patched region); only the page's layout moves it. For a seated player and for a watcher, every game.
"""

import pytest
from django.db import connections

from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_start_match
from apps.matches.engine import built_games
from apps.matches.models import MatchSeat
from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, Watchful
from tests.conftest import session_cookie

MOVES = 12


@pytest.fixture
def played(transactional_db, make_user):
    """A running match of every game with alice seated, after some moves (the bots played both seats)."""
    try:
        alice, carol = make_user("alice"), make_user("carol")
        running = {}
        for entry in built_games():
            match = do_start_match(entry.slug, [SeatSpec("alice", alice, bot="random"), SeatSpec("Bot", bot="random")],
                                   seed=11)
            for _ in range(MOVES):
                if not do_bot_move(match.pk):
                    break
            MatchSeat.objects.filter(match=match, user=alice).update(bot="")
            running[entry.slug] = match.pk
        return {"alice": session_cookie(alice), "carol": session_cookie(carol), "running": running}
    finally:
        connections.close_all()


def boxes(page) -> dict:
    return page.evaluate("""() => {
        const box = (el) => { const r = el.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top,
                                                                             bottom: r.bottom, height: r.height}; };
        const log = document.querySelector('#table [data-region="log"] .log');
        const list = log.querySelector('ol');
        return {log: box(log), board: box(document.querySelector('#table .board')),
                chats: box(document.querySelector('.match .chats')), list: box(list),
                scrolls: getComputedStyle(list).overflowY, lines: list.children.length,
                heading: log.querySelector('summary').textContent.trim(), open: log.open,
                viewport: innerHeight, scrolled: scrollY};
    }""")


@pytest.mark.browser
@pytest.mark.parametrize("who", ["alice", "carol"], ids=["player", "watcher"])
def test_the_log_stands_in_the_right_column_under_the_chat(played, browser, daphne_servers, who):
    (server,) = daphne_servers(1)
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.add_cookies([{"name": "sessionid", "value": played[who], "url": server.url}])
    watched = Watchful(ctx.new_page(), f"log-column-{who}")
    page = watched.page
    for slug, pk in played["running"].items():
        page.goto(f"{server.url}/matches/{pk}/")
        page.wait_for_selector("[data-conn]:has-text('Live')")
        page.screenshot(path=str(ARTIFACTS / f"log-column-{slug}-{who}.png"))
        got = boxes(page)
        assert got["lines"] > 0, slug  # a real table after some moves
        assert got["heading"] == "What happened" and got["open"], slug
        log, board, chats = got["log"], got["board"], got["chats"]
        assert log["left"] >= board["right"], (slug, log, board)  # beside the board, not under it
        # under the chat
        assert log["top"] >= chats["bottom"] - 1 and log["left"] >= chats["left"] - 1, (slug, log, chats)
        assert log["top"] + got["scrolled"] < got["viewport"] - 80, (slug, log)  # starts in the first screen
        assert got["scrolls"] == "auto" and got["list"]["height"] <= 0.7 * got["viewport"], (slug, got["list"])
    assert watched.problems == []
    ctx.close()
