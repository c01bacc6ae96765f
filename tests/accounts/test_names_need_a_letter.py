"""A name holds at least one letter or digit: names of dots, dashes and underscores alone are refused (``..`` in
``/players/../`` is a path browsers rewrite, and such names read as nobody)."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from apps.accounts.services import check_display_name, create_guest

pytestmark = pytest.mark.django_db

PUNCTUATION_ONLY = ["..", "-.", "._", "--", "__", ".-_.", "." * 24]


@pytest.mark.parametrize("name", PUNCTUATION_ONLY)
def test_it_refuses_a_guest_name_of_dots_dashes_and_underscores_alone(name):
    with pytest.raises(ValidationError, match="at least one letter or digit"):
        create_guest(name)
    assert not get_user_model().objects.exists()


@pytest.mark.parametrize("name", PUNCTUATION_ONLY)
def test_it_refuses_signing_up_with_a_name_of_punctuation_alone(client, name):
    response = client.post("/accounts/signup/", {"username": name, "password1": "a-long-secret-9",
                                                 "password2": "a-long-secret-9"})
    assert response.status_code == 200 and "at least one letter or digit" in response.content.decode()
    assert not get_user_model().objects.exists()


@pytest.mark.parametrize("name", ["a.", "-b-", "x_1", ".9", "J.R.R."])
def test_a_name_with_a_letter_or_digit_among_the_punctuation_is_fine(name):
    assert check_display_name(name) == name
