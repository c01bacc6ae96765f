"""What one replay step costs the server: milliseconds per request at the start, middle and end of a long match.

Run from the repository root (any database; the figures that matter come from PostgreSQL):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/civitas_bench .venv/bin/python bench/replay_steps.py \\
        [--moves 2000] [--repeats 9] [--match ID]

It builds one long match through the normal services: Stone Age with four bots (the longest matches any of the
five games plays), every move submitted through ``deeds.do_move`` (its log and digests) and kept. The bots
are patient at first so that the match lasts at least ``--moves`` moves (see ``long_match``); ``--match ID`` times
an existing match instead.

Each replay request is Django's test client asking ``/matches/<id>/replay/?move=N`` in this process, timed around
the whole request (middleware, view, template). For each step it prints the first request's time (which builds
whatever the replay keeps) and the median and maximum of ``--repeats`` requests after it with their median CPU
time, then the median and maximum over ``--sample`` steps spread over the whole match, each asked once.
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

import django

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._progress import Progress  # noqa: E402 -- found once the repository is on the path

GAME, PLAYERS, BOT = "stone_age", 4, "random"


def patient_move(rules, state: dict, seat: int, rng: random.Random, version: int, until: int) -> dict:
    """The random bot's move, except that before move ``until`` no person is placed on a civilization card or a
    building: nobody buys, so the match lasts; after it the bot plays as in any match, and the rules end it."""
    from apps.matches.domain import bots  # noqa: PLC0415 -- imported once Django is set up

    if version < until:
        calm = [move for move in rules.legal_moves(state, seat)
                if not (move.get("type") == "place" and str(move.get("where")).startswith(("card", "stack")))]
        if calm:
            return rng.choice(calm)
    return bots.choose(GAME, BOT, state, seat, rng)


def long_match(target: int) -> int:
    """Play a match of at least ``target`` moves through the move service, every seat a bot.

    Four random bots end a Stone Age match in at most about 1,960 moves (the longest of 2,200 seeds tried), so
    the bots here are patient until 300 moves before ``target`` (``patient_move``) and then play on to the end."""
    from apps.matches.domain.deeds import SeatSpec, do_move, do_start_match  # noqa: PLC0415 -- imported once Django is set up
    from apps.matches.engine import engine  # noqa: PLC0415 -- imported once Django is set up
    from apps.matches.models import Match  # noqa: PLC0415 -- imported once Django is set up

    rules = engine(GAME)
    match = do_start_match(GAME, [SeatSpec(f"Bot {i + 1}", bot=BOT) for i in range(PLAYERS)], seed=1)
    started = time.perf_counter()
    progress = Progress(None, what="moves played", label=f"match {match.pk}: ")
    while match.status == Match.Status.RUNNING:
        progress.update(match.version)
        seat = next((s for s in rules.active_seats(match.state) if rules.legal_moves(match.state, s)), None)
        if seat is None:
            break
        rng = random.Random(f"{match.seed}:{match.version}:{seat}")
        move = patient_move(rules, match.state, seat, rng, match.version, target - 300)
        assert do_move(match.pk, seat, move, match.version, by_bot=True).ok
        match = Match.objects.get(pk=match.pk)
    print(f"match {match.pk}: {match.version} moves, {match.status}, played in {time.perf_counter() - started:.1f} s",
          flush=True)
    return match.pk


def timed(client, url: str) -> tuple[float, float]:
    """Wall and CPU milliseconds of this process for one request (the CPU time hardly moves with the machine's
    other load; the wall time includes the database's answers)."""
    started, cpu = time.perf_counter(), time.process_time()
    response = client.get(url)
    elapsed, cpu = (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000
    assert response.status_code == 200, (url, response.status_code)
    return elapsed, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=2000, help="the match length wanted (default 2000)")
    parser.add_argument("--repeats", type=int, default=9, help="requests per step after the first (default 9)")
    parser.add_argument("--sample", type=int, default=60,
                        help="steps spread over the match, asked once each (default 60)")
    parser.add_argument("--match", type=int, default=None, help="time this existing match instead of a new one")
    args = parser.parse_args()
    print("$ " + shlex.join([".venv/bin/python", "bench/replay_steps.py", *sys.argv[1:]]), flush=True)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-replay-steps")

    django.setup()
    from django.core.management import call_command  # noqa: PLC0415 -- imported once Django is set up
    from django.db import connection  # noqa: PLC0415 -- imported once Django is set up
    from django.test import Client  # noqa: PLC0415 -- imported once Django is set up

    from apps.matches.models import Match  # noqa: PLC0415 -- imported once Django is set up

    call_command("migrate", verbosity=0)
    match_id = args.match if args.match is not None else long_match(args.moves)
    total = Match.objects.get(pk=match_id).version
    client = Client(HTTP_HOST="localhost")
    print(f"database: {connection.vendor}; match {match_id}, {total} moves; ms per replay request")
    print(f"{'step':>6}{'first':>9}{'median':>9}{'max':>9}{'cpu median':>12}")
    client.get("/")  # the site's first request loads what every later one shares
    for step in (1, total // 2, total - 1, total):
        url = f"/matches/{match_id}/replay/?move={step}"
        first, _ = timed(client, url)
        wall, cpu = zip(*(timed(client, url) for _ in range(args.repeats)), strict=True)
        print(f"{step:>6}{first:>9.1f}{statistics.median(wall):>9.1f}{max(wall):>9.1f}{statistics.median(cpu):>12.1f}",
              flush=True)
    steps = sorted(random.Random(1).sample(range(total + 1), min(args.sample, total + 1)))
    wall, cpu = zip(*(timed(client, f"/matches/{match_id}/replay/?move={step}") for step in steps), strict=True)
    print(f"{len(steps)} steps spread over the match: median {statistics.median(wall):.1f} ms, "
          f"max {max(wall):.1f} ms; cpu median {statistics.median(cpu):.1f} ms, max {max(cpu):.1f} ms", flush=True)


if __name__ == "__main__":
    main()
