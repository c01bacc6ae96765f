"""Answering a seat's ``hint`` frame: checked in the database thread (``domain.hints``), searched in the bots'
worker processes (``bot_driver.think``: the event loop goes on meanwhile), answered to the asking socket alone."""

from __future__ import annotations

from channels.db import database_sync_to_async

from apps.matches.domain import bots, hints
from apps.matches.engine import name_seats
from apps.matches.engine.hint import budget_for, hint_in_worker
from apps.matches.live import bot_driver, protocol


async def ask(match_id: int, seat: int | None, version: int) -> dict:
    """The frame answering ``seat``'s hint at ``version``: the hint, or an error frame saying why not."""
    turn = await database_sync_to_async(hints.hint_turn)(match_id, seat, version)
    if isinstance(turn, hints.Refused):
        return protocol.hint_refused(turn.code, turn.message)
    budget = budget_for(turn.game, bots.search_budget())
    found = await bot_driver.think(hint_in_worker, turn.game, turn.state, turn.seat, turn.seed, budget)
    for candidate in found["candidates"]:
        candidate["label"] = name_seats(candidate["label"], turn.names)
        candidate["why"] = name_seats(candidate["why"], turn.names)
    return protocol.hint(turn.version, found)
