"""A person's move played on the event loop, over one of the loop's own PostgreSQL connections (``loop_db``).

Played in the process's database thread, a move's two round trips to PostgreSQL queued every other move of
the process behind them, and each hand-over of the interpreter between that thread and the loop cost a wait
for it: under ``bench/ws_load.py``'s 500 matches the one thread was busy 96% of the time, mostly waiting. Here
moves of different matches wait on PostgreSQL side by side, and the loop does the rest between their waits.

The same judgement (``services.plan_move``) and the same two statements (``move_store``) as in the thread;
whatever is rarer is handed to the thread, which answers it as it always has: a malformed frame, a session kept
elsewhere than the database, a move that may be a resend (its id given, its version not the match's), the last
move of a match (it commits with the results), and a write that lost a race or failed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import psycopg

from apps.accounts.sessions import session_check
from apps.matches import liveness, loop_db, move_store, push, services
from apps.matches.models import Match
from apps.matches.services import MoveResult

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ToThread:
    """The move is the database thread's to answer; ``tell_table``: a write may have committed unreported."""

    tell_table: bool = False


async def submit(match_id: int, seat: int, move: Any, version: Any, client_id: Any,
                 signed_in: tuple[int, str | None] | None) -> tuple[MoveResult, list] | ToThread:
    """The answer to a person's move and the frames it pushes (for the caller to send), or ``ToThread``.

    Raises ``SessionEnded`` if ``signed_in`` (user id, session key) no longer stands.
    """
    if (not loop_db.enabled() or signed_in is None or not signed_in[1]
            or services.malformed_move(version, client_id)):
        return ToThread()
    check = session_check(*signed_in)
    if check is None:
        return ToThread()
    writing = False
    try:
        async with loop_db.connection() as conn:
            cursor = conn.cursor()
            await cursor.execute(*move_store.load_statement(match_id, check))
            match, rows = move_store.loaded(await cursor.fetchone(), signed_in)
            if match is None:
                return MoveResult(False, -1, "forbidden", "No such match."), []
            if client_id and (match.status != Match.Status.RUNNING or version != match.version):
                return ToThread()  # perhaps a resend: the thread looks for its id in the log
            plan = services.plan_move(match, rows, seat, move, version, client_id, by_bot=False)
            if isinstance(plan, MoveResult):
                return plan, []
            if plan.outcome is not None:
                return ToThread()
            writing = True
            written, listening = await _write_then_read(conn, match_id, version, plan)
    except psycopg.IntegrityError:
        return ToThread()  # another move took this version, or this id was used before: nothing was written
    except psycopg.Error as exc:
        log.warning("Match %s: a move on the loop's connection failed (%s); the database thread answers it",
                    match_id, exc)
        return ToThread(tell_table=writing)
    if not written:
        return ToThread()
    with push.deferred() as pushes:
        services.moved(match, plan, rows, set(listening))
    return MoveResult(True, version + 1), pushes


async def _write_then_read(conn: psycopg.AsyncConnection, match_id: int, version: int,
                           plan: services.PlannedMove) -> tuple[bool, list[tuple]]:
    """``move_store.write_then_read`` on the loop: the write, then who listens, read after its commit, in one
    round trip (each statement of an autocommit pipeline is a transaction of its own, run in order)."""
    writer, reader = conn.cursor(), conn.cursor()
    async with conn.pipeline():
        await writer.execute(*move_store.write_statement(match_id, version, plan.fields, plan.log))
        await reader.execute(*liveness.listening_sql(match_id))
    if writer.rowcount != 1:
        return False, []
    return True, await reader.fetchall()
