"""Sign-up, log-in, guests, claiming a guest account, unique names and profiles."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError

from apps.accounts.services import create_guest

pytestmark = pytest.mark.django_db


def test_signing_up_logs_the_new_player_in(client):
    response = client.post("/accounts/signup/", {"username": "Dora", "password1": "a-long-secret-9",
                                                 "password2": "a-long-secret-9"})
    assert response.status_code == 302
    assert client.get("/").context["user"].username == "Dora"


def test_names_are_unique_whatever_their_case(client, alice):
    response = client.post("/accounts/signup/", {"username": "ALICE", "password1": "a-long-secret-9",
                                                 "password2": "a-long-secret-9"})
    assert response.status_code == 200
    assert "taken" in response.content.decode()
    with pytest.raises(IntegrityError):
        get_user_model().objects.create_user(username="Alice", password="x-long-secret-9")


def test_a_guest_picks_a_name_and_plays_at_once(client):
    response = client.post("/accounts/guest/", {"name": "Wanderer", "next": "/lobbies/1/"})
    assert response.status_code == 302 and response.url == "/lobbies/1/"
    user = get_user_model().objects.get(username="Wanderer")
    assert user.is_guest and not user.has_usable_password()


def test_a_guest_cannot_take_a_registered_name(alice):
    with pytest.raises(ValidationError):
        create_guest("aLiCe")


def test_a_guest_name_must_be_plain(client):
    response = client.post("/accounts/guest/", {"name": "<script>"})
    assert response.status_code == 200
    assert not get_user_model().objects.filter(username="<script>").exists()


def test_a_guest_keeps_the_name_by_setting_a_password(client):
    client.post("/accounts/guest/", {"name": "Wanderer"})
    response = client.post("/accounts/claim/", {"password1": "a-long-secret-9", "password2": "a-long-secret-9"})
    assert response.status_code == 302
    user = get_user_model().objects.get(username="Wanderer")
    assert not user.is_guest and user.check_password("a-long-secret-9")
    client.logout()
    assert client.login(username="Wanderer", password="a-long-secret-9")


def test_an_outside_next_url_is_not_followed(client):
    response = client.post("/accounts/guest/", {"name": "Wanderer", "next": "https://evil.example/"})
    assert response.url == "/"


def test_the_profile_page_answers_for_any_case_of_the_name(client, alice):
    assert client.get("/players/ALICE/").status_code == 200
    assert client.get("/players/nobody/").status_code == 404
