"""Two Daphne processes sharing PostgreSQL and Redis: a whole game, every move reaching everyone within a second."""

import asyncio
import json
import os
import random
import time

import pytest
from django.db import connection
from websockets.asyncio.client import connect

from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.engine import engine
from tests.conftest import require, session_cookie

pytestmark = pytest.mark.cluster
RULES = engine("chronicle")


class Client:
    """A websocket client speaking the JSON protocol, remembering the newest state it saw."""

    def __init__(self, name, ws):
        self.name, self.ws = name, ws
        self.state = None
        self.versions_seen: list[int] = []

    async def until_version(self, version: int) -> dict:
        while self.state is None or self.state["version"] < version:
            frame = json.loads(await self.ws.recv())
            if frame["type"] == "error":
                raise AssertionError(f"{self.name} got {frame}")
            if frame["type"] == "state":
                self.state = frame
                self.versions_seen.append(frame["version"])
        return self.state


MATCH_ID = 0


@pytest.mark.django_db(transaction=True)
def test_a_whole_game_across_two_processes(daphne_servers, alice, bob, carol):
    global MATCH_ID
    if connection.vendor != "postgresql" or not os.environ.get("REDIS_URL"):
        require("CIVITAS_REQUIRE_PRODUCTION_SHAPE", "needs DATABASE_URL (PostgreSQL) and REDIS_URL")
    match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=1122)
    MATCH_ID = match.pk
    first, second = daphne_servers(2)
    cookies = {u.pk: session_cookie(u) for u in (alice, bob, carol)}

    async def play() -> list[float]:
        async def client(name, server, user):
            ws = await connect(f"ws://127.0.0.1:{server.port}/ws/matches/{MATCH_ID}/?format=json",
                               origin=f"http://127.0.0.1:{server.port}",
                               additional_headers={"Cookie": f"sessionid={cookies[user.pk]}"}, open_timeout=10)
            return Client(name, ws)

        a = await client("alice", first, alice)
        b = await client("bob", second, bob)
        c = await client("carol", second, carol)
        everyone = [a, b, c]
        await asyncio.gather(*(x.until_version(0) for x in everyone))
        players = {0: a, 1: b}
        chooser = random.Random(3)
        delays = []
        version = 0
        while a.state["outcome"] is None:
            seat = a.state["active"][0]
            mover = players[seat]
            await mover.until_version(version)
            move = chooser.choice(mover.state["legal"])
            sent = time.perf_counter()
            await mover.ws.send(json.dumps({"type": "move", "move": move, "version": version, "id": f"m{version}"}))
            version += 1
            await asyncio.wait_for(asyncio.gather(*(x.until_version(version) for x in everyone)), timeout=5)
            delays.append(time.perf_counter() - sent)
            assert len(delays) < 2000
        for x in everyone:
            assert x.state["version"] == version and x.state["outcome"] == a.state["outcome"]
            await x.ws.close()
        return delays

    delays = asyncio.run(play())
    match.refresh_from_db()
    assert match.status == "finished" and match.version == len(delays)
    print(f"\n{len(delays)} moves across two processes: slowest {max(delays) * 1000:.1f} ms, "
          f"median {sorted(delays)[len(delays) // 2] * 1000:.1f} ms")
    assert max(delays) < 1.0
