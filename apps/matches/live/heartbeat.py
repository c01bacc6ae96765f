"""Presence that outlives its process: a Daphne killed without closing its sockets leaves its Presence rows behind.

Every process refreshes the rows of its sockets that are open right now every ``PRESENCE_HEARTBEAT`` seconds
(kept in ``_open``, one query per 500 sockets), so a row a crashed socket left behind expires too. A row not refreshed
for three heartbeats belongs to a process that is gone: who-is-here leaves it out at once, and the next heartbeat
of any process deletes it, marks the seat away if it was that seat's last socket, and tells the table.

A dead process may leave thousands of rows. They are swept ``SWEEP_BATCH`` at a time, each batch its own hop to
the database thread, so the moves of this process's tables go on between batches: swept in one go, 900 rows held
that thread, and every move behind it, for a long time. Which rows count as alive: ``domain.presence``.
"""

from __future__ import annotations

import logging
import os
import socket
import uuid

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone

from apps.matches.domain import presence, seats
from apps.matches.domain.presence import stale_after
from apps.matches.live import bot_driver, periodic, push
from apps.matches.models import Presence

PROCESS = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
log = logging.getLogger(__name__)
_open: set[str] = set()  # channel names of this process's open match sockets
SWEEP_BATCH = 100
BEAT_BATCH = 500  # channel names per refresh statement (SQLite takes a bounded number of parameters)


def opened(channel_name: str) -> None:
    """A socket of this process is open: the heartbeat refreshes its row (call before the row is written)."""
    _open.add(channel_name)


def closed(channel_name: str) -> None:
    """The socket ended, however it ended: the heartbeat no longer refreshes its row, so a row its cleanup could
    not delete expires like a dead process's."""
    _open.discard(channel_name)


def beat() -> None:
    """Refresh the rows of the sockets open in this process now, and only those."""
    open_now, now = sorted(_open), timezone.now()
    for start in range(0, len(open_now), BEAT_BATCH):
        Presence.objects.filter(process=PROCESS, channel_name__in=open_now[start:start + BEAT_BATCH]).update(
            seen_at=now)


def sweep(limit: int = SWEEP_BATCH) -> tuple[set[int], bool]:
    """Remove up to ``limit`` stale rows; the matches whose presence changed, and whether stale rows remain."""
    stale = list(Presence.objects.filter(seen_at__lt=timezone.now() - stale_after())
                 .values_list("pk", "match_id", "seat")[:limit])
    if not stale:
        return set(), False
    Presence.objects.filter(pk__in=[pk for pk, _, _ in stale]).delete()
    presence.changed(*{match_id for _, match_id, _ in stale})
    log.warning("Removed the presence of %d socket(s) of a process that stopped refreshing it", len(stale))
    for match_id, seat in {(match_id, seat) for _, match_id, seat in stale if seat is not None}:
        seats.maybe_away(match_id, seat)
    return {match_id for _, match_id, _ in stale}, len(stale) == limit


def with_background_tasks(app):
    """An ASGI wrapper that starts the process's heartbeat and bot sweep on its first connection of any kind
    (Daphne has no start-up hook), so a process that serves no match socket still sweeps."""
    async def application(scope, receive, send):
        ensure_heartbeat()
        bot_driver.ensure_sweep()
        return await app(scope, receive, send)
    return application


HEARTBEAT = "presence heartbeat"


def ensure_heartbeat() -> None:
    """Start this process's heartbeat on the running event loop, once."""
    periodic.ensure(HEARTBEAT, lambda: settings.PRESENCE_HEARTBEAT, _heartbeat)


async def _heartbeat() -> None:
    """One beat: refresh this process's open sockets, then sweep the stale rows of dead processes."""
    await database_sync_to_async(beat)()
    more = True
    while more:
        changed, more = await database_sync_to_async(sweep)()
        for match_id in changed:
            await push.presence_soon(match_id)
