"""Two hundred random moves of every game, followed by a browser seat and a browser spectator through patches
(issue 41): at the end of each match, and after the two hundredth move, each page's table is the one a fresh page
load shows at the same version.

The moves go over JSON sockets of both seats (the pages only watch), so the pages apply every patch the server
sends, as a player's and a spectator's browser do; a match that ends before the two hundredth move is compared at
its end and followed by another of the same game."""

import difflib
import json
import random
import re

import pytest
from django.db import connections
from websockets.sync.client import connect

from apps.matches.domain.deeds import SeatSpec, do_start_match
from tests.browser.test_frames_in_disorder import next_state, wait_for_version
from tests.browser.test_play_chronicle import DESKTOP, Watchful
from tests.browser.test_table_patches import TABLE_AS_DRAWN
from tests.conftest import session_cookie

MOVES = 200
# The table as drawn, each element's attributes in one order: a morph adds an attribute an element gains after the
# ones it had, where a page load has the template's order, and the order means nothing to the page.
CANONICAL = f"""() => {{
  const drawn = ({TABLE_AS_DRAWN})();
  const holder = document.createElement("div");
  holder.innerHTML = drawn;
  holder.querySelectorAll("*").forEach((el) => {{
    const attrs = Array.from(el.attributes).map((a) => [a.name, a.value]).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    attrs.forEach(([name]) => el.removeAttribute(name));
    attrs.forEach(([name, value]) => el.setAttribute(name, value));
  }});
  return holder.innerHTML;
}}"""
# The rematch form's token is filled in when it is sent (match_end.js), and on a page load at once (site.js).
TOKEN = re.compile(r'(name="csrfmiddlewaretoken"[^>]*? value=")[^"]*"')
GAMES = ("chronicle", "innovation", "live_on", "stone_age", "origins")


def open_pages(browser, server, match_id: int, cookies: dict) -> tuple[dict, list]:
    pages, watched = {}, []
    for name in ("alice", "carol"):  # alice's seat, and carol watching
        ctx = browser.new_context(viewport=DESKTOP)
        ctx.add_cookies([{"name": "sessionid", "value": cookies[name], "url": server.url}])
        page = ctx.new_page()
        watched.append(Watchful(page, name))
        page.goto(f"{server.url}/matches/{match_id}/")
        page.wait_for_selector("[data-conn]:has-text('Live')")
        pages[name] = page
    return pages, watched


def assert_tables_equal_a_fresh_load(pages: dict, server, match_id: int, version: int, what: str) -> None:
    for name, page in pages.items():
        wait_for_version(page, version)
        page.wait_for_timeout(50)
        patched = TOKEN.sub(r'\1"', page.evaluate(CANONICAL))
        fresh = page.context.new_page()
        fresh.goto(f"{server.url}/matches/{match_id}/")
        wait_for_version(fresh, version)
        fresh.wait_for_timeout(50)
        loaded = TOKEN.sub(r'\1"', fresh.evaluate(CANONICAL))
        differ = "\n".join(difflib.unified_diff(loaded.splitlines(), patched.splitlines(), "fresh", "patched", n=1))
        assert patched == loaded, f"{what}: {name}'s patched table differs from a fresh load:\n{differ[:3000]}"
        fresh.close()


def play(match_id: int, server, cookies: dict, chooser: random.Random, moves: int) -> tuple[int, int]:
    """Random legal moves over both seats' JSON sockets until ``moves`` are made or the match ends: (made, version)."""
    url = f"ws://127.0.0.1:{server.port}/ws/matches/{match_id}/?format=json"
    hello = {"origin": server.url}
    with connect(url, additional_headers={"Cookie": f"sessionid={cookies['alice']}"}, **hello) as alice_ws, \
            connect(url, additional_headers={"Cookie": f"sessionid={cookies['bob']}"}, **hello) as bob_ws:
        sockets = [alice_ws, bob_ws]
        states = [next_state(ws, -1) for ws in sockets]
        made = 0
        while made < moves and states[0]["outcome"] is None:
            movers = [seat for seat in states[0]["active"] if states[seat]["legal"]]
            mover = chooser.choice(movers)
            version = states[mover]["version"]
            move = chooser.choice(states[mover]["legal"])
            sockets[mover].send(json.dumps({"type": "move", "move": move, "version": version, "id": f"v{version}"}))
            states = [next_state(ws, version) for ws in sockets]
            made += 1
        return made, states[0]["version"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", GAMES)
def test_two_hundred_patched_moves_equal_a_fresh_load(game, browser, daphne_servers, alice, bob, carol):
    (server,) = daphne_servers(1)
    cookies = {name: session_cookie(user) for name, user in (("alice", alice), ("bob", bob), ("carol", carol))}
    chooser = random.Random(f"patches-{game}")
    made, round_no = 0, 0
    while made < MOVES:
        match = do_start_match(game, [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=4100 + round_no)
        connections.close_all()
        pages, watched = open_pages(browser, server, match.pk, cookies)
        played, version = play(match.pk, server, cookies, chooser, MOVES - made)
        assert played, f"{game}: no move could be made"
        made += played
        assert_tables_equal_a_fresh_load(pages, server, match.pk, version, f"{game} after {made} moves")
        for page in pages.values():
            page.context.close()
        assert [(w.name, w.problems) for w in watched if w.problems] == []
        round_no += 1
