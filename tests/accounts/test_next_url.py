"""Every ``next`` is checked before anything is made: a bad one is ignored, never a 500 after the account exists."""

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db

JUNK = ["%41:b", "//evil.example/", "///evil.example/", "/\\evil.example/", "javascript:alert(1)", "home",
        "https://evil.example/", "/lobbies/\n/x", "/" + "a" * 5000]


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_it_ignores_a_next_of_percent_41_colon_b_on_guest_entry_and_makes_the_guest_once(client):
    response = client.post("/accounts/guest/", {"name": "Wanderer", "next": "%41:b"})
    assert response.status_code == 302 and response.url == "/"
    assert get_user_model().objects.filter(username="Wanderer").count() == 1


def test_it_ignores_a_next_of_percent_41_colon_b_on_sign_up(client):
    response = client.post("/accounts/signup/?next=%2541:b", {"username": "Dora", "password1": "a-long-secret-9",
                                                              "password2": "a-long-secret-9"})
    assert response.status_code == 302 and response.url == "/"
    assert get_user_model().objects.filter(username="Dora").exists()


@pytest.mark.parametrize("junk", JUNK)
def test_it_ignores_every_junk_next_on_guest_entry_sign_up_and_log_in(client, make_user, junk):
    assert client.post("/accounts/guest/", {"name": "Wanderer", "next": junk}).url == "/"
    client.logout()
    assert client.post("/accounts/signup/", {"username": "Dora", "password1": "a-long-secret-9",
                                             "password2": "a-long-secret-9", "next": junk}).url == "/"
    client.logout()
    make_user("erin")
    assert client.post("/accounts/login/", {"username": "erin", "password": "a-long-secret-9",
                                            "next": junk}).url == "/"
    assert "evil" not in client.get("/accounts/login/", {"next": junk}).content.decode()


def test_it_still_follows_a_path_on_this_site(client):
    assert client.post("/accounts/guest/", {"name": "Wanderer", "next": "/join/"}).url == "/join/"
