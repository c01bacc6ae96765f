"""Each process's watch on the real-time clocks of rated matches: a loss on time is decided within moments of the
flag, from the server's own clock and the match rows alone (no socket of the loser's need be open, and a process
started after the flag decides it at its first look).

Every ``FLAG_WATCH_SECONDS`` the watch decides the losses due (``time_loss.flag_expired``) and asks when the next
running clock runs out (``time_loss.next_flag_ms``); if that falls before its next look, it waits for that moment
and decides it then. Two processes watching one match decide its loss once: ``flag_expired`` locks the match row.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from channels.db import database_sync_to_async
from django.conf import settings

from apps.matches.domain import time_loss

LEAST_WAIT_S = 0.005  # (asyncio may wake a little before the moment asked for: the next round looks again)


def _look() -> tuple[list[int], int | None]:
    """Decide the losses due now, and say when the next clock runs out: one trip to the database thread."""
    return time_loss.flag_expired(), time_loss.next_flag_ms()


async def watch(drive: Callable[[int], None]) -> list[int]:
    """One look, and the waits for every clock that runs out before the next; the matches changed, each handed to
    ``drive`` at once (a seat lost on time in a match of three or more is played out by a bot)."""
    changed: list[int] = []
    while True:
        decided, next_ms = await database_sync_to_async(_look)()
        for match_id in decided:
            drive(match_id)
        changed += decided
        if next_ms is None or next_ms > settings.FLAG_WATCH_SECONDS * 1000:
            return changed
        await asyncio.sleep(max(LEAST_WAIT_S, next_ms / 1000))

