"""Stone Age's strong bot: playouts per second with the engine's marks of each move computed (``rules.apply``, the old
path) and skipped (``bots.unmarked``, what the search plays), paired and alternating, and whether both searches
measured exactly the same rewards (so the bot's moves are the same).

Run from the repository root:

    .venv/bin/python bench/stone_age_playouts.py [--positions 40] [--deals 4] [--rounds 3]

Positions come from games of two to four heuristic bots (seeded). At each position both variants run the strong
bot's search (``appraise``) with a budget of ``--deals`` deals and no time limit, from the same generator: the one that
goes first alternates by position and round. Prints each variant's playouts per second of CPU time, the ratio of
their times (old / new) and the number of positions whose appraisals differ (must be 0).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apps.matches.engine.search import Budget, appraise
from apps.stone_age.bots import STRONG, heuristic
from apps.stone_age.engine import RULES


def positions(count: int) -> list[tuple[dict, int]]:
    """``count`` positions with a choice to make, spread along seeded heuristic games of 2 to 4 players."""
    found: list[tuple[dict, int]] = []
    game = 0
    while len(found) < count:
        rng = random.Random(game)
        state = RULES.setup(game % 3 + 2, 1000 + game)
        step = 0
        while RULES.outcome(state) is None and len(found) < count:
            seat = RULES.active_seats(state)[0]
            if step % 23 == 0 and len(RULES.legal_moves(state, seat)) > 1:
                found.append((state, seat))
            state = RULES.apply(state, seat, heuristic(RULES, state, seat, rng))
            step += 1
        game += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--deals", type=int, default=4, help="deals per search (default 4)")
    parser.add_argument("--rounds", type=int, default=3, help="times each position is searched by each variant")
    args = parser.parse_args()
    searches = {"old": replace(STRONG.search, advance=None), "new": STRONG.search}
    seconds = {"old": 0.0, "new": 0.0}
    playouts = {"old": 0, "new": 0}
    ratios, differ = [], 0
    budget = Budget(deals=args.deals, seconds=1e9)
    for index, (state, seat) in enumerate(positions(args.positions)):
        for round_ in range(args.rounds):
            order = ("old", "new") if (index + round_) % 2 == 0 else ("new", "old")
            took, seen = {}, {}
            for name in order:
                started = time.process_time()  # CPU time: the machine may be shared
                appraisal = appraise(RULES, state, seat, random.Random(index), searches[name], budget)
                took[name] = time.process_time() - started
                seen[name] = (appraisal.totals, appraisal.counts, appraisal.candidates, appraisal.follow)
                seconds[name] += took[name]
                playouts[name] += sum(appraisal.counts)
            ratios.append(took["old"] / took["new"])
            differ += seen["old"] != seen["new"]
    for name in ("old", "new"):
        print(f"{name}: {playouts[name]} playouts in {seconds[name]:.2f} s, {playouts[name] / seconds[name]:.1f} per s")
    print(f"time old / new: total {seconds['old'] / seconds['new']:.3f},"
          f" median of pairs {statistics.median(ratios):.3f} ({len(ratios)} pairs); appraisals that differ: {differ}")


if __name__ == "__main__":
    main()
