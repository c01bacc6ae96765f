"""Every page's socket goes through one helper (civitas.openSocket, static/civitas/site.js): after a drop it
comes back with a growing wait and catches up with what happened meanwhile, and after a close code that means it
would be refused again it stays away, each page saying why as it did before the helper."""

import json
import time
from itertools import pairwise
from urllib.parse import urlparse

import pytest
from django.db import connections
from websockets.sync.client import connect

from apps.lobbies import services as lobbies
from apps.matches.domain.deeds import SeatSpec, do_start_match
from tests.browser.test_play_chronicle import DESKTOP, Watchful
from tests.conftest import session_cookie

# When the page built each of its sockets and when each closed, so the test can read the waits in between.
RECORD_ATTEMPTS = """
(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      const path = new URL(url).pathname;
      window.__sockets.push([path, "built", performance.now()]);
      this.addEventListener("close", () => window.__sockets.push([path, "closed", performance.now()]));
    }
  };
})();
"""
RESTART = 1012  # "service restart": what a page sees when the server goes away under it


class Switchboard:
    """Between a page and the server: every socket is passed through and what the page sends is kept; on demand a
    socket is cut with a given close code, and while ``down`` new sockets are refused as by a server that is away."""

    def __init__(self):
        self.links = []  # (path, route, frames the page sent)
        self.refused = 0
        self.down = False

    def route(self, ws):
        if self.down:
            self.refused += 1
            ws.close(code=RESTART)
            return
        server = ws.connect_to_server()
        sent = []
        ws.on_message(lambda message: (sent.append(json.loads(message)), server.send(message)))
        self.links.append((urlparse(ws.url).path, ws, sent))

    def opened(self, path: str) -> list:
        return [link for link in self.links if link[0] == path]

    def cut(self, path: str, code: int) -> None:
        self.opened(path)[-1][1].close(code=code)  # the server's side is closed with it


def pump_until(page, condition, seconds: float = 10) -> None:
    """Give Playwright time (the switchboard's handlers only run inside its calls) until ``condition()`` holds."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        page.wait_for_timeout(25)


@pytest.fixture
def places(transactional_db, make_user):
    """A running Chronicle match between alice and bob, and a lobby alice hosts; made before the browser's loop."""
    try:
        alice, bob = make_user("alice"), make_user("bob")
        match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=20261122)
        lobby = lobbies.create_lobby(alice, "stone_age", 3, is_public=True, name="Friday night")
        return {"cookies": [session_cookie(alice), session_cookie(bob)], "match": match.pk, "lobby": lobby.pk}
    finally:
        connections.close_all()


def open_page(browser, server, cookie: str, path: str, board: Switchboard) -> Watchful:
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
    page = ctx.new_page()
    page.route_web_socket("**/ws/**", board.route)
    page.add_init_script(RECORD_ATTEMPTS)  # after the route's own stand-in for WebSocket, so it sees every attempt
    page.goto(server.url + path)
    return Watchful(page, path)


def play_one_move(server, match_id: int, cookies: list[str]) -> int:
    """The seat whose turn it is plays its first legal move, straight to the server; answers the new version."""
    url = f"ws://127.0.0.1:{server.port}/ws/matches/{match_id}/?format=json"
    headers = [{"Cookie": f"sessionid={cookie}"} for cookie in cookies]
    with connect(url, origin=server.url, additional_headers=headers[0]) as first:
        state = json.loads(first.recv(timeout=10))
        seat = state["active"][0]
        with connect(url, origin=server.url, additional_headers=headers[seat]) as ws:
            json.loads(ws.recv(timeout=10))
            ws.send(json.dumps({"type": "move", "move": state["legal"][0], "version": state["version"]}))
            while True:
                frame = json.loads(ws.recv(timeout=10))
                assert frame["type"] != "error", frame
                if frame["type"] == "state" and frame["version"] > state["version"]:
                    return frame["version"]


@pytest.mark.browser
def test_a_match_page_cut_off_comes_back_with_growing_waits_and_catches_up(browser, daphne_servers, places):
    (server,) = daphne_servers(1)
    board = Switchboard()
    path = f"/matches/{places['match']}/"
    socket_path = f"/ws/matches/{places['match']}/"
    watched = open_page(browser, server, places["cookies"][0], path, board)
    page = watched.page
    page.wait_for_selector("[data-conn]:has-text('Live')")
    shown = int(page.get_attribute("[data-match]", "data-version"))

    board.down = True
    board.cut(socket_path, RESTART)
    page.wait_for_selector("[data-conn]:has-text('Reconnecting…')")
    played = [play_one_move(server, places["match"], places["cookies"]) for _ in range(2)]  # while it is away
    pump_until(page, lambda: board.refused >= 4)
    board.down = False
    page.wait_for_function("v => Number(document.querySelector('[data-match]').dataset.version) === v",
                           arg=played[-1], timeout=15000)
    page.wait_for_selector("[data-conn]:has-text('Live')")

    events = [(kind, at) for at_path, kind, at in page.evaluate("window.__sockets") if at_path == socket_path]
    waits = [round(later[1] - earlier[1]) for earlier, later in pairwise(events)
             if (earlier[0], later[0]) == ("closed", "built")]
    watched.page.context.close()
    print(f"\nwaits after each close: {waits} ms")
    assert played[-1] > shown
    assert len(board.opened(socket_path)) == 2, "one socket before the cut, one after"
    assert len(waits) == board.refused + 1 >= 5, waits
    # 250 ms, doubled after each refused attempt (a timer may fire a little early or, on a busy machine, late)
    assert all(250 * 2 ** n - 5 <= wait < 250 * 2 ** n + 750 for n, wait in enumerate(waits[:5])), waits
    assert watched.problems == []


# (page, the socket cut, close code, whether the page comes back, what its status says afterwards; None: the page
# has no status of its own)
CASES = [
    ("match", "match", RESTART, True, "Live"),
    ("match", "match", 4429, True, "Live"),
    ("match", "match", 4430, True, "Live"),
    ("match", "match", 4401, True, "Live"),
    ("match", "match", 4403, False, "Live"),
    ("match", "match", 4404, False, "This match does not exist."),
    ("lobby", "lobby", RESTART, True, "Live"),
    ("lobby", "lobby", 4429, True, "Live"),
    ("lobby", "lobby", 4401, False, "Live"),
    ("lobby", "lobby", 4403, False, "Live"),
    ("lobby", "lobby", 4404, False, "This lobby is gone."),
    ("lobby", "lobby", 4410, False, "The invite link was replaced; this lobby is closed to you."),
    ("home", "me", RESTART, True, None),
    ("home", "me", 4429, False, None),
    ("home", "me", 4430, False, None),
    ("home", "me", 4401, False, None),
]


def cut_open(browser, server, cookie: str, path: str, socket_path: str, code: int
             ) -> tuple[Watchful, Switchboard, str, bool]:
    """Opens ``path`` and, once its socket at ``socket_path`` is live, cuts it with ``code``."""
    board = Switchboard()
    watched = open_page(browser, server, cookie, path, board)
    page = watched.page
    has_status = page.query_selector("[data-conn]") is not None
    pump_until(page, lambda: board.opened(socket_path))
    if has_status:
        page.wait_for_selector("[data-conn]:has-text('Live')")
    board.cut(socket_path, code)
    return watched, board, socket_path, has_status


def after_the_cut(watched: Watchful, board: Switchboard, socket_path: str, has_status: bool) -> tuple:
    """For a page cut by ``cut_open`` at least six times the first wait ago: whether it came back, what its status
    says then (None on a page without one), how many sync frames it sent on its last socket, and the problems it
    logged."""
    page = watched.page
    links = board.opened(socket_path)
    came_back = len(links) == 2
    if came_back and has_status:
        page.wait_for_selector("[data-conn]:has-text('Live')")
    status = page.inner_text("[data-conn]") if has_status else None
    synced = [frame.get("type") for frame in links[-1][2]].count("sync")
    page.context.close()
    return came_back, status, synced, watched.problems


@pytest.mark.browser
def test_each_page_stays_away_after_the_codes_that_would_be_refused_again(browser, daphne_servers, places):
    (server,) = daphne_servers(1)
    paths = {"match": f"/matches/{places['match']}/", "lobby": f"/lobbies/{places['lobby']}/", "home": "/"}
    sockets = {"match": f"/ws/matches/{places['match']}/", "lobby": f"/ws/lobbies/{places['lobby']}/",
               "me": "/ws/me/"}
    # Every case's page is open at once, each cut as soon as it is live; they wait out the same 1.5 s together.
    cut = [cut_open(browser, server, places["cookies"][0], paths[page_name], sockets[socket_name], code)
           for page_name, socket_name, code, _, _ in CASES]
    cut[-1][0].page.wait_for_timeout(1500)
    seen, problems, lobby_syncs = [], [], []
    for (page_name, socket_name, code, _, _), one in zip(CASES, cut, strict=True):
        came_back, status, synced, logged = after_the_cut(*one)
        seen.append((page_name, socket_name, code, came_back, status))
        problems += logged
        if page_name == "lobby":
            lobby_syncs.append(synced)
    assert seen == CASES
    assert all(lobby_syncs), "a lobby asks for the seats on every connection, the first and any after a cut"
    assert problems == []
