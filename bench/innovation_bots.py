"""Innovation: the heuristic bot against the uniformly random bot over 200 two-player games.

Run from the repository root:  .venv/bin/python bench/innovation_bots.py [games]
Seats alternate so that each bot starts half of the games; prints the heuristic bot's win rate.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apps.innovation.engine import RULES
from bench._progress import Progress

COMMAND = ".venv/bin/python bench/innovation_bots.py"


def random_bot(rules, state, seat, rng):
    return rng.choice(rules.legal_moves(state, seat))


def play(seed: int, heuristic_seat: int) -> dict:
    _, heuristic = RULES.bots()["heuristic"]
    rng = random.Random(seed * 7919 + 1)
    state = RULES.setup(2, seed)
    while RULES.outcome(state) is None:
        seat = RULES.active_seats(state)[0]
        chooser = heuristic if seat == heuristic_seat else random_bot
        state = RULES.apply(state, seat, chooser(RULES, state, seat, rng))
    return RULES.outcome(state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].split("\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=200,
                        help="two-player games, the heuristic bot's seat alternating (default 200)")
    games = parser.parse_args().games
    wins = ties = 0
    started = time.perf_counter()
    progress = Progress(games)
    for game in range(games):
        progress.update(game)
        seat = game % 2
        result = play(game, seat)
        if result["winners"] == [seat]:
            wins += 1
        elif seat in result["winners"]:
            ties += 1
    elapsed = time.perf_counter() - started
    print(f"command: {COMMAND} {games}")
    print(f"heuristic bot vs random bot, {games} two-player games: {wins} won, {ties} shared, "
          f"{games - wins - ties} lost")
    print(f"win rate: {100.0 * wins / games:.1f}%  ({elapsed:.1f} s)")


if __name__ == "__main__":
    main()
