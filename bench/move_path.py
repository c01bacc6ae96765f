"""What one accepted move costs the server, without sockets: database round trips and milliseconds per move.

Run from the repository root (any database; the figures that matter come from PostgreSQL):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/civitas_bench .venv/bin/python bench/move_path.py \\
        [--moves 300] [--games chronicle,origins] [--watchers json,html] [--time-control rt:10+10]

For each game it starts two-seat matches and plays random legal moves through one of the two paths a seat's
socket takes (``--path``), with a socket registered for each seat (in the format ``--seats`` names: JSON frames, or
a browser's HTML table) and one spectator per format in ``--watchers``:
- ``loop`` (the default on PostgreSQL): a person's ordinary move, ``deeds.ado_move`` on the event loop with one
  of the loop's own connections (``loop_db``), and the rendering of every viewer's frame. The process keeps the
  matches it wrote last (``match_cache``), as a server does; ``--cold`` drops them before each move, as for a
  match moved last by another process; ``--apart`` gives each seat a process of its own (its own kept matches), as
  when the seats' sockets sit on different servers, and after each move the other seat's process hears the frame
  to its seat as its socket would (through channels_redis's msgpack), which counts toward the move;
- ``thread``: ``MatchConsumer._submit`` in the database thread (``deeds.do_human_move``), the path of bots, last
  moves, resends, and of every move on SQLite.
The pushed frames are collected, not sent. After each game's row, the bytes each viewer's socket would send its
client per move (median and mean): a browser is sent the regions of the table that changed (``live.regions``),
worked out after the move is timed, as a socket does it. It prints, per game: moves timed, the median and 90th
percentile ms per move, the median CPU ms of this process per move, database round trips per move (each wait for the
server: a statement, a BEGIN or COMMIT, the connection's health check, or a pipeline of statements), the mean size
of a seat's JSON frame, the mean CPU ms per move of the PostgreSQL processes serving it (read from /proc, so only
with the server on this machine), the median WAL bytes a move wrote (``pg_current_wal_lsn`` read before and after
each move: the median keeps other clients of the same server out of the figure), and the mean CPU ms of this process
per move (where some moves are read first and others not, as with ``--apart``, the median is the cheaper kind's and
the mean is their cost).

``bench/ws_load.py`` measures the whole path over real sockets; this one isolates the server's own work, so a
change to it can be compared before and after with little noise.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import shlex
import statistics
import sys
import time
from collections import OrderedDict
from pathlib import Path
from types import SimpleNamespace

import django

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._progress import Progress  # noqa: E402 -- found once the repository is on the path


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
        await_wait, await_end = psycopg.AsyncConnection.wait, psycopg.AsyncPipeline.__aexit__

        async def counted_await(conn, *args, **kwargs):
            if conn._pipeline is None:
                self.count += 1
            return await await_wait(conn, *args, **kwargs)

        async def counted_aend(pipeline, *args):
            self.count += 1
            return await await_end(pipeline, *args)

        psycopg.AsyncConnection.wait, psycopg.AsyncPipeline.__aexit__ = counted_await, counted_aend


def seated_socket(match, seat: int, user, session_key: str):
    """A consumer as it stands after connecting: its scope, seat and channel, without an event loop."""
    from apps.matches.live.consumers import MatchConsumer  # noqa: PLC0415 -- imported once Django is set up

    consumer = MatchConsumer()
    consumer.scope = {"session": SimpleNamespace(session_key=session_key), "user": user}
    consumer.user, consumer.match_id, consumer.seat, consumer.fmt = user, match.pk, seat, "json"
    return consumer


def backend_pids() -> list[int]:
    """The PostgreSQL server processes serving this process: Django's connection and the loop's pool."""
    from django.db import connection  # noqa: PLC0415 -- imported once Django is set up

    from apps.matches.domain import loop_db  # noqa: PLC0415 -- imported once Django is set up

    pids = [conn.info.backend_pid for conn in list(loop_db._opened) if not conn.closed]
    if connection.connection is not None:
        pids.append(connection.connection.info.backend_pid)
    return pids


def servers_cpu(pids: list[int]) -> float | None:
    """Seconds of CPU the server processes ``pids`` have used (from /proc; None if unreadable)."""
    try:  # the first field: nanoseconds on a CPU
        return sum(int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) for pid in pids) / 1e9
    except OSError:
        return None


def wal_position() -> int | None:
    from django.db import connection  # noqa: PLC0415 -- imported once Django is set up

    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_lsn() - '0/0'::pg_lsn")
        return int(cursor.fetchone()[0])


class KeptBy:
    """What one server process keeps of the matches it moved (``match_cache``), in place while it is entered."""

    def __init__(self):
        self.kept = (OrderedDict(), OrderedDict())

    def __enter__(self):
        from apps.matches.domain import match_cache  # noqa: PLC0415 -- imported once Django is set up
        self.saved = match_cache._known, match_cache._sessions
        match_cache._known, match_cache._sessions = self.kept

    def __exit__(self, *exc):
        from apps.matches.domain import match_cache  # noqa: PLC0415 -- imported once Django is set up
        match_cache._known, match_cache._sessions = self.saved


def hear_apart(processes: list[KeptBy], match_id: int, mover: int, pushes: list) -> None:
    """The other seat's process hears the move's frame to that seat, through channels_redis's encoding (msgpack), as
    its consumer does (``MatchConsumer.frame``): what it kept is brought up to date, or let go."""
    import msgpack  # noqa: PLC0415 -- channels_redis's, there when Redis is

    from apps.matches.domain import match_cache  # noqa: PLC0415 -- imported once Django is set up
    other = 1 - mover
    for group, event in pushes:
        if group.endswith(f".s{other}.json"):
            event = msgpack.unpackb(msgpack.packb(event), raw=False)
            with processes[other]:
                match_cache.seen(match_id, event["version"], *([event["step"]] if "step" in event else []))


def bytes_sent(pushes: list, pages: dict, sizes: dict) -> None:
    """What each viewer's socket sends its client for these pushes: a JSON frame as it is, an HTML table as the
    regions its page lacks (``MatchConsumer.send_state``); ``pages``: each HTML viewer's region digests so far."""
    from apps.matches.live import frames, regions  # noqa: PLC0415 -- imported once Django is set up

    for group, event in pushes:
        who = group.split(".", 1)[1]
        table = event.get("regions")
        if table is None:
            text = event["text"]
        elif who in pages:
            text = frames.patch_frame(0, event["version"], table, pages[who])
        else:
            text = frames.full_frame(event["version"], table)
        if table is not None:
            pages[who] = regions.digests(table)
        sizes.setdefault(who, []).append(len(text.encode()))


def play(game: str, moves: int, watchers: list[str], trips: RoundTrips, rng: random.Random,
         time_control: str = "none", path: str = "thread", cold: bool = False, apart: bool = False,
         seats: str = "json") -> dict:
    import asyncio  # noqa: PLC0415 -- only here

    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model  # noqa: PLC0415 -- imported once Django is set up
    from django.contrib.sessions.backends.db import SessionStore  # noqa: PLC0415 -- imported once Django is set up
    from django.db import close_old_connections, connection  # noqa: PLC0415 -- imported once Django is set up

    from apps.matches.domain import deeds, match_cache  # noqa: PLC0415 -- imported once Django is set up
    from apps.matches.domain.deeds import SeatSpec, do_start_match  # noqa: PLC0415 -- imported once Django is set up
    from apps.matches.engine import engine  # noqa: PLC0415 -- imported once Django is set up
    from apps.matches.live import push  # noqa: PLC0415 -- imported once Django is set up
    from apps.matches.models import Match, Presence  # noqa: PLC0415 -- imported once Django is set up

    rules = engine(game)
    user_model = get_user_model()
    processes = [KeptBy(), KeptBy()]
    times, cpu_times, server_times, trip_counts, frame_sizes, wal = [], [], [], [], [], []
    sizes: dict[str, list[int]] = {}
    loop = asyncio.new_event_loop()
    tag = f"{os.getpid()}-{time.time_ns()}"
    progress = Progress(moves, what="moves", label=f"{game}: ")
    while len(times) < moves:
        users = [user_model.objects.create(username=f"mp{tag}-{len(times)}-{i}", password="!") for i in range(2)]
        sockets, pages = [], {}
        match = do_start_match(game, [SeatSpec(u.username, u) for u in users], time_control=time_control)
        for seat, user in enumerate(users):
            session = SessionStore()
            session.update({SESSION_KEY: str(user.pk), HASH_SESSION_KEY: user.get_session_auth_hash(),
                            BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend"})
            session.create()
            sockets.append(seated_socket(match, seat, user, session.session_key))
            Presence.objects.create(channel_name=f"mp.{tag}.{match.pk}.{seat}", match=match, seat=seat, fmt=seats)
        for fmt in watchers:
            Presence.objects.create(channel_name=f"mp.{tag}.{match.pk}.w{fmt}", match=match, fmt=fmt)
        while len(times) < moves:
            progress.update(len(times))
            match = Match.objects.get(pk=match.pk)
            active = [s for s in rules.active_seats(match.state) if rules.legal_moves(match.state, s)]
            if match.status != Match.Status.RUNNING or not active:
                break
            seat = rng.choice(active)
            move = rng.choice(rules.legal_moves(match.state, seat))
            client_id = f"mp{match.pk}.{match.version}"
            if path == "loop" and rules.outcome(rules.apply(match.state, seat, move)) is not None:
                break  # a last move goes to the thread, with the results: a new match
            wal_before = wal_position()
            close_old_connections()  # as each database_sync_to_async call does (and so the health check)
            before = trips.count
            connection.ensure_connection()
            if path == "loop":  # a move on the loop touches none of Django's connections: no health check
                before = trips.count
            if cold:
                match_cache.clear()
            pids = backend_pids() if connection.vendor == "postgresql" else []
            server_started = servers_cpu(pids) if connection.vendor == "postgresql" else None
            started, cpu_started = time.perf_counter(), time.process_time()
            if path == "loop":
                with push.deferred() as pushes, processes[seat] if apart else contextlib.nullcontext():
                    result = loop.run_until_complete(deeds.ado_move(
                        match.pk, seat, move, match.version, client_id, sockets[seat]._signed_in()))
                if apart:
                    hear_apart(processes, match.pk, seat, pushes)
            else:
                with connection.execute_wrapper(trips):
                    result, pushes = sockets[seat]._submit(move, match.version, client_id)
            times.append(time.perf_counter() - started)
            cpu_times.append(time.process_time() - cpu_started)
            trip_counts.append(trips.count - before)
            assert isinstance(result, deeds.MoveResult) and result.ok, result
            if server_started is not None:
                after = servers_cpu(backend_pids() if len(pids) < 2 else pids)
                if after is not None:
                    server_times.append(after - server_started)
            if wal_before is not None:
                wal.append(wal_position() - wal_before)
            frame_sizes += [len(event["text"]) for group, event in pushes if ".s" in group and group.endswith("json")]
            bytes_sent(pushes, pages, sizes)
    loop.run_until_complete(asyncio.sleep(0))
    loop.close()
    server = statistics.mean(server_times) * 1000 if server_times else None
    return {"moves": len(times), "server": server, "median": statistics.median(times) * 1000,
            "p90": statistics.quantiles(times, n=10)[-1] * 1000, "cpu": statistics.median(cpu_times) * 1000,
            "mean_cpu": statistics.mean(cpu_times) * 1000,
            "trips": statistics.mean(trip_counts),
            "frame": statistics.mean(frame_sizes) if frame_sizes else 0,
            "wal": statistics.median(wal) if wal else None,
            "sizes": {who: (statistics.median(got), statistics.mean(got)) for who, got in sorted(sizes.items())}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=300, help="moves timed per game (default 300)")
    parser.add_argument("--games", default="", help="comma-separated slugs (default: every built game)")
    parser.add_argument("--seats", choices=["json", "html"], default="json",
                        help="the format of each seat's socket (default json; html: a browser's)")
    parser.add_argument("--watchers", default="json", help="spectator sockets by format, e.g. json,html (default json)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random moves (default 1)")
    parser.add_argument("--path", choices=["loop", "thread"], default=None,
                        help="the move path timed (default: loop on PostgreSQL, thread elsewhere)")
    parser.add_argument("--cold", action="store_true",
                        help="play each move as a process that did not write the match last would (on the loop: "
                             "nothing kept of the match, so it is read first)")
    parser.add_argument("--apart", action="store_true",
                        help="on the loop, each seat's moves are played by its own process, as when the seats' sockets "
                             "sit on different servers; the other process hears each move's frame to its seat, and "
                             "the time and CPU it takes to do so count toward the move")
    parser.add_argument("--time-control", default="none", help="the matches' clock, as the lobby's time_control "
                                                                "(none, rt:M+S, days:D)")
    args = parser.parse_args()
    print("$ " + shlex.join([".venv/bin/python", "bench/move_path.py", *sys.argv[1:]]), flush=True)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-move-path")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # the loop path's moves and the ORM share a thread

    django.setup()
    from django.core.management import call_command  # noqa: PLC0415 -- imported once Django is set up
    from django.db import connection  # noqa: PLC0415 -- imported once Django is set up

    from config.games import GAMES  # noqa: PLC0415 -- imported once Django is set up

    call_command("migrate", verbosity=0)
    trips = RoundTrips()
    if connection.vendor == "postgresql":  # psycopg may be installed while the database is SQLite
        trips.watch_commands()
    slugs = [s for s in args.games.split(",") if s] or [entry.slug for entry in GAMES if entry.app]
    watchers = [w for w in args.watchers.split(",") if w]
    from apps.matches.domain import loop_db  # noqa: PLC0415 -- imported once Django is set up

    path = args.path or ("loop" if loop_db.enabled() else "thread")
    if path == "loop" and not loop_db.enabled():
        parser.error("the loop path needs PostgreSQL and CIVITAS_MOVE_CONNECTIONS above 0")
    if args.apart and (path != "loop" or args.cold):
        parser.error("--apart plays on the loop, with what each process keeps")
    mode = " (cold)" if args.cold else " (seats apart)" if args.apart else ""
    print(f"database: {connection.vendor}; path: {path}{mode}; sockets: each seat {args.seats}, "
          f"spectators {watchers or 'none'}; clock: {args.time_control}")
    print(f"{'game':<12}{'moves':>7}{'median ms':>11}{'p90 ms':>9}{'cpu ms':>8}{'trips/move':>12}"
          f"{'seat frame bytes':>18}{'db cpu ms':>11}{'wal bytes':>11}{'mean cpu ms':>13}")
    for slug in slugs:
        row = play(slug, args.moves, watchers, trips, random.Random(args.seed), args.time_control, path, args.cold,
                   args.apart, args.seats)
        nan = float("nan")
        print(f"{slug:<12}{row['moves']:>7}{row['median']:>11.2f}{row['p90']:>9.2f}{row['cpu']:>8.2f}{row['trips']:>12.1f}"
              f"{row['frame']:>18.0f}{row['server'] if row['server'] is not None else nan:>11.2f}"
              f"{row['wal'] if row['wal'] is not None else nan:>11.0f}{row['mean_cpu']:>13.2f}", flush=True)
        print("  bytes sent per move (median/mean): " + ", ".join(
            f"{who} {median:.0f}/{mean:.0f}" for who, (median, mean) in row["sizes"].items()), flush=True)


if __name__ == "__main__":
    main()
