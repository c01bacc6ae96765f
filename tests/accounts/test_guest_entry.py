"""Guest entry: a ban holds against the banned account's browser and, for a while when the moderator chose it, its
network; guests are limited per address; an invite leads a new guest to a seat in one try."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from apps.accounts import device
from apps.lobbies import services as lobbies
from apps.moderation import services as moderation
from apps.moderation.models import Sanction

pytestmark = pytest.mark.django_db
HOME, CAFE, ELSEWHERE = "198.51.100.1", "198.51.100.2", "203.0.113.3"


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def enter(client, name, address, **extra):
    return client.post("/accounts/guest/", {"name": name, **extra}, REMOTE_ADDR=address)


def exists(name) -> bool:
    return get_user_model().objects.filter(username=name).exists()


@pytest.fixture
def banned_browser(moderator):
    """A browser at HOME whose guest was banned, and which then logged out (the banned page offers it)."""
    browser = Client()
    assert enter(browser, "Rowdy", HOME).status_code == 302
    moderation.ban(moderator, get_user_model().objects.get(username="Rowdy"), "abuse in chat")
    browser.post("/accounts/logout/")  # (Client.logout would drop the device cookie too)
    return browser


def test_it_refuses_a_new_guest_from_the_browser_of_a_banned_guest_and_says_why(banned_browser):
    response = enter(banned_browser, "Rowdy2", CAFE)  # another network: the browser alone is enough
    page = response.content.decode()
    assert response.status_code == 403 and not exists("Rowdy2")
    assert "An account used from this browser was banned" in page and "until a moderator lifts the ban" in page
    assert banned_browser.get("/accounts/guest/", REMOTE_ADDR=CAFE).status_code == 403


def test_it_refuses_a_new_guest_from_the_banned_guests_address_for_a_day_when_the_moderator_chose_it(
        moderator, settings):
    assert enter(Client(), "Rowdy", HOME).status_code == 302
    moderation.ban(moderator, get_user_model().objects.get(username="Rowdy"), "abuse in chat", refuse_network=True)
    other_browser = Client()
    response = enter(other_browser, "Rowdy2", HOME)
    assert response.status_code == 403 and not exists("Rowdy2")
    assert "used from your network" in response.content.decode()
    assert "until" in response.content.decode()

    Sanction.objects.update(created_at=timezone.now() - timedelta(seconds=settings.BAN_ADDRESS_SECONDS + 1))
    assert enter(other_browser, "Rowdy2", HOME).status_code == 302 and exists("Rowdy2")


def test_other_households_are_not_held_back(banned_browser):
    assert enter(Client(), "Neighbour", ELSEWHERE).status_code == 302 and exists("Neighbour")
    assert enter(Client(), "Friend", CAFE).status_code == 302 and exists("Friend")


def test_it_refuses_a_sign_up_from_a_banned_browser_too(banned_browser):
    response = banned_browser.post("/accounts/signup/", {"username": "Dora", "password1": "a-long-secret-9",
                                                         "password2": "a-long-secret-9"}, REMOTE_ADDR=CAFE)
    assert response.status_code == 403 and not exists("Dora")


def test_a_ban_holds_against_the_browser_a_member_logged_in_from(make_user, moderator):
    member = make_user("member")
    browser = Client()
    browser.post("/accounts/login/", {"username": "member", "password": "a-long-secret-9"}, REMOTE_ADDR=HOME)
    browser.post("/accounts/logout/")  # (Client.logout would drop every cookie)
    moderation.ban(moderator, member, "cheating")
    assert enter(browser, "Newcomer", CAFE).status_code == 403 and not exists("Newcomer")


def test_a_lifted_ban_lets_the_browser_in_again(banned_browser, moderator):
    sanction = get_user_model().objects.get(username="Rowdy").sanctions.get()
    moderation.lift(moderator, sanction, "appeal accepted")
    assert enter(banned_browser, "Rowdy2", HOME).status_code == 302


def test_the_device_cookie_is_signed_long_lived_httponly_and_lax(client):
    enter(client, "Wanderer", HOME)
    cookie = client.cookies[device.COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and int(cookie["max-age"]) >= 365 * 24 * 3600
    forged = Client()
    forged.cookies[device.COOKIE] = "made-up-id"
    enter(forged, "Other", CAFE)
    assert forged.cookies[device.COOKIE].value != "made-up-id"


def test_the_device_cookie_is_secure_wherever_the_session_cookie_is(client, settings):
    enter(client, "Wanderer", HOME)  # the local site, on plain HTTP
    assert not client.cookies["civitas_device"]["secure"]
    settings.SESSION_COOKIE_SECURE = True  # production
    production = Client()
    enter(production, "Traveller", CAFE)
    assert production.cookies["civitas_device"]["secure"]


def test_it_answers_429_beyond_the_guests_allowed_from_one_address(settings):
    settings.GUEST_CREATE_LIMIT = (3, 3600)
    for i in range(3):
        assert enter(Client(), f"Guest{i}", HOME).status_code == 302
    response = enter(Client(), "Guest3", HOME)
    assert response.status_code == 429 and not exists("Guest3")
    assert "At most 3 guests can be made from one address" in response.content.decode()
    assert enter(Client(), "Guest4", ELSEWHERE).status_code == 302  # per address


def test_a_new_guest_from_an_invite_sits_down_in_one_try_when_the_browsers_last_account_is_gone(alice):
    browser = Client()
    first = lobbies.create_lobby(alice, "chronicle", 3, is_public=False)
    assert browser.get(first.invite_path()).url == "/join/"
    assert enter(browser, "Before", HOME, next="/join/").url == "/join/"
    assert browser.get("/join/").url == first.get_absolute_url()
    get_user_model().objects.filter(username="Before").update(is_active=False)  # deactivated by staff, not banned
    second = lobbies.create_lobby(alice, "chronicle", 3, is_public=False)
    assert browser.get(second.invite_path()).url == "/join/"
    assert browser.get("/join/").status_code == 200  # the invitation page, with the guest form
    assert enter(browser, "After", HOME, next="/join/").url == "/join/"
    assert browser.get("/join/").url == second.get_absolute_url()
    assert second.seats.filter(user__username="After").exists()
