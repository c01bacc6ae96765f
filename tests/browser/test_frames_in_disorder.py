"""A player's match page behind a proxy that drops, duplicates and reorders frames both ways: it shows each version
at most once, never goes back, ends on the server's state (it asks for what it missed), and a click whose frame
was lost is sent again and applied once."""

import json
import random
import time

import pytest
from django.db import connections
from websockets.sync.client import connect

from apps.matches.models import MoveLog
from tests.browser.test_play_chronicle import DESKTOP, Watchful
from tests.conftest import session_cookie

RECORD_SHOWN = """
document.addEventListener("DOMContentLoaded", () => {
  const root = document.querySelector("[data-match]");
  window.__shown = [Number(root.dataset.version)];
  new MutationObserver(() => window.__shown.push(Number(root.dataset.version)))
    .observe(root, {attributes: true, attributeFilter: ["data-version"]});
});
"""


class DisorderlyProxy:
    """Between page and server: of the server's state frames, a quarter are dropped, a quarter sent twice and a
    quarter held back until the next one has passed (reordered); of the page's move frames, every third is dropped
    and the one after it sent twice."""

    def __init__(self, seed: int):
        self.rnd = random.Random(seed)
        self.held = None
        self.moves = 0
        self.counts = {"dropped": 0, "doubled": 0, "reordered": 0, "passed": 0, "moves dropped": 0,
                       "moves doubled": 0}

    def route(self, ws):
        server = ws.connect_to_server()
        ws.on_message(lambda message: self.from_page(server, message))
        server.on_message(lambda message: self.from_server(ws, message))

    def from_page(self, server, message):
        if json.loads(message).get("type") != "move":
            return server.send(message)
        self.moves += 1
        if self.moves % 3 == 1:  # the first, fourth... move frame is lost; the page sends it again
            self.counts["moves dropped"] += 1
            return
        server.send(message)
        if self.moves % 3 == 2:
            self.counts["moves doubled"] += 1
            server.send(message)

    def from_server(self, ws, message):
        if json.loads(message).get("type") not in ("state", "patch"):  # a patch missed: the page asks for the table
            return ws.send(message)
        held, self.held = self.held, None
        fate = self.rnd.random()
        if fate < 0.25:
            self.counts["dropped"] += 1
        elif fate < 0.5:
            self.counts["doubled"] += 1
            ws.send(message)
            ws.send(message)
        elif fate < 0.75 and held is None:
            self.counts["reordered"] += 1
            self.held = message
        else:
            self.counts["passed"] += 1
            ws.send(message)
        if held is not None:
            ws.send(held)  # the earlier frame arrives after a later one


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_page_behind_a_disorderly_proxy_ends_on_the_servers_state(browser, daphne_servers, duel, alice, bob,
                                                                    monkeypatch):
    monkeypatch.setenv("CIVITAS_RESYNC_SECONDS", "1")
    (server,) = daphne_servers(1)
    alice_cookie, bob_cookie = session_cookie(alice), session_cookie(bob)
    match_id = duel.pk
    connections.close_all()
    proxy = DisorderlyProxy(seed=8)
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.add_cookies([{"name": "sessionid", "value": alice_cookie, "url": server.url}])
    page = ctx.new_page()
    watched = Watchful(page, "alice")
    page.add_init_script(RECORD_SHOWN)
    page.route_web_socket("**/ws/matches/**", proxy.route)
    page.goto(f"{server.url}/matches/{match_id}/")
    page.wait_for_selector("[data-conn]:has-text('Live')")

    url = f"ws://127.0.0.1:{server.port}/ws/matches/{match_id}/?format=json"
    chooser = random.Random(2)
    clicks = 0
    with connect(url, origin=server.url, additional_headers={"Cookie": f"sessionid={bob_cookie}"}) as bob_ws:
        state = next_state(bob_ws, -1)  # Bob plays from Python, straight to the server; Alice clicks
        while state["outcome"] is None and clicks < 12:
            version = state["version"]
            if state["active"][0] == 1:
                bob_ws.send(json.dumps({"type": "move", "move": chooser.choice(state["legal"]), "version": version}))
            else:
                wait_for_version(page, version)
                chooser.choice(page.query_selector_all("#table [data-move]")).click()
                clicks += 1
            state = next_state(bob_ws, version, page)
    final = state["version"]
    wait_for_version(page, final)
    shown = page.evaluate("window.__shown")
    ctx.close()
    try:
        logged = list(MoveLog.objects.filter(match_id=match_id).order_by("version").values_list("version", flat=True))
    finally:
        connections.close_all()
    print(f"\nproxy: {proxy.counts}; {clicks} clicks; page showed {len(shown)} of {final + 1} versions")
    assert logged == list(range(1, final + 1)), "every move applied once"
    assert all(proxy.counts[k] > 0 for k in proxy.counts), proxy.counts
    assert shown == sorted(set(shown)), "no version shown twice, never an older one after a newer"
    assert shown[-1] == final
    assert watched.problems == []


def wait_for_version(page, version: int) -> None:
    page.wait_for_function("v => Number(document.querySelector('[data-match]').dataset.version) === v",
                           arg=version, timeout=30000)


def next_state(ws, after: int, page=None) -> dict:
    """The next state frame newer than ``after`` on a synchronous websocket, failing on an error frame. While it
    waits, Playwright is given time to run: the proxy's handlers only run inside Playwright calls."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            frame = json.loads(ws.recv(timeout=0.05))
        except TimeoutError:
            if page is not None:
                page.wait_for_timeout(20)
            continue
        if frame["type"] == "error":
            raise AssertionError(frame)
        if frame["type"] == "state" and frame["version"] > after:
            return frame
    raise AssertionError(f"no state newer than {after} within 20 s")
