"""Server-side bots: which kinds a game offers, how they choose, and the driver that moves them.

Whenever a bot's seat is active, it moves without a browser.
"""

import asyncio
import logging
import random

from channels.db import database_sync_to_async
from django.conf import settings

from apps.matches.registry import engine
from apps.matches.rules import Move, State

RANDOM = "random"

log = logging.getLogger(__name__)


def bot_kinds(game: str) -> dict[str, str]:
    """{kind: label} of the bots that can sit at this game, the random one first."""
    return {RANDOM: "Random bot", **{kind: label for kind, (label, _) in engine(game).bots().items()}}


def choose(game: str, kind: str, state: State, seat: int, rng: random.Random) -> Move:
    rules = engine(game)
    extra = rules.bots()
    if kind in extra:
        return extra[kind][1](rules, state, seat, rng)
    return rng.choice(rules.legal_moves(state, seat))
_driving: set[int] = set()
_poked: set[int] = set()  # matches whose driver must look again before it stops
_tasks: set[asyncio.Task] = set()


def drive_soon(match_id: int) -> None:
    """Start a driver for this match in this process, or tell the running one to look again.

    Without the poke, a driver that has just found no bot waiting could stop right after a person's move
    made a bot's turn, and the bot would never move.
    """
    if match_id in _driving:
        _poked.add(match_id)
        return
    _driving.add(match_id)
    task = asyncio.get_running_loop().create_task(_drive(match_id))
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


def running_tasks() -> list[asyncio.Task]:
    return list(_tasks)


async def _drive(match_id: int) -> None:
    from apps.matches.services import has_waiting_bot, play_bot_move

    try:
        while True:
            _poked.discard(match_id)
            while await database_sync_to_async(has_waiting_bot)(match_id):
                await asyncio.sleep(settings.BOT_DELAY)
                if not await database_sync_to_async(play_bot_move)(match_id):
                    # Another process moved first, or the table changed; look again.
                    await asyncio.sleep(0.05)
            if match_id not in _poked:  # no await between this check and the finally: nothing slips in
                break
    except Exception:  # a bot must never take the process down
        log.exception("bot driver for match %s failed", match_id)
    finally:
        _driving.discard(match_id)
        _poked.discard(match_id)
