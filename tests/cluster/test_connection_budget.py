"""Two Daphne processes under thousands of short visits each hold at most their budget of PostgreSQL connections:
Django's pool (``CIVITAS_DB_POOL_MAX``) plus the event loop's (``CIVITAS_MOVE_CONNECTIONS``), and answer everyone.

Persistent connections under ASGI (issue 18) kept one connection per request thread until PostgreSQL refused every
client; the load stops as soon as a process goes over its budget, so a leak fails here without starving the others
who share the server.
"""

import asyncio
import json
import os
import random

import psycopg
import pytest
from django.db import connection
from websockets.asyncio.client import connect

from apps.lobbies.services import create_lobby
from apps.matches.domain.deeds import SeatSpec, do_start_match
from tests.conftest import ROOT, DaphneProcess, database_url_for_subprocess, free_port, require, session_cookie

pytestmark = pytest.mark.cluster

POOL_MAX, MOVE_CONNECTIONS = 4, 2
BUDGET = POOL_MAX + MOVE_CONNECTIONS
REQUESTS, CYCLES, AT_ONCE = 2000, 200, 50
MATCHES = 10  # CYCLES spread over them, one cycle of a match at a time (a Chronicle game lasts over 40 moves)


class OverBudget(Exception):
    pass


@pytest.mark.django_db(transaction=True)
def test_thousands_of_visits_and_moves_keep_each_process_within_its_connection_budget(alice, bob):
    if connection.vendor != "postgresql" or not os.environ.get("REDIS_URL"):
        require("CIVITAS_REQUIRE_PRODUCTION_SHAPE", "needs DATABASE_URL (PostgreSQL) and REDIS_URL")
    lobby = create_lobby(alice, "chronicle", 2, is_public=True)
    matches = [do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=n).pk
               for n in range(MATCHES)]
    cookies = {0: session_cookie(alice), 1: session_cookie(bob)}
    paths = ["/healthz", "/", f"/lobbies/{lobby.pk}/", f"/matches/{matches[0]}/"]
    servers = start_servers(2)
    try:
        most, statuses, moves = asyncio.run(load(servers, paths, matches, cookies))
    finally:
        for server in servers:
            server.stop()
    print(f"\nmost connections per process: {most}")
    assert all(count <= BUDGET for count in most.values()), most
    assert set(most) == {app_name(server) for server in servers}, "both processes were seen connected"
    assert len(statuses) == REQUESTS and set(statuses) == {200}, {s: statuses.count(s) for s in set(statuses)}
    assert moves == CYCLES


def app_name(server: DaphneProcess) -> str:
    return f"budget-{server.port}"


def start_servers(count: int) -> list[DaphneProcess]:
    """Daphne processes on the test database, each naming its connections after its port."""
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    servers = []
    try:
        for _ in range(count):
            port = free_port()
            env = {**os.environ, "DATABASE_URL": f"{database_url_for_subprocess()}?application_name=budget-{port}",
                   "DJANGO_DEBUG": "1", "PYTHONUNBUFFERED": "1", "CIVITAS_MATCH_FRAME_RATE": "1000,1000",
                   "CIVITAS_SEAT_STEP_RATE": "0,1",
                   "CIVITAS_DB_POOL_MAX": str(POOL_MAX), "CIVITAS_MOVE_CONNECTIONS": str(MOVE_CONNECTIONS)}
            env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
            servers.append(DaphneProcess(port, env))
        for server in servers:
            server.wait_ready()
    except BaseException:
        for server in servers:
            server.stop()
        raise
    return servers


async def load(servers, paths, matches, cookies) -> tuple[dict[str, int], list[int], int]:
    """Every request and move, AT_ONCE at a time, while a sampler counts each process's connections; the load is
    cancelled the moment one process is over its budget."""
    most: dict[str, int] = {}
    gate = asyncio.Semaphore(AT_ONCE)
    statuses: list[int] = []
    moves = [0]

    async def request(n: int) -> None:
        async with gate:
            statuses.append(await get(servers[n % len(servers)].port, paths[n % len(paths)]))

    async def play(k: int) -> None:
        rnd = random.Random(k)
        active, version = None, 0
        for cycle in range(CYCLES // len(matches)):
            async with gate:
                server = servers[(k + cycle) % len(servers)]
                active, version = await move_once(server, matches[k], cookies, active, version, rnd)
                moves[0] += 1

    load_done = asyncio.Event()
    async with await psycopg.AsyncConnection.connect(database_url_for_subprocess(), autocommit=True) as watcher:
        sampler = asyncio.create_task(sample(watcher, most, load_done))
        work = asyncio.gather(*(request(n) for n in range(REQUESTS)), *(play(k) for k in range(len(matches))))
        done, _ = await asyncio.wait([sampler, work], return_when=asyncio.FIRST_COMPLETED)
        if sampler in done:  # over budget: stop at once, before PostgreSQL runs out of connections for everyone
            work.cancel()
            await asyncio.gather(work, return_exceptions=True)
            sampler.result()
        load_done.set()
        await sampler
    return most, statuses, moves[0]


async def sample(watcher: psycopg.AsyncConnection, most: dict[str, int], load_done: asyncio.Event) -> None:
    """The most connections each process held at once, counted every 20 ms until the load is done (and once after)."""
    while True:
        finished = load_done.is_set()
        cursor = await watcher.execute(
            "SELECT application_name, count(*) FROM pg_stat_activity WHERE application_name LIKE 'budget-%'"
            " AND datname = current_database() GROUP BY application_name")
        for name, count in await cursor.fetchall():
            most[name] = max(most.get(name, 0), count)
            if count > BUDGET:
                raise OverBudget(f"{name} holds {count} connections, over its budget of {BUDGET}")
        if finished:
            return
        try:
            await asyncio.wait_for(load_done.wait(), 0.02)
        except TimeoutError:
            pass


async def get(port: int, path: str) -> int:
    """An anonymous GET; the response's status once it has been read to the end."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 10)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        response = await asyncio.wait_for(reader.read(), 30)
    finally:
        writer.close()
    return int(response.split(b" ", 2)[1])


async def move_once(server, match_id, cookies, active, version, rnd) -> tuple[int, int]:
    """Connect as whoever is to move, make one move, see it land, leave: the next mover and version."""
    if active is None:  # a spectator's look tells who moves first
        async with connect(ws_url(server, match_id), origin=server.url, open_timeout=10) as ws:
            state = await next_state(ws, -1)
        active = state["active"][0]
    async with connect(ws_url(server, match_id), origin=server.url, open_timeout=10,
                       additional_headers={"Cookie": f"sessionid={cookies[active]}"}) as ws:
        state = await next_state(ws, version - 1)
        await ws.send(json.dumps({"type": "move", "move": rnd.choice(state["legal"]), "version": state["version"],
                                  "id": f"budget-{match_id}-{state['version']}"}))
        state = await next_state(ws, state["version"])
    assert state["outcome"] is None, "the match lasts longer than its cycles"
    return state["active"][0], state["version"]


def ws_url(server, match_id: int) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/matches/{match_id}/?format=json"


async def next_state(ws, after: int) -> dict:
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if frame["type"] == "error":
            raise AssertionError(frame)
        if frame["type"] == "state" and frame["version"] > after:
            return frame
