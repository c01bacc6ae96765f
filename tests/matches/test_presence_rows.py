"""A socket's presence row comes and goes with its match row written anew (``presence.register``/``unregister``):
the one statement PostgreSQL runs does what the ORM does elsewhere."""

import pytest

from apps.matches.domain import presence
from apps.matches.models import Match, Presence

pytestmark = pytest.mark.django_db


def changes(match) -> int:
    return Match.objects.values_list("presence_changes", flat=True).get(pk=match.pk)


def test_a_socket_joining_writes_its_row_and_the_match_row(duel, alice):
    before = changes(duel)
    presence.register("chan-1", duel.pk, alice.pk, 0, "json", "host:1:a")
    row = Presence.objects.get(channel_name="chan-1")
    assert (row.match_id, row.user_id, row.seat, row.fmt, row.process) == (duel.pk, alice.pk, 0, "json", "host:1:a")
    assert changes(duel) == before + 1
    first_seen, connected = row.seen_at, row.connected_at

    # The same channel again (a consumer that registers twice): its row is rewritten, never doubled.
    presence.register("chan-1", duel.pk, None, None, "html", "host:1:a")
    row = Presence.objects.get(channel_name="chan-1")
    assert (row.user_id, row.seat, row.fmt) == (None, None, "html")
    assert row.connected_at == connected and row.seen_at >= first_seen
    assert changes(duel) == before + 2


def test_a_socket_leaving_removes_its_row_and_writes_the_match_row(duel):
    presence.register("chan-2", duel.pk, None, None, "json", "host:1:a")
    before = changes(duel)
    assert presence.unregister("chan-2") is True
    assert not Presence.objects.filter(channel_name="chan-2").exists() and changes(duel) == before + 1
    assert presence.unregister("chan-2") is False  # gone already: nothing else is written
    assert changes(duel) == before + 1
