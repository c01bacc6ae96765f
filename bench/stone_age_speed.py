"""Stone Age: the time of legal_moves plus apply per move, over 1,000 random games of 2 to 4 players.

Run from the repository root:  .venv/bin/python bench/stone_age_speed.py [games]
Every move is drawn uniformly from legal_moves (the random bot); for each move the time of
``legal_moves(state, seat)`` plus ``apply(state, seat, move)`` is measured. Prints the median
(and other quantiles) and the command.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apps.stone_age.engine import RULES
from bench._progress import Progress


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].split("\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=1000,
                        help="random games (2 to 4 players) (default 1000)")
    games = parser.parse_args().games
    clock = time.perf_counter
    timings: list[float] = []
    ended = 0
    started = clock()
    progress = Progress(games)
    for game in range(games):
        progress.update(game)
        players = game % 3 + 2
        rnd = random.Random(game)
        state = RULES.setup(players, game * 7919)
        while RULES.outcome(state) is None:
            seat = RULES.active_seats(state)[0]
            t0 = clock()
            legal = RULES.legal_moves(state, seat)
            t1 = clock()
            move = rnd.choice(legal)
            t2 = clock()
            state = RULES.apply(state, seat, move)
            t3 = clock()
            timings.append((t1 - t0) + (t3 - t2))
        ended += 1
    elapsed = clock() - started
    timings.sort()
    ms = [t * 1000 for t in timings]
    print("command: .venv/bin/python bench/stone_age_speed.py" + (f" {games}" if games != 1000 else ""))
    print(f"games: {games} random games (2-4 players), all ended: {ended == games}")
    print(f"moves: {len(ms)} ({len(ms) / games:.0f} per game)")
    print(f"median legal_moves+apply per move: {statistics.median(ms):.4f} ms")
    print(f"90th percentile: {ms[int(len(ms) * 0.9)]:.4f} ms   99th: {ms[int(len(ms) * 0.99)]:.4f} ms   "
          f"max: {ms[-1]:.3f} ms")
    print(f"total time: {elapsed:.1f} s")


if __name__ == "__main__":
    main()
