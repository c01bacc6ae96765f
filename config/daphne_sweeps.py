"""Daphne's two sweeps over every connection, replaced by ones that look only at the connections something is due for.

Daphne goes through every connection of its process twice over: every 2 s it checks each one's timeouts
(``Server.timeout_checker``: it pings a websocket it has heard nothing from for ``ping_interval`` seconds, closes one
open longer than ``websocket_timeout`` and refuses one its application has not accepted in time), and every second
it looks at each one for a closed socket or a finished application to clean up (``Server.application_checker``).
An idle socket needs neither more than once in its ping interval. With 2,500 idle sockets in a process the two
sweeps were half the CPU the idle sockets added, and each held the event loop while every table waited (py-spy of
the site processes under ``bench/ws_load.py --scenarios b --idle 5000``, with the idle sockets and without).

Here:
- timeouts: an open websocket is checked when its next ping or its time limit falls due, on a wheel of quarter-second
  ticks. One heard from meanwhile (Daphne sets its ``last_ping`` on every message) is found not due and put back at
  its new time. What is not an open websocket (an HTTP request, a websocket still connecting or closing) is checked
  every 2 s, as by Daphne. A websocket's first ping comes at a random point of its first interval, so sockets that
  opened together (a reconnect storm after a restart, a bench) are not pinged together every 20 s ever after.
- cleaning up: a connection is looked at once its socket has closed (``protocol_disconnected``) or its application
  has finished (a callback on its future), with Daphne's own rules, and a connection Daphne's rules remove has the
  cycles it leaves broken (``collector.release``).

The checks themselves (``check_timeouts``) are Daphne's. Daphne has no setting or hook for when they run, so its
methods are replaced (``install``), before its server starts.
"""

from __future__ import annotations

import logging
import math
import random
import time
from asyncio import CancelledError as AsyncCancelled
from concurrent.futures import CancelledError
from dataclasses import dataclass, field

from config.collector import release

logger = logging.getLogger("daphne.server")  # the reaper's messages, under Daphne's own logger as before

TICK = 0.25  # seconds between two turns of the timeout wheel
OTHERS_EVERY = 2.0  # seconds between checks of what is not an open websocket: Daphne's own interval
REAP_EVERY = 1.0  # seconds between two looks at the connections that ended: Daphne's own interval


@dataclass
class Sweeps:
    """What one server's sweeps keep: the wheel of connections by the tick their check is due at, and the
    connections whose socket closed or whose application finished since they were last looked at."""

    tick: int = 0
    wheel: dict[int, list] = field(default_factory=dict)
    ending: set = field(default_factory=set)


def install() -> None:
    """Replace Daphne's sweeps with these (before its server starts)."""
    from daphne.server import Server  # noqa: PLC0415 -- only a Daphne process needs it

    if getattr(Server, "sweeps_installed", False):
        return
    connected, disconnected, create = Server.protocol_connected, Server.protocol_disconnected, Server.create_application

    def protocol_connected(self, protocol):
        connected(self, protocol)
        schedule(self, protocol, 0)

    def protocol_disconnected(self, protocol):
        disconnected(self, protocol)
        ended(self, protocol)

    def create_application(self, protocol, scope):
        queue = create(self, protocol, scope)
        instance = self.connections.get(protocol, {}).get("application_instance")
        if instance is not None:
            instance.add_done_callback(lambda _: ended(self, protocol))
        return queue

    Server.protocol_connected, Server.protocol_disconnected = protocol_connected, protocol_disconnected
    Server.create_application = create_application
    Server.timeout_checker, Server.application_checker = timeout_checker, application_checker
    Server.sweeps_installed = True


def sweeps(server) -> Sweeps:
    found = server.__dict__.get("_sweeps")
    if found is None:
        found = server.__dict__["_sweeps"] = Sweeps()
    return found


def schedule(server, protocol, ticks: int) -> None:
    """Check ``protocol``'s timeouts ``ticks`` turns of the wheel from now (0: at the next turn)."""
    state = sweeps(server)
    state.wheel.setdefault(state.tick + ticks, []).append(protocol)


def timeout_checker(server) -> None:
    """Check the connections due at this turn of the wheel, put each back at its next due time, and turn again in
    ``TICK`` seconds."""
    state = sweeps(server)
    due = state.wheel.pop(state.tick, ())
    state.tick += 1
    for protocol in due:
        if protocol not in server.connections:  # it closed since it was put on the wheel
            continue
        protocol.check_timeouts()
        schedule(server, protocol, _ticks_to_next_check(server, protocol))
    later(TICK, server.timeout_checker)


def _ticks_to_next_check(server, protocol) -> int:
    if not _open_websocket(protocol):
        return round(OTHERS_EVERY / TICK) - 1
    if not getattr(protocol, "_ping_spread", False):
        protocol._ping_spread = True
        protocol.last_ping -= random.uniform(0, server.ping_interval)
    due = protocol.last_ping + server.ping_interval
    if server.websocket_timeout >= 0:
        due = min(due, protocol.socket_opened + server.websocket_timeout)
    # Daphne acts once a limit is passed, not when it is reached: the turn after the one it falls in.
    return max(0, math.floor((due - time.time()) / TICK))


def _open_websocket(protocol) -> bool:
    return hasattr(protocol, "last_ping") and getattr(protocol, "state", None) == protocol.STATE_OPEN


def ended(server, protocol) -> None:
    """``protocol``'s socket closed or its application finished: the reaper looks at it on its next run."""
    sweeps(server).ending.add(protocol)


def application_checker(server) -> None:
    """Daphne's reaper, over the connections that ended since it last ran, and again in ``REAP_EVERY`` seconds.

    Its rules, as Daphne's: an application still running ``application_close_timeout`` seconds after its socket
    closed is cancelled; a finished application's exception is logged and, if its socket is still open, closes it;
    a connection whose socket closed and whose application finished is removed. One whose socket closed but whose
    application still runs is looked at again each time; one whose application finished while its socket is open
    comes back when the socket closes."""
    state = sweeps(server)
    for protocol in list(state.ending):
        details = server.connections.get(protocol)
        if details is None:
            state.ending.discard(protocol)
            continue
        _reap(server, protocol, details)
        if protocol not in server.connections:
            release(protocol)
        if protocol not in server.connections or "disconnected" not in details:
            state.ending.discard(protocol)
    later(REAP_EVERY, server.application_checker)


def _reap(server, protocol, details: dict) -> None:
    disconnected = details.get("disconnected")
    instance = details.get("application_instance")
    if disconnected and time.time() - disconnected > server.application_close_timeout:
        if instance is not None and not instance.done():
            logger.warning("Application instance %r for connection %s took too long to shut down and was killed.",
                           instance, repr(protocol))
            instance.cancel()
    if instance is not None and instance.done():
        try:
            exception = instance.exception()
        except (CancelledError, AsyncCancelled):
            pass
        else:
            if exception:
                if isinstance(exception, KeyboardInterrupt):  # the protocol asks the server to stop (tests)
                    server.stop()
                else:
                    logger.error("Exception inside application: %s", exception, exc_info=exception)
                    if not disconnected:
                        protocol.handle_exception(exception)
        del details["application_instance"]
        instance = None
    if instance is None and disconnected:
        del server.connections[protocol]


def later(delay: float, call) -> None:
    from twisted.internet import reactor  # noqa: PLC0415 -- Daphne has installed its reactor by now

    reactor.callLater(delay, call)
