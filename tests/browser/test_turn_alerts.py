"""A player whose tab is in the background hears when the turn comes to them: the title and the favicon say so, a
short tone plays (a setting, on by default, remembered), and a browser notification shows only after the player
asked for it with a click. All of it is cleared when the tab is seen again.

The tab is hidden by overriding document.hidden / visibilityState; the tone and the notification are seen through
spies on the page's Web Audio oscillator and its Notification constructor.
"""

import json
from contextlib import ExitStack

import pytest
from websockets.sync.client import connect

from tests.browser.board_checks import seeded_match
from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, PHONE, Watchful, wait_for_version

SPIES = """
(() => {
  let hidden = false;
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => hidden });
  Object.defineProperty(Document.prototype, "visibilityState", { configurable: true,
    get: () => (hidden ? "hidden" : "visible") });
  window.__setHidden = (value) => { hidden = value; document.dispatchEvent(new Event("visibilitychange")); };
  window.__tones = 0;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) { window.__tones += 1; return start.apply(this, args); };
  window.__notes = [];
  window.__asked = 0;
  const Native = window.Notification;
  function Spy(title, options) {
    const note = { title: title, body: (options || {}).body, closed: false };
    window.__notes.push(note);
    this.close = () => { note.closed = true; };
  }
  Object.defineProperty(Spy, "permission", { get: () => Native.permission });
  Spy.requestPermission = () => { window.__asked += 1; return Native.requestPermission(); };
  window.Notification = Spy;
})();
"""
FAVICON = "() => document.querySelector('link[rel=icon]').getAttribute('href')"


def play_until_turn_of(server, match_id: int, cookies: list[str], seat: int) -> int:
    """Whoever is to move plays their first legal moves, straight to the server, until ``seat`` is to move;
    answers the version then."""
    url = f"ws://127.0.0.1:{server.port}/ws/matches/{match_id}/?format=json"
    with ExitStack() as stack:
        sockets = [stack.enter_context(connect(url, origin=server.url,
                                               additional_headers={"Cookie": f"sessionid={cookie}"}))
                   for cookie in cookies]
        states = [json.loads(ws.recv(timeout=10)) for ws in sockets]
        state = states[0]
        while seat not in state["active"]:
            mover = state["active"][0]
            legal = states[mover]["legal"]
            sockets[mover].send(json.dumps({"type": "move", "move": legal[0], "version": state["version"]}))
            for i, ws in enumerate(sockets):
                while states[i]["version"] <= state["version"]:
                    frame = json.loads(ws.recv(timeout=10))
                    assert frame["type"] != "error", frame
                    if frame["type"] == "state":
                        states[i] = frame
            state = states[0]
        return state["version"]


def alerts(page) -> dict:
    return page.evaluate("""() => ({ title: document.title, tones: window.__tones, asked: window.__asked,
        notes: window.__notes.map((n) => [n.title, n.body, n.closed]) })""")


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_hidden_tab_says_it_is_your_turn_and_clears_when_seen(browser, daphne_servers, make_user, viewport):
    match_id, cookies = seeded_match(make_user, "stone_age", 7)  # ada (seat 0) places first; bea is seat 1
    (server,) = daphne_servers(1)
    ctx = browser.new_context(viewport=viewport)
    ctx.grant_permissions(["notifications"], origin=server.url)
    ctx.add_cookies([{"name": "sessionid", "value": cookies[1], "url": server.url}])
    page = ctx.new_page()
    watched = Watchful(page, f"bea-{viewport['width']}")
    page.add_init_script(SPIES)
    page.goto(f"{server.url}/matches/{match_id}/")
    page.wait_for_selector("[data-conn]:has-text('Live')")
    title, icon = f"Stone Age #{match_id} · Civitas", page.evaluate(FAVICON)
    sound = page.locator("[data-turn-sound]")
    assert sound.get_attribute("aria-pressed") == "true", "the tone is on until the player turns it off"
    assert page.locator("[data-turn-notify]").is_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"turn-alerts-{viewport['width']}.png"))

    # In the background, the turn comes to bea: title, favicon, tone; no notification, as none was asked for.
    page.evaluate("window.__setHidden(true)")
    wait_for_version(page, play_until_turn_of(server, match_id, cookies, 1))
    page.wait_for_function("t => document.title === t", arg=f"● Your turn · Stone Age #{match_id}", timeout=5000)
    assert page.evaluate(FAVICON) != icon and "turn" in page.evaluate(FAVICON)
    seen = alerts(page)
    assert seen["tones"] >= 1 and seen["notes"] == [] and seen["asked"] == 0, seen

    # Seen again: all cleared.
    page.evaluate("window.__setHidden(false)")
    assert alerts(page)["title"] == title and page.evaluate(FAVICON) == icon

    # Bea turns the tone off (remembered across a reload) and asks for notifications with a click.
    sound.click()
    page.reload()
    page.wait_for_selector("[data-conn]:has-text('Live')")
    assert sound.get_attribute("aria-pressed") == "false"
    page.click("[data-turn-notify]")
    page.wait_for_function("() => document.querySelector('[data-turn-notify]').getAttribute('aria-pressed') === 'true'")
    assert alerts(page)["asked"] == 1
    page.screenshot(path=str(ARTIFACTS / f"turn-alerts-set-{viewport['width']}.png"))

    # Bea plays, ada answers while bea's tab is hidden: a notification, and no tone this time.
    play_until_turn_of(server, match_id, cookies, 0)
    page.evaluate("window.__setHidden(true)")
    wait_for_version(page, play_until_turn_of(server, match_id, cookies, 1))
    page.wait_for_function("() => window.__notes.length === 1", timeout=5000)
    seen = alerts(page)
    assert [(title, closed) for title, _, closed in seen["notes"]] == [(f"Your turn · Stone Age #{match_id}", False)]
    assert seen["notes"][0][1].startswith("Your turn"), "the notification says what the table asks"
    assert seen["tones"] == 0 and seen["title"].startswith("● Your turn")

    page.evaluate("window.__setHidden(false)")
    seen = alerts(page)
    assert seen["title"] == title and seen["notes"][0][2] is True, "the notification is closed once the tab is seen"
    ctx.close()
    assert watched.problems == []
