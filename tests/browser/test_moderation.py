"""A player reports a chat line; a moderator in the admin hides it and bans the writer; everyone sees it live."""

import re

import pytest
from django.contrib.auth.models import Group
from django.db import connections

from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.moderation.models import MODERATORS_GROUP
from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, Watchful, wait_for_version
from tests.conftest import session_cookie

# Run in the page: the table's version and whether it awaits this player, as one reading.
VERSION_AND_TURN = """() => [Number(document.querySelector('[data-match]').dataset.version),
  !!document.querySelector('#table .status.yours')]"""


@pytest.fixture
def table(transactional_db, make_user):
    """Two players at a match and a moderator, made before the browser starts its loop."""
    try:
        alice, bob = make_user("alice"), make_user("bob")
        mona = make_user("mona", is_staff=True)
        mona.groups.add(Group.objects.get(name=MODERATORS_GROUP))
        match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=31)
        # Sign-up allows no markup in names; force some in to prove pages would show it as text anyway.
        match.seats.filter(index=0).update(name=HOSTILE_NAME)
        return match, session_cookie(alice), session_cookie(bob)
    finally:
        connections.close_all()


HOSTILE_NAME = "<img src=x onerror=document.title='pwned'>alice"


def admin_action(page, report_id: int, action: str, reason: str) -> None:
    page.goto(page.url.split("/admin/")[0] + "/admin/moderation/report/")
    page.check(f"input[name=_selected_action][value='{report_id}']")
    page.select_option("select[name=action]", action)
    page.click("button[name=index]")
    page.fill("textarea[name=reason]", reason)
    if page.query_selector("input[name=duration]"):  # a ban asks how long
        page.check("input[name=duration][value='7']")
    page.click("input[name=apply]")
    page.wait_for_selector(".messagelist")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_report_hide_and_ban_take_effect_on_open_pages(table, browser, daphne_servers):
    (server,) = daphne_servers(1, bot_delay=0.0)
    match, alice_cookie, bob_cookie = table
    url = f"{server.url}/matches/{match.pk}/"
    pages = {}
    for name, cookie in (("alice", alice_cookie), ("bob", bob_cookie), ("mona", None)):
        ctx = browser.new_context(viewport=DESKTOP)
        if cookie:
            ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
        pages[name] = Watchful(ctx.new_page(), name)
    alice, bob, mona = pages["alice"].page, pages["bob"].page, pages["mona"].page
    for page in (alice, bob):
        page.goto(url)
        page.wait_for_selector("[data-conn]:has-text('Live')")

    assert HOSTILE_NAME in bob.inner_text(".players") and not bob.query_selector(".players img")
    assert HOSTILE_NAME in bob.inner_text("#table") and not bob.query_selector("#table img[src=x]")
    bob.fill("[data-chat-form] input", "<script>document.title='pwned'</script>you all stink")
    bob.click("[data-chat-form] button")
    line = alice.wait_for_selector("[data-chat-lines] li:has-text('you all stink')")
    assert "<script>" in line.inner_text() and alice.title() != "pwned" and bob.title() != "pwned"
    line.query_selector("[data-report-message]").click()
    alice.fill("#report-reason", "insulting the table")
    alice.click("button:has-text('Send report')")
    alice.wait_for_selector("[data-report-result]:has-text('Thank you')")
    alice.wait_for_selector("[data-report-dialog]", state="hidden")

    mona.goto(server.url + "/admin/login/?next=/admin/")
    mona.fill("#id_username", "mona")
    mona.fill("#id_password", "a-long-secret-9")
    mona.click("input[type=submit]")
    mona.goto(server.url + "/admin/moderation/report/")
    assert "insulting the table" in mona.inner_text("#result_list")
    report_id = int(re.search(r"/admin/moderation/report/(\d+)/change/", mona.content()).group(1))

    admin_action(mona, report_id, "hide_reported_message", "insults")
    alice.wait_for_selector("[data-chat-lines] li:has-text('you all stink')", state="detached", timeout=2000)
    bob.wait_for_selector("[data-chat-lines] li:has-text('you all stink')", state="detached", timeout=2000)

    admin_action(mona, report_id, "ban_reported_user", "insults after warnings")
    bob.wait_for_selector("[data-flash]:has-text('You were banned')", timeout=2000)
    assert bob.inner_text("[data-conn]") == "Removed"
    alice.wait_for_selector("[data-flash]:has-text('a bot plays the seat')", timeout=2000)
    alice.wait_for_selector(".players:has-text('bob (bot)')", timeout=2000)  # at once, without a reload
    # Alice builds her civilization by clicking; then the bot in bob's seat moves on its own.
    # (The version and whose turn it is are read together: the bot's move may land between two separate reads, and
    # the test then waited for a move after it, which only alice could make.)
    while True:
        version, mine = alice.evaluate(VERSION_AND_TURN)
        if not mine:
            break
        alice.click("#table [data-move] >> nth=0")
        wait_for_version(alice, version + 1)
    wait_for_version(alice, version + 1)
    # The log names who made each move when it was made: bob's own moves keep reading "bob", not "bob (bot)";
    # the players bar says that a bot plays his seat now.
    assert "bob" in alice.inner_text("#table .log") and "bob (bot)" not in alice.inner_text("#table .log")
    assert "bob (bot)" in alice.inner_text(".players")
    alice.screenshot(path=str(ARTIFACTS / "moderation-after-ban-desktop.png"), full_page=True)
    mona.goto(server.url + "/admin/moderation/auditentry/")
    audit = mona.inner_text("#result_list")
    assert "hide chat" in audit and "ban" in audit
    for watched in pages.values():
        watched.page.context.close()
        assert watched.problems == [], (watched.name, watched.problems)
