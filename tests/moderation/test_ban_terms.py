"""Bans a moderator can judge: a chosen duration, the network refused only on purpose (with a warning), and a
banned player who reloads is told why and until when; a ban that ran out lets the player back in."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from django.utils.dateformat import format as date_format

from apps.moderation import services as moderation
from apps.moderation.models import Sanction

pytestmark = pytest.mark.django_db
HOME, CAFE = "198.51.100.1", "198.51.100.2"


def ban_form(client, user, **data):
    return client.post("/admin/accounts/user/", {"action": "ban", "_selected_action": [user.pk], **data})


def until_text(moment) -> str:
    return date_format(timezone.localtime(moment), "j F Y, H:i")


def test_the_ban_form_offers_each_duration_and_leaves_the_network_alone_by_default(client, moderator, bob):
    client.force_login(moderator)
    page = ban_form(client, bob).content.decode()
    for label in ("1 day", "7 days", "30 days", "Permanent"):
        assert label in page
    assert 'name="refuse_network"' in page and "checked" not in page.split('name="refuse_network"')[1].split(">")[0]
    assert "Schools, offices and mobile carriers share addresses" in page


def test_a_seven_day_ban_from_the_form_ends_in_seven_days_and_spares_the_network(client, moderator, bob):
    client.force_login(moderator)
    ban_form(client, bob, apply="1", reason="spam", duration="7")
    ban = bob.sanctions.get()
    assert abs(ban.ends_at - (timezone.now() + timedelta(days=7))) < timedelta(minutes=1)
    assert not ban.refuse_network


def test_a_permanent_ban_with_the_network_refused_is_what_the_moderator_chose(client, moderator, bob):
    client.force_login(moderator)
    ban_form(client, bob, apply="1", reason="comes back under new names", duration="permanent",
             refuse_network="on")
    ban = bob.sanctions.get()
    assert ban.ends_at is None and ban.refuse_network


def test_the_ban_form_refuses_a_ban_without_a_duration_and_bans_nobody(client, moderator, bob):
    client.force_login(moderator)
    response = ban_form(client, bob, apply="1", reason="spam")
    assert "Choose how long the ban lasts." in response.content.decode()
    bob.refresh_from_db()
    assert bob.is_active and not bob.sanctions.exists()


def entered_guest(name: str, address: str) -> Client:
    browser = Client()
    assert browser.post("/accounts/guest/", {"name": name}, REMOTE_ADDR=address).status_code == 302
    return browser


def test_a_ban_leaves_the_players_network_open_unless_the_moderator_refuses_it(moderator):
    rowdy = entered_guest("Rowdy", HOME)
    moderation.ban(moderator, get_user_model().objects.get(username="Rowdy"), "abuse", timedelta(days=1))
    classmate = Client()
    assert classmate.post("/accounts/guest/", {"name": "Classmate"}, REMOTE_ADDR=HOME).status_code == 302
    assert rowdy.post("/accounts/guest/", {"name": "Rowdy2"}, REMOTE_ADDR=CAFE).status_code == 403  # the browser

    entered_guest("Again", CAFE)
    moderation.ban(moderator, get_user_model().objects.get(username="Again"), "evading", refuse_network=True)
    response = Client().post("/accounts/guest/", {"name": "Neighbour"}, REMOTE_ADDR=CAFE)
    assert response.status_code == 403 and "used from your network" in response.content.decode()


def test_a_banned_player_who_reloads_sees_why_and_until_when(client, moderator, bob):
    client.force_login(bob)
    ban = moderation.ban(moderator, bob, "Insults after two warnings.", timedelta(days=7))
    response = client.get("/")
    page = response.content.decode()
    assert response.status_code == 403
    assert "Insults after two warnings." in page and f"until {until_text(ban.ends_at)} UTC" in page
    assert client.get("/games/chronicle/").status_code == 403  # every page says it, not only the first


def test_a_permanently_banned_player_reads_that_it_lasts_until_a_moderator_lifts_it(client, moderator, bob):
    client.force_login(bob)
    moderation.ban(moderator, bob, "Cheating.")
    page = client.get("/").content.decode()
    assert "Cheating." in page and "until a moderator lifts it" in page


def test_a_banned_guest_comes_back_as_themselves_when_the_ban_ran_out(moderator):
    browser = entered_guest("Wanderer", HOME)
    wanderer = get_user_model().objects.get(username="Wanderer")
    moderation.ban(moderator, wanderer, "Flooding chat.", timedelta(days=1))
    assert browser.get("/").status_code == 403
    Sanction.objects.filter(user=wanderer).update(ends_at=timezone.now() - timedelta(seconds=1))
    response = browser.get("/")
    assert response.status_code == 200 and response.context["user"] == wanderer
    wanderer.refresh_from_db()
    assert wanderer.is_active


def test_a_lifted_ban_lets_the_player_in_at_the_next_reload(client, moderator, bob):
    client.force_login(bob)
    ban = moderation.ban(moderator, bob, "Mistaken.", timedelta(days=30))
    moderation.lift(moderator, ban, "appeal accepted")
    response = client.get("/")
    assert response.status_code == 200 and response.context["user"] == bob


def test_a_banned_member_who_logs_in_is_told_why_and_until_when_and_may_again_once_it_ran_out(moderator, bob):
    ban = moderation.ban(moderator, bob, "Rude in chat.", timedelta(days=1))
    login = {"username": "bob", "password": "a-long-secret-9"}
    page = Client().post("/accounts/login/", login).content.decode()
    assert "Rude in chat." in page and f"until {until_text(ban.ends_at)} UTC" in page
    assert "correct username and password" not in page
    wrong = Client().post("/accounts/login/", {**login, "password": "not-the-password"}).content.decode()
    assert "Rude in chat." not in wrong  # the reason is for the account's owner only

    Sanction.objects.filter(pk=ban.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    assert Client().post("/accounts/login/", login).status_code == 302


def test_a_banned_player_can_still_log_out(client, moderator, bob):
    client.force_login(bob)
    moderation.ban(moderator, bob, "Spam.", timedelta(days=1))
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/").status_code == 200


def test_a_session_signed_out_by_a_password_change_gets_the_page_not_an_error(client, bob):
    """Django empties a session whose password hash no longer matches while it reads the user: the ban check must not
    read the emptied session's user key after that."""
    client.force_login(bob)
    bob.set_password("a whole new password 41")
    bob.save()
    response = client.get("/")
    assert response.status_code == 200
    assert not response.wsgi_request.user.is_authenticated
