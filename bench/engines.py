"""Every built game's engine side by side: random playouts per second and the time of one move.

Run from the repository root:

    .venv/bin/python bench/engines.py [--playouts N] [--players K] [--games slug,slug] [--seed S]

For each game, N random playouts (default 200) are played from ``setup`` to ``outcome``: every move is drawn
uniformly from the ``legal_moves`` of an active seat (drawn uniformly among the active seats that have a move).
Tables cycle through every player count the game supports (``min_players`` to ``max_players``) unless
``--players`` fixes one. Two figures per game:

- playouts/s: finished playouts divided by the wall time of the whole run for that game (setup, active_seats,
  legal_moves, apply and outcome all included);
- the median (and 90th/99th percentile) of ``legal_moves(state, seat)`` plus ``apply(state, seat, move)`` per
  move, each timed with ``time.perf_counter``; drawing the move is not counted.

Prints the command line, then one table row per game.
"""

from __future__ import annotations

import argparse
import random
import shlex
import statistics
import sys
import time
from importlib import import_module
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._progress import Progress
from config.games import GAMES


def engines(slugs: list[str] | None):
    """(slug, RULES) of the built games, in the registry's order (importing no Django)."""
    for entry in GAMES:
        if entry.app and (not slugs or entry.slug in slugs):
            yield entry.slug, import_module(f"{entry.app}.engine").RULES


def player_counts(rules, fixed: int | None) -> list[int]:
    if fixed is not None:
        if not rules.min_players <= fixed <= rules.max_players:
            return []
        return [fixed]
    return list(range(rules.min_players, rules.max_players + 1))


def playout(rules, players: int, seed: int, rnd: random.Random, timings: list[float], max_moves: int) -> int:
    """One random game; appends the per-move time to ``timings``; returns the number of moves (-1: cut off)."""
    clock = time.perf_counter
    state = rules.setup(players, seed)
    moves = 0
    while rules.outcome(state) is None:
        if moves >= max_moves:
            return -1
        active = list(rules.active_seats(state))
        spent = 0.0  # legal_moves of active seats that had nothing to do count toward the move made
        while True:
            seat = active.pop(rnd.randrange(len(active)))
            t0 = clock()
            legal = rules.legal_moves(state, seat)
            spent += clock() - t0
            if legal or not active:
                break
        if not legal:
            raise RuntimeError(f"{rules.slug}: no active seat has a legal move (seed {seed}, {players} players)")
        move = rnd.choice(legal)
        t2 = clock()
        state = rules.apply(state, seat, move)
        t3 = clock()
        timings.append(spent + (t3 - t2))
        moves += 1
    return moves


def bench(slug: str, rules, playouts: int, fixed: int | None, seed: int, max_moves: int) -> dict | None:
    counts = player_counts(rules, fixed)
    if not counts:
        return None
    timings: list[float] = []
    moves = cut = 0
    started = time.perf_counter()
    progress = Progress(playouts, what="playouts", label=f"{slug}: ")
    for game in range(playouts):
        progress.update(game)
        rnd = random.Random(f"{seed}:{slug}:{game}")
        made = playout(rules, counts[game % len(counts)], seed * 1_000_003 + game, rnd, timings, max_moves)
        if made < 0:
            cut += 1
        else:
            moves += made
    elapsed = time.perf_counter() - started
    ms = sorted(t * 1000 for t in timings)
    return {
        "slug": slug, "players": f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0]),
        "playouts": playouts, "finished": playouts - cut, "per_second": (playouts - cut) / elapsed,
        "moves": moves / max(1, playouts - cut), "median": statistics.median(ms),
        "p90": ms[int(len(ms) * 0.9)], "p99": ms[int(len(ms) * 0.99)], "seconds": elapsed,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--playouts", type=int, default=200, help="random playouts per game (default 200)")
    parser.add_argument("--players", type=int, default=None,
                        help="play every table at this size (default: cycle through each game's supported counts)")
    parser.add_argument("--games", default="", help="comma-separated slugs (default: every built game)")
    parser.add_argument("--seed", type=int, default=1, help="base seed of the playouts (default 1)")
    parser.add_argument("--max-moves", type=int, default=100_000, help="cut a playout off after this many moves")
    args = parser.parse_args(argv)
    shown = sys.argv[1:] if argv is None else argv
    print("command: .venv/bin/python bench/engines.py" + (" " + shlex.join(shown) if shown else ""))
    print(f"python {sys.version.split()[0]}; per-move time = legal_moves + apply (time.perf_counter)")
    header = (f"{'game':<11} {'players':>7} {'playouts':>8} {'finished':>8} {'playouts/s':>10} {'moves/game':>10} "
              f"{'median ms':>9} {'p90 ms':>8} {'p99 ms':>8} {'time s':>7}")
    print(header)
    print("-" * len(header))
    slugs = [s for s in args.games.split(",") if s] or None
    for slug, rules in engines(slugs):
        row = bench(slug, rules, args.playouts, args.players, args.seed, args.max_moves)
        if row is None:
            print(f"{slug:<11} {args.players:>7}  (not played at this size)")
            continue
        print(f"{row['slug']:<11} {row['players']:>7} {row['playouts']:>8} {row['finished']:>8} "
              f"{row['per_second']:>10.1f} {row['moves']:>10.0f} {row['median']:>9.4f} {row['p90']:>8.4f} "
              f"{row['p99']:>8.4f} {row['seconds']:>7.1f}", flush=True)


if __name__ == "__main__":
    main()
