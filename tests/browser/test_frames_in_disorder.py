"""The match page behind a proxy that drops, duplicates and reorders the server's frames: it shows each version
at most once, never goes back, and ends on the server's state (it asks for what it missed)."""

import json
import random
from contextlib import ExitStack

import pytest
from django.db import connections
from websockets.sync.client import connect

from apps.matches.models import Match
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
    quarter held back until the next one has passed (reordered)."""

    def __init__(self, seed: int):
        self.rnd = random.Random(seed)
        self.held = None
        self.counts = {"dropped": 0, "doubled": 0, "reordered": 0, "passed": 0}

    def route(self, ws):
        server = ws.connect_to_server()
        ws.on_message(server.send)
        server.on_message(lambda message: self.from_server(ws, message))

    def from_server(self, ws, message):
        if json.loads(message).get("type") != "state":
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
                                                                    carol, monkeypatch):
    monkeypatch.setenv("CIVITAS_RESYNC_SECONDS", "1")
    (server,) = daphne_servers(1)
    cookies = {0: session_cookie(alice), 1: session_cookie(bob)}
    watcher_cookie = session_cookie(carol)
    match_id = duel.pk
    connections.close_all()
    proxy = DisorderlyProxy(seed=8)
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.add_cookies([{"name": "sessionid", "value": watcher_cookie, "url": server.url}])
    page = ctx.new_page()
    watched = Watchful(page, "watcher")
    page.add_init_script(RECORD_SHOWN)
    page.route_web_socket("**/ws/matches/**", proxy.route)
    page.goto(f"{server.url}/matches/{match_id}/")
    page.wait_for_selector("[data-conn]:has-text('Live')")

    with ExitStack() as stack:
        url = f"ws://127.0.0.1:{server.port}/ws/matches/{match_id}/?format=json"
        players = {seat: stack.enter_context(connect(url, origin=server.url, additional_headers={
            "Cookie": f"sessionid={cookie}"})) for seat, cookie in cookies.items()}
        chooser = random.Random(2)
        states = {seat: next_state(ws, -1) for seat, ws in players.items()}
        for _ in range(40):
            if states[0]["outcome"] is not None:
                break
            seat, version = states[0]["active"][0], states[0]["version"]
            players[seat].send(json.dumps({"type": "move", "move": chooser.choice(states[seat]["legal"]),
                                           "version": version}))
            states = {s: next_state(ws, version) for s, ws in players.items()}
    final = states[0]["version"]
    page.wait_for_function("v => Number(document.querySelector('[data-match]').dataset.version) === v",
                           arg=final, timeout=10000)
    shown = page.evaluate("window.__shown")
    ctx.close()
    try:
        assert Match.objects.get(pk=match_id).version == final
    finally:
        connections.close_all()
    print(f"\nproxy: {proxy.counts}; page showed {len(shown)} of {final + 1} versions, ending on {shown[-1]}")
    assert all(proxy.counts[k] > 0 for k in ("dropped", "doubled", "reordered")), proxy.counts
    assert shown == sorted(set(shown)), "no version shown twice, never an older one after a newer"
    assert shown[-1] == final
    assert watched.problems == []


def next_state(ws, after: int) -> dict:
    """The next state frame newer than ``after`` on a synchronous websocket, failing on an error frame."""
    while True:
        frame = json.loads(ws.recv(timeout=10))
        if frame["type"] == "error":
            raise AssertionError(frame)
        if frame["type"] == "state" and frame["version"] > after:
            return frame
