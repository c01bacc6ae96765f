"""Notices do not pile up: a newer notice about a match supersedes its unread ones, so the header counts matches
with news, and the list shows one line per match with the earlier ones folded under it."""

import pytest

from apps.notices import services
from apps.notices.models import Notice

pytestmark = pytest.mark.django_db


def eleven_notices_from_six_matches(user) -> None:
    """As a guest met them: seated at six matches, five of which then ended (11 notices)."""
    for match in range(1, 7):
        services.notify(user.pk, Notice.Kind.INVITED, f"Ada started Chronicle #{match}: your seat is ready.",
                        f"/matches/{match}/", f"seated:{match}")
    for match in range(1, 6):
        services.notify(user.pk, Notice.Kind.MATCH_ENDED, f"Chronicle #{match} ended. It is over: read the story.",
                        f"/matches/{match}/", f"ended:{match}")


def test_a_guest_with_eleven_notices_from_six_matches_has_six_unread(make_user):
    guest = make_user("bea", is_guest=True)
    eleven_notices_from_six_matches(guest)
    assert Notice.objects.filter(user=guest).count() == 11, "every notice is kept"
    assert services.unread_count(guest.pk) == 6


def test_the_list_shows_one_line_per_match_with_the_earlier_ones_folded(client, make_user):
    guest = make_user("bea", is_guest=True)
    eleven_notices_from_six_matches(guest)
    client.force_login(guest)
    page = client.get("/notices/").content.decode()
    assert page.count('<li class="notice-row') == 6
    assert page.count("1 earlier about this") == 5
    assert "Chronicle #1 ended" in page and "Ada started Chronicle #1" in page
