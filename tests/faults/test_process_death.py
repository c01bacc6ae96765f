"""Faults in the production shape: a Daphne process killed mid-match, and database connections over many
short visits. Needs PostgreSQL and Redis (``DATABASE_URL``, ``REDIS_URL``); CI requires it."""

import asyncio
import json
import os
import random
import shutil
import time

import pytest
from django.db import connection
from websockets.asyncio.client import connect

from apps.matches.domain.deeds import SeatSpec, do_start_match
from tests.conftest import free_port, require, session_cookie
from tests.faults.cluster import Player, PrivateRedis, assert_exactly_once, restart

pytestmark = pytest.mark.cluster


def production_shape() -> None:
    if connection.vendor != "postgresql" or not os.environ.get("REDIS_URL"):
        require("CIVITAS_REQUIRE_PRODUCTION_SHAPE", "needs DATABASE_URL (PostgreSQL) and REDIS_URL")


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


@pytest.mark.django_db(transaction=True)
def test_a_process_killed_mid_match_loses_no_acknowledged_move_and_applies_none_twice(
        daphne_servers, alice, bob, carol):
    production_shape()
    match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=4040)
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
        return do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)],
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
        match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=5050)
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
