"""A part a patch keeps (``<template data-keep>``, ``apps/matches/live/regions.py``) is the page's own element, left
where it is while what is around it changes (match.js, applyPatch): after each patch it is the same element as
before, in the page and in the page's document, a control focused in it keeps the focus, and a Playwright handle to
it can still be read ("Unable to adopt element handle from a different document" when it passed through a parsed
fragment's document and stayed there).

A seat's page follows random moves of each game made over both seats' JSON sockets; before each move the page
notes its parts (and focuses a control in one), and after the patch every part the patch kept is checked."""

import json
import random
import re
from collections import Counter

import pytest
from django.db import connections
from websockets.sync.client import connect

from apps.matches.domain.deeds import SeatSpec, do_start_match
from tests.browser.test_frames_in_disorder import next_state, wait_for_version
from tests.browser.test_play_chronicle import DESKTOP, Watchful
from tests.browser.test_table_patches_every_game import GAMES
from tests.conftest import session_cookie

MOVES = 30
KEEP = re.compile(r'data-keep="([^"]+)"')

# Before a move: the table's parts by id, and a control focused: one in the part patches kept most often so far (ids,
# most kept first), else the table's last.
NOTE = """(ids) => {
  const table = document.getElementById("table");
  window.__parts = new Map([...table.querySelectorAll("[data-part]")].map((el) => [el.dataset.part, el]));
  const focusable = "button:not([disabled]), a[href], summary, [tabindex]";
  const controls = [...table.querySelectorAll("[data-part] :is(" + focusable + ")")];
  const inKept = ids.map((id) => controls.find((el) => el.closest("[data-part]").dataset.part === id)).find(Boolean);
  window.__focused = inKept || controls[controls.length - 1] || null;
  if (window.__focused) window.__focused.focus({ preventScroll: true });
  return window.__focused && document.activeElement === window.__focused
    ? window.__focused.closest("[data-part]").dataset.part : null;
}"""
# After the patch: how each kept part stands.
KEPT = """(ids) => {
  const table = document.getElementById("table");
  const strays = [...table.querySelectorAll("*")].filter((el) => el.ownerDocument !== document).length;
  const parts = ids.filter((id) => window.__parts.has(id)).map((id) => {
    const before = window.__parts.get(id);
    const now = table.querySelector('[data-part="' + CSS.escape(id) + '"]');
    return [id, now === before, before.isConnected, before.ownerDocument === document, table.contains(before)];
  });
  return { strays: strays, parts: parts, focused: document.activeElement === window.__focused };
}"""


class Keeps:
    """Passes a page's socket through, noting each patch's kept part ids by version."""

    def __init__(self):
        self.by_version: dict[int, set[str]] = {}

    def route(self, ws):
        server = ws.connect_to_server()
        ws.on_message(server.send)
        server.on_message(lambda message: self.from_server(ws, message))

    def from_server(self, ws, message):
        frame = json.loads(message)
        if frame.get("type") == "patch":
            html = "".join([*frame.get("regions", {}).values(), *frame.get("parts", {}).values()])
            self.by_version[frame["version"]] = set(KEEP.findall(html))
        ws.send(message)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", GAMES)
def test_kept_parts_stay_the_pages_own_elements(game, browser, daphne_servers, alice, bob):
    (server,) = daphne_servers(1)
    cookies = {"alice": session_cookie(alice), "bob": session_cookie(bob)}
    match = do_start_match(game, [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=4242)
    connections.close_all()
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.add_cookies([{"name": "sessionid", "value": cookies["alice"], "url": server.url}])
    page = ctx.new_page()
    watched = Watchful(page, "alice")
    keeps = Keeps()
    page.route_web_socket("**/ws/matches/**", keeps.route)
    page.goto(f"{server.url}/matches/{match.pk}/")
    page.wait_for_selector("[data-conn]:has-text('Live')")

    chooser = random.Random(f"kept-{game}")
    url = f"ws://127.0.0.1:{server.port}/ws/matches/{match.pk}/?format=json"
    wrong, checked, focus_checked = [], 0, 0
    with connect(url, additional_headers={"Cookie": f"sessionid={cookies['alice']}"}, origin=server.url) as alice_ws, \
            connect(url, additional_headers={"Cookie": f"sessionid={cookies['bob']}"}, origin=server.url) as bob_ws:
        sockets = [alice_ws, bob_ws]
        states = [next_state(ws, -1) for ws in sockets]
        for _ in range(MOVES):
            if states[0]["outcome"] is not None:
                break
            version = states[0]["version"]
            wait_for_version(page, version)
            often = Counter(part for kept in keeps.by_version.values() for part in kept)
            focused_part = page.evaluate(NOTE, [part for part, _ in often.most_common()])
            mover = chooser.choice([seat for seat in states[0]["active"] if states[seat]["legal"]])
            move = chooser.choice(states[mover]["legal"])
            sockets[mover].send(json.dumps({"type": "move", "move": move, "version": version, "id": f"k{version}"}))
            states = [next_state(ws, version, page) for ws in sockets]
            after = states[0]["version"]
            wait_for_version(page, after)
            kept = sorted(keeps.by_version.get(after, ()))
            if not kept:
                continue
            seen = page.evaluate(KEPT, kept)
            if seen["strays"]:
                wrong.append(f"v{after}: {seen['strays']} elements of the table in another document")
            for part_id, same, connected, own_document, in_table in seen["parts"]:
                checked += 1
                # A handle to the element the page had before the patch, read through Playwright's own world (a
                # read that waits, bounded: one of an element left in another document never answers).
                handle = page.evaluate_handle("id => window.__parts.get(id)", part_id).as_element()
                try:
                    handle.wait_for_element_state("stable", timeout=3000)
                    read = "read"
                except Exception as exc:  # noqa: BLE001 - Playwright's error is the finding
                    read = str(exc).splitlines()[0]
                handle.dispose()
                if not (same and connected and own_document and in_table and read == "read"):
                    wrong.append(f"v{after}: kept {part_id}: the page's element {same=} {connected=} "
                                 f"{own_document=} {in_table=}, a handle read: {read}")
            if focused_part in kept:
                focus_checked += 1
                if not seen["focused"]:
                    wrong.append(f"v{after}: the control focused in kept {focused_part} lost the focus")
    ctx.close()
    assert checked, f"{game}: no patch kept a part the page had"
    assert wrong == [], f"{game}: {len(wrong)} of {checked} kept parts ({focus_checked} focused):\n" + "\n".join(
        wrong[:20])
    assert watched.problems == []
