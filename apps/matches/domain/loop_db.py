"""A pool of asynchronous PostgreSQL connections for each event loop, used by the moves played on the loop.

Each loop gets its own ``psycopg_pool.AsyncConnectionPool`` (a pool's tasks and connections belong to the loop that
opened it) of at most ``settings.MOVE_CONNECTIONS`` connections, opened only when first needed. They connect with
Django's own connection parameters and adapters (so values load exactly as the ORM's do), in autocommit, and in the
time zone Django sets on its own connections. A connection whose user was interrupted is closed, not reused.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import weakref
from collections.abc import AsyncIterator

import psycopg
from django.conf import settings
from django.db import connections
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

_pools: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, AsyncConnectionPool] = weakref.WeakKeyDictionary()
_opened: weakref.WeakSet[psycopg.AsyncConnection] = weakref.WeakSet()  # of every pool, for close_all()
_closers: set[asyncio.Task] = set()
# psycopg's default: a statement run this often on one connection is prepared even unasked (the loop's connections
# run only the move's few statements, which ask at once).
PREPARE_THRESHOLD = 5


def enabled() -> bool:
    """Whether moves may be played on the loop: the database is PostgreSQL and the loop has connections to spare."""
    return settings.MOVE_CONNECTIONS > 0 and _vendor() == "postgresql"


@functools.cache
def _vendor() -> str:
    # Asked once: looking the connection up (a context-local per thread and task) was 3% of a move's CPU.
    return connections["default"].vendor


@contextlib.asynccontextmanager
async def connection() -> AsyncIterator[psycopg.AsyncConnection]:
    """One of the running loop's connections, for the length of the block (waiting for one if all are in use;
    ``psycopg_pool.PoolTimeout``, a ``psycopg.Error``, after ``settings.DB_POOL_TIMEOUT`` seconds)."""
    pool = await _loop_pool()
    conn = await pool.getconn()
    try:
        yield conn
    except BaseException:
        # A statement may be half sent or half read: the connection's state is unknown, so the pool replaces it.
        with contextlib.suppress(Exception):
            await conn.close()
        raise
    finally:
        await pool.putconn(conn)


def close_all() -> None:
    """Close every pool of every loop, from outside any loop (a test's loop may be closed already)."""
    pools = list(_pools.items())
    _pools.clear()
    for loop, pool in pools:
        if not loop.is_closed() and not loop.is_running():
            loop.run_until_complete(pool.close())
    for conn in list(_opened):  # those of pools whose loop is gone
        if not conn.closed:
            conn.pgconn.finish()


async def _loop_pool() -> AsyncConnectionPool:
    loop = asyncio.get_running_loop()
    pool = _pools.get(loop)
    if pool is None:
        pool = _pools[loop] = AsyncConnectionPool(
            kwargs=_connection_params(), min_size=0, max_size=settings.MOVE_CONNECTIONS,
            timeout=settings.DB_POOL_TIMEOUT, configure=_configure, open=False, name="civitas-loop")
        closer = loop.create_task(_close_with_loop(pool), name="civitas-loop-pool-closer")
        _closers.add(closer)
        closer.add_done_callback(_closers.discard)
    if pool.closed:  # a new pool (opening an open one is harmless, should two moves race here)
        await pool.open()
    return pool


async def _close_with_loop(pool: AsyncConnectionPool) -> None:
    """Close the pool when its loop cancels its tasks on the way out (``asyncio.run`` and test loops do). The pool's
    own tasks outlive a cancellation (they retry whatever it interrupted), so the loop would wait for them forever,
    with their connections open, unless the pool is closed first."""
    try:
        await asyncio.Event().wait()
    finally:
        await pool.close(timeout=5)


def _connection_params() -> dict:
    params = connections["default"].get_connection_params()
    params.pop("cursor_factory", None)  # a synchronous class; the asynchronous default binds on the server too
    # Django turns prepared statements off (None); the move's statements ask for them (``move_store``).
    return {**params, "autocommit": True, "prepare_threshold": PREPARE_THRESHOLD}


async def _configure(conn: psycopg.AsyncConnection) -> None:
    _opened.add(conn)
    zone = connections["default"].timezone_name
    if zone and conn.info.parameter_status("TimeZone") != zone:  # as Django sets up its own connections
        await conn.execute(sql.SQL("SET TIME ZONE {}").format(sql.Literal(zone)))
