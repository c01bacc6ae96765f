"""A seat's budget of moves and undos holds across processes: alice's step/undo cycles, sent by turns from a socket
on each of two Daphne processes, are counted together in Redis."""

import asyncio
import json
import os

import pytest
from django.db import connection
from websockets.asyncio.client import connect

from apps.matches.models import MoveLog
from tests.conftest import require, session_cookie
from tests.matches.test_seat_budget import origins_after_four_steps

pytestmark = pytest.mark.cluster
BUDGET = 6


@pytest.mark.django_db(transaction=True)
def test_a_seat_with_a_socket_on_each_process_has_one_budget(daphne_servers, alice, bob, monkeypatch):
    if connection.vendor != "postgresql" or not os.environ.get("REDIS_URL"):
        require("CIVITAS_REQUIRE_PRODUCTION_SHAPE", "needs DATABASE_URL (PostgreSQL) and REDIS_URL")
    monkeypatch.setenv("CIVITAS_SEAT_STEP_RATE", f"{BUDGET},60")
    match = origins_after_four_steps(alice, bob)
    step = MoveLog.objects.get(match=match, version=4).move
    servers = daphne_servers(2)
    cookie = session_cookie(alice)

    async def cycles() -> list[dict]:
        sockets = [await connect(f"ws://127.0.0.1:{server.port}/ws/matches/{match.pk}/?format=json",
                                 origin=f"http://127.0.0.1:{server.port}",
                                 additional_headers={"Cookie": f"sessionid={cookie}"}, open_timeout=10)
                   for server in servers]
        version, answers = 4, []
        for i in range(BUDGET + 4):
            socket = sockets[i % 2]
            frame = ({"type": "undo", "version": version, "id": f"u{i}"} if i % 2 == 0 else
                     {"type": "move", "move": step, "version": version, "id": f"m{i}"})
            await socket.send(json.dumps(frame))
            while True:
                got = json.loads(await asyncio.wait_for(socket.recv(), 5))
                if got["type"] == "error" or (got["type"] == "state" and got["version"] > version):
                    break
            answers.append(got)
            if got["type"] == "state":
                version = got["version"]
        for socket in sockets:
            await socket.close()
        return answers

    answers = asyncio.run(cycles())
    assert [frame["type"] for frame in answers] == ["state"] * BUDGET + ["error"] * 4
    assert {frame["code"] for frame in answers[BUDGET:]} == {"rate_limited"}
    assert MoveLog.objects.filter(match=match).count() == 4 + BUDGET
