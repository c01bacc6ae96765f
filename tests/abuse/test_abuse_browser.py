"""In Chromium: the Content-Security-Policy breaks nothing on the site's pages, and script-injection payloads in
chat (server-rendered and pushed live) and in names never run."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connections
from django.test import override_settings

from apps.lobbies import services as lobbies
from apps.matches.domain.deeds import SeatSpec, do_post_chat, do_start_match
from apps.matches.engine import built_games, engine
from tests.abuse.test_xss import PAYLOADS
from tests.browser.test_play_chronicle import DESKTOP, Watchful
from tests.conftest import session_cookie

HOSTILE_NAME = "<img src=x onerror=alert(1)>ann"
# Counts what would show that a payload ran, and every CSP violation the page reports; injected before any script
# of the page (Playwright's init scripts are not subject to the page's policy).
HOOKS = """
window.__xss = 0; window.__csp = [];
for (const name of ["alert", "confirm", "prompt"]) { window[name] = () => { window.__xss++; }; }
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + (e.sourceFile || "")));
"""


@pytest.fixture
def site(transactional_db, make_user):
    """Matches of every game for ada, a lobby with a markup-named player, and hostile chat history; made before the
    browser starts its loop."""
    try:
        ada, bob, dan, ann = (make_user(n) for n in ("ada", "bob", "dan", "ann"))
        matches = {}
        for entry in built_games():
            rules = engine(entry.slug)
            others = [make_user(f"{entry.slug[:6]}{i}") for i in range(1, rules.min_players)]
            names = ["ada", *[HOSTILE_NAME if i == 0 else o.username for i, o in enumerate(others)]]
            specs = [SeatSpec(n, u) for n, u in zip(names, [ada, *others], strict=True)]
            matches[entry.slug] = do_start_match(entry.slug, specs, seed=41).pk
        lobby = lobbies.create_lobby(ada, "chronicle", 4, is_public=True)
        lobbies.join(lobby.pk, ann)
        lobbies.join(lobby.pk, bob)
        with override_settings(CHAT_RATE_LIMIT=(100, 10)):
            for payload in PAYLOADS:
                do_post_chat(f"lobby:{lobby.pk}", dan, payload)
                do_post_chat(f"match:{matches['chronicle']}", dan, payload)
        get_user_model().objects.filter(pk=ann.pk).update(username=HOSTILE_NAME)
        return {"lobby": lobby.pk, "matches": matches, "ada": session_cookie(ada), "bob": session_cookie(bob)}
    finally:
        connections.close_all()


def open_page(browser, server, cookie, name):
    ctx = browser.new_context(viewport=DESKTOP)
    if cookie:
        ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
    ctx.add_init_script(HOOKS)
    watched = Watchful(ctx.new_page(), name)
    dialogs = []
    watched.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    watched.dialogs = dialogs
    return watched


def check(watched, where):
    page = watched.page
    assert page.evaluate("window.__csp") == [], f"CSP violations on {where}"
    assert page.evaluate("window.__xss") == 0 and watched.dialogs == [], f"a payload ran on {where}"
    assert not [p for p in watched.problems if "Content Security Policy" in p or "Refused" in p], watched.problems
    assert watched.problems == [], f"{where}: {watched.problems}"


@pytest.mark.browser
def test_the_policy_breaks_no_page(site, browser, daphne_servers):
    (server,) = daphne_servers(1, bot_delay=0.0)
    ada = open_page(browser, server, site["ada"], "ada")
    page = ada.page
    for path in ["/", f"/lobbies/{site['lobby']}/", "/games/origins/", "/lobbies/new/stone_age/"]:
        page.goto(server.url + path)
        page.wait_for_load_state("load")
        if path.startswith("/lobbies/") and "new" not in path:
            page.wait_for_selector("[data-conn]:has-text('Live')")
        check(ada, path)
    for game, match_id in site["matches"].items():
        page.goto(f"{server.url}/matches/{match_id}/")
        page.wait_for_selector("[data-conn]:has-text('Live')")
        page.wait_for_timeout(300)  # the first state frame is put into the page
        check(ada, f"the {game} match")
    # The site's stylesheet did load under style-src 'self' (a policy that blocked it would leave default styles).
    assert page.evaluate("[...document.styleSheets].some(s => (s.href || '').includes('site.css'))")


@pytest.mark.browser
def test_injected_scripts_never_run(site, browser, daphne_servers):
    (server,) = daphne_servers(1, bot_delay=0.0)
    ada, bob = open_page(browser, server, site["ada"], "ada"), open_page(browser, server, site["bob"], "bob")
    lobby_url = f"{server.url}/lobbies/{site['lobby']}/"
    ada.page.goto(server.url + "/")
    check(ada, "the home page")
    for watched in (ada, bob):
        watched.page.goto(lobby_url)
        watched.page.wait_for_selector("[data-conn]:has-text('Live')")
    assert HOSTILE_NAME in ada.page.inner_text("[data-seats]") and not ada.page.query_selector("[data-seats] img")
    assert "<script>alert(1)</script>" in ada.page.inner_text("[data-chat-lines]")
    for payload in PAYLOADS[:5]:  # pushed live to ada's page (the chat limit is five lines in ten seconds)
        bob.page.fill("[data-chat-form] input", payload)
        bob.page.click("[data-chat-form] button")
    ada.page.wait_for_function("n => document.querySelectorAll('[data-chat-lines] li').length >= n",
                               arg=len(PAYLOADS) + 5)
    ada.page.wait_for_timeout(300)
    check(ada, "the lobby page")
    check(bob, "the lobby page (sender)")
    match_url = f"{server.url}/matches/{site['matches']['chronicle']}/"
    watcher = open_page(browser, server, site["bob"], "bob watching")
    for watched in (ada, watcher):
        watched.page.goto(match_url)
        watched.page.wait_for_selector("[data-conn]:has-text('Live')")
    for payload in PAYLOADS[5:10]:  # ada speaks at her table; bob watches and reads along
        ada.page.fill("[data-chat=players] [data-chat-form] input", payload)
        ada.page.click("[data-chat=players] [data-chat-form] button")
    lines = "[data-chat=players] [data-chat-lines] li"
    watcher.page.wait_for_function(f"n => document.querySelectorAll('{lines}').length >= n",
                                   arg=len(PAYLOADS) + 5)
    assert PAYLOADS[8] in watcher.page.inner_text("[data-chat=players]")
    assert not watcher.page.query_selector("[data-chat-lines] iframe, [data-chat-lines] svg, [data-chat-lines] img")
    watcher.page.wait_for_timeout(300)
    for watched in (ada, watcher):
        check(watched, f"the match page ({watched.name})")
