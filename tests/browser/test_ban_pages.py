"""A moderator bans for a chosen time from the admin's form, the network left alone unless ticked; the banned
player's next page says why and until when. At desktop and phone width."""

import pytest
from django.contrib.auth.models import Group
from django.db import connections

from apps.moderation.models import MODERATORS_GROUP, Sanction
from tests.browser.board_checks import assert_fits_a_thumb
from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, PHONE, Watchful
from tests.conftest import session_cookie


@pytest.fixture
def people(transactional_db, make_user):
    """Bob (to be banned) and the moderator Mona, with their session cookies, made before the browser's loop."""
    try:
        bob = make_user("bob")
        mona = make_user("mona", is_staff=True)
        mona.groups.add(Group.objects.get(name=MODERATORS_GROUP))
        return bob.pk, session_cookie(bob), session_cookie(mona)
    finally:
        connections.close_all()


def opened(browser, server, cookie: str, name: str) -> Watchful:
    context = browser.new_context(viewport=DESKTOP)
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
    return Watchful(context.new_page(), name)


def shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for width, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        page.screenshot(path=str(ARTIFACTS / f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_seven_day_ban_from_the_form_and_what_the_banned_player_reads(people, browser, daphne_servers):
    (server,) = daphne_servers(1)
    bob_id, bob_cookie, mona_cookie = people
    mona, bob = opened(browser, server, mona_cookie, "mona"), opened(browser, server, bob_cookie, "bob")
    bob.page.goto(server.url + "/")
    assert bob.page.inner_text(".topbar .me") == "bob"

    form = mona.page
    form.goto(server.url + "/admin/accounts/user/")
    form.check(f"input[name=_selected_action][value='{bob_id}']")
    form.select_option("select[name=action]", "ban")
    form.click("button[name=index]")
    network = form.locator("input[name=refuse_network]")
    assert not network.is_checked()
    assert form.locator(".messagelist .warning").is_visible()
    assert "Schools, offices and mobile carriers share addresses" in form.inner_text(".messagelist .warning")
    shoot(form, "ban-form")
    form.set_viewport_size(PHONE)
    assert form.evaluate("document.documentElement.scrollWidth <= innerWidth")
    form.fill("textarea[name=reason]", "Insults in chat after two warnings.")
    form.check("input[name=duration][value='7']")
    form.click("input[name=apply]")
    form.wait_for_selector(".messagelist .success")

    bob.page.reload()
    page = bob.page.inner_text("main")
    assert "Your account is banned" in page and "Insults in chat after two warnings." in page
    ends_at = Sanction.objects.get().ends_at
    connections.close_all()
    assert f"until {ends_at:%-d %B %Y, %H:%M} UTC" in page
    shoot(bob.page, "banned-player")
    bob.page.set_viewport_size(PHONE)
    assert_fits_a_thumb(bob.page, "main button")
    for watched in (mona, bob):
        watched.page.context.close()
        assert [p for p in watched.problems if "403" not in p] == [], (watched.name, watched.problems)
