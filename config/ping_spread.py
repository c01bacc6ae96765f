"""Daphne's timeout checker, spread out so idle websockets cost nothing at any one moment.

Daphne checks every connection's timeouts every 2 s in one go, and pings a websocket when it has heard nothing
from it for 20 s. Sockets that opened together (a reconnect storm after a restart, a bench) stay in step: every 20 s
all of them are pinged in one go. With 2,500 idle sockets in a process, that one go held the event loop for
300 ms (py-spy of ``bench/ws_load.py --idle 5000``), and every table of the process waited behind it.

Here the checker looks at an eighth of the connections every quarter second, so each is still checked every 2 s,
and a websocket's first ping comes at a random point of its first interval instead of exactly 20 s after it
opened, so pings stay spread however the sockets arrived: 2,500 idle sockets make about 30 pings per tick.
Daphne offers no setting for either, so its checker is replaced (``install``), keeping its checks as they are.
"""

from __future__ import annotations

import math
import random

TICK = 0.25  # seconds between two slices of the connections
SLICES = 8  # so each connection is checked every TICK * SLICES seconds, as often as Daphne checks them


def install() -> None:
    """Replace Daphne's timeout checker with the spread one (before its server starts)."""
    from daphne.server import Server  # noqa: PLC0415 -- only a Daphne process needs it

    Server.timeout_checker = timeout_checker


def timeout_checker(server) -> None:
    """Check the next slice of ``server``'s connections, then come back in ``TICK`` seconds."""
    round_ = server.__dict__.setdefault("_spread_round", [])
    if not round_:  # a new round: every connection open now, in slices
        round_.extend(server.connections)
        server._spread_slice = max(1, math.ceil(len(round_) / SLICES))
    batch = round_[:server._spread_slice]
    del round_[:server._spread_slice]
    for protocol in batch:
        if protocol not in server.connections:  # it closed since the round began
            continue
        if hasattr(protocol, "last_ping") and not getattr(protocol, "_ping_spread", False):
            protocol._ping_spread = True
            protocol.last_ping -= random.uniform(0, server.ping_interval)
        protocol.check_timeouts()
    later(TICK, server.timeout_checker)


def later(delay: float, call) -> None:
    from twisted.internet import reactor  # noqa: PLC0415 -- Daphne has installed its reactor by now

    reactor.callLater(delay, call)
