"""What one accepted move costs the server, without sockets: database round trips and milliseconds per move.

Run from the repository root (any database; the figures that matter come from PostgreSQL):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/civitas_bench .venv/bin/python bench/move_path.py \\
        [--moves 300] [--games chronicle,origins] [--watchers json,html] [--time-control rt:10+10]

For each game it starts two-seat matches and plays random legal moves through the path a seat's socket takes
(``MatchConsumer._submit``: the session check, ``deeds.do_human_move`` and the rendering of every
viewer's frame in ``push.state_changed``), with a socket registered for each seat (JSON frames) and one
spectator per format in ``--watchers``. The pushed frames are collected, not sent, so this is the part of a
move that runs on a process's one database thread. It prints, per game: moves timed, the median and 90th
percentile ms per move, the median CPU ms of this process per move, database round trips per move (each wait for
the server: a statement, a BEGIN or COMMIT, the connection's health check, or a pipeline of statements), the mean
size of a seat's JSON frame, and the mean CPU ms per move of the PostgreSQL process serving it (read from /proc,
so only with the server on this machine).

``bench/ws_load.py`` measures the whole path over real sockets; this one isolates the server's own work, so a
change to it can be compared before and after with little noise.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import django

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


class RoundTrips:
    """Counts the times the server is asked and answered: on PostgreSQL every wait of psycopg's connection
    outside a pipeline (a statement, or a BEGIN or COMMIT psycopg sends itself) and each pipeline's end (its
    statements travel together); on SQLite, statements."""

    def __init__(self):
        self.count = 0
        self.psycopg = False

    def __call__(self, execute, sql, params, many, context):
        if not self.psycopg:
            self.count += 1
        return execute(sql, params, many, context)

    def watch_commands(self) -> None:
        try:
            import psycopg  # noqa: PLC0415 -- optional: counted only when PostgreSQL's driver is there
        except ImportError:  # SQLite: only statements are counted
            return
        self.psycopg = True
        wait, end = psycopg.Connection.wait, psycopg.Pipeline.__exit__

        def counted_wait(conn, *args, **kwargs):
            if conn._pipeline is None:
                self.count += 1
            return wait(conn, *args, **kwargs)

        def counted_end(pipeline, *args):
            self.count += 1
            return end(pipeline, *args)

        psycopg.Connection.wait, psycopg.Pipeline.__exit__ = counted_wait, counted_end


def server_cpu(connection) -> float | None:
    """Seconds of CPU the database server process serving ``connection`` has used (PostgreSQL on this machine
    only: read from /proc; None elsewhere)."""
    if connection.vendor != "postgresql" or connection.connection is None:
        return None
    raw = connection.connection
    if getattr(raw, "_bench_pid", None) is None:
        raw._bench_pid = raw.info.backend_pid
    try:  # the first field: nanoseconds on a CPU
        return int(Path(f"/proc/{raw._bench_pid}/schedstat").read_text().split()[0]) / 1e9
    except OSError:
        return None


def seated_socket(match, seat: int, user, session_key: str):
    """A consumer as it stands after connecting: its scope, seat and channel, without an event loop."""
    from apps.matches.live.consumers import MatchConsumer  # noqa: PLC0415 -- imported once Django is set up

    consumer = MatchConsumer()
    consumer.scope = {"session": SimpleNamespace(session_key=session_key), "user": user}
    consumer.user, consumer.match_id, consumer.seat, consumer.fmt = user, match.pk, seat, "json"
    return consumer


def play(game: str, moves: int, watchers: list[str], trips: RoundTrips, rng: random.Random,
         time_control: str = "none") -> dict:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model  # noqa: PLC0415 -- imported once Django is set up
    from django.contrib.sessions.backends.db import SessionStore  # noqa: PLC0415 -- imported once Django is set up
    from django.db import close_old_connections, connection  # noqa: PLC0415 -- imported once Django is set up

    from apps.matches.domain.deeds import SeatSpec, do_start_match  # noqa: PLC0415 -- imported once Django is set up
    from apps.matches.engine import engine  # noqa: PLC0415 -- imported once Django is set up
    from apps.matches.models import Match, Presence  # noqa: PLC0415 -- imported once Django is set up

    rules = engine(game)
    user_model = get_user_model()
    times, cpu_times, server_times, trip_counts, frame_sizes = [], [], [], [], []
    tag = f"{os.getpid()}-{time.time_ns()}"
    while len(times) < moves:
        users = [user_model.objects.create(username=f"mp{tag}-{len(times)}-{i}", password="!") for i in range(2)]
        sockets = []
        match = do_start_match(game, [SeatSpec(u.username, u) for u in users], time_control=time_control)
        for seat, user in enumerate(users):
            session = SessionStore()
            session.update({SESSION_KEY: str(user.pk), HASH_SESSION_KEY: user.get_session_auth_hash(),
                            BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend"})
            session.create()
            sockets.append(seated_socket(match, seat, user, session.session_key))
            Presence.objects.create(channel_name=f"mp.{tag}.{match.pk}.{seat}", match=match, seat=seat, fmt="json")
        for fmt in watchers:
            Presence.objects.create(channel_name=f"mp.{tag}.{match.pk}.w{fmt}", match=match, fmt=fmt)
        while len(times) < moves:
            match = Match.objects.get(pk=match.pk)
            active = [s for s in rules.active_seats(match.state) if rules.legal_moves(match.state, s)]
            if match.status != Match.Status.RUNNING or not active:
                break
            seat = rng.choice(active)
            move = rng.choice(rules.legal_moves(match.state, seat))
            close_old_connections()  # as each database_sync_to_async call does (and so the health check)
            before = trips.count
            connection.ensure_connection()
            server_started = server_cpu(connection)
            started, cpu_started = time.perf_counter(), time.process_time()
            with connection.execute_wrapper(trips):
                result, pushes = sockets[seat]._submit(move, match.version, f"mp{match.pk}.{match.version}")
            times.append(time.perf_counter() - started)
            cpu_times.append(time.process_time() - cpu_started)
            if server_started is not None:
                server_times.append(server_cpu(connection) - server_started)
            trip_counts.append(trips.count - before)
            assert result.ok, result
            frame_sizes += [len(event["text"]) for group, event in pushes if ".s" in group and group.endswith("json")]
    server = statistics.mean(server_times) * 1000 if server_times else None
    return {"moves": len(times), "server": server, "median": statistics.median(times) * 1000,
            "p90": statistics.quantiles(times, n=10)[-1] * 1000, "cpu": statistics.median(cpu_times) * 1000,
            "trips": statistics.mean(trip_counts),
            "frame": statistics.mean(frame_sizes) if frame_sizes else 0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=300, help="moves timed per game")
    parser.add_argument("--games", default="", help="comma-separated slugs (default: every built game)")
    parser.add_argument("--watchers", default="json", help="spectator sockets by format, e.g. json,html")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-control", default="none", help="the matches' clock, as the lobby's time_control "
                                                                "(none, rt:M+S, days:D)")
    args = parser.parse_args()
    print("$ " + shlex.join([".venv/bin/python", "bench/move_path.py", *sys.argv[1:]]), flush=True)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-move-path")

    django.setup()
    from django.core.management import call_command  # noqa: PLC0415 -- imported once Django is set up
    from django.db import connection  # noqa: PLC0415 -- imported once Django is set up

    from config.games import GAMES  # noqa: PLC0415 -- imported once Django is set up

    call_command("migrate", verbosity=0)
    trips = RoundTrips()
    trips.watch_commands()
    slugs = [s for s in args.games.split(",") if s] or [entry.slug for entry in GAMES if entry.app]
    watchers = [w for w in args.watchers.split(",") if w]
    print(f"database: {connection.vendor}; sockets: each seat json, spectators {watchers or 'none'}; "
          f"clock: {args.time_control}")
    print(f"{'game':<12}{'moves':>7}{'median ms':>11}{'p90 ms':>9}{'cpu ms':>8}{'trips/move':>12}"
          f"{'seat frame bytes':>18}{'db cpu ms':>11}")
    for slug in slugs:
        row = play(slug, args.moves, watchers, trips, random.Random(args.seed), args.time_control)
        print(f"{slug:<12}{row['moves']:>7}{row['median']:>11.2f}{row['p90']:>9.2f}{row['cpu']:>8.2f}{row['trips']:>12.1f}"
              f"{row['frame']:>18.0f}"
              f"{row['server'] if row['server'] is not None else float('nan'):>11.2f}", flush=True)


if __name__ == "__main__":
    main()
