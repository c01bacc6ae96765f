"""Password guessing is locked out per account and per client address, behind the proxy, in the shared cache."""

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import authenticate as real_authenticate
from django.core.cache.backends import locmem
from django.test import Client

from apps.accounts import lockout

pytestmark = pytest.mark.django_db
LOGIN = "/accounts/login/"
GOOD = "a-long-secret-9"


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def attempt(client, username, password, **meta):
    return client.post(LOGIN, {"username": username, "password": password}, **meta)


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_five_failures_lock_the_account_and_the_password_is_not_even_checked(client, alice, monkeypatch):
    for _ in range(5):
        assert attempt(client, "alice", "wrong-guess").status_code == 200
    checked = []
    monkeypatch.setattr("django.contrib.auth.forms.authenticate",
                        lambda *a, **k: checked.append(k) or real_authenticate(*a, **k))
    response = attempt(client, "alice", GOOD)
    assert response.status_code == 429 and not logged_in(client) and checked == []
    assert "Too many failed log-ins" in response.content.decode()
    # From another address too: the account is locked, not just the address; the case of the name changes nothing.
    other = Client(REMOTE_ADDR="198.51.100.7")
    assert attempt(other, "ALICE", GOOD).status_code == 429 and not logged_in(other)


def test_twenty_failures_from_one_address_lock_that_address_for_every_account(make_user):
    for i in range(20):
        make_user(f"user{i}")
    client = Client(REMOTE_ADDR="203.0.113.5")
    for i in range(20):  # spread over accounts, so no account reaches its own limit
        assert attempt(client, f"user{i}", "wrong-guess").status_code == 200
    make_user("dora")
    assert attempt(client, "dora", GOOD).status_code == 429
    elsewhere = Client(REMOTE_ADDR="203.0.113.6")
    assert attempt(elsewhere, "dora", GOOD).status_code == 302 and logged_in(elsewhere)


def test_a_successful_login_after_the_window(client, alice, monkeypatch):
    if "LocMemCache" not in django_settings.CACHES["default"]["BACKEND"]:
        pytest.skip("moves the local cache's clock")
    for _ in range(5):
        attempt(client, "alice", "wrong-guess")
    assert attempt(client, "alice", GOOD).status_code == 429
    start = locmem.time.time()

    class Later:
        @staticmethod
        def time():
            return start + 15 * 60 + 1

    monkeypatch.setattr(locmem, "time", Later)
    assert attempt(client, "alice", GOOD).status_code == 302 and logged_in(client)


def test_a_success_resets_the_account_count(client, alice):
    for _ in range(4):
        attempt(client, "alice", "wrong-guess")
    assert attempt(client, "alice", GOOD).status_code == 302
    client.logout()
    for _ in range(4):
        attempt(client, "alice", "wrong-guess")
    assert attempt(client, "alice", GOOD).status_code == 302


def test_the_admin_login_is_locked_out_too(client, alice):
    for _ in range(5):
        client.post("/admin/login/", {"username": "alice", "password": "wrong-guess"})
    response = client.post("/admin/login/", {"username": "alice", "password": GOOD})
    assert "Too many failed log-ins" in response.content.decode()


@pytest.fixture
def proxied(settings):
    settings.CIVITAS_TRUSTED_PROXIES = ["127.0.0.1", "10.0.0.0/8"]


def test_behind_a_trusted_proxy_the_right_most_untrusted_forwarded_address_is_the_client(proxied):
    # nginx appends the peer it saw: what the client wrote itself is on the left and is not believed.
    meta = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "1.1.1.1, 192.0.2.9, 10.1.2.3"}
    assert lockout.client_address(meta) == "192.0.2.9"
    assert lockout.client_address({"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "192.0.2.9"}) == "192.0.2.9"
    assert lockout.client_address({"REMOTE_ADDR": "127.0.0.1"}) == "127.0.0.1"
    assert lockout.client_address({"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "junk, 10.1.2.3"}) == "10.1.2.3"


def test_the_forwarded_header_from_an_untrusted_peer_is_ignored(proxied):
    meta = {"REMOTE_ADDR": "198.51.100.20", "HTTP_X_FORWARDED_FOR": "192.0.2.9"}
    assert lockout.client_address(meta) == "198.51.100.20"


def test_with_no_proxy_configured_the_header_is_ignored():
    assert lockout.client_address({"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "192.0.2.9"}) == "127.0.0.1"


def test_an_attacker_cannot_dodge_the_address_lock_by_inventing_forwarded_addresses(proxied, make_user):
    for i in range(20):
        make_user(f"user{i}")
    for i in range(20):  # through the proxy, each time claiming another origin on the left
        meta = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": f"10.9.9.{i}, 203.0.113.5"}
        attempt(Client(), f"user{i}", "wrong-guess", **meta)
    make_user("dora")
    locked = attempt(Client(), "dora", GOOD, REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="8.8.8.8, 203.0.113.5")
    assert locked.status_code == 429
    free = attempt(Client(), "dora", GOOD, REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.77")
    assert free.status_code == 302
