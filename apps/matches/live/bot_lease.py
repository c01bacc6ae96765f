"""A per-table lease, so that one process at a time chooses a table's bot move (issue 37, item 7).

Every process drives the bots of tables it has open and sweeps for still ones (``bot_driver``). Without a lease, a
table waiting in one process's queue for its strong-bot worker looks still to the other process, which then thinks
about the same decision: one answer is thrown away as stale and the CPU it took is lost. A driver takes the lease
before it reads the turn and gives it back once the move is written; while it thinks the lease is renewed, and a
lease its holder stopped renewing (the process died) runs out after ``settings.BOT_LEASE_SECONDS``, so the other
process's sweep takes the table over.

With ``REDIS_URL`` the lease is a key in that Redis (``SET NX PX``, renewed and released only by its holder's
token); without it there is one process, and a dictionary of this process does. If Redis cannot be reached, a
driver goes on without the lease: a move still names the version it was chosen at, so nothing is played twice,
and a bot must not stand still while Redis restarts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator, Iterable

from django.conf import settings
from redis.exceptions import RedisError

from apps.matches.live import loop_redis

log = logging.getLogger(__name__)

# Only the holder (the same token) may extend or delete a lease: after it ran out, it may be someone else's.
_RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0"
_RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"


def key(match_id: int) -> str:
    """The lease's Redis key, under the cache's prefix (so test runs clear it with the cache's keys)."""
    prefix = settings.CACHES["default"].get("KEY_PREFIX") or "civitas"
    return f"{prefix}:bot-lease:{match_id}"


def _term_ms() -> int:
    return max(1, int(settings.BOT_LEASE_SECONDS * 1000))


_local: dict[int, tuple[str, float]] = {}  # without Redis: match id -> (token, monotonic time it runs out)


def _local_holder(match_id: int) -> str | None:
    held = _local.get(match_id)
    if held is None or held[1] <= time.monotonic():
        _local.pop(match_id, None)
        return None
    return held[0]


def forget_all() -> None:
    """Forget this process's leases kept without Redis (for tests)."""
    _local.clear()


class Lease:
    """A table's lease held by this process under ``token``."""

    def __init__(self, match_id: int, token: str):
        self.match_id, self.token = match_id, token

    async def renew(self) -> bool:
        """Extend the lease by a whole term; False if it is no longer ours (it ran out, and may be another's)."""
        client = loop_redis.client()
        if client is None:
            if _local_holder(self.match_id) != self.token:
                return False
            _local[self.match_id] = (self.token, time.monotonic() + _term_ms() / 1000)
            return True
        try:
            return bool(await client.eval(_RENEW, 1, key(self.match_id), self.token, _term_ms()))
        except RedisError:
            log.warning("could not renew the bot lease of match %s", self.match_id, exc_info=True)
            return False

    async def release(self) -> None:
        """Give the lease back, if it is still ours."""
        client = loop_redis.client()
        if client is None:
            if _local_holder(self.match_id) == self.token:
                del _local[self.match_id]
            return
        try:
            await client.eval(_RELEASE, 1, key(self.match_id), self.token)
        except RedisError:  # it runs out on its own
            log.warning("could not release the bot lease of match %s", self.match_id, exc_info=True)


def _new_token() -> str:
    # Whose it is, for people reading Redis (and the fault tests), and a random part no other holder can have.
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(8)}"


async def take(match_id: int) -> Lease | None:
    """The table's lease for this process, or None if another holder has it. Without a reachable Redis, a lease
    that holds nobody back (see the module's docstring)."""
    token = _new_token()
    client = loop_redis.client()
    if client is None:
        if _local_holder(match_id) is not None:
            return None
        _local[match_id] = (token, time.monotonic() + _term_ms() / 1000)
        return Lease(match_id, token)
    try:
        taken = await client.set(key(match_id), token, nx=True, px=_term_ms())
    except RedisError:
        log.warning("could not take the bot lease of match %s; driving it without", match_id, exc_info=True)
        return Lease(match_id, token)
    return Lease(match_id, token) if taken else None


async def held(match_ids: Iterable[int]) -> set[int]:
    """Those of these tables whose lease someone holds (no one, as far as this process can tell, without Redis)."""
    match_ids = list(match_ids)
    if not match_ids:
        return set()
    client = loop_redis.client()
    if client is None:
        return {match_id for match_id in match_ids if _local_holder(match_id) is not None}
    try:
        values = await client.mget([key(match_id) for match_id in match_ids])
    except RedisError:
        log.warning("could not read the bot leases", exc_info=True)
        return set()
    return {match_id for match_id, value in zip(match_ids, values, strict=True) if value is not None}


@contextlib.asynccontextmanager
async def leased(match_id: int) -> AsyncIterator[Lease | None]:
    """Hold the table's lease for the block, renewed every third of its term; None if another holder has it."""
    lease = await take(match_id)
    if lease is None:
        yield None
        return
    renewing = asyncio.get_running_loop().create_task(_keep(lease))
    try:
        yield lease
    finally:
        renewing.cancel()
        await asyncio.gather(renewing, return_exceptions=True)
        await lease.release()


async def _keep(lease: Lease) -> None:
    while True:
        await asyncio.sleep(settings.BOT_LEASE_SECONDS / 3)
        if not await lease.renew():
            log.warning("the bot lease of match %s ran out while its move was being chosen", lease.match_id)
            return
