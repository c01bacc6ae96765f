"""A player who clicks through a run of their own moves, each answered by a patch, can click again after every one:
the controls a patch leaves as they were must not stay marked as waiting (they take no clicks), which is what a
Stone Age player saw when resolving their places one after another."""

import json
import random

import pytest
from django.db import connections
from websockets.sync.client import connect

from apps.matches.domain.deeds import SeatSpec, do_start_match
from tests.browser.test_frames_in_disorder import next_state, wait_for_version
from tests.browser.test_play_chronicle import PHONE, Watchful
from tests.conftest import session_cookie

CLICKS = 24


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_every_control_takes_clicks_again_after_a_patch(browser, daphne_servers, alice, bob):
    match = do_start_match("stone_age", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=5)
    (server,) = daphne_servers(1)
    cookies = {"alice": session_cookie(alice), "bob": session_cookie(bob)}
    connections.close_all()
    ctx = browser.new_context(viewport=PHONE)
    ctx.add_cookies([{"name": "sessionid", "value": cookies["alice"], "url": server.url}])
    page = ctx.new_page()
    watched = Watchful(page, "alice")
    page.goto(f"{server.url}/matches/{match.pk}/")
    page.wait_for_selector("[data-conn]:has-text('Live')")
    chooser = random.Random(41)
    url = f"ws://127.0.0.1:{server.port}/ws/matches/{match.pk}/?format=json"
    clicks, in_a_row = 0, 0
    with connect(url, additional_headers={"Cookie": f"sessionid={cookies['bob']}"}, origin=server.url) as bob_ws:
        state = next_state(bob_ws, -1)
        while clicks < CLICKS and state["outcome"] is None:
            version = state["version"]
            if 1 in state["active"] and state["legal"]:
                move = chooser.choice(state["legal"])
                bob_ws.send(json.dumps({"type": "move", "move": move, "version": version, "id": f"b{version}"}))
                in_a_row = 0
            else:
                wait_for_version(page, version)
                buttons = page.locator("#table [data-move]:not([data-confirm]):not([disabled])")
                button = buttons.nth(chooser.randrange(buttons.count()))
                button.scroll_into_view_if_needed()
                button.click()
                clicks += 1
                in_a_row += 1
            state = next_state(bob_ws, version)
            wait_for_version(page, state["version"])
            stuck = page.evaluate("() => document.querySelectorAll('#table .waiting').length")
            assert stuck == 0, f"{stuck} controls still wait after version {state['version']} ({in_a_row} in a row)"
    assert clicks == CLICKS
    ctx.close()
    assert watched.problems == []
