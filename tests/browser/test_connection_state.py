"""A match page whose socket stops answering (the network gone, the socket still open) says "Reconnecting…" within
5 s, from its own pings that got no answer; when the network is back it shows the moves it missed: on the same
socket after a short cut, on a new one after a long cut.

The network is cut between the page and the server by Playwright's websocket routing: the open socket passes
nothing either way, and a new one is refused as by a network that is down.
"""

import time

import pytest

from tests.browser.board_checks import seeded_match
from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, PHONE, Watchful, version_of, wait_for_version
from tests.browser.test_reconnect import RESTART, play_one_move, pump_until


class Network:
    """Between a page and the server: passes every frame both ways until ``cut``; then the open socket is silent
    both ways and new ones are refused, until ``restore``."""

    def __init__(self):
        self.up = True
        self.sockets = 0
        self.refused = 0

    def route(self, ws):
        if not self.up:
            self.refused += 1
            ws.close(code=RESTART)
            return
        self.sockets += 1
        server = ws.connect_to_server()
        ws.on_message(lambda message: self.up and server.send(message))
        server.on_message(lambda message: self.up and ws.send(message))

    def cut(self):
        self.up = False

    def restore(self):
        self.up = True


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_silent_socket_shows_reconnecting_within_5_s_and_catches_up_when_back(browser, daphne_servers, make_user,
                                                                                viewport):
    match_id, cookies = seeded_match(make_user, "chronicle", 20261122)  # ada (seat 0) and bea
    (server,) = daphne_servers(1)
    network = Network()
    ctx = browser.new_context(viewport=viewport)
    ctx.add_cookies([{"name": "sessionid", "value": cookies[0], "url": server.url}])
    page = ctx.new_page()
    watched = Watchful(page, f"ada-{viewport['width']}")
    page.route_web_socket("**/ws/matches/**", network.route)
    page.goto(f"{server.url}/matches/{match_id}/")
    page.wait_for_selector("[data-conn]:has-text('Live')")

    def cut_and_come_back(long: bool) -> float:
        """Cuts the network, plays a move meanwhile, restores it; the seconds until the page said Reconnecting."""
        shown = version_of(page)
        network.cut()
        cut_at = time.monotonic()
        page.wait_for_selector("[data-conn]:has-text('Reconnecting…')", timeout=5000)
        noticed = time.monotonic() - cut_at
        played = play_one_move(server, match_id, cookies)  # while the page cannot hear it
        assert version_of(page) == shown
        if long:  # until the page gives its silent socket up and tries a new one
            pump_until(page, lambda: network.refused >= 1, seconds=15)
        else:
            page.screenshot(path=str(ARTIFACTS / f"reconnecting-{viewport['width']}.png"))
        network.restore()
        wait_for_version(page, played)
        page.wait_for_selector("[data-conn]:has-text('Live')", timeout=10000)
        return noticed

    ARTIFACTS.mkdir(exist_ok=True)
    short = cut_and_come_back(long=False)
    assert network.sockets == 1, "after a short cut the same socket answers again, and the page catches up on it"
    long = cut_and_come_back(long=True)
    assert network.sockets == 2, "after a long cut, a new socket"
    ctx.close()
    print(f"\n'Reconnecting…' {short:.1f} s and {long:.1f} s after the cuts")
    assert watched.problems == []
