"""Strong-bot moves per second with two server processes, one code tree against another (issue 37, item 7: the
per-table bot lease; measured before it and after, paired).

Run from the repository root, on PostgreSQL and Redis (a database migrated by the older tree: the two must share
its schema):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/civitas_bench REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/bot_lease.py --before ../wt_before --after . [--tables 8] [--seconds 40] [--pairs 2]

A phase runs one tree: ``--tables`` fresh Stone Age tables of two strong bots that nobody watches, made still (so
both processes' sweeps find them), served by two ``config.serve`` processes of that tree with one strong-bot
worker each (``CIVITAS_STRONG_BOT_WORKERS=1``) and the default bot delay and sweep. After ``--warm-up`` seconds it
counts the moves played during ``--seconds`` and the CPU seconds the two processes and their workers spent (from
/proc), then stops the processes and aborts the tables. Phases alternate (before, after, after, before, ...), so a
change in the machine's load falls on both trees alike; each pair's figures are printed side by side. Every move
at these tables is a strong bot's; "moves per CPU second" counts the work thrown away (a decision thought about
twice, one answer refused as stale).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]

# Run in the tree being measured (its own engine makes the tables its servers play).
MAKE_TABLES = """
import json, sys
from datetime import timedelta
import django
django.setup()
from django.utils import timezone
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.models import Match
count, seed = int(sys.argv[1]), int(sys.argv[2])
ids = [do_start_match("stone_age", [SeatSpec("Strong bot 1", bot="strong"), SeatSpec("Strong bot 2", bot="strong")],
                      seed=seed + n).pk for n in range(count)]
Match.objects.filter(pk__in=ids).update(updated_at=timezone.now() - timedelta(minutes=1))
print(json.dumps(ids))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pids: list[int]) -> float:
    """CPU time (user and system) of these processes and of their living children, from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) in pids or int(fields[1]) in pids:  # fields[1]: the parent's pid
            total += int(fields[11]) + int(fields[12])
    return total / tick


def children(pids: list[int]) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) in pids:
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


class Database:
    def __init__(self, url: str):
        self.conn = psycopg.connect(url, autocommit=True)

    def moves(self, ids: list[int]) -> int:
        return self.conn.execute("SELECT coalesce(sum(version), 0) FROM matches_match WHERE id = ANY(%s)",
                                 [ids]).fetchone()[0]

    def abort(self, ids: list[int]) -> None:
        self.conn.execute("UPDATE matches_match SET status = 'aborted' WHERE id = ANY(%s)", [ids])

    def running_bot_tables(self) -> int:
        return self.conn.execute("SELECT count(DISTINCT match_id) FROM matches_matchseat s JOIN matches_match m "
                                 "ON m.id = s.match_id WHERE m.status = 'running' AND s.bot <> ''").fetchone()[0]


def phase(tree: Path, args, db: Database, seed: int) -> tuple[float, float]:
    """One tree's run: (moves per second, moves per CPU second)."""
    env = {**os.environ, "DJANGO_DEBUG": "1", "PYTHONUNBUFFERED": "1", "CIVITAS_STRONG_BOT_WORKERS": "1",
           "CIVITAS_MOVE_CONNECTIONS": "2", "CHANNELS_PREFIX": "civbench",
           "DJANGO_SETTINGS_MODULE": "config.settings"}
    made = subprocess.run([sys.executable, "-c", MAKE_TABLES, str(args.tables), str(seed)], cwd=tree, env=env,
                          check=True, capture_output=True, text=True)
    ids = json.loads(made.stdout.strip().splitlines()[-1])
    ports = [free_port() for _ in range(2)]
    logs = [open(Path(args.logs) / f"bot_lease-{tree.name}-{port}.log", "w") for port in ports]
    servers = [subprocess.Popen([sys.executable, "-m", "config.serve", "-b", "127.0.0.1", "-p", str(port),
                                 "config.asgi:application"], cwd=tree, env=env, stdout=log, stderr=subprocess.STDOUT)
               for port, log in zip(ports, logs, strict=True)]
    pids = [server.pid for server in servers]
    try:
        for port in ports:  # a process starts its sweep on its first request
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10).read()
                    break
                except urllib.error.HTTPError:
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
        time.sleep(args.warm_up)
        moves, cpu, started = db.moves(ids), cpu_seconds(pids), time.monotonic()
        time.sleep(args.seconds)
        moves, cpu, spent = db.moves(ids) - moves, cpu_seconds(pids) - cpu, time.monotonic() - started
    finally:
        workers = children(pids)
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        for pid in children(pids) + workers:  # this run's own processes, if any outlived their server
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for log in logs:
            log.close()
        db.abort(ids)
    return moves / spent, moves / cpu if cpu else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", required=True, help="the tree before the change (e.g. a git worktree)")
    parser.add_argument("--after", default=".", help="the tree after the change (default: this one)")
    parser.add_argument("--tables", type=int, default=8, help="strong-bot tables per phase (default 8)")
    parser.add_argument("--seconds", type=float, default=40, help="seconds counted per phase (default 40)")
    parser.add_argument("--warm-up", type=float, default=10, help="seconds before counting (default 10)")
    parser.add_argument("--pairs", type=int, default=2, help="pairs of phases, order alternating (default 2)")
    parser.add_argument("--logs", default=str(ROOT / "test-artifacts"), help="where the servers' logs go")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or not os.environ.get("REDIS_URL"):
        sys.exit("needs DATABASE_URL (PostgreSQL) and REDIS_URL: two processes share them")
    Path(args.logs).mkdir(parents=True, exist_ok=True)
    trees = {"before": Path(args.before).resolve(), "after": Path(args.after).resolve()}
    db = Database(os.environ["DATABASE_URL"])
    if db.running_bot_tables():
        sys.exit("the database has running tables with bots: their bots would be driven too; use a bench database")
    results: dict[str, list[tuple[float, float]]] = {"before": [], "after": []}
    for pair in range(args.pairs):
        order = ("before", "after") if pair % 2 == 0 else ("after", "before")
        for name in order:
            results[name].append(phase(trees[name], args, db, seed=1000 * (pair + 1)))
            rate, per_cpu = results[name][-1]
            print(f"pair {pair + 1} {name:6}: {rate:.2f} strong-bot moves/s, {per_cpu:.2f} moves per CPU second",
                  file=sys.stderr, flush=True)
    print(f"{args.tables} Stone Age tables of two strong bots, two processes with one worker each, "
          f"{args.seconds:.0f} s counted per phase")
    for pair in range(args.pairs):
        (before, before_cpu), (after, after_cpu) = results["before"][pair], results["after"][pair]
        print(f"pair {pair + 1}: before {before:.2f} moves/s ({before_cpu:.2f}/CPU s), after {after:.2f} moves/s "
              f"({after_cpu:.2f}/CPU s), ratio {after / before if before else float('inf'):.2f}")
    medians = {name: statistics.median(rate for rate, _ in rows) for name, rows in results.items()}
    print(f"median: before {medians['before']:.2f}, after {medians['after']:.2f} strong-bot moves/s")


if __name__ == "__main__":
    main()
