"""Sign-up is limited per client address, like guests: counted in the shared cache (so across every process), and
answered 429 with a page that says when to come back."""

import http.cookiejar
import os
import re
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.utils import timezone

from tests.conftest import require

HOME, ELSEWHERE = "198.51.100.1", "203.0.113.3"
PASSWORD = "a-long-secret-9"


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_up(name, address):
    return Client().post("/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD},
                         REMOTE_ADDR=address)


def exists(name) -> bool:
    return get_user_model().objects.filter(username=name).exists()


@pytest.mark.django_db
def test_it_answers_429_beyond_the_sign_ups_allowed_from_one_address_and_says_when_to_come_back(settings):
    settings.SIGNUP_CREATE_LIMIT = (3, 3600)
    for i in range(3):
        assert sign_up(f"Member{i}", HOME).status_code == 302
    before = timezone.now()
    response = sign_up("Member3", HOME)
    page = response.content.decode()
    assert response.status_code == 429 and not exists("Member3")
    assert "At most 3 accounts can be made from one address in 60 minutes" in page
    wait = int(response["Retry-After"])
    assert 3590 <= wait <= 3600
    # The page names the time (UTC) the address may sign up again: about an hour from now.
    when = re.search(r"Come back after <time datetime=\"([^\"]+)\">", page)
    assert when is not None, page
    back = datetime.fromisoformat(when.group(1))
    assert 3590 <= (back - before).total_seconds() <= 3601
    assert sign_up("Member4", ELSEWHERE).status_code == 302  # per address


@pytest.mark.django_db
def test_a_refused_form_costs_nothing_and_a_throttled_address_is_told_before_it_types(settings):
    settings.SIGNUP_CREATE_LIMIT = (1, 3600)
    bad = Client().post("/accounts/signup/", {"username": "..", "password1": PASSWORD, "password2": "other"},
                        REMOTE_ADDR=HOME)
    assert bad.status_code == 200  # a form with mistakes made no account and used none of the allowance
    assert sign_up("Member0", HOME).status_code == 302
    page = Client().get("/accounts/signup/", REMOTE_ADDR=HOME)
    assert page.status_code == 429 and "Come back after" in page.content.decode()
    assert Client().get("/accounts/signup/", REMOTE_ADDR=ELSEWHERE).status_code == 200


class Browser:
    """A browser of its own (cookies, CSRF token) signing up through a real server."""

    def __init__(self, server):
        self.server = server
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
                                                  NoRedirect())

    def sign_up(self, name: str) -> int:
        try:
            page = self.opener.open(f"{self.server.url}/accounts/signup/", timeout=30).read().decode()
        except urllib.error.HTTPError as answer:  # 429: this address is told before it fills the form
            return answer.code
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        form = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "username": name, "password1": PASSWORD,
                                       "password2": PASSWORD}).encode()
        try:
            return self.opener.open(f"{self.server.url}/accounts/signup/", form, timeout=30).status
        except urllib.error.HTTPError as answer:  # 302 (not followed) and 429 both land here
            return answer.code


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@pytest.mark.django_db(transaction=True)
def test_sign_ups_through_two_processes_share_one_allowance(daphne_servers, settings):
    if connection.vendor != "postgresql" or not os.environ.get("REDIS_URL"):
        require("CIVITAS_REQUIRE_PRODUCTION_SHAPE", "needs DATABASE_URL (PostgreSQL) and REDIS_URL")
    limit, _ = settings.SIGNUP_CREATE_LIMIT
    servers = daphne_servers(2)
    answers = [Browser(servers[i % 2]).sign_up(f"Round{i}") for i in range(limit + 2)]
    assert answers == [302] * limit + [429, 429]  # the load balancer's round robin gains nothing
    assert get_user_model().objects.filter(username__startswith="Round").count() == limit
