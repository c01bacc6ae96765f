"""The driver that moves server-side bots (which kinds there are and how they choose: ``domain.bots``).

Whenever a bot's seat is active, it moves without a browser. A socket at the table starts the driver at once;
for a table nobody has open (own pace, or the process that drove it died) every process sweeps every
``BOT_SWEEP_SECONDS`` for running matches where a bot is to move and nothing moved for a while, and drives them.
Two processes driving one table never double a move: each move names the version it was chosen at, and only the
first to write that version is kept (the other is refused as stale and looks again). Nor do they think twice about
one decision: a driver chooses a move only while it holds the table's lease (``bot_lease``), and a sweep passes over
leased tables; a driver that finds the lease taken leaves the table to its holder.

A bot's turn may take several moves (steps): the first comes ``BOT_DELAY`` after the turn begins, each next one
``BOT_STEP_DELAY`` after the one before, so people can follow it and it still answers like a player.

A searching bot (``bots.SEARCHING``, the strong bot) plans its whole turn within one budget (``search.choose_turn``:
``STRONG_BOT_SECONDS`` for the turn, shared by its decisions; later steps the plan foresaw are played without a
search), and it thinks during the pause before its step, not after it. It thinks in pure Python, which
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
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone

from apps.matches.domain import bots, deadline_grace, deeds, lessons, selectors, time_loss, timekeeper
from apps.matches.engine import engine, search
from apps.matches.engine.protocol import Move
from apps.matches.engine.search import TurnPlan, turn_in_worker
from apps.matches.live import bot_lease, flag_watch, periodic, worker_lifeline
from apps.matches.models import Match, MatchSeat

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


ANOTHER_TURN = "another turn"  # ``move_bot``'s answer when the bot whose turn it expected is not the one to move


@dataclass
class Pace:
    """A driver's memory of the bot turn it is playing: the seat and table version its last move left (``after``:
    if that seat is still to move at that version, the turn goes on, and its next step comes ``BOT_STEP_DELAY``
    after the last, not ``BOT_DELAY``), the bot's kind, and a searching bot's plan for the rest of its turn."""

    after: tuple[int, int] | None = None
    kind: str = ""
    plan: TurnPlan | None = None


async def _drive(match_id: int) -> None:
    pace = Pace()
    try:
        while True:
            _poked.discard(match_id)
            while True:
                if pace.after is not None:  # the turn may go on: its next step is read, chosen and played at once
                    (seat, version), delay = pace.after, min(settings.BOT_STEP_DELAY, settings.BOT_DELAY)
                    moved = await _step(match_id, pace, delay, pace.after)
                    if moved is ANOTHER_TURN:
                        pace.after = pace.plan = None
                        continue
                else:
                    waiting = await database_sync_to_async(waiting_bot)(match_id)
                    if waiting is None:
                        break
                    seat, pace.kind, version = waiting
                    pace.plan = None
                    moved = await _step(match_id, pace, settings.BOT_DELAY)
                if moved is None:  # another process is choosing this bot's move: the table is its to drive
                    return
                if moved is True:
                    pace.after = (seat, version + 1)
                else:
                    # Another process moved first, or the table changed; look again.
                    pace.after = pace.plan = None
                    await asyncio.sleep(0.05)
            if match_id not in _poked:  # no await between this check and the finally: nothing slips in
                break
    except Exception:  # a bot must never take the process down
        log.exception("bot driver for match %s failed", match_id)
    finally:
        _driving.discard(match_id)
        _poked.discard(match_id)


async def _step(match_id: int, pace: Pace, delay: float, expect: tuple[int, int] | None = None):
    """One step of a bot's turn, ``delay`` after now: a searching bot thinks during the pause (which then ends when
    its move is ready), another bot waits and then moves."""
    if pace.kind in bots.SEARCHING:
        return await move_bot(match_id, pace, asyncio.get_running_loop().time() + delay, expect=expect)
    await asyncio.sleep(delay)
    return await move_bot(match_id, pace, expect=expect)


def waiting_bot(match_id: int) -> tuple[int, str, int] | None:
    """The (seat, kind, table version) of a bot to move at the running match, or None (``selectors.has_waiting_bot``,
    saying which)."""
    match = (Match.objects.filter(pk=match_id, status=Match.Status.RUNNING)
             .only("game", "state", "lesson", "version").first())
    if match is None:
        return None
    kinds = dict(MatchSeat.objects.filter(match=match).exclude(bot="").values_list("index", "bot"))
    entry = lessons.scripted(match)  # a lesson's bot waits for its scripted turn
    active = engine(match.game).active_seats(match.state) if entry is None else [entry.seat]
    seat = next((seat for seat in active if seat in kinds), None)
    return None if seat is None else (seat, kinds[seat], match.version)


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


async def move_bot(match_id: int, pace: Pace | None = None, ready_at: float | None = None,
                   expect: tuple[int, int] | None = None) -> bool | str | None:
    """Play one move for the bot whose seat is active, if any; True if one was played, False if none was (no bot
    to move, or the table moved on), None if another driver holds the table's lease. A searching bot's move is
    played no sooner than ``ready_at`` (event loop time), and by ``pace``'s plan while the plan holds. Given
    ``expect`` (seat, version), only that seat's bot at that version moves (``ANOTHER_TURN`` if it is not to)."""
    # A bot that decides in milliseconds is read, chosen for and played in one trip to the database thread; a
    # searching bot's turn comes back, to be played from its plan, or to wait for a worker of this process and
    # think there.
    pace = pace or Pace()
    async with bot_lease.leased(match_id) as lease:
        if lease is None:
            return None
        turn = await database_sync_to_async(_first_look)(match_id, expect)
        if not isinstance(turn, deeds.BotTurn):
            return turn
        # In a thread of its own: a heuristic's move takes a game's rules some milliseconds, the loop none.
        unsearched = await asyncio.to_thread(_unsearched, turn, bots.search_budget(turn.game), pace.plan)
        if unsearched is not None:
            move, pace.plan = unsearched
            await _until(ready_at)
            return await database_sync_to_async(deeds.play_bot_turn)(turn, move)
    worker = _free_worker()
    await worker.acquire()
    thinking = True
    try:
        async with bot_lease.leased(match_id) as lease:
            if lease is None:
                return None
            # Read again under this lease: while this table waited for a worker, another process may have moved it.
            turn = await database_sync_to_async(deeds.do_bot_move)(match_id, defer=bots.SEARCHING)
            if not isinstance(turn, deeds.BotTurn):
                return turn
            move, pace.plan = await _search(turn, pace.plan)
            worker.release()  # the pause that is left is the table's own: another table may think meanwhile
            thinking = False
            await _until(ready_at)
            return await database_sync_to_async(deeds.play_bot_turn)(turn, move)
    finally:
        if thinking:
            worker.release()


def _unsearched(turn: deeds.BotTurn, budget: search.Budget, plan: TurnPlan | None) -> tuple[Move, TurnPlan] | None:
    """The plan's next move, the only move, or the heuristic's once the turn's time is spent, with the plan left
    (no worker needed); None when the move needs a search."""
    if search.searches(engine(turn.game).legal_moves(turn.state, turn.seat), budget, plan):
        return None
    return search.turn_in_worker(turn.game, turn.kind, turn.state, turn.seat, turn.seed, budget, plan)


async def _until(ready_at: float | None) -> None:
    if ready_at is not None:
        await asyncio.sleep(max(0.0, ready_at - asyncio.get_running_loop().time()))


def _first_look(match_id: int, expect: tuple[int, int] | None = None) -> bool | str | deeds.BotTurn:
    """A seat whose turn of grace at own pace is over loses on time before its bot plays on (``deadline_grace``); then
    the bot move, as ``deeds.do_bot_move`` (given ``expect``, only that seat's at that version)."""
    deadline_grace.grace_spent(match_id)
    if expect is None:
        return deeds.do_bot_move(match_id, defer=bots.SEARCHING)
    turn = deeds.bot_turn(match_id)
    if turn is None or (turn.seat, turn.version) != expect:
        return ANOTHER_TURN
    if turn.scripted is not None:
        return deeds.play_bot_turn(turn, turn.scripted)
    if turn.kind in bots.SEARCHING:
        return turn
    return deeds.play_bot_turn(turn, bots.choose(turn.game, turn.kind, turn.state, turn.seat, random.Random(turn.seed)))


async def _search(turn: deeds.BotTurn, plan: TurnPlan | None) -> tuple[Any, TurnPlan]:
    """The searching bot's move and its plan for the rest of its turn, from one budget for the whole turn."""
    global _pool
    try:
        return await asyncio.get_running_loop().run_in_executor(
            search_pool(), turn_in_worker, turn.game, turn.kind, turn.state, turn.seat, turn.seed,
            bots.search_budget(turn.game), plan)
    except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh next time, think here now
        log.exception("the search workers broke; the bot of match %s thinks in a thread", turn.match_id)
        _pool = None
        return await asyncio.to_thread(turn_in_worker, turn.game, turn.kind, turn.state, turn.seat, turn.seed,
                                       bots.search_budget(turn.game), plan)


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
