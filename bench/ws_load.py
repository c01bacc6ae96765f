"""Websocket load on the production shape, measured against a bare Channels echo on the same machine (issue 8).

Run from the repository root with PostgreSQL and Redis up (the script migrates the database, then starts two
Daphne processes serving ``config.asgi:application`` and two serving ``bench/echo_asgi.py``, all on one Redis):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/civitas_bench REDIS_URL=redis://127.0.0.1:6379/1 \\
        .venv/bin/python bench/ws_load.py [--matches 500] [--spectators 1000] [--duration 60]

``--game-urls`` and ``--echo-urls`` point it at servers already running instead (it still needs
DATABASE_URL, and the servers' DJANGO_SECRET_KEY, to create users, sessions and matches).

What it measures, every match client speaking the JSON protocol (``?format=json``), or with ``--format html`` as
a browser's match page does (``static/civitas/match.js``), over real sockets spread over both processes, seats
authenticated by a session cookie, spectators anonymous:

- bare pair: two echo clients on different processes; one sends a frame, the time until both have it, one
  frame at a time (frames relayed per second, and ms).
- bare fan-out: one sender and N watchers of one echo room (p99 of the time until all have the frame).
- (a) one Chronicle match, two seats and a spectator: a seat plays a random legal move from its last frame;
  the time from sending it until every seat and spectator has the new version, one move at a time.
- (b) M matches at once, each with two seats and ``--match-spectators`` spectators, each moving every
  ``--interval`` seconds for ``--duration`` seconds: moves accepted per second and move-to-everyone times.
- (c) one match with ``--spectators`` spectators: move-to-everyone times, against the bare fan-out.

Echo frames are padded to the mean size of the state frames seen in (a) (if only (b) ran, of (b)'s frames that
brought a new version), and both kinds of frame are read the same way (only the version at the start of the text is
parsed, except by seats, which need their legal moves), so the ratios compare what the servers do, not what this
client does.

HTML sockets (``--format html``) get what a browser gets: the whole table as a state frame
(``{"type": "state", "version": .., "html": ..}``), then for each move a patch of the regions and parts that changed
(``{"type": "patch", "base": .., "version": .., "regions": {id: html}, "parts": {id: html}, "lists": {id: splices}}``).
A spectator follows the versions only; a seat keeps its table as match.js does (``bench/_html_table.py``: regions
replaced by ``data-region`` id, parts by ``data-part`` id, each ``<template data-keep>`` filled with the part the page
has, lists spliced by ``data-list`` id) and plays a random enabled ``[data-move]`` control's move from it. A patch
whose base is not the version a client has (or, for a seat, that names an element its table lacks) is answered with
``{"type": "sync"}``, as a page answers it, and counted as an error.

``--capacity`` finds each side's capacity instead of measuring (b) at given M: it runs (b) at the first
``--matches`` value, then at M times ``--capacity-step``, and so on, until p99 passes 150 ms, a frame is lost or a
move errs, and reports the highest M that held and its moves per second; then the same for the bare echo, M rooms
of as many clients each stepping at the same interval (the echo's capacity found the same way in the same run).
Each (b) also reports the CPU its servers used per accepted move (per frame for the echo; from /proc, so only
for servers this run started): where the client or the machine gives out before the servers do, capacity
compares the machine, and CPU per move compares the servers.
``--churn N`` keeps N more spectator sockets coming and going during (b): opened, held ``--churn-every`` seconds,
closed all at once, again. ``--idle N`` runs each (b) twice, without and then with N idle sockets held open
(half of them signed-in people's own sockets, ``/ws/me/``, half watchers of other matches, where nothing moves),
and reports the ratio of the p99s and the servers' memory per idle socket; with ``--repeat N`` it does so N times in
turn and reports the median ratio, since a single stall decides a p99. ``--gc-probe`` serves every process
through ``bench/_gc_probe.py`` and reports the collections that paused the servers during each (b), the longest
among them.

A frame is lost when a client never saw a version that was made while it was connected. A client that
gets two versions in quick succession may legitimately see only the newer (the server sends the newest
state), but here no match has two moves in flight: the next move is sent only once everyone has the last
one, so every version must reach every client. Versions are counted when the room stops, so a frame that
arrives after the 10 s wait is late, not lost: its move is an error (``timeout``) and that room stops moving.
Handshakes refused while many sockets join are retried and counted as errors too.

The client is one asyncio process on the same machine as the servers, so its own work is in every figure;
the bare echo pays the same. One process saturates at about 700 frames/s, before the site does: ``--clients N``
spreads (b)'s matches, and the echo's rooms, over N client processes, each with its own event loop and a share of
the rooms, all starting to play together; their times, errors and lost frames are merged (the clock is the
machine's monotonic one, the same in every process). (a), (c), the bare pair and fan-out, churn and idle sockets stay
in the main process. Each (b) reports the client's CPU per move beside the servers'. The client's cycle collector
is off while a scenario plays (its pauses were the client's, not the servers'), and seats parse their frames with
orjson.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import random
import re
import resource
import secrets
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

import django
import orjson
from asgiref.sync import sync_to_async
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import _gc_probe  # noqa: E402 -- found once the repository is on the path
from bench._html_table import Table  # noqa: E402 -- found once the repository is on the path
from bench._servers import free_port, wait_listening  # noqa: E402 -- found once the repository is on the path

VERSION = re.compile(rb'^\{"type": ?"(\w+)", ?"version": ?(\d+)')
PATCH = re.compile(rb'^\{"type": ?"patch", ?"base": ?(\d+), ?"version": ?(\d+)')  # an HTML page's patch
SYNC = '{"type": "sync"}'
MOVE_TIMEOUT = 10.0
HELD_P99_MS = 150.0  # (b)'s target: a load holds while its p99 move-to-everyone stays within this
PROGRESS_EVERY = 5.0  # seconds between progress lines on stderr while a scenario plays


class Stats:
    """What one scenario saw: move-to-everyone times, per-recipient times, accepted moves, errors."""
    def __init__(self, name: str):
        self.name = name
        self.everyone: list[float] = []
        self.sent: list[float] = []  # when each of ``everyone``'s frames was sent (perf_counter)
        self.each: list[float] = []
        self.accepted = 0
        self.errors: Counter = Counter()
        self.lost = 0
        self.frame_bytes: list[int] = []
        self.seconds = 0.0


class Client:
    """One socket: remembers every version it saw and tells its room when a new one arrives. A browser's (``html``)
    seat keeps its table (``bench/_html_table.py``) to play from; a browser's spectator only follows the versions,
    asking for sync, as a page does, when a patch is not for the version it has."""
    def __init__(self, room: Room, ws, seat: int | None, html: bool = False):
        self.room, self.ws, self.seat = room, ws, seat
        self.version = -1
        self.seen: set[int] = set()
        self.state: dict | None = None
        self.table = Table() if html and seat is not None else None
        self.closing = False
        self.task = asyncio.create_task(self.read())

    def pick(self, rng: random.Random, version: int) -> str | None:
        """A random legal move (as JSON text) from this seat's last frame, if that is of ``version``."""
        if self.table is not None:
            moves = self.table.moves() if self.table.version == version else None
            return rng.choice(moves) if moves else None
        state = self.state
        if state and state["version"] == version and state["legal"]:
            return json.dumps(rng.choice(state["legal"]))
        return None

    async def unsynced(self, stats: Stats) -> None:
        """A patch this page could not apply (a frame lost, or a server's mistake): counted, and answered as the
        page answers it, by asking for the whole table."""
        stats.errors["patch not at its base"] += 1
        await self.ws.send(SYNC)

    async def read(self):
        stats = self.room.stats
        try:
            while True:
                raw = await self.ws.recv(decode=False)
                now = time.perf_counter()
                Room.frames_received += 1
                head = VERSION.match(raw) or PATCH.match(raw)
                if head is None:
                    if raw.startswith((b'{"type": "error"', b'{"type":"error"')):
                        stats.errors[json.loads(raw)["code"]] += 1
                    continue
                version = int(head.group(2))
                if self.table is not None:
                    done = self.table.apply(orjson.loads(raw))
                    if done == "sync":
                        await self.unsynced(stats)
                    if done not in ("drawn", "patched") or version <= self.version:
                        continue
                elif version <= self.version:
                    continue
                elif head.re is PATCH and int(head.group(1)) != self.version:
                    await self.unsynced(stats)
                    continue
                self.version = version
                self.seen.add(version)
                stats.frame_bytes.append(len(raw))
                if self.seat is not None and self.table is None:
                    self.state = orjson.loads(raw)
                self.room.arrived(self, version, now)
        except ConnectionClosed:
            if not self.closing:
                stats.errors["connection closed"] += 1


class Room:
    """A match or an echo room: the clients that must all see each new version, and one move at a time."""
    frames_received = 0

    def __init__(self, stats: Stats, version: int = 0):
        self.stats = stats
        self.version = version
        self.clients: list[Client] = []
        self.waiting: dict[int, tuple[float, set[Client], asyncio.Future]] = {}
        self.over = False

    def arrived(self, client: Client, version: int, now: float):
        for target, (sent, left, done) in list(self.waiting.items()):
            if target <= version and client in left:
                left.discard(client)
                self.stats.each.append(now - sent)
                if not left and not done.done():
                    done.set_result(now - sent)

    def next_frame(self) -> tuple[Client, str] | None:
        raise NotImplementedError

    async def step(self) -> bool:
        """Send the next frame and wait until everyone has its version; False when the room can go no further."""
        found = None if self.over else self.next_frame()
        if found is None:
            self.over = True
            return False
        sender, text = found
        target = self.version + 1
        done = asyncio.get_running_loop().create_future()
        sent = time.perf_counter()
        self.waiting[target] = (sent, set(self.clients), done)
        await sender.ws.send(text)
        try:
            self.stats.everyone.append(await asyncio.wait_for(done, MOVE_TIMEOUT))
            self.stats.sent.append(sent)
        except TimeoutError:
            self.stats.errors["timeout"] += 1
            self.over = True
        finally:
            left = self.waiting.pop(target)[1]
        if len(left) < len(self.clients):
            self.stats.accepted += 1
            self.version = target
        return not self.over

    def lost(self) -> int:
        made = set(range(1, self.version + 1))
        return sum(len(made - client.seen) for client in self.clients)

    async def close(self):
        for client in self.clients:
            client.closing = True
        await asyncio.gather(*(client.ws.close() for client in self.clients), return_exceptions=True)
        for client in self.clients:
            client.task.cancel()


class MatchRoom(Room):
    def __init__(self, stats: Stats, match_id: int, rng: random.Random):
        super().__init__(stats)
        self.match_id, self.rng = match_id, rng

    def next_frame(self):
        for client in self.clients:
            move = client.pick(self.rng, self.version) if client.seat is not None else None
            if move is not None:
                return client, (f'{{"type": "move", "move": {move}, "version": {self.version}, '
                                f'"id": "b{self.match_id}.{self.version}"}}')
        return None


class EchoRoom(Room):
    def __init__(self, stats: Stats, pad: int):
        super().__init__(stats)
        self.pad = "x" * pad

    def next_frame(self):
        return self.clients[0], f'{{"type": "state", "version": {self.version + 1}, "pad": "{self.pad}"}}'


def match_path(match_id: int, fmt: str) -> str:
    """A match socket's path: a browser's page asks for HTML frames, a bench's or an app's for JSON."""
    return f"/ws/matches/{match_id}/" + ("?format=json" if fmt == "json" else "")


async def open_client(room: Room, url: str, seat: int | None = None, cookie: str = "", gate=None,
                      html: bool = False) -> None:
    """Join the room, retrying a refused handshake (each refusal is an error); a spectator may give up. ``html``:
    the socket is a browser's (its seat keeps its table to play from)."""
    origin = "http://" + url.split("/")[2]
    headers = {"Cookie": f"sessionid={cookie}"} if cookie else {}
    for attempt in range(10):
        try:
            async with gate:
                ws = await connect(url, origin=origin, additional_headers=headers, open_timeout=120,
                                   ping_interval=None, compression=None, max_size=2**24, max_queue=None)
            break
        except (OSError, InvalidHandshake, TimeoutError):
            room.stats.errors["connect refused"] += 1
            await asyncio.sleep(1 + attempt)
    else:
        if seat is not None:
            raise RuntimeError(f"seat {seat} could not connect to {url}")
        room.stats.errors["spectator never joined"] += 1
        return
    client = Client(room, ws, seat, html)
    room.clients.append(client)


class Watchers(Room):
    """Sockets that come and go while a scenario plays (``--churn``): they watch, and no move waits for them."""

    def next_frame(self):
        return None


async def churn(urls: list[str], match_ids: list[int], count: int, every: float, stop: asyncio.Event,
                fmt: str = "json") -> Stats:
    """Until ``stop``: open ``count`` spectator sockets spread over ``match_ids``, hold them ``every`` seconds,
    close them all at once. The returned stats count the rounds (``accepted``) and any errors."""
    stats = Stats(f"churn of {count}")
    gate = asyncio.Semaphore(20)
    while not stop.is_set():
        room = Watchers(stats)
        await asyncio.gather(*(open_client(room, urls[i % len(urls)] + match_path(match_ids[i % len(match_ids)], fmt),
                                           gate=gate) for i in range(count)))
        try:
            await asyncio.wait_for(stop.wait(), every)
        except TimeoutError:
            pass
        await room.close()
        stats.accepted += 1
    return stats


async def open_idle(urls: list[str], count: int, make, first_user: int, fmt: str = "json") -> Watchers:
    """``count`` idle sockets: half ``/ws/me/`` of signed-in people (the seats of new matches, several sockets to
    each, as of several tabs), half watchers of those matches, where nothing moves (a match for every twenty)."""
    stats = Stats(f"{count} idle sockets")
    room = Watchers(stats)
    matches = await make(idle_matches(count), first_user)
    cookies = [cookie for match in matches for cookie in match["cookies"]]
    gate = asyncio.Semaphore(20)
    mine = count // 2
    opening = [open_client(room, f"{urls[i % len(urls)]}/ws/me/", cookie=cookies[i % len(cookies)], gate=gate)
               for i in range(mine)]
    opening += [open_client(room, urls[i % len(urls)] + match_path(matches[i % len(matches)]["id"], fmt), gate=gate)
                for i in range(count - mine)]
    await asyncio.gather(*opening)
    for client in room.clients:  # a person's own socket hears no version: nothing to wait for but quiet
        client.version = max(client.version, 0)
    await settle([room])
    if len(room.clients) < count or stats.errors:
        print(f"  idle: {len(room.clients)} of {count} sockets open, errors {dict(stats.errors)}", flush=True)
    return room


def idle_matches(count: int) -> int:
    return max(1, count // 20)


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time these processes have used, in seconds (Linux: the first field of /proc/<pid>/schedstat)."""
    return sum(int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) for pid in pids) / 1e9


def print_cpu(who: str, pids: list[int], before: float, stats: Stats, what: str) -> None:
    """The servers' CPU per accepted move or frame (if this run started them): how much of a core each costs,
    whatever the client keeps up with (at capacity the client and the machine's other processes share the cores
    with the servers)."""
    if not pids:
        return
    used = cpu_seconds(pids) - before
    accepted = len(stats.everyone)
    per = f"{1000 * used / accepted:.2f} ms per {what}" if accepted else "nothing accepted"
    print(f"  {who} processes: {used:.1f} s of CPU, {per}", flush=True)


def rss_kib(pids: list[int]) -> int:
    """The resident memory of these processes, in KiB (Linux)."""
    total = 0
    for pid in pids:
        for text in Path(f"/proc/{pid}/status").read_text().splitlines():
            if text.startswith("VmRSS:"):
                total += int(text.split()[1])
    return total


async def open_echo_rooms(stats: Stats, urls: list[str], rooms: int, clients: int, pad: int) -> list[EchoRoom]:
    """``rooms`` echo rooms of ``clients`` sockets each, spread over the processes as (b)'s matches are."""
    gate = asyncio.Semaphore(20)
    made, opening = [], []
    for n in range(rooms):
        room = EchoRoom(stats, pad)
        made.append(room)
        name = secrets.token_hex(4)
        opening += [open_client(room, f"{urls[(n + i) % len(urls)]}/ws/echo/{name}/", gate=gate)
                    for i in range(clients)]
    await asyncio.gather(*opening)
    for room in made:
        for client in room.clients:
            client.version = 0
    await settle(made)
    return made


async def settle(rooms: list[Room], quiet: float = 1.0, limit: float = 300.0):
    """Wait until every client has its room's version and no frames (presence storms) arrive for ``quiet`` s."""
    deadline = time.perf_counter() + limit
    last = -1
    while time.perf_counter() < deadline:
        ready = all(c.version >= room.version for room in rooms for c in room.clients)
        if ready and Room.frames_received == last:
            return
        last = Room.frames_received
        await asyncio.sleep(quiet)
    raise RuntimeError("clients never settled")


async def open_matches(stats: Stats, matches: list[dict], urls: list[str], spectators: int, fmt: str = "json",
                       quiet: bool = False) -> list[MatchRoom]:
    """Two seats and ``spectators`` spectators for each match, speaking ``fmt``; ``quiet``: no line on stdout."""
    gate = asyncio.Semaphore(20)
    rooms, opening = [], []
    html = fmt == "html"
    for n, match in enumerate(matches):
        room = MatchRoom(stats, match["id"], random.Random(match["id"]))
        rooms.append(room)
        path = match_path(match["id"], fmt)
        for seat, cookie in enumerate(match["cookies"]):
            opening.append(open_client(room, urls[(n + seat) % len(urls)] + path, seat, cookie, gate, html))
        for i in range(spectators):
            opening.append(open_client(room, urls[(n + i) % len(urls)] + path, gate=gate, html=html))
    started = time.perf_counter()
    await asyncio.gather(*opening)
    await settle(rooms)
    joined = sum(len(room.clients) for room in rooms)
    if not quiet:
        print(f"{stats.name}: {joined} sockets joined and quiet in {time.perf_counter() - started:.1f} s", flush=True)
    return rooms


async def play(stats: Stats, rooms: list[Room], interval: float, duration: float | None, steps: int | None):
    """Each room steps every ``interval`` s (rooms started at random offsets) for ``duration`` s or ``steps``."""
    loop = asyncio.get_running_loop()

    async def drive(room: Room):
        tick = start + (random.random() * interval if len(rooms) > 1 else 0.0)
        count = 0
        while loop.time() < until and (steps is None or count < steps):
            await asyncio.sleep(max(0.0, tick - loop.time()))
            if loop.time() >= until or not await room.step():
                break
            count += 1
            tick += interval

    # The client's own cycle collections paused it, and so every frame in flight, long enough to show in the
    # servers' tail (seen with gc.callbacks); they run between scenarios instead, for the bare echo as for the site.
    gc.collect()
    gc.freeze()
    gc.disable()
    # The rooms' first moves are timed from here, after the collection (which takes a while with many clients):
    # timed from before it, those falling due during it went out together, a burst of the client's making.
    start = loop.time()
    until = start + duration if duration else float("inf")

    async def progress():  # on stderr, every few seconds: the figures on stdout stay as they were
        while True:
            await asyncio.sleep(PROGRESS_EVERY)
            of = f" of {duration:g}" if duration else ""
            print(f"{stats.name}: {loop.time() - start:.0f} s{of}, {stats.accepted} accepted, "
                  f"{sum(stats.errors.values())} errors", file=sys.stderr, flush=True)

    reporter = asyncio.create_task(progress())
    try:
        await asyncio.gather(*(drive(room) for room in rooms))
    finally:
        reporter.cancel()
        gc.enable()
        gc.unfreeze()
    stats.seconds += loop.time() - start
    stats.lost = sum(room.lost() for room in rooms)
    await asyncio.gather(*(room.close() for room in rooms))


async def bare(stats: Stats, urls: list[str], watchers: int, pad: int, steps: int, interval: float):
    room = EchoRoom(stats, pad)
    gate = asyncio.Semaphore(20)
    name = secrets.token_hex(4)
    await open_client(room, f"{urls[0]}/ws/echo/{name}/", gate=gate)
    await asyncio.gather(*(open_client(room, f"{urls[(i + 1) % len(urls)]}/ws/echo/{name}/", gate=gate)
                           for i in range(watchers)))
    for client in room.clients:
        client.version = 0
    await settle([room])
    await play(stats, [room], interval, None, steps)


# --- the client spread over processes (--clients N) ---------------------------------------------------------


class Spread:
    """``--clients N``: N client processes, each with its own event loop, that open and play a share of (b)'s
    matches or echo rooms (a job each, ``client_job``), all starting to play together; what they saw is merged into
    one ``Stats``. Spawned once, before the main process has an event loop, and stopped by ``close``."""

    def __init__(self, count: int):
        context = multiprocessing.get_context("spawn")
        self.pipes, self.procs = [], []
        for _ in range(count):
            mine, theirs = context.Pipe()
            proc = context.Process(target=client_process, args=(theirs,), daemon=True)
            proc.start()
            theirs.close()
            self.pipes.append(mine)
            self.procs.append(proc)

    @property
    def pids(self) -> list[int]:
        return [proc.pid for proc in self.procs]

    async def answers(self, expected: str) -> list:
        found = []
        for kind, value in await asyncio.gather(*(asyncio.to_thread(pipe.recv) for pipe in self.pipes)):
            if kind != expected:
                raise RuntimeError(f"a client process failed:\n{value}")
            found.append(value)
        return found

    async def open(self, stats: Stats, jobs: list[dict]) -> None:
        """Each process opens its job's sockets and waits until they are quiet."""
        started = time.perf_counter()
        for pipe, job in zip(self.pipes, jobs, strict=True):
            pipe.send({**job, "name": stats.name})
        joined = sum(await self.answers("ready"))
        print(f"{stats.name}: {joined} sockets joined and quiet in {time.perf_counter() - started:.1f} s "
              f"({len(self.pipes)} client processes)", flush=True)

    async def play(self, stats: Stats) -> None:
        """The processes play their rooms at once; their figures are added to ``stats``."""
        for pipe in self.pipes:
            pipe.send("go")
        for seen in await self.answers("done"):
            stats.everyone += seen["everyone"]
            stats.sent += seen["sent"]
            stats.each += seen["each"]
            stats.frame_bytes += seen["frame_bytes"]
            stats.accepted += seen["accepted"]
            stats.errors.update(seen["errors"])
            stats.lost += seen["lost"]
            stats.seconds = max(stats.seconds, seen["seconds"])  # they played side by side

    def shares(self, job: dict) -> list[dict]:
        """A job for each process: a share of the matches, or of the echo rooms."""
        count = len(self.pipes)
        if job["kind"] == "match":
            return [{**job, "matches": job["matches"][i::count]} for i in range(count)]
        return [{**job, "rooms": job["rooms"] // count + (i < job["rooms"] % count)} for i in range(count)]

    def close(self) -> None:
        for pipe in self.pipes:
            try:
                pipe.send(None)
            except OSError:  # it is gone already
                pass
        for proc in self.procs:
            proc.join(timeout=15)
            if proc.is_alive():
                proc.kill()
                proc.join()


async def job_rooms(stats: Stats, job: dict, quiet: bool = True) -> list[Room]:
    """Open a job's sockets: ``kind`` "match" (``matches``, ``spectators`` of each, speaking ``fmt``) or "echo"
    (``rooms`` of ``clients``, frames padded by ``pad``), on ``urls``."""
    if job["kind"] == "match":
        return await open_matches(stats, job["matches"], job["urls"], job["spectators"], job["fmt"], quiet)
    return await open_echo_rooms(stats, job["urls"], job["rooms"], job["clients"], job["pad"])


async def ready(stats: Stats, job: dict, spread: Spread | None):
    """Open (b)'s sockets, those of ``job`` (``job_rooms``), shared by the client processes or here; the answer
    plays them for ``job``'s duration."""
    if spread:
        await spread.open(stats, spread.shares(job))
        return lambda: spread.play(stats)
    rooms = await job_rooms(stats, job, quiet=False)
    return lambda: play(stats, rooms, job["interval"], job["duration"], None)


def client_process(pipe) -> None:
    """A client process of ``Spread``: plays each job it is sent, until it is sent None."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    while (job := pipe.recv()) is not None:
        try:
            asyncio.run(client_job(pipe, job))
        except Exception:  # noqa: BLE001  (told to the main process, which stops the run)
            pipe.send(("failed", traceback.format_exc()))


async def client_job(pipe, job: dict) -> None:
    """Open a job's rooms, say how many sockets joined, wait for "go", play, and send back what was seen."""
    stats = Stats(job["name"])
    rooms = await job_rooms(stats, job)
    pipe.send(("ready", sum(len(room.clients) for room in rooms)))
    if await asyncio.to_thread(pipe.recv) != "go":
        raise RuntimeError("a client process was sent a job where it waited for 'go'")
    await play(stats, rooms, job["interval"], job["duration"], None)
    pipe.send(("done", vars(stats)))


# --- the production shape: processes, database rows, sessions ---------------------------------------------


def start_servers(app: str, count: int, env: dict, logs: Path,
                  probe: Path | None = None) -> tuple[list[subprocess.Popen], list[str]]:
    """``count`` Daphne processes serving ``app``; with ``probe`` (a folder), through ``bench/_gc_probe.py``."""
    procs, urls = [], []
    if probe is not None:
        probe.mkdir(parents=True, exist_ok=True)
        env = {**env, "GC_PROBE_APP": app, "GC_PROBE_DIR": str(probe)}
        app = "bench._gc_probe:application"
    for _ in range(count):
        port = free_port()
        log = open(logs / f"{env.get('GC_PROBE_APP', app).split(':')[0]}-{port}.log", "w")
        procs.append(subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), app],
                                      cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT))
        urls.append(f"ws://127.0.0.1:{port}")
    for proc, url in zip(procs, urls, strict=True):
        port = int(url.rsplit(":", 1)[1])
        wait_listening(proc, port, f"{app} on {port} (see {logs})")
    return procs, urls


def create_matches(count: int, first_user: int) -> list[dict]:
    """``count`` running Chronicle matches, each seat a user of its own with a fresh session."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model  # noqa: PLC0415 -- imported once Django is set up
    from django.contrib.sessions.backends.db import SessionStore  # noqa: PLC0415 -- imported once Django is set up

    from apps.matches.domain.deeds import SeatSpec, do_start_match  # noqa: PLC0415 -- imported once Django is set up

    user_model = get_user_model()
    names = [f"bench{first_user + i}" for i in range(2 * count)]
    user_model.objects.bulk_create([user_model(username=n, password="!") for n in names], ignore_conflicts=True)
    users = {u.username: u for u in user_model.objects.filter(username__in=names)}

    def cookie(user) -> str:
        session = SessionStore()
        session.update({SESSION_KEY: str(user.pk), HASH_SESSION_KEY: user.get_session_auth_hash(),
                        BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend"})
        session.create()
        return session.session_key

    matches = []
    for i in range(count):
        seated = [users[names[2 * i]], users[names[2 * i + 1]]]
        match = do_start_match("chronicle", [SeatSpec(u.username, u) for u in seated])
        matches.append({"id": match.pk, "cookies": [cookie(u) for u in seated]})
    return matches


# --- report ----------------------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")


def line(stats: Stats, base: Stats | None = None) -> str:
    rate = stats.accepted / stats.seconds if stats.seconds else 0.0
    parts = [f"{stats.name:<34}{rate:8.1f}/s"]
    for label, q in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99), ("max", 1.0)):
        value = pct(stats.everyone, q)
        ratio = f" ({value / pct(base.everyone, q):.1f}x)" if base and base.everyone else ""
        parts.append(f"{label} {value:7.1f}{ratio}")
    parts.append(f"each p99 {pct(stats.each, 0.99):.1f}")
    parts.append(f"n {len(stats.everyone)} lost {stats.lost} errors {dict(stats.errors) or 0}")
    return "  ".join(parts)


def sizes(stats: Stats) -> str:
    """The sizes of the frames that brought a client a new version."""
    if not stats.frame_bytes:
        return "  no frame brought a new version"
    return (f"  frames with a new version: {len(stats.frame_bytes)}, median {statistics.median(stats.frame_bytes):.0f} "
            f"bytes, mean {statistics.mean(stats.frame_bytes):.0f}")


def echo_pad(pad: int, a: Stats, site_frames: list[int]) -> int:
    """The echo's padding: ``pad`` (from (a)'s frames, or the default) unless only (b) ran, then from (b)'s."""
    if a.frame_bytes or not site_frames:
        return pad
    return max(0, int(statistics.mean(site_frames)) - 40)


def slowest(stats: Stats, count: int = 5) -> str:
    """The slowest frames and when they were sent, in seconds from the scenario's first: a tail made by one
    stall shows as one moment, a tail spread over the run as many."""
    if not stats.sent:
        return ""
    first = min(stats.sent)
    worst = sorted(zip(stats.everyone, stats.sent, strict=True), reverse=True)[:count]
    clock = time.strftime("%H:%M:%S", time.localtime(time.time() - (time.perf_counter() - worst[0][1])))
    return ("slowest: " + ", ".join(f"{took * 1000:.0f} ms at {at - first:.1f} s" for took, at in worst)
            + f" (the first sent at {clock})")


def by_second(stats: Stats) -> str:
    """Move-to-everyone by the second its move was sent in: a stall shows as a run of slow seconds."""
    first, seconds = min(stats.sent), {}
    for took, at in zip(stats.everyone, stats.sent, strict=True):
        seconds.setdefault(int(at - first), []).append(took)
    return "by second sent (p50/max ms): " + ", ".join(
        f"{n}s {pct(times, 0.5):.0f}/{pct(times, 1.0):.0f}" for n, times in sorted(seconds.items()))


def held(stats: Stats) -> bool:
    """Whether a load held: every move reached everyone, within the p99 target, nothing lost, nothing refused."""
    return bool(stats.everyone) and pct(stats.everyone, 0.99) <= HELD_P99_MS and not stats.lost and not stats.errors


async def capacity(trial, start: int, step: float, most: int) -> tuple[int, float] | None:
    """The highest M at which ``trial(M)`` held, raising M from ``start`` by ``step`` up to ``most``, and its rate
    (accepted per second); None if the first M did not hold."""
    best, m = None, start
    while m <= most:
        stats = await trial(m)
        if not held(stats):
            break
        best = (m, stats.accepted / stats.seconds)
        m = max(m + 1, round(m * step))
    return best


def held_line(name: str, found: tuple[int, float] | None, unit: str) -> str:
    if found is None:
        return f"capacity, {name}: the first M tried did not hold (p99 over {HELD_P99_MS:g} ms, or a frame lost)"
    return (f"capacity, {name}: held at M = {found[0]}, {found[1]:.1f} {unit}/s "
            f"(p99 within {HELD_P99_MS:g} ms, none lost)")


def pauses(folder: Path, since: float, until: float) -> str:
    """What the probe saw in ``folder`` between the unix times ``since`` and ``until``."""
    seen = _gc_probe.read(folder, since, until)
    if not seen:
        return f"gc: no collection paused a server for {_gc_probe.SHORTEST_MS:g} ms or more"
    longest = max(seen, key=lambda pause: pause[2])
    busiest = max(seen, key=lambda pause: pause[3])
    full = [pause for pause in seen if pause[1] == 2]
    return (f"gc: {len(seen)} collections of {_gc_probe.SHORTEST_MS:g} ms or more, the longest {longest[2]:.1f} ms "
            f"(generation {longest[1]}, {longest[3]:.1f} ms of it collecting); the most CPU {busiest[3]:.1f} ms "
            f"(generation {busiest[1]}); generation 2: {len(full)}"
            + (f", the longest {max(p[2] for p in full):.1f} ms" if full else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, nargs="+", default=[500], help="M values of scenario (b)")
    parser.add_argument("--match-spectators", type=int, default=1, help="spectators per match in (b)")
    parser.add_argument("--spectators", type=int, default=1000, help="spectators in (c), watchers of bare fan-out")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between moves of a match in (b)")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of (b) for each M")
    parser.add_argument("--gap", type=float, default=0.1,
                        help="seconds between frames in (a), (c) and the bare ones (a seat may send 10 frames/s)")
    parser.add_argument("--games", type=int, default=3, help="whole games played one move at a time in (a)")
    parser.add_argument("--steps", type=int, default=200, help="frames of the bare pair; moves of (c) <= a game")
    parser.add_argument("--by-second", action="store_true", help="print (b)'s times by the second moves were sent")
    parser.add_argument("--scenarios", default="abc", help="which of a, b, c to run (the bare ones always run)")
    parser.add_argument("--capacity", action="store_true",
                        help="raise (b)'s M from the first --matches value until p99 passes 150 ms or a frame is "
                             "lost, for the site and then the bare echo, and report the highest M that held")
    parser.add_argument("--capacity-step", type=float, default=1.5, help="factor between the M tried (default 1.5)")
    parser.add_argument("--capacity-max", type=int, default=5000, help="the largest M tried (default 5000)")
    parser.add_argument("--churn", type=int, default=0,
                        help="spectator sockets opened and closed all at once, again and again, during (b)")
    parser.add_argument("--churn-every", type=float, default=5.0, help="seconds each churn of sockets stays open")
    parser.add_argument("--idle", type=int, default=0,
                        help="run each (b) again with this many idle sockets held open, and compare")
    parser.add_argument("--repeat", type=int, default=1,
                        help="with --idle: run (b) without and with the idle sockets this many times, in turn, and "
                             "report the median of the ratios (one stall decides a p99)")
    parser.add_argument("--gc-probe", action="store_true",
                        help="report the servers' cycle collections during (b) (bench/_gc_probe.py)")
    parser.add_argument("--format", choices=["json", "html"], default="json",
                        help="what every match socket speaks: json (?format=json, a bench's or an app's) or html (a "
                             "browser's match page: whole tables, then patches; seats play from their kept table)")
    parser.add_argument("--clients", type=int, default=1,
                        help="client processes that share (b)'s matches and the echo's rooms, each with its own event "
                             "loop (default 1: the main process plays them)")
    parser.add_argument("--game-urls", nargs="+", help="ws://host:port of running site processes")
    parser.add_argument("--echo-urls", nargs="+", help="ws://host:port of running echo processes")
    parser.add_argument("--echo-layer", choices=["stock", "site"], default="stock",
                        help="the bare echo's channel layer: channels_redis's RedisChannelLayer (bare Channels), "
                             "or the site's own (config/channel_layer.py)")
    args = parser.parse_args()
    print("$ " + shlex.join([".venv/bin/python", "bench/ws_load.py", *sys.argv[1:]]), flush=True)

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if not os.environ.get("DATABASE_URL") or not os.environ.get("REDIS_URL"):
        sys.exit("Set DATABASE_URL (PostgreSQL) and REDIS_URL: this measures the production shape.")
    os.environ.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))
    os.environ.update(DJANGO_DEBUG="0", DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost", DJANGO_SETTINGS_MODULE=
                      "config.settings", DJANGO_LOG_LEVEL=os.environ.get("DJANGO_LOG_LEVEL", "ERROR"))
    # The benchmark's seats move as fast as the server answers, faster than the per-socket flood limit allows.
    os.environ.setdefault("CIVITAS_MATCH_FRAME_RATE", "100000,100000")
    os.environ.setdefault("CIVITAS_SEAT_STEP_RATE", "0,1")  # and faster than a seat's budget of moves
    # Every client of this bench comes from one address, so the cap on sockets per address is off for its servers.
    os.environ.setdefault("CIVITAS_SOCKETS_PER_ADDRESS", "0")
    procs: list[subprocess.Popen] = []
    spread = static = None
    try:
        game_urls, echo_urls = args.game_urls, args.echo_urls
        subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, check=True)
        if args.format == "html" and not game_urls and not os.environ.get("DJANGO_STATIC_ROOT"):
            # Production's tables name the static files collectstatic hashed (as the Dockerfile does): gathered
            # here, for this run's servers, and removed after.
            static = Path(tempfile.mkdtemp(prefix="ws_load-static-"))
            os.environ["DJANGO_STATIC_ROOT"] = str(static)
            subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT,
                           check=True)

        django.setup()
        if not game_urls:
            # An earlier run's processes were stopped with sockets open; their presence, swept by the new
            # processes' first heartbeat, would land in the middle of a measurement.
            from django.db import connections  # noqa: PLC0415 -- imported once Django is set up

            from apps.matches.models import Presence  # noqa: PLC0415 -- imported once Django is set up

            Presence.objects.all().delete()
            connections.close_all()
        if not game_urls or not echo_urls:
            logs = Path(tempfile.mkdtemp(prefix="ws_load-"))
            print(f"server logs in {logs}", flush=True)
            if not game_urls:
                started, game_urls = start_servers("config.asgi:application", 2, dict(os.environ), logs,
                                                   logs / "gc-site" if args.gc_probe else None)
                procs += started
            if not echo_urls:
                started, echo_urls = start_servers("bench.echo_asgi:application", 2,
                                                   {**os.environ, "ECHO_LAYER": args.echo_layer}, logs,
                                                   logs / "gc-echo" if args.gc_probe else None)
                procs += started
            args.probe_folder = logs if args.gc_probe and not args.game_urls else None
        else:
            args.probe_folder = None
        args.site_pids = [] if args.game_urls else [proc.pid for proc in procs[:2]]
        args.echo_pids = [] if args.echo_urls else [proc.pid for proc in procs[-2:]]
        spread = Spread(args.clients) if args.clients > 1 else None
        asyncio.run(run(args, game_urls, echo_urls, spread))
    finally:
        if spread is not None:
            spread.close()
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
        if static is not None:
            shutil.rmtree(static, ignore_errors=True)


async def run(args, game_urls: list[str], echo_urls: list[str], spread: Spread | None) -> None:
    make = sync_to_async(create_matches)
    users = 0
    pad = 4000
    client_pids = spread.pids if spread else [os.getpid()]
    a = Stats("(a) one match, one move at a time")
    for _ in range(args.games if "a" in args.scenarios else 0):
        matches = await make(1, users)
        users += 2
        await play(a, await open_matches(a, matches, game_urls, 1, args.format), args.gap, None, None)
    if a.frame_bytes:
        pad = int(sum(a.frame_bytes) / len(a.frame_bytes)) - 40
    pair = Stats("bare pair")
    await bare(pair, echo_urls, 1, pad, args.steps, args.gap)
    fan = Stats(f"bare fan-out to {args.spectators}")
    await bare(fan, echo_urls, args.spectators, pad, args.steps // 4, args.gap)
    print(f"\n{args.format.upper()} sockets; bare echo on the {args.echo_layer} channel layer; "
          f"state frames {pad + 40} bytes on average (echo frames padded to it); ms from sending a frame or move"
          f" until every client has its version; (x) ratio to the bare figure; 'each' per recipient", flush=True)
    print(line(pair))
    print(line(fan))
    if a.everyone:
        print(line(a, pair))
        rate_a, rate_pair = len(a.everyone) / sum(a.everyone), len(pair.everyone) / sum(pair.everyone)
        print(f"back to back (1 / mean time to everyone): (a) {rate_a:.1f} moves/s, bare pair {rate_pair:.1f} frames/s"
              f" ({rate_a / rate_pair:.2f}x); target: (a) p50 within 3x bare pair p50", flush=True)

    site_frames: list[int] = []  # the sizes of (b)'s frames: the echo's are padded to their mean if (a) did not run

    async def site_b(m: int) -> Stats:
        nonlocal users
        b = Stats(f"(b) {m} matches, a move per {args.interval:g}s")
        matches = await make(m, users)
        users += 2 * m
        go = await ready(b, {"kind": "match", "matches": matches, "urls": game_urls, "fmt": args.format,
                             "spectators": args.match_spectators, "interval": args.interval,
                             "duration": args.duration}, spread)
        stop = asyncio.Event()
        churning = (asyncio.create_task(churn(game_urls, [match["id"] for match in matches], args.churn,
                                              args.churn_every, stop, args.format)) if args.churn else None)
        since, cpu_before, client_before = time.time(), cpu_seconds(args.site_pids), cpu_seconds(client_pids)
        await go()
        until = time.time()
        site_frames.extend(b.frame_bytes)
        print(line(b, pair) + "\n" + slowest(b) + ("\n" + by_second(b) if args.by_second else ""), flush=True)
        print_cpu("site", args.site_pids, cpu_before, b, "move")
        print_cpu("client", client_pids, client_before, b, "move")
        print(sizes(b), flush=True)
        if churning is not None:
            stop.set()
            churned = await churning
            print(f"  churn: {args.churn} sockets opened and closed all at once {churned.accepted} times"
                  f"{', errors ' + str(dict(churned.errors)) if churned.errors else ''}", flush=True)
        if args.probe_folder is not None:
            print("  " + pauses(args.probe_folder / "gc-site", since, until), flush=True)
        return b

    async def echo_b(m: int) -> Stats:
        b = Stats(f"bare echo, {m} rooms, a frame per {args.interval:g}s")
        size = echo_pad(pad, a, site_frames)
        go = await ready(b, {"kind": "echo", "rooms": m, "urls": echo_urls, "clients": 2 + args.match_spectators,
                             "pad": size, "interval": args.interval, "duration": args.duration}, spread)
        cpu_before, client_before = cpu_seconds(args.echo_pids), cpu_seconds(client_pids)
        await go()
        print(line(b, pair) + f"  (frames of {size + 40} bytes)", flush=True)
        print_cpu("echo", args.echo_pids, cpu_before, b, "frame")
        print_cpu("client", client_pids, client_before, b, "frame")
        return b

    if "b" in args.scenarios and args.capacity:
        site = await capacity(site_b, args.matches[0], args.capacity_step, args.capacity_max)
        echo = await capacity(echo_b, args.matches[0], args.capacity_step, args.capacity_max)
        print("\n" + held_line("site", site, "moves") + "\n" + held_line("bare echo", echo, "frames"), flush=True)
        if site and echo:
            print(f"site / bare echo capacity: {site[1] / echo[1]:.2f}x in moves per second", flush=True)
    for m in args.matches if "b" in args.scenarios and not args.capacity else []:
        ratios = []
        for _ in range(args.repeat if args.idle else 1):
            without = await site_b(m)
            if not args.idle:
                break
            before = rss_kib(args.site_pids) if args.site_pids else None
            idle = await open_idle(game_urls, args.idle, make, users, args.format)
            users += 2 * idle_matches(args.idle)
            grown = rss_kib(args.site_pids) - before if before is not None else None
            with_idle = await site_b(m)
            await idle.close()
            ratios.append(pct(with_idle.everyone, 0.99) / pct(without.everyone, 0.99))
            memory = (f"; the servers grew {grown / 1024:.1f} MiB, {grown * 1024 / len(idle.clients) / 1000:.1f} kB "
                      f"per idle socket (all processes together)" if grown is not None and idle.clients else "")
            print(f"  with {len(idle.clients)} idle sockets: p99 {ratios[-1]:.2f}x the run without them (target 1.2x)"
                  f"{memory}", flush=True)
        if len(ratios) > 1:
            print(f"  p99 with idle sockets / without, {len(ratios)} pairs: median {statistics.median(ratios):.2f}x "
                  f"({', '.join(f'{r:.2f}' for r in ratios)})", flush=True)
        print(f"target: (b) p99 < {HELD_P99_MS:g} ms and zero lost frames", flush=True)
    if "c" in args.scenarios:
        c = Stats(f"(c) one match, {args.spectators} spectators")
        rooms = await open_matches(c, await make(1, users), game_urls, args.spectators, args.format)
        await play(c, rooms, args.gap, None, args.steps)
        print(line(c, fan) + "\n" + slowest(c) + "\ntarget: (c) p99 within 1.5x bare fan-out p99", flush=True)


if __name__ == "__main__":
    main()
