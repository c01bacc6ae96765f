"""The fault tests' cluster helpers, also used by ``bench/soak.py``: a websocket player that fails over between
Daphne processes and resends an unanswered move under the same id, the check that a match's log holds every
acknowledged move exactly once, and a Redis server of one's own to restart."""

import asyncio
import json
import socket
import subprocess
import time

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from apps.matches.engine import engine
from apps.matches.models import Match, MoveLog


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
            except (TimeoutError, OSError, InvalidHandshake):  # refused, or cut off mid-handshake
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


def assert_exactly_once(match_id: int, acknowledged: list, everyone: list[Player], finished: bool = True) -> Match:
    """The log has every acknowledged move once, in order, and replays to the stored state (the match is over,
    unless ``finished`` is False)."""
    match = Match.objects.get(pk=match_id)
    rules = engine(match.game)
    log = list(MoveLog.objects.filter(match_id=match_id).order_by("version").values_list("version", "client_id"))
    assert match.status == "finished" or not finished
    assert [v for v, _ in log] == list(range(1, match.version + 1)), "no gap and no duplicate version"
    assert [cid for _, cid in log] == [cid for _, cid, _ in acknowledged], "each acknowledged move exactly once"
    for p in everyone:
        assert p.shown == sorted(set(p.shown)), "no version shown twice"
        assert p.state["version"] == match.version
    state = rules.setup(match.seats.count(), match.seed, match.options)
    for move in MoveLog.objects.filter(match_id=match_id).order_by("version"):
        state = rules.apply(state, move.seat, move.move)
    assert state == match.state
    return match


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


def restart(redis: PrivateRedis) -> None:
    redis.stop()
    redis.start()
