"""The long fault soak (issue 8): matches played for minutes while Daphne processes are killed and Redis restarts.

Run from the repository root with PostgreSQL up (Redis is a private ``redis-server`` the soak starts, so that
restarting it disturbs nothing else on the machine):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/civitas_soak .venv/bin/python bench/soak.py \\
        [--minutes 10] [--tables 12] [--kill-every 40] [--redis-every 75]

Two Daphne processes serve the site. At each of ``--tables`` tables two seats and a spectator (JSON protocol,
on different processes) play random Chronicle matches back to back; every client fails over to the other
process when its socket dies, and a seat resends an unanswered move under the same id (``tests/faults/
cluster.py``). Meanwhile one process is killed with SIGKILL every ``--kill-every`` seconds (and started again on
its port a second later), and Redis is restarted every ``--redis-every`` seconds.

Every match, finished or cut off at the end, is then checked: its log holds each acknowledged move exactly
once and in order, it replays from its seed to the stored state, and no client was shown a version twice or
ended behind the server. It prints what was played, the faults, move-to-everyone times, the database
connections and the processes' memory sampled every 10 s, and every violation found (the soak exits 1 if any).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shlex
import signal
import statistics
import sys
import time
from pathlib import Path

import django
from asgiref.sync import sync_to_async

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
MOVE_TIMEOUT = 30.0
SLOW = 2.0  # a move that took longer to reach everyone is listed with the faults just before it


class Soak:
    def __init__(self, args):
        self.args = args
        self.stop_at = 0.0
        self.times: list[float] = []
        self.slow: list[str] = []
        self.finished = 0
        self.checked = 0
        self.violations: list[str] = []
        self.kills = 0
        self.redis_restarts = 0
        self.samples: list[tuple[int, list[int]]] = []
        self.last_kill = self.last_redis = None

    def since_faults(self) -> str:
        now = time.monotonic()
        return ", ".join(f"{what} {now - at:.1f} s ago" for what, at in (("kill", self.last_kill),
                                                                          ("redis restart", self.last_redis)) if at)


async def table(soak: Soak, servers: list, number: int) -> None:
    """Play matches back to back at one table until the soak ends, checking each."""
    from bench.ws_load import create_matches  # noqa: PLC0415 -- loaded only once the environment it reads is set
    from tests.faults.cluster import Player, assert_exactly_once  # noqa: PLC0415 -- loaded only once the environment it reads is set

    rng = random.Random(number)
    loop = asyncio.get_running_loop()
    game = 0
    while loop.time() < soak.stop_at:
        (match,) = await sync_to_async(create_matches)(1, 100_000 + 10_000 * number + 2 * game)
        game += 1
        ports = [servers[(number + i) % 2] for i in range(2)]
        seats = {i: Player(f"t{number}s{i}", ports if i == 0 else ports[::-1], cookie, match["id"])
                 for i, cookie in enumerate(match["cookies"])}
        everyone = [*seats.values(), Player(f"t{number}w", ports, "", match["id"])]
        acknowledged, version = [], 0
        try:
            for player in everyone:
                await player.open()
            await asyncio.gather(*(p.until_version(0) for p in everyone))
            while loop.time() < soak.stop_at and seats[0].state["outcome"] is None:
                mover = seats[seats[0].state["active"][0]]
                await mover.until_version(version)
                frame = {"type": "move", "move": rng.choice(mover.state["legal"]), "version": version,
                         "id": f"soak-{match['id']}-{version}"}
                started = time.perf_counter()
                await mover.send(frame)
                version += 1
                state = await asyncio.wait_for(mover.until_version(version, resend=frame), MOVE_TIMEOUT)
                acknowledged.append((version, frame["id"], state["version"]))
                await asyncio.wait_for(asyncio.gather(*(p.until_version(version) for p in everyone)), MOVE_TIMEOUT)
                took = time.perf_counter() - started
                soak.times.append(took)
                if took > SLOW:
                    soak.slow.append(f"match {match['id']} version {version}: {took:.1f} s; reconnects "
                                     f"{', '.join(f'{p.name} {p.reconnects}' for p in everyone)}; "
                                     f"{soak.since_faults()}")
        except Exception as exc:  # noqa: BLE001  (whatever stopped this match is a finding, not the end of the soak)
            seen = ", ".join(f"{p.name} v{p.state['version'] if p.state else None} ({p.reconnects} reconnects)"
                             for p in everyone)
            soak.violations.append(f"match {match['id']} at version {version}: {exc!r}; {seen}; "
                                   f"{soak.since_faults()}")
        finally:
            for player in everyone:
                if player.ws is not None:
                    await player.ws.close()
        over = seats[0].state is not None and seats[0].state["outcome"] is not None
        try:
            await sync_to_async(assert_exactly_once)(match["id"], acknowledged, everyone, finished=over)
            soak.checked += 1
            soak.finished += over
        except AssertionError as exc:
            soak.violations.append(f"match {match['id']}: {exc}")


async def faults(soak: Soak, servers: list, redis, env: dict) -> None:
    """Kill a process every --kill-every s and restart Redis every --redis-every s, until the soak ends."""
    from tests.conftest import DaphneProcess  # noqa: PLC0415 -- loaded only once the environment it reads is set
    from tests.faults.cluster import restart  # noqa: PLC0415 -- loaded only once the environment it reads is set

    loop = asyncio.get_running_loop()
    start = loop.time()
    next_kill, next_redis = start + soak.args.kill_every, start + soak.args.redis_every
    victim = 0
    while loop.time() < soak.stop_at - 5:
        await asyncio.sleep(0.5)
        if loop.time() >= next_kill:
            server = servers[victim % 2]
            os.kill(server.proc.pid, signal.SIGKILL)
            server.proc.wait()
            soak.kills += 1
            soak.last_kill = time.monotonic()
            await asyncio.sleep(1)
            servers[victim % 2] = DaphneProcess(server.port, env)
            await asyncio.to_thread(servers[victim % 2].wait_ready)
            victim += 1
            next_kill += soak.args.kill_every
        if loop.time() >= next_redis:
            soak.last_redis = time.monotonic()
            await asyncio.to_thread(restart, redis)
            soak.redis_restarts += 1
            next_redis += soak.args.redis_every


async def sample(soak: Soak, servers: list) -> None:
    """Every 10 s: connections to the soak's database and each process's resident memory (MB)."""
    from django.db import connection  # noqa: PLC0415 -- imported once Django is set up

    def connections() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                           [connection.settings_dict["NAME"]])
            return cursor.fetchone()[0]

    def rss(pid: int) -> int:
        try:
            return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 2**20
        except OSError:
            return 0

    loop = asyncio.get_running_loop()
    while loop.time() < soak.stop_at:
        soak.samples.append((await sync_to_async(connections)(), [rss(s.proc.pid) for s in servers]))
        print(f"  {time.strftime('%H:%M:%S')} moves {len(soak.times)}, matches checked {soak.checked}, "
              f"kills {soak.kills}, redis restarts {soak.redis_restarts}, connections {soak.samples[-1][0]}, "
              f"rss MB {soak.samples[-1][1]}, violations {len(soak.violations)}", flush=True)
        await asyncio.sleep(10)


async def run(soak: Soak, servers: list, redis, env: dict) -> None:
    soak.stop_at = asyncio.get_running_loop().time() + soak.args.minutes * 60
    await asyncio.gather(faults(soak, servers, redis, env), sample(soak, servers),
                         *(table(soak, servers, n) for n in range(soak.args.tables)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="how long the tables play (default 10)")
    parser.add_argument("--tables", type=int, default=12,
                        help="tables of two seats and a spectator playing at once (default 12)")
    parser.add_argument("--kill-every", type=float, default=40.0,
                        help="seconds between SIGKILLs of a process (default 40)")
    parser.add_argument("--redis-every", type=float, default=75.0, help="seconds between Redis restarts (default 75)")
    args = parser.parse_args()
    print("$ " + shlex.join([".venv/bin/python", "bench/soak.py", *sys.argv[1:]]), flush=True)
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL database: the soak runs the production shape.")
    from bench.ws_load import free_port  # noqa: PLC0415 -- loaded only once the environment it reads is set

    redis_port = free_port()
    os.environ.update(REDIS_URL=f"redis://127.0.0.1:{redis_port}/0", DJANGO_SETTINGS_MODULE="config.settings",
                      DJANGO_DEBUG="0", DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost", PYTHONUNBUFFERED="1",
                      CIVITAS_MATCH_FRAME_RATE="1000,1000", CIVITAS_SOCKETS_PER_ADDRESS="0",  # one client address
                      CIVITAS_SEAT_STEP_RATE="0,1",  # seats move at machine speed
                      DJANGO_LOG_LEVEL=os.environ.get("DJANGO_LOG_LEVEL", "ERROR"))
    os.environ.setdefault("DJANGO_SECRET_KEY", "soak-" + str(random.randrange(1 << 60)))

    django.setup()
    from django.core.management import call_command  # noqa: PLC0415 -- imported once Django is set up

    from tests.conftest import DaphneProcess  # noqa: PLC0415 -- loaded only once the environment it reads is set
    from tests.faults.cluster import PrivateRedis  # noqa: PLC0415 -- loaded only once the environment it reads is set

    call_command("migrate", verbosity=0)
    redis = PrivateRedis(redis_port)
    redis.start()
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    env = dict(os.environ)
    servers = [DaphneProcess(free_port(), env) for _ in range(2)]
    soak = Soak(args)
    try:
        for server in servers:
            server.wait_ready()
        asyncio.run(run(soak, servers, redis, env))
    finally:
        for server in servers:
            server.stop()
        redis.stop()
    report(soak)
    sys.exit(1 if soak.violations else 0)


def report(soak: Soak) -> None:
    times = sorted(soak.times)

    def pct(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))] * 1000 if times else float("nan")

    connections = [c for c, _ in soak.samples]
    first, last = (soak.samples[0][1], soak.samples[-1][1]) if soak.samples else ([], [])
    print(f"\n{soak.args.minutes:g} minutes, {soak.args.tables} tables: {len(times)} moves acknowledged, "
          f"{soak.checked} matches checked ({soak.finished} finished, the rest cut off by the end)")
    print(f"faults: {soak.kills} SIGKILLs of a Daphne process, {soak.redis_restarts} Redis restarts")
    print(f"move to everyone: p50 {pct(0.5):.0f} ms, p99 {pct(0.99):.0f} ms, max {pct(1.0):.0f} ms"
          + (f", mean {statistics.mean(times) * 1000:.0f} ms" if times else ""))
    print(f"database connections sampled: min {min(connections, default=0)}, max {max(connections, default=0)}; "
          f"process memory MB first {first}, last {last}")
    print(f"moves slower than {SLOW:g} s to everyone: {len(soak.slow)}")
    for slow in soak.slow[:30]:
        print("  " + slow)
    print(f"violations: {len(soak.violations)}")
    for violation in soak.violations:
        print("  " + violation)


if __name__ == "__main__":
    main()
