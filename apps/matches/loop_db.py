"""A few asynchronous PostgreSQL connections for each event loop, used by the moves played on the loop.

They are opened with Django's own connection parameters and adapters (so values load exactly as the ORM's do),
in autocommit, at most ``settings.MOVE_CONNECTIONS`` per loop, and only when first needed. A connection that
failed, or whose user was interrupted, is closed rather than reused.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import AsyncIterator

import psycopg
from django.conf import settings
from django.db import connections
from psycopg import sql
from psycopg.pq import TransactionStatus

_pools: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _LoopPool] = weakref.WeakKeyDictionary()
_open: set[psycopg.AsyncConnection] = set()  # every connection not yet closed, whichever loop it belongs to


def enabled() -> bool:
    """Whether moves may be played on the loop: the database is PostgreSQL and the loop has connections to spare."""
    return settings.MOVE_CONNECTIONS > 0 and connections["default"].vendor == "postgresql"


@contextlib.asynccontextmanager
async def connection() -> AsyncIterator[psycopg.AsyncConnection]:
    """One of the running loop's connections, for the length of the block (waiting for one if all are in use)."""
    loop = asyncio.get_running_loop()
    pool = _pools.get(loop)
    if pool is None:
        pool = _pools[loop] = _LoopPool(settings.MOVE_CONNECTIONS)
    async with pool.slots:
        conn = await pool.take()
        try:
            yield conn
        except BaseException:
            await _discard(conn)  # a statement may be half sent or half read: the connection's state is unknown
            raise
        if conn.closed or conn.info.transaction_status != TransactionStatus.IDLE:
            await _discard(conn)
        else:
            pool.idle.append(conn)


def close_all() -> None:
    """Close every connection of every loop, from outside any loop (a test's loop may be closed already)."""
    while _open:
        _open.pop().pgconn.finish()
    _pools.clear()


class _LoopPool:
    def __init__(self, size: int):
        self.slots = asyncio.Semaphore(size)
        self.idle: list[psycopg.AsyncConnection] = []

    async def take(self) -> psycopg.AsyncConnection:
        while self.idle:
            conn = self.idle.pop()
            if not conn.closed:
                return conn
        return await _connect()


async def _connect() -> psycopg.AsyncConnection:
    wrapper = connections["default"]
    params = wrapper.get_connection_params()
    params.pop("cursor_factory", None)  # a synchronous class; the asynchronous default binds on the server too
    conn = await psycopg.AsyncConnection.connect(**params, autocommit=True)
    _open.add(conn)
    zone = wrapper.timezone_name
    if zone and conn.info.parameter_status("TimeZone") != zone:  # as Django sets up its own connections
        await conn.execute(sql.SQL("SET TIME ZONE {}").format(sql.Literal(zone)))
    return conn


async def _discard(conn: psycopg.AsyncConnection) -> None:
    _open.discard(conn)
    with contextlib.suppress(Exception):
        await conn.close()
