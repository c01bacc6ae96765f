"""A whole Chronicle match in three browsers: a host who signs up, a guest by invite link, and a watcher.

Played only by clicking; the watcher sees every move without reloading; no server or console error
on the home, lobby, match and story pages; screenshots at phone and desktop width are saved.
"""

import random
import re
from pathlib import Path

import pytest
from django.db import connections

from apps.matches.models import Match

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 900}


class Watchful:
    """Collects console errors, page errors and server errors of a page."""

    def __init__(self, page, name):
        self.page, self.name, self.problems = page, name, []
        page.on("console", lambda m: m.type == "error" and self.problems.append(f"console: {m.text}"))
        page.on("pageerror", lambda e: self.problems.append(f"pageerror: {e}"))
        page.on("response", lambda r: r.status >= 500 and self.problems.append(f"{r.status} {r.url}"))


def version_of(page) -> int:
    return int(page.get_attribute("[data-match]", "data-version"))


def wait_for_version(page, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.querySelector('[data-match]').dataset.version) >= v", arg=version, timeout=10000)


def finished_match() -> Match:
    """Read the match, then close the connection: inside Playwright's loop Django opens one of its own."""
    try:
        return Match.objects.get()
    finally:
        connections.close_all()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_host_a_guest_and_a_watcher_play_chronicle_to_the_end(browser, daphne_servers):
    (server,) = daphne_servers(1, bot_delay=0.0)
    base = server.url
    ARTIFACTS.mkdir(exist_ok=True)
    host_ctx, guest_ctx, watch_ctx = (browser.new_context(viewport=DESKTOP) for _ in range(3))
    host, guest, watcher = (Watchful(ctx.new_page(), n) for ctx, n in
                            ((host_ctx, "host"), (guest_ctx, "guest"), (watch_ctx, "watcher")))
    a, b, c = host.page, guest.page, watcher.page

    # A signs up and creates a private Chronicle lobby for two.
    a.goto(base + "/")
    a.click("text=Sign up")
    a.fill("#id_username", "Ada")
    a.fill("#id_password1", "a-long-secret-9")
    a.fill("#id_password2", "a-long-secret-9")
    a.click("button:has-text('Create account')")
    a.click(".game:has-text('Chronicle') >> text=New lobby")
    a.select_option("#id_seat_count", "2")
    a.uncheck("#id_is_public")
    a.check("#id_allow_spectators")
    a.click("button:has-text('Create lobby')")
    a.wait_for_selector("[data-lobby]")
    a.wait_for_selector("text=Live")
    invite = a.input_value("[data-invite]")
    assert re.search(r"/join/[\w-]{32,}/$", invite)

    # B, with no account, follows the invite link and joins as a guest.
    b.goto(invite)
    b.fill("#id_name", "Bea")
    b.click("button:has-text('Join as a guest')")
    b.wait_for_selector("[data-lobby]")
    b.wait_for_selector("text=Live")
    a.wait_for_selector(".seat:has-text('Bea')", timeout=5000)  # pushed to the host's page live

    # A starts; both pages move to the match.
    a.click("button:has-text('Start the match')")
    a.wait_for_url(re.compile(r"/matches/\d+/$"))
    b.wait_for_url(re.compile(r"/matches/\d+/$"), timeout=10000)
    match_url = a.url

    # C, with no account, is sent the match's address and watches: the host allowed spectators, though the private
    # match is not listed on the home page.
    c.goto(base + "/")
    assert not c.query_selector(f"a[href='{match_url.replace(base, '')}']")
    c.goto(match_url)
    c.wait_for_selector("text=Live")
    c.wait_for_selector("text=you are watching")
    for page in (a, b, c):
        page.wait_for_selector("[data-conn]:has-text('Live')")

    # Table talk reaches the others as text, never as markup.
    b.fill("[data-chat-form] input", "<img src=x onerror=alert(1)>good luck")
    b.click("[data-chat-form] button")
    a.wait_for_selector("[data-chat-lines] li:has-text('good luck')")
    assert "<img src=x onerror=alert(1)>good luck" in a.inner_text("[data-chat-lines]")
    assert a.query_selector("[data-chat-lines] img") is None

    chooser = random.Random(7)
    players = [a, b]
    moves = 0
    while True:
        version = version_of(c)
        if c.query_selector(".status.over"):
            break
        mover = next((p for p in players if p.query_selector(".status.yours")), None)
        assert mover is not None, "someone must be able to move while the game runs"
        buttons = mover.query_selector_all("#table [data-move]")
        assert buttons, "the player whose turn it is has something to click"
        chooser.choice(buttons).click()
        moves += 1
        for page in (a, b, c):
            wait_for_version(page, version + 1)
        if moves == 12:
            for page, who in ((a, "host"), (c, "watcher")):
                page.set_viewport_size(PHONE)
                page.screenshot(path=str(ARTIFACTS / f"chronicle-match-{who}-phone.png"), full_page=True)
                page.set_viewport_size(DESKTOP)
                page.screenshot(path=str(ARTIFACTS / f"chronicle-match-{who}-desktop.png"), full_page=True)
        assert moves < 400
    assert c.url == match_url, "the watcher never reloaded"

    match = finished_match()
    assert match.status == Match.Status.FINISHED and match.version == moves
    assert match.outcome["winners"]
    for page in (a, b, c):
        page.wait_for_selector(".status.over")

    # Both voted by clicking (the vote is part of the game); the story reads as a whole.
    a.click("text=Read the story")
    a.wait_for_url(re.compile(r"/matches/\d+/story/$"))
    story = a.inner_text("main")
    assert "Ada" in story and "Bea" in story
    a.set_viewport_size(PHONE)
    a.screenshot(path=str(ARTIFACTS / "chronicle-story-phone.png"), full_page=True)
    a.set_viewport_size(DESKTOP)
    a.screenshot(path=str(ARTIFACTS / "chronicle-story-desktop.png"), full_page=True)

    # The profile links the finished story.
    a.goto(base + "/players/Ada/")
    assert a.query_selector(f"a[href='/matches/{match.pk}/story/']")
    for ctx in (host_ctx, guest_ctx, watch_ctx):
        ctx.close()
    for watched in (host, guest, watcher):
        assert watched.problems == [], (watched.name, watched.problems)
