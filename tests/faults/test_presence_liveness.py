"""Presence left behind by a process that died without closing its sockets is ignored, then removed."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.db import connections
from django.utils import timezone

from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.domain.presence import listening
from apps.matches.live import heartbeat as liveness
from apps.matches.live import periodic, push
from apps.matches.models import Match, MatchSeat, Presence
from tests.matches.test_consumer import connect, next_of

pytestmark = pytest.mark.django_db


def present(match, seat, process, age_seconds, channel):
    return Presence.objects.create(channel_name=channel, match=match, seat=seat, process=process,
                                   seen_at=timezone.now() - timedelta(seconds=age_seconds))


def test_a_dead_process_sockets_are_left_out_of_who_is_here_and_then_removed(duel, settings, monkeypatch):
    settings.PRESENCE_HEARTBEAT = 30
    monkeypatch.setattr(liveness, "_open", {"live-bob"})  # bob's socket is open in this process
    present(duel, 0, "gone:1:dead", 200, "dead-alice")
    present(duel, None, "gone:1:dead", 200, "dead-watcher")
    present(duel, 1, liveness.PROCESS, 200, "live-bob")  # ours, about to be refreshed
    frame = push.presence_frame(duel.pk)
    assert '"online": []' in frame and '"watchers": 0' in frame

    liveness.beat()
    written = Match.objects.values_list("presence_changes", flat=True).get(pk=duel.pk)
    assert liveness.sweep() == ({duel.pk}, False)
    assert set(Presence.objects.values_list("channel_name", flat=True)) == {"live-bob"}
    # The match row is written anew, so a process keeping who listened to it (match_cache) asks again.
    assert Match.objects.values_list("presence_changes", flat=True).get(pk=duel.pk) == written + 1
    assert '"online": [1]' in push.presence_frame(duel.pk)
    alice_seat = MatchSeat.objects.get(match=duel, index=0)
    assert alice_seat.away_since is not None, "the seat whose last socket died is away"
    liveness.beat()
    assert liveness.sweep() == (set(), False), "nothing more to remove"


def test_a_fresh_socket_of_another_process_stays(duel, settings):
    settings.PRESENCE_HEARTBEAT = 30
    present(duel, 0, "other:2:alive", 10, "other-alice")
    liveness.beat()
    assert liveness.sweep() == (set(), False)
    assert Presence.objects.count() == 1
    assert '"online": [0]' in push.presence_frame(duel.pk)
    assert MatchSeat.objects.get(match=duel, index=0).away_since is None


def test_with_the_heartbeat_off_no_row_expires_by_age(duel, settings):
    # Nothing refreshes rows then, so an old row is no sign of a dead process: its socket still hears the table.
    settings.PRESENCE_HEARTBEAT = 0
    present(duel, 0, liveness.PROCESS, 200, "old-but-open")
    assert liveness.sweep() == (set(), False)
    assert listening(duel.pk) == {(0, "html")}
    assert '"online": [0]' in push.presence_frame(duel.pk)


def test_many_stale_rows_are_swept_in_batches(duel, alice, bob, settings):
    settings.PRESENCE_HEARTBEAT = 30
    other = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=9)
    for i in range(250):
        present(duel if i % 2 else other, i % 3 if i % 3 < 2 else None, "gone:1:dead", 200, f"dead-{i}")
    present(duel, None, liveness.PROCESS, 0, "live-watcher")
    assert liveness.sweep(limit=100) == ({duel.pk, other.pk}, True)
    assert Presence.objects.count() == 151
    assert liveness.sweep(limit=100)[1] is True
    assert liveness.sweep(limit=100)[1] is False
    assert list(Presence.objects.values_list("channel_name", flat=True)) == ["live-watcher"]
    assert MatchSeat.objects.filter(away_since__isnull=False).count() == 4, "both seats of both matches are away"


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_heartbeat_runs_in_the_serving_process_once_a_socket_connects(duel, carol, settings):
    settings.PRESENCE_HEARTBEAT = 0.05
    await database_sync_to_async(present)(duel, 0, "gone:1:dead", 60, "dead-alice")
    watcher, _ = await connect(duel.pk, carol)
    await next_of(watcher, "state")
    try:
        for _ in range(60):
            channels = await database_sync_to_async(
                lambda: set(Presence.objects.values_list("channel_name", "process")))()
            if all(name != "dead-alice" for name, _ in channels):
                break
            await asyncio.sleep(0.05)
        assert [process for _, process in channels] == [liveness.PROCESS], "only the live socket, of this process"
    finally:
        await watcher.disconnect()
        await periodic.stop(liveness.HEARTBEAT)
        await database_sync_to_async(connections.close_all)()
