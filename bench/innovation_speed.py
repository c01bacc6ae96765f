"""Innovation: median time of ``legal_moves`` plus ``apply`` per move over 1,000 random games.

Run from the repository root:  .venv/bin/python bench/innovation_speed.py [games]
Games have 2 to 4 players (cycling) and alternate the first- and third-edition wording.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apps.innovation.engine import RULES
from bench._progress import Progress

COMMAND = ".venv/bin/python bench/innovation_speed.py"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].split("\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=1000,
                        help="random games (2 to 4 players, editions alternating) (default 1000)")
    games = parser.parse_args().games
    timings: list[float] = []
    clock = time.perf_counter
    started = clock()
    progress = Progress(games)
    for game in range(games):
        progress.update(game)
        rnd = random.Random(game)
        state = RULES.setup(2 + game % 3, game, {"edition": "third" if game % 2 else "first"})
        while RULES.outcome(state) is None:
            seat = RULES.active_seats(state)[0]
            t0 = clock()
            legal = RULES.legal_moves(state, seat)
            move = legal[rnd.randrange(len(legal))]
            state = RULES.apply(state, seat, move)
            timings.append(clock() - t0)
    elapsed = clock() - started
    timings.sort()
    print(f"command: {COMMAND} {games}")
    print(f"{games} random games, {len(timings)} moves in {elapsed:.1f} s")
    print(f"legal_moves + apply per move: median {statistics.median(timings) * 1000:.3f} ms, "
          f"90th percentile {timings[int(len(timings) * 0.9)] * 1000:.3f} ms, max {timings[-1] * 1000:.2f} ms")


if __name__ == "__main__":
    main()
