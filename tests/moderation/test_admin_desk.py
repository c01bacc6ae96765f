"""The admin as the moderators' desk: Civitas branding, who is sanctioned now, and nothing added by hand."""

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.moderation import services
from apps.moderation.models import Sanction

pytestmark = pytest.mark.django_db


def test_the_admin_is_branded_as_civitas_moderation(client, moderator):
    client.force_login(moderator)
    page = client.get("/admin/").content.decode()
    assert "Civitas moderation" in page and "Django administration" not in page


def test_the_user_list_shows_and_filters_who_is_banned_or_muted_now(client, moderator, alice, bob, carol):
    services.ban(moderator, bob, "spam")
    services.mute(moderator, carol, 30, "shouting")
    Sanction.objects.create(user=alice, kind=Sanction.Kind.MUTE, reason="old", created_by=moderator,
                            ends_at=timezone.now() - timedelta(minutes=1))
    client.force_login(moderator)

    def listed(query: str) -> dict[str, tuple[bool, bool]]:
        response = client.get(f"/admin/accounts/user/{query}")
        return {user.username: (user.banned_now, user.muted_now) for user in response.context["cl"].result_list}

    everyone = listed("")
    assert (everyone["alice"], everyone["bob"], everyone["carol"]) == ((False, False), (True, False), (False, True))
    assert list(listed("?sanction=ban")) == ["bob"]
    assert list(listed("?sanction=mute")) == ["carol"]
    assert "alice" in listed("?sanction=none") and "bob" not in listed("?sanction=none")
    page = client.get("/admin/accounts/user/").content.decode()
    assert "column-banned" in page and "column-muted" in page and "active sanction" in page


@pytest.mark.parametrize("model", ["match", "matchseat", "movelog"])
def test_nobody_adds_matches_their_seats_or_moves_by_hand(client, make_user, model):
    client.force_login(make_user("root", is_staff=True, is_superuser=True))
    assert client.get(f"/admin/matches/{model}/add/").status_code == 403
    assert f"/admin/matches/{model}/add/" not in client.get("/admin/").content.decode()
