"""The driver that moves server-side bots (which kinds there are and how they choose: ``domain.bots``).

Whenever a bot's seat is active, it moves without a browser. A socket at the table starts the driver at once;
for a table nobody has open (own pace, or the process that drove it died) every process sweeps every
``BOT_SWEEP_SECONDS`` for running matches where a bot is to move and nothing moved for a while, and drives them.
Two processes driving one table never double a move: each move names the version it was chosen at, and only the
first to write that version is kept (the other is refused as stale and looks again). Nor do they think twice about
one decision: a driver chooses a move only while it holds the table's lease (``bot_lease``), and a sweep passes over
leased tables; a driver that finds the lease taken leaves the table to its holder.

A searching bot (``bots.SEARCHING``, the strong bot) thinks for up to ``STRONG_BOT_SECONDS`` in pure Python, which
holds the interpreter's lock: in a thread it would slow the event loop and every other table's bot with it. It
thinks in a worker process instead (``STRONG_BOT_WORKERS`` of them, shared by every table of this process), while
the event loop and the database thread go on; the state is read before and the move written after, as for any bot.
A table waits for a free worker of this process before it takes the lease, so tables queued here stay free for the
other process's idle workers; the workers exit when this process dies (``worker_lifeline``).
"""

import asyncio
import logging
import multiprocessing
import os
import random
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import timedelta

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone

from apps.matches.domain import bots, deadline_grace, deeds, selectors, time_loss, timekeeper
from apps.matches.engine.search import choose_in_worker
from apps.matches.live import bot_lease, flag_watch, periodic, worker_lifeline
from apps.matches.models import Match

log = logging.getLogger(__name__)

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
    try:
        while True:
            _poked.discard(match_id)
            while await database_sync_to_async(selectors.has_waiting_bot)(match_id):
                await asyncio.sleep(settings.BOT_DELAY)
                moved = await move_bot(match_id)
                if moved is None:  # another process is choosing this bot's move: the table is its to drive
                    return
                if not moved:
                    # Another process moved first, or the table changed; look again.
                    await asyncio.sleep(0.05)
            if match_id not in _poked:  # no await between this check and the finally: nothing slips in
                break
    except Exception:  # a bot must never take the process down
        log.exception("bot driver for match %s failed", match_id)
    finally:
        _driving.discard(match_id)
        _poked.discard(match_id)


_pool: ProcessPoolExecutor | None = None


def search_pool() -> Executor:
    """This process's workers for searching bots, started on first use ("spawn": the workers share nothing with
    this process's threads and connections), each ending itself when this process dies."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=max(1, settings.STRONG_BOT_WORKERS),
                                    mp_context=multiprocessing.get_context("spawn"),
                                    initializer=worker_lifeline.die_with_parent, initargs=(os.getpid(),))
    return _pool


_worker_turns: dict[asyncio.AbstractEventLoop, asyncio.Semaphore] = {}


def _free_worker() -> asyncio.Semaphore:
    """Held while a searching bot thinks: one per worker of this process (asyncio's belong to their loop)."""
    loop = asyncio.get_running_loop()
    for other in [other for other in _worker_turns if other.is_closed()]:
        del _worker_turns[other]
    if loop not in _worker_turns:
        _worker_turns[loop] = asyncio.Semaphore(max(1, settings.STRONG_BOT_WORKERS))
    return _worker_turns[loop]


async def move_bot(match_id: int) -> bool | None:
    """Play one move for the bot whose seat is active, if any; True if one was played, False if none was (no bot
    to move, or the table moved on), None if another driver holds the table's lease."""
    # A bot that decides in milliseconds is read, chosen for and played in one trip to the database thread; a
    # searching bot's turn comes back, to wait for a worker of this process and think there.
    async with bot_lease.leased(match_id) as lease:
        if lease is None:
            return None
        turn = await database_sync_to_async(_first_look)(match_id)
    if not isinstance(turn, deeds.BotTurn):
        return turn
    async with _free_worker(), bot_lease.leased(match_id) as lease:
        if lease is None:
            return None
        # Read again under this lease: while this table waited for a worker, another process may have moved it.
        turn = await database_sync_to_async(deeds.do_bot_move)(match_id, defer=bots.SEARCHING)
        if not isinstance(turn, deeds.BotTurn):
            return turn
        move = await _search(turn)
        return await database_sync_to_async(deeds.play_bot_turn)(turn, move)


def _first_look(match_id: int) -> bool | deeds.BotTurn:
    """A seat whose turn of grace at own pace is over loses on time before its bot plays on (``deadline_grace``); then
    the bot move, as ``deeds.do_bot_move``."""
    deadline_grace.grace_spent(match_id)
    return deeds.do_bot_move(match_id, defer=bots.SEARCHING)


async def _search(turn: deeds.BotTurn):
    global _pool
    try:
        return await asyncio.get_running_loop().run_in_executor(
            search_pool(), choose_in_worker, turn.game, turn.kind, turn.state, turn.seat, turn.seed,
            bots.search_budget())
    except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh next time, think here now
        log.exception("the search workers broke; the bot of match %s thinks in a thread", turn.match_id)
        _pool = None
        return await asyncio.to_thread(bots.choose, turn.game, turn.kind, turn.state, turn.seat,
                                       random.Random(turn.seed))


async def think(work, *args):
    """``work(*args)`` (a pure function named by module, its arguments by value) in this process's search workers,
    once one is free, as a searching bot thinks: a hint (``live.hinting``) waits its turn with the bots."""
    global _pool
    async with _free_worker():
        try:
            return await asyncio.get_running_loop().run_in_executor(search_pool(), work, *args)
        except BrokenProcessPool:  # a worker died: start afresh next time, think in a thread now
            log.exception("the search workers broke; %s runs in a thread", getattr(work, "__name__", work))
            _pool = None
            return await asyncio.to_thread(work, *args)


_no_bot_waiting: dict[int, int] = {}  # match id -> a version at which no bot was to move (state need not be read again)


def idle_seconds() -> float:
    """How long a table with a bot to move stays still before a sweep drives it: longer than a driver that is
    running takes to move, so a sweep does not race a process that has the table open."""
    return max(2.0, 3 * settings.BOT_DELAY)


def stalled_tables() -> list[int]:
    """Running matches where a bot is to move and nothing moved for ``idle_seconds``.

    One query on the match's (status, updated_at) index finds the still tables with a bot seat; the state of each
    is read only the first time it is seen at a version (whose turn it is needs the rules engine)."""
    cutoff = timezone.now() - timedelta(seconds=idle_seconds())
    still = dict(Match.objects.filter(status=Match.Status.RUNNING, updated_at__lt=cutoff, seats__bot__gt="")
                 .values_list("pk", "version").distinct())
    for match_id in set(_no_bot_waiting) - set(still):
        del _no_bot_waiting[match_id]
    waiting = []
    for match_id, version in still.items():
        if _no_bot_waiting.get(match_id) == version:
            continue
        if selectors.has_waiting_bot(match_id):
            waiting.append(match_id)
        else:
            _no_bot_waiting[match_id] = version
    return waiting


async def sweep() -> list[int]:
    """Drive every stalled table's bots in this process, but for those whose lease a driver holds (it is choosing
    their move, here or in another process); the tables driven."""
    waiting = await database_sync_to_async(stalled_tables)()
    leased = await bot_lease.held(waiting)
    waiting = [match_id for match_id in waiting if match_id not in leased]
    for match_id in waiting:
        drive_soon(match_id)
    return waiting


async def deadline_sweep() -> list[int]:
    """Hand to a bot every seat whose own-pace deadline passed (``timekeeper``), decide the losses on time of rated
    real-time matches (``time_loss``), and drive those tables here."""
    changed = await database_sync_to_async(timekeeper.hand_over_expired)()
    changed += await database_sync_to_async(time_loss.flag_expired)()
    for match_id in changed:
        drive_soon(match_id)
    return changed


async def watch_flags() -> list[int]:
    """One round of the watch on rated real-time clocks (``flag_watch``), driving the tables it changed here."""
    return await flag_watch.watch(drive_soon)


def ensure_sweep() -> None:
    """Start this process's bot sweep, deadline sweep and flag watch on the running event loop, once each."""
    periodic.ensure("bot sweep", lambda: settings.BOT_SWEEP_SECONDS, sweep)
    periodic.ensure("deadline sweep", lambda: settings.DEADLINE_SWEEP_SECONDS, deadline_sweep)
    periodic.ensure("flag watch", lambda: settings.FLAG_WATCH_SECONDS, watch_flags)
