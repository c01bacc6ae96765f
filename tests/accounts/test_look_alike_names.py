"""Names are NFKC-normalised and a name whose TR39 skeleton matches an existing one's is refused, saying why."""

from importlib import import_module

import pytest
from django.apps import apps as django_apps
from django.contrib.auth import get_user_model

from apps.accounts.admin import UserCreateForm

pytestmark = pytest.mark.django_db
SIGN_UP = {"password1": "a-long-secret-9", "password2": "a-long-secret-9"}


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_it_refuses_a_capital_i_for_a_lower_case_l_at_sign_up_and_guest_entry(client, make_user):
    make_user("Alab94ice")
    for url, data in (("/accounts/signup/", {"username": "AIab94ice", **SIGN_UP}),
                      ("/accounts/guest/", {"name": "AIab94ice"})):
        response = client.post(url, data)
        assert response.status_code == 200
        assert "too similar to an existing name (Alab94ice)" in response.content.decode()
    assert not get_user_model().objects.filter(username="AIab94ice").exists()


def test_it_refuses_a_cyrillic_a_for_a_latin_a(client, alice):
    response = client.post("/accounts/guest/", {"name": "\u0430lice"})
    assert response.status_code == 200 and "too similar to an existing name (alice)" in response.content.decode()
    assert get_user_model().objects.count() == 1


def test_it_refuses_a_look_alike_the_other_way_round_too(client, make_user):
    make_user("AIab94ice")
    response = client.post("/accounts/guest/", {"name": "alab94ice"})
    assert "too similar" in response.content.decode()


def test_it_stores_a_full_width_name_in_its_nfkc_form(client):
    assert client.post("/accounts/guest/", {"name": "\uff37anderer"}).status_code == 302
    assert get_user_model().objects.get().username == "Wanderer"


def test_different_names_are_still_welcome(client, alice):
    assert client.post("/accounts/guest/", {"name": "alicia"}).status_code == 302


def test_the_admin_cannot_create_a_look_alike_either(make_user):
    make_user("Alab94ice")
    form = UserCreateForm({"username": "AIab94ice", "usable_password": "false"})
    assert not form.is_valid() and "too similar" in str(form.errors["username"])


def test_the_migration_gives_existing_users_their_key(make_user):
    make_user("AIab94ice")
    get_user_model().objects.update(name_key="")
    import_module("apps.accounts.migrations.0003_fill_name_key").fill(django_apps, None)
    assert get_user_model().objects.get().name_key == "alab94ice"
