"""How long a bot's whole turn takes at a live table, seen from a person's socket (issue 41, item 4).

Run from the repository root with PostgreSQL and Redis up (the script migrates the database and starts one Daphne
process serving ``config.asgi:application`` with the site's deployed bot settings, unless told otherwise):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/civitas_bench REDIS_URL=redis://127.0.0.1:6379/1 \\
        .venv/bin/python bench/bot_turns.py [--games stone_age,origins] [--turns 100] [--server-root DIR]

Each table is one person and bots: the person's seat is a signed-in user whose client speaks the JSON protocol
(``?format=json``) over a real socket and plays a random legal move ``--think`` seconds after its turn comes; the
other seats are the game's strong bot (where it has one) and its heuristic bot, driven by the server as at any
live table (its delays, its worker process, its lease). A bot's turn is timed from the state frame in which its
seat becomes active to the frame in which it no longer is (another seat's turn, the next round, or the end),
both as the person's socket receives them: every step of the turn, its delays and its frames, is in the figure.
Tables are played one after another until every bot kind of a game has ``--turns`` turns, and the script prints,
per game and bot kind, the turns timed, the steps (moves) per turn, and the median, 90th percentile and largest
seconds a turn took.

``--server-root`` serves the tables from another checkout (e.g. ``git archive HEAD`` unpacked in a folder) with
this one's database, to compare a change with what came before on the same machine; ``--env NAME=VALUE`` sets the
server's environment (``CIVITAS_BOT_DELAY``, ``CIVITAS_STRONG_BOT_SECONDS``, ...).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import shlex
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._servers import free_port, wait_listening  # noqa: E402 -- found once the repository is on the path

GAMES = ("chronicle", "innovation", "live_on", "stone_age", "origins")
QUIET_SECONDS = 60.0  # a table that sends nothing for this long is given up (and counted)


def start_server(root: Path, env: dict, log: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                             "config.asgi:application"], cwd=root, env=env, stdout=open(log, "w"),
                            stderr=subprocess.STDOUT)
    wait_listening(proc, port, f"the server (see {log})")
    return proc, f"ws://127.0.0.1:{port}"


def bot_kinds(game: str) -> list[str]:
    """The bots that sit beside the person: the strong bot first where the game has one, then the heuristic."""
    from apps.matches.engine import engine  # noqa: PLC0415 -- imported once Django is set up

    kinds = engine(game).bots()
    return [kind for kind in ("strong", "heuristic") if kind in kinds]


def create_table(game: str, number: int) -> dict:
    """A running match of ``game``: seat 0 a fresh user with a session, then one seat per bot kind (two heuristic
    bots where the game has no strong one), as many as the game seats."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model  # noqa: PLC0415 -- imported once Django is set up
    from django.contrib.sessions.backends.db import SessionStore  # noqa: PLC0415 -- imported once Django is set up

    from apps.matches.domain.deeds import SeatSpec, do_start_match  # noqa: PLC0415 -- imported once Django is set up
    from apps.matches.engine import engine  # noqa: PLC0415 -- imported once Django is set up

    rules = engine(game)
    kinds = bot_kinds(game)
    if len(kinds) == 1:
        kinds = kinds * 2
    kinds = kinds[:rules.max_players - 1]
    user, _ = get_user_model().objects.get_or_create(username=f"botturns{secrets.token_hex(4)}",
                                                     defaults={"password": "!"})
    session = SessionStore()
    session.update({SESSION_KEY: str(user.pk), HASH_SESSION_KEY: user.get_session_auth_hash(),
                    BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend"})
    session.create()
    seats = [SeatSpec(user.username, user)] + [SeatSpec(f"{kind.title()} bot {i + 1}", bot=kind)
                                               for i, kind in enumerate(kinds)]
    match = do_start_match(game, seats, seed=1_000 + number)
    return {"id": match.pk, "cookie": session.session_key, "kinds": {i + 1: kind for i, kind in enumerate(kinds)}}


class Turns:
    """Bot turns as one person's socket sees them: (kind, seconds, steps) per turn."""

    def __init__(self, kinds: dict[int, str]):
        self.kinds = kinds
        self.started: dict[int, tuple[float, int]] = {}  # bot seat -> (frame time, version) its turn began
        self.done: list[tuple[str, float, int]] = []

    def frame(self, now: float, version: int, active: list[int]) -> None:
        for seat, kind in self.kinds.items():
            if seat in active and seat not in self.started:
                self.started[seat] = (now, version)
            elif seat not in active and seat in self.started:
                began, first = self.started.pop(seat)
                self.done.append((kind, now - began, version - first))


async def play_table(url: str, table: dict, think: float, rng: random.Random, enough) -> tuple[list, str]:
    """Play one table as its person, to its end or until ``enough(turns seen here)``; the bot turns seen, and how
    the table ended ("ended", "enough" or "stalled")."""
    from websockets.asyncio.client import connect  # noqa: PLC0415 -- a bench dependency

    turns = Turns(table["kinds"])
    headers = {"Cookie": f"sessionid={table['cookie']}"}
    async with connect(f"{url}/ws/matches/{table['id']}/?format=json", origin=url.replace("ws://", "http://"),
                       additional_headers=headers, max_size=2**24, ping_interval=None) as ws:
        version = -1
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), QUIET_SECONDS)
            except TimeoutError:
                return turns.done, "stalled"
            now = time.perf_counter()
            frame = json.loads(raw)
            if frame.get("type") == "error":  # a move refused (the table moved on): ask for the table again
                await ws.send(json.dumps({"type": "sync"}))
                version -= 1  # and read it even at the version already seen (else the person never moves again)
                continue
            if frame.get("type") != "state" or frame["version"] <= version:
                continue
            version = frame["version"]
            turns.frame(now, version, frame["active"])
            if not frame["active"]:
                return turns.done, "ended"
            if enough(turns.done):
                return turns.done, "enough"
            if 0 in frame["active"] and frame.get("legal"):
                await asyncio.sleep(think)
                await ws.send(json.dumps({"type": "move", "move": rng.choice(frame["legal"]), "version": version,
                                          "id": uuid.uuid4().hex}))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(args, url: str) -> None:
    from asgiref.sync import sync_to_async  # noqa: PLC0415 -- imported once Django is set up

    rng = random.Random(args.seed)
    number = args.seed * 1000
    for game in args.games:
        kinds = set(bot_kinds(game))
        seen: list[tuple[str, float, int]] = []
        tables = stalled = 0
        while any(sum(1 for kind, _, _ in seen if kind == k) < args.turns for k in kinds) and tables < args.tables:
            table = await sync_to_async(create_table)(game, number)
            number += 1
            tables += 1

            def enough(done: list, seen: list = seen, kinds: set = kinds) -> bool:
                return all(sum(1 for kind, _, _ in seen + done if kind == k) >= args.turns for k in kinds)

            done, how = await play_table(url, table, args.think, rng, enough)
            seen += done
            stalled += how == "stalled"
            print(f"  {game} table {tables}: {len(done)} bot turns ({how})", file=sys.stderr, flush=True)
        for kind in sorted(kinds, key=lambda k: k != "strong"):
            times = [seconds for k, seconds, _ in seen if k == kind]
            steps = [count for k, _, count in seen if k == kind]
            if not times:
                print(f"{game:10} {kind:9} no turns seen")
                continue
            print(f"{game:10} {kind:9} turns {len(times):4}  steps/turn median {pct(steps, 0.5):2} max "
                  f"{max(steps):2}  seconds: median {pct(times, 0.5):.2f}  p90 {pct(times, 0.9):.2f}  "
                  f"max {max(times):.2f}", flush=True)
        if stalled:
            print(f"{game:10} tables given up after {QUIET_SECONDS:.0f} s without a frame: {stalled}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games (default: all five)")
    parser.add_argument("--turns", type=int, default=100, help="bot turns to time per game and bot kind")
    parser.add_argument("--tables", type=int, default=50, help="the most tables played per game")
    parser.add_argument("--think", type=float, default=0.3, help="seconds the person takes over each move")
    parser.add_argument("--seed", type=int, default=1, help="seeds the tables and the person's random moves")
    parser.add_argument("--server-root", type=Path, default=ROOT, help="the checkout the server runs from")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="set in the server's environment (repeatable)")
    args = parser.parse_args()
    args.games = [game.strip() for game in args.games.split(",") if game.strip()]
    print("$ " + shlex.join([".venv/bin/python", "bench/bot_turns.py", *sys.argv[1:]]), flush=True)
    if not os.environ.get("DATABASE_URL") or not os.environ.get("REDIS_URL"):
        sys.exit("Set DATABASE_URL (PostgreSQL) and REDIS_URL: this measures the production shape.")
    os.environ.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))
    os.environ.update(DJANGO_DEBUG="0", DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
                      DJANGO_SETTINGS_MODULE="config.settings",
                      DJANGO_LOG_LEVEL=os.environ.get("DJANGO_LOG_LEVEL", "ERROR"))
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, check=True)
    django.setup()
    env = dict(os.environ)
    env.update(item.split("=", 1) for item in args.env)
    log = Path(tempfile.mkdtemp(prefix="bot_turns-")) / "daphne.log"
    print(f"server log: {log}; load average before: {os.getloadavg()[0]:.1f}", flush=True)
    proc, url = start_server(args.server_root.resolve(), env, log)
    started = time.perf_counter()
    try:
        asyncio.run(run(args, url))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
    print(f"time: {time.perf_counter() - started:.0f} s; load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
