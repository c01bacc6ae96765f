"""Daphne's sweeps over every connection, replaced by ones that look only at the connections something is due for
(config/daphne_sweeps.py): timeouts are checked with Daphne's own ``check_timeouts`` when a ping or a limit falls
due, and ended connections are cleaned up by Daphne's rules without looking at the others."""

from __future__ import annotations

import asyncio
import time

import pytest
from daphne.server import Server as DaphneServer
from daphne.ws_protocol import WebSocketProtocol

from config import daphne_sweeps


class Socket:
    """A websocket as the checks see it, checked by Daphne's own ``WebSocketProtocol.check_timeouts``: it pings one
    it has not heard from for ``ping_interval`` seconds, closes one open past ``websocket_timeout`` and refuses one
    still connecting after ``websocket_connect_timeout``."""

    STATE_CONNECTING, STATE_OPEN, STATE_CLOSING = (WebSocketProtocol.STATE_CONNECTING, WebSocketProtocol.STATE_OPEN,
                                                   WebSocketProtocol.STATE_CLOSING)
    check_timeouts = WebSocketProtocol.check_timeouts
    duration = WebSocketProtocol.duration

    def __init__(self, server, state=WebSocketProtocol.STATE_OPEN):
        self.server, self.state = server, state
        self.socket_opened = self.last_ping = time.time()
        self.pings, self.checks, self.closed, self.refused = [], 0, None, None
        server.connections[self] = {"connected": time.time()}
        daphne_sweeps.schedule(server, self, 0)  # as protocol_connected does once installed

    def _sendAutoPing(self):  # Autobahn's name
        self.pings.append(time.time())

    def serverClose(self):  # (Daphne asks again at each check until the socket is gone)
        self.closed, self.state = self.closed or time.time(), self.STATE_CLOSING

    def serverReject(self):
        self.refused = self.refused or time.time()

    def heard(self):
        """A message from the client (Daphne's ``onMessage`` sets ``last_ping``)."""
        self.last_ping = time.time()


class Counted(Socket):
    def check_timeouts(self):
        self.checks += 1
        super().check_timeouts()


class Server:
    ping_interval = 20
    websocket_timeout = 86400
    websocket_connect_timeout = 20
    application_close_timeout = 10

    def __init__(self):
        self.connections = {}
        self.stopped = False

    def timeout_checker(self):
        daphne_sweeps.timeout_checker(self)

    def application_checker(self):
        daphne_sweeps.application_checker(self)

    def stop(self):
        self.stopped = True


@pytest.fixture
def clock(monkeypatch):
    """Time that moves only when the test says, and the reactor's later-calls collected instead of scheduled."""
    now = [1_000_000.0]
    monkeypatch.setattr(time, "time", lambda: now[0])
    scheduled = []
    monkeypatch.setattr(daphne_sweeps, "later", lambda delay, call: scheduled.append((delay, call)))
    return now, scheduled


def run(clock, server, seconds: float, every=None):
    """Turn the timeout wheel for ``seconds``, calling ``every`` before each turn."""
    now, scheduled = clock
    end = now[0] + seconds
    while now[0] < end:
        if every is not None:
            every()
        server.timeout_checker()
        delay, _ = scheduled.pop()
        assert delay == daphne_sweeps.TICK
        now[0] += delay


def test_an_idle_websocket_is_checked_when_its_ping_falls_due_not_every_two_seconds(clock):
    server = Server()
    socket = Counted(server)
    run(clock, server, 120)
    assert 5 <= len(socket.pings) <= 7  # the first within its first 20 s, then one a turn after every 20 s
    gaps = [later - earlier for earlier, later in zip(socket.pings, socket.pings[1:], strict=False)]
    assert all(server.ping_interval < gap <= server.ping_interval + daphne_sweeps.TICK for gap in gaps)
    assert socket.checks <= len(socket.pings) + 2  # Daphne's sweep checked it 60 times


def test_a_websocket_heard_from_is_not_pinged_and_checked_once_per_interval(clock):
    server = Server()
    socket = Counted(server)
    heard_at = [time.time()]

    def talk():
        if time.time() - heard_at[0] >= 5:
            socket.heard()
            heard_at[0] = time.time()

    run(clock, server, 120, every=talk)
    # at most the one ping of its first interval, whose time is spread before the socket is first heard from
    assert len(socket.pings) <= 1 and all(ping - socket.socket_opened <= 20 for ping in socket.pings)
    assert socket.checks <= 120 / server.ping_interval + 2


def test_sockets_that_opened_together_are_pinged_spread_over_the_interval(clock):
    server = Server()
    sockets = [Socket(server) for _ in range(2000)]
    run(clock, server, 2 * server.ping_interval)
    pings = sorted(ping for socket in sockets for ping in socket.pings)
    assert len(pings) >= 2000  # every socket pinged within its first interval
    per_tick: dict[float, int] = {}
    for ping in pings:
        per_tick[ping] = per_tick.get(ping, 0) + 1
    # pinged together, all 2000 would go in one turn; spread over 80 turns of 20 s, about 25 a turn
    assert max(per_tick.values()) < 2000 / 10


def test_a_websocket_open_past_its_time_limit_is_closed_on_time_even_when_not_pinged(clock):
    server = Server()
    server.websocket_timeout = 30
    socket = Socket(server)
    run(clock, server, 60, every=socket.heard)
    assert socket.pings == []
    assert socket.closed is not None
    assert 30 < socket.closed - socket.socket_opened <= 30 + daphne_sweeps.TICK


def test_a_websocket_still_connecting_is_checked_every_two_seconds_and_refused_after_its_limit(clock):
    server = Server()
    socket = Counted(server, state=WebSocketProtocol.STATE_CONNECTING)
    run(clock, server, 30)
    assert socket.checks == 30 / daphne_sweeps.OTHERS_EVERY
    assert socket.refused is not None
    assert 20 < socket.refused - socket.socket_opened <= 20 + daphne_sweeps.OTHERS_EVERY


def test_an_http_request_is_checked_every_two_seconds_and_given_no_ping_time(clock):
    server = Server()

    class Request:
        checks = 0

        def check_timeouts(self):
            Request.checks += 1

    request = Request()
    server.connections[request] = {}
    daphne_sweeps.schedule(server, request, 0)
    run(clock, server, 10)
    assert Request.checks == 10 / daphne_sweeps.OTHERS_EVERY
    assert not hasattr(request, "last_ping")


def test_a_connection_that_closed_leaves_the_wheel_unchecked(clock):
    server = Server()
    sockets = [Counted(server) for _ in range(16)]
    gone = sockets[-1]
    del server.connections[gone]
    run(clock, server, 60)
    assert gone.checks == 0
    assert all(socket.checks >= 3 for socket in sockets[:-1])
    assert sum(len(due) for due in daphne_sweeps.sweeps(server).wheel.values()) == 15


class Untouchable(dict):
    """The details of a connection the reaper must not look at."""

    def get(self, *args):
        raise AssertionError("looked at a connection nothing happened to")

    __getitem__ = get


class Finished:
    """An application instance's future, finished (with ``exception``) or still running."""

    def __init__(self, done=True, exception=None):
        self._done, self._exception, self.cancelled = done, exception, False

    def done(self):
        return self._done

    def exception(self):
        return self._exception

    def cancel(self):
        self.cancelled = True


class Ending:
    def __init__(self):
        self.failures = []

    def handle_exception(self, exception):
        self.failures.append(exception)


@pytest.fixture
def released(monkeypatch):
    found = []
    monkeypatch.setattr(daphne_sweeps, "release", found.append)
    return found


def reap(clock, server):
    _, scheduled = clock
    server.application_checker()
    assert scheduled.pop()[0] == daphne_sweeps.REAP_EVERY


def test_the_reaper_removes_an_ended_connection_and_looks_at_no_other(clock, released):
    server = Server()
    idle = [object() for _ in range(100)]
    server.connections = {protocol: Untouchable(connected=time.time()) for protocol in idle}
    done = Ending()
    server.connections[done] = {"connected": time.time(), "application_instance": Finished(),
                                "disconnected": time.time()}
    daphne_sweeps.ended(server, done)
    reap(clock, server)
    assert done not in server.connections and released == [done]
    assert len(server.connections) == 100
    assert not daphne_sweeps.sweeps(server).ending


def test_an_application_still_running_after_its_socket_closed_is_cancelled_after_the_close_timeout(clock, released):
    now, _ = clock
    server = Server()
    slow, running = Ending(), Finished(done=False)
    server.connections[slow] = {"application_instance": running, "disconnected": time.time()}
    daphne_sweeps.ended(server, slow)
    reap(clock, server)
    assert slow in server.connections and not running.cancelled
    now[0] += server.application_close_timeout + 1
    reap(clock, server)
    assert running.cancelled and slow in server.connections  # cancelled, not yet finished
    running._done = True  # its cancellation finished it: the done callback names it again
    daphne_sweeps.ended(server, slow)
    reap(clock, server)
    assert slow not in server.connections and released == [slow]


def test_an_application_that_failed_with_its_socket_open_closes_it_and_goes_when_the_socket_closes(clock, released):
    server = Server()
    failing, error = Ending(), ValueError("boom")
    server.connections[failing] = {"application_instance": Finished(exception=error)}
    daphne_sweeps.ended(server, failing)
    reap(clock, server)
    assert failing.failures == [error]
    assert failing in server.connections and "application_instance" not in server.connections[failing]
    assert not daphne_sweeps.sweeps(server).ending  # nothing left to do until its socket closes
    server.connections[failing]["disconnected"] = time.time()
    daphne_sweeps.ended(server, failing)
    reap(clock, server)
    assert failing not in server.connections and released == [failing]


def test_installed_daphne_puts_new_connections_on_the_wheel_and_hands_ended_ones_to_the_reaper(monkeypatch):
    for name in ("protocol_connected", "protocol_disconnected", "create_application", "timeout_checker",
                 "application_checker"):
        monkeypatch.setattr(DaphneServer, name, getattr(DaphneServer, name))
    monkeypatch.delattr(DaphneServer, "sweeps_installed", raising=False)
    daphne_sweeps.install()
    assert DaphneServer.timeout_checker is daphne_sweeps.timeout_checker
    assert DaphneServer.application_checker is daphne_sweeps.application_checker

    async def finishes_at_once(scope, receive, send):
        return None

    server = DaphneServer(finishes_at_once, endpoints=["tcp:port=0:interface=127.0.0.1"])
    server.connections = {}  # as its run() starts it
    first, second = object(), object()
    server.protocol_connected(first)
    server.protocol_connected(second)
    assert daphne_sweeps.sweeps(server).wheel == {0: [first, second]}

    async def start_and_finish():
        server.create_application(first, {"type": "websocket"})
        await asyncio.sleep(0)
        await asyncio.sleep(0)

    asyncio.run(start_and_finish())
    assert daphne_sweeps.sweeps(server).ending == {first}  # its application finished
    server.protocol_disconnected(second)
    assert daphne_sweeps.sweeps(server).ending == {first, second}
