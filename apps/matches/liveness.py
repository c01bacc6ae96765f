"""Presence that outlives its process: a Daphne killed without closing its sockets leaves its Presence rows behind.

Every process refreshes its own rows every ``PRESENCE_HEARTBEAT`` seconds, with one query. A row not refreshed
for three heartbeats belongs to a process that is gone: who-is-here leaves it out at once, and the next heartbeat
of any process deletes it, marks the seat away if it was that seat's last socket, and tells the table.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import uuid
from datetime import timedelta

from channels.db import database_sync_to_async
from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone

from apps.matches.models import Presence

PROCESS = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
log = logging.getLogger(__name__)
_task: asyncio.Task | None = None


def stale_after() -> timedelta:
    return timedelta(seconds=3 * max(settings.PRESENCE_HEARTBEAT, 1))


def alive(presences: QuerySet) -> QuerySet:
    """Only the rows whose process has refreshed them lately."""
    return presences.filter(seen_at__gte=timezone.now() - stale_after())


def beat() -> set[int]:
    """Refresh this process's rows and remove every stale one; the matches whose presence changed."""
    from apps.matches import push, seats

    now = timezone.now()
    Presence.objects.filter(process=PROCESS).update(seen_at=now)
    stale = Presence.objects.filter(seen_at__lt=now - stale_after())
    gone = set(stale.values_list("match_id", "seat"))
    if not gone:
        return set()
    stale.delete()
    log.warning("Removed the presence of %d socket(s) of a process that stopped refreshing it", len(gone))
    for match_id, seat in gone:
        if seat is not None:
            seats.maybe_away(match_id, seat)
    matches = {match_id for match_id, _ in gone}
    for match_id in matches:
        push.presence_changed(match_id)
    return matches


def ensure_heartbeat() -> None:
    """Start this process's heartbeat on the running event loop, once."""
    global _task
    if settings.PRESENCE_HEARTBEAT <= 0:
        return
    loop = asyncio.get_running_loop()
    if _task is None or _task.done() or _task.get_loop() is not loop:
        _task = loop.create_task(_heartbeat())


async def _heartbeat() -> None:
    while True:
        await asyncio.sleep(settings.PRESENCE_HEARTBEAT)
        try:
            await database_sync_to_async(beat)()
        except Exception:  # a database hiccup must not stop the heartbeat for good
            log.exception("Presence heartbeat failed; trying again next beat")
