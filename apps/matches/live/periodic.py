"""Work a process repeats every so many seconds on its event loop: the presence heartbeat and the bot sweep.

Daphne has no start-up hook and asyncio no periodic task, so each job starts the first time a connection asks for
it (``ensure``), once per event loop, and a failure of one round (a database hiccup) is logged without stopping it.
The interval is read before each round, so a setting changed at run time (tests) takes effect.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)
_tasks: dict[str, asyncio.Task] = {}


def ensure(name: str, seconds: Callable[[], float], job: Callable[[], Awaitable[object]]) -> None:
    """Run ``job`` every ``seconds()`` on the running loop unless it runs there already; never if ``seconds()`` is 0."""
    if seconds() <= 0:
        return
    loop = asyncio.get_running_loop()
    task = _tasks.get(name)
    if task is None or task.done() or task.get_loop() is not loop:
        _tasks[name] = loop.create_task(_every(name, seconds, job))


async def stop(name: str) -> None:
    """Cancel the job ``name`` and wait until it has ended."""
    task = _tasks.pop(name, None)
    if task is not None:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


async def _every(name: str, seconds: Callable[[], float], job: Callable[[], Awaitable[object]]) -> None:
    while True:
        await asyncio.sleep(seconds())
        try:
            await job()
        except Exception:
            log.exception("%s failed; trying again next round", name)
