"""Daphne's timeout checker, spread out (config/ping_spread.py): each connection is still checked every 2 s, but a
slice at a time, and websockets that opened together are not pinged together."""

from __future__ import annotations

import time

import pytest

from config import ping_spread


class Socket:
    """A websocket as the checker sees it: Daphne's ``check_timeouts`` pings it once ``ping_interval`` has passed
    since ``last_ping``."""

    def __init__(self, server, opened: float):
        self.server, self.last_ping, self.checks, self.pings = server, opened, 0, []

    def check_timeouts(self):
        self.checks += 1
        if time.time() - self.last_ping > self.server.ping_interval:
            self.pings.append(time.time())
            self.last_ping = time.time()


class Server:
    ping_interval = 20

    def __init__(self):
        self.connections = {}

    def timeout_checker(self):
        ping_spread.timeout_checker(self)


@pytest.fixture
def clock(monkeypatch):
    """Time that moves only when the test says, and the reactor's later-calls collected instead of scheduled."""
    now = [1_000_000.0]
    monkeypatch.setattr(time, "time", lambda: now[0])
    scheduled = []
    monkeypatch.setattr(ping_spread, "later", lambda delay, call: scheduled.append((delay, call)))
    return now, scheduled


def tick(clock, server):
    now, scheduled = clock
    server.timeout_checker()
    delay, _ = scheduled.pop()
    now[0] += delay


def test_each_connection_is_checked_once_every_eight_ticks_an_eighth_at_a_time(clock):
    server = Server()
    sockets = [Socket(server, time.time()) for _ in range(800)]
    server.connections = {socket: {} for socket in sockets}
    checked = []
    for _ in range(ping_spread.SLICES):
        before = sum(socket.checks for socket in sockets)
        tick(clock, server)
        checked.append(sum(socket.checks for socket in sockets) - before)
    assert checked == [100] * ping_spread.SLICES
    assert all(socket.checks == 1 for socket in sockets)
    assert clock[0][0] - 1_000_000.0 == pytest.approx(ping_spread.TICK * ping_spread.SLICES)  # 2 s, as Daphne


def test_sockets_that_opened_together_are_pinged_spread_over_the_interval(clock):
    server = Server()
    sockets = [Socket(server, time.time()) for _ in range(2000)]
    server.connections = {socket: {} for socket in sockets}
    for _ in range(int(2 * server.ping_interval / ping_spread.TICK)):
        tick(clock, server)
    pings = sorted(ping for socket in sockets for ping in socket.pings)
    assert len(pings) >= 2000  # every socket pinged within its first interval
    per_tick: dict[float, int] = {}
    for ping in pings:
        per_tick[ping] = per_tick.get(ping, 0) + 1
    # Daphne's own checker pinged all 2000 in one go; spread over 80 ticks of 20 s, about 25 a tick
    assert max(per_tick.values()) < 2000 / 10


def test_a_connection_that_closed_during_the_round_is_not_checked(clock):
    server = Server()
    sockets = [Socket(server, time.time()) for _ in range(16)]
    server.connections = {socket: {} for socket in sockets}
    tick(clock, server)
    gone = sockets[-1]
    del server.connections[gone]
    for _ in range(ping_spread.SLICES - 1):
        tick(clock, server)
    assert gone.checks == 0
    assert all(socket.checks == 1 for socket in sockets[:-1])


def test_an_http_connection_is_checked_without_being_given_a_ping_time(clock):
    server = Server()

    class Request:
        checks = 0

        def check_timeouts(self):
            Request.checks += 1

    request = Request()
    server.connections = {request: {}}
    tick(clock, server)
    assert Request.checks == 1 and not hasattr(request, "last_ping")
