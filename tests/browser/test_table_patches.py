"""A browser seat and a browser spectator follow a match by patches (only the table's regions that changed,
``apps/matches/live/regions.py``): after a run of random moves, and one patch lost on the way (the page then asks
for the whole table), each table is the one a fresh page load shows at the same version."""

import json
import random

import pytest
from django.db import connections
from websockets.sync.client import connect

from tests.browser.test_frames_in_disorder import next_state, wait_for_version
from tests.browser.test_play_chronicle import DESKTOP, Watchful
from tests.conftest import session_cookie

MOVES = 14

# The table as the server drew it: the glossary's marks (glossary.js, after each frame) taken off, since a fresh
# page marks once and a patched one again and again.
TABLE_AS_DRAWN = """() => {
  const t = document.getElementById("table").cloneNode(true);
  t.querySelectorAll(".gloss-word").forEach((el) => el.replaceWith(...el.childNodes));
  t.querySelectorAll(".gloss-term, .gloss-tap").forEach((el) => {
    el.classList.remove("gloss-term", "gloss-tap");
    el.removeAttribute("tabindex");
    if (!el.classList.length) el.removeAttribute("class");
  });
  t.normalize();
  return t.innerHTML.trim(); // (a page load has the template's indentation around the table)
}"""


class Wire:
    """Passes a page's socket through, counting the server's frames by type, dropping the one patch numbered
    ``drop`` (so the page is left behind) and recording the frames the page sends."""

    def __init__(self, drop: int):
        self.drop, self.patches, self.kinds, self.sent = drop, 0, [], []

    def route(self, ws):
        server = ws.connect_to_server()
        ws.on_message(lambda message: (self.sent.append(json.loads(message)), server.send(message)))
        server.on_message(lambda message: self.from_server(ws, message))

    def from_server(self, ws, message):
        kind = json.loads(message).get("type")
        if kind in ("state", "patch"):
            self.kinds.append(kind)
        if kind == "patch":
            self.patches += 1
            if self.patches == self.drop:
                return
        ws.send(message)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_patched_tables_equal_a_fresh_load_for_a_seat_and_a_spectator(browser, daphne_servers, duel, alice, bob,
                                                                      carol):
    (server,) = daphne_servers(1)
    cookies = {name: session_cookie(user) for name, user in (("alice", alice), ("bob", bob), ("carol", carol))}
    match_id = duel.pk
    connections.close_all()
    pages, wires, watched = {}, {}, []
    for name in ("alice", "carol"):
        ctx = browser.new_context(viewport=DESKTOP)
        ctx.add_cookies([{"name": "sessionid", "value": cookies[name], "url": server.url}])
        page = ctx.new_page()
        watched.append(Watchful(page, name))
        wires[name] = Wire(drop=4 if name == "alice" else 6)
        page.route_web_socket("**/ws/matches/**", wires[name].route)
        page.goto(f"{server.url}/matches/{match_id}/")
        page.wait_for_selector("[data-conn]:has-text('Live')")
        pages[name] = page

    url = f"ws://127.0.0.1:{server.port}/ws/matches/{match_id}/?format=json"
    chooser = random.Random(41)
    hello = {"origin": server.url}
    with connect(url, additional_headers={"Cookie": f"sessionid={cookies['alice']}"}, **hello) as alice_ws, \
            connect(url, additional_headers={"Cookie": f"sessionid={cookies['bob']}"}, **hello) as bob_ws:
        sockets = [alice_ws, bob_ws]
        states = [next_state(ws, -1) for ws in sockets]
        for _ in range(MOVES):
            state = states[0]
            if state["outcome"] is not None:
                break
            mover = state["active"][0]
            version = state["version"]
            move = chooser.choice(states[mover]["legal"])
            sockets[mover].send(json.dumps({"type": "move", "move": move, "version": version, "id": f"v{version}"}))
            states = [next_state(ws, version, pages["alice"]) for ws in sockets]
    final = states[0]["version"]
    for name, page in pages.items():
        wait_for_version(page, final)
        page.wait_for_timeout(100)
        patched = page.evaluate(TABLE_AS_DRAWN)
        fresh = page.context.new_page()
        fresh.goto(f"{server.url}/matches/{match_id}/")
        fresh.wait_for_selector("[data-conn]:has-text('Live')")
        assert patched == fresh.evaluate(TABLE_AS_DRAWN), f"{name}'s patched table differs from a fresh load"
        wire = wires[name]
        assert wire.kinds.count("patch") >= MOVES - 1, wire.kinds
        assert {"type": "sync"} in wire.sent, "a page that missed a patch asks for the whole table"
        assert wire.kinds[0] == "state" and wire.kinds.count("state") >= 2, wire.kinds  # on connecting, after the gap
    for page in pages.values():
        page.context.close()
    assert [(w.name, w.problems) for w in watched if w.problems] == []
