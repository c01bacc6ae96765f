"""Faults in the production shape: a Daphne process killed mid-match, and database connections over many
short visits. Needs PostgreSQL and Redis (``DATABASE_URL``, ``REDIS_URL``); CI requires it."""

import asyncio
import json
import os
import random
import shutil
import socket
import subprocess
import time

import pytest
from django.db import connection
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from apps.matches.models import Match, MoveLog
from apps.matches.registry import engine
from apps.matches.services import SeatSpec, start_match
from tests.conftest import free_port, require, session_cookie

pytestmark = pytest.mark.cluster
RULES = engine("chronicle")


def production_shape() -> None:
    if connection.vendor != "postgresql" or not os.environ.get("REDIS_URL"):
        require("CIVITAS_REQUIRE_PRODUCTION_SHAPE", "needs DATABASE_URL (PostgreSQL) and REDIS_URL")


class Player:
    """A websocket client that fails over to the next server when its socket dies, resends an unanswered
    move under the same id, and records every version it was shown."""

    def __init__(self, name, servers, cookie, match_id):
        self.name, self.servers, self.cookie, self.match_id = name, servers, cookie, match_id
        self.server = 0
        self.ws = None
        self.state = None
        self.shown: list[int] = []
        self.reconnects = 0

    async def open(self):
        for attempt in range(40):
            server = self.servers[self.server % len(self.servers)]
            try:
                self.ws = await connect(
                    f"ws://127.0.0.1:{server.port}/ws/matches/{self.match_id}/?format=json",
                    origin=f"http://127.0.0.1:{server.port}", open_timeout=5,
                    additional_headers={"Cookie": f"sessionid={self.cookie}"} if self.cookie else None)
                return
            except (TimeoutError, OSError, InvalidStatus):
                self.server += 1  # that process is gone: try the other one
                await asyncio.sleep(0.05 * attempt)
        raise AssertionError(f"{self.name} could not reconnect")

    async def reconnect(self):
        self.reconnects += 1
        self.server += 1
        await self.open()

    async def send(self, frame: dict) -> None:
        """Send a frame; a socket found dead is reopened (to the other server if need be) and the frame sent there."""
        try:
            await self.ws.send(json.dumps(frame))
        except ConnectionClosed:
            await self.reconnect()
            await self.ws.send(json.dumps(frame))

    async def until_version(self, version: int, resend: dict | None = None) -> dict:
        """Read frames until the state reaches ``version``; after a reconnect, send ``resend`` again."""
        while self.state is None or self.state["version"] < version:
            try:
                frame = json.loads(await self.ws.recv())
            except ConnectionClosed:
                await self.reconnect()
                if resend is not None:
                    await self.ws.send(json.dumps(resend))
                continue
            if frame["type"] == "error":
                raise AssertionError(f"{self.name} got {frame}")
            if frame["type"] == "state" and (self.state is None or frame["version"] > self.state["version"]):
                self.state = frame
                self.shown.append(frame["version"])
        return self.state


async def play_through(match_id, servers, cookies, at: int, fault) -> tuple[list, list[Player], float]:
    """Alice (seat 0) and Carol (watching) on the first server, Bob (seat 1) on the second, play random moves to
    the end; ``fault()`` strikes right after the move at version ``at`` is sent. Returns the acknowledged moves,
    the clients, and the seconds from the fault until everyone had that move."""
    a = Player("alice", servers, cookies[0], match_id)
    b = Player("bob", [servers[1], servers[0]], cookies[1], match_id)
    c = Player("carol", servers, cookies[2], match_id)
    everyone = [a, b, c]
    for p in everyone:
        await p.open()
    await asyncio.gather(*(p.until_version(0) for p in everyone))
    seats = {0: a, 1: b}
    chooser = random.Random(5)
    acknowledged = []
    version = 0
    recovery = None
    while a.state["outcome"] is None:
        mover = seats[a.state["active"][0]]
        await mover.until_version(version)
        frame = {"type": "move", "move": chooser.choice(mover.state["legal"]), "version": version,
                 "id": f"move-{version}"}
        await mover.send(frame)
        struck = version == at
        if struck:
            fault()
            started = time.perf_counter()
        version += 1
        state = await asyncio.wait_for(mover.until_version(version, resend=frame), timeout=20)
        acknowledged.append((version, frame["id"], state["version"]))
        await asyncio.wait_for(asyncio.gather(*(p.until_version(version) for p in everyone)), timeout=20)
        if struck:
            recovery = time.perf_counter() - started
        assert version < 2000
    for p in everyone:
        await p.ws.close()
    return acknowledged, everyone, recovery


def assert_exactly_once(match_id: int, acknowledged: list, everyone: list[Player]) -> Match:
    """The log has every acknowledged move once, in order, and replays to the stored state."""
    match = Match.objects.get(pk=match_id)
    log = list(MoveLog.objects.filter(match_id=match_id).order_by("version").values_list("version", "client_id"))
    assert match.status == "finished"
    assert [v for v, _ in log] == list(range(1, match.version + 1)), "no gap and no duplicate version"
    assert [cid for _, cid in log] == [cid for _, cid, _ in acknowledged], "each acknowledged move exactly once"
    for p in everyone:
        assert p.shown == sorted(set(p.shown)), "no version shown twice"
        assert p.state["version"] == match.version
    state = RULES.setup(2, match.seed)
    for move in MoveLog.objects.filter(match_id=match_id).order_by("version"):
        state = RULES.apply(state, move.seat, move.move)
    assert state == match.state
    return match


@pytest.mark.django_db(transaction=True)
def test_a_process_killed_mid_match_loses_no_acknowledged_move_and_applies_none_twice(
        daphne_servers, alice, bob, carol):
    production_shape()
    match = start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=4040)
    servers = daphne_servers(2)
    cookies = [session_cookie(u) for u in (alice, bob, carol)]
    acknowledged, everyone, recovery = asyncio.run(
        play_through(match.pk, servers, cookies, at=6, fault=servers[0].proc.kill))  # SIGKILL, move in flight
    assert_exactly_once(match.pk, acknowledged, everyone)
    assert [p.reconnects >= 1 for p in everyone] == [True, False, True], "the killed process's clients moved over"
    print(f"\nafter SIGKILL every client had the next move in {recovery * 1000:.0f} ms")


@pytest.mark.django_db(transaction=True)
def test_database_connections_stay_bounded_over_a_thousand_short_visits(daphne_servers, alice, bob):
    production_shape()
    (server,) = daphne_servers(1)
    cookies = {0: session_cookie(alice), 1: session_cookie(bob)}
    name = connection.settings_dict["NAME"]
    visits = int(os.environ.get("CIVITAS_VISITS", "1000"))

    def connections_now() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                           [name])
            return cursor.fetchone()[0]

    def new_match() -> int:
        return start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)],
                           seed=random.randrange(1 << 30)).pk

    async def visit(match_id: int, rnd: random.Random) -> bool:
        """Connect as whoever is to move, make one move, leave. False once the match is over."""
        url = f"ws://127.0.0.1:{server.port}/ws/matches/{match_id}/?format=json"
        async with connect(url, origin=server.url, open_timeout=10) as ws:
            state = await next_state(ws, -1)
        if state["outcome"] is not None:
            return False
        seat = state["active"][0]
        async with connect(url, origin=server.url, open_timeout=10,
                           additional_headers={"Cookie": f"sessionid={cookies[seat]}"}) as ws:
            state = await next_state(ws, -1)
            await ws.send(json.dumps({"type": "move", "move": rnd.choice(state["legal"]), "version": state["version"]}))
            await next_state(ws, state["version"])
        return True

    async def next_state(ws, after: int) -> dict:
        while True:
            frame = json.loads(await ws.recv())
            if frame["type"] == "error":
                raise AssertionError(frame)
            if frame["type"] == "state" and frame["version"] > after:
                return frame

    rnd = random.Random(9)
    match_id = new_match()
    samples = [connections_now()]
    for i in range(visits):
        if not asyncio.run(visit(match_id, rnd)):
            match_id = new_match()
        if i % 100 == 99:
            samples.append(connections_now())
    print(f"\nconnections to the test database during {visits} visits: {samples}")
    assert max(samples) <= samples[0] + 12, samples


class PrivateRedis:
    """A Redis server of this test's own, so restarting it disturbs nothing else on the machine."""

    def __init__(self, port: int):
        self.port = port
        self.proc = None

    def start(self) -> None:
        self.proc = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
                                      "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.mark.django_db(transaction=True)
def test_play_recovers_within_five_seconds_of_a_redis_restart(daphne_servers, alice, bob, carol, monkeypatch):
    production_shape()
    if not shutil.which("redis-server"):
        require("CIVITAS_REQUIRE_PRODUCTION_SHAPE", "needs redis-server on the PATH")
    redis = PrivateRedis(free_port())
    redis.start()
    try:
        monkeypatch.setenv("REDIS_URL", f"redis://127.0.0.1:{redis.port}/0")
        servers = daphne_servers(2)
        match = start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=5050)
        cookies = [session_cookie(u) for u in (alice, bob, carol)]
        acknowledged, everyone, recovery = asyncio.run(
            play_through(match.pk, servers, cookies, at=5, fault=lambda: restart(redis)))
    finally:
        redis.stop()
    assert_exactly_once(match.pk, acknowledged, everyone)
    reconnects = [p.reconnects for p in everyone]
    print(f"\nafter the Redis restart every client had the next move in {recovery * 1000:.0f} ms; "
          f"reconnects {reconnects}")
    assert recovery < 5.0


def restart(redis: PrivateRedis) -> None:
    redis.stop()
    redis.start()
