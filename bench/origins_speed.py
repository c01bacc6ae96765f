"""Origins: how long one move takes (legal_moves for the active seat, then apply), over random games.

Prints the median, the 90th and 99th percentiles and the slowest. Run from the repository root:

    .venv/bin/python bench/origins_speed.py [games]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apps.origins.engine import RULES
from bench._progress import Progress


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].split("\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=1000,
                        help="random games (2 to 4 players) (default 1000)")
    games = parser.parse_args().games
    print("command: .venv/bin/python bench/origins_speed.py", games)
    timings = []
    started = time.perf_counter()
    progress = Progress(games)
    for game in range(games):
        progress.update(game)
        rnd = random.Random(game)
        state = RULES.setup(game % 3 + 2, game)
        while RULES.outcome(state) is None:
            seat = RULES.active_seats(state)[0]
            t0 = time.perf_counter()
            moves = RULES.legal_moves(state, seat)
            move = rnd.choice(moves)
            state = RULES.apply(state, seat, move)
            timings.append(time.perf_counter() - t0)
    elapsed = time.perf_counter() - started
    timings.sort()
    ms = [t * 1000 for t in timings]
    print(f"games: {games}, moves: {len(ms)} ({len(ms) / games:.0f} a game)")
    print(f"legal_moves + apply per move: median {statistics.median(ms):.3f} ms, "
          f"p90 {ms[int(len(ms) * 0.9)]:.3f} ms, p99 {ms[int(len(ms) * 0.99)]:.3f} ms, max {ms[-1]:.3f} ms")
    print(f"time: {elapsed:.1f} s")


if __name__ == "__main__":
    main()
