"""Stone Age: the heuristic bot against the random bot over 200 two-player games.

Run from the repository root:  .venv/bin/python bench/stone_age_bots.py [games]
Seats alternate (the heuristic bot is the start player in half of the games). A game counts as a
win only when the heuristic bot is the sole winner. Prints the win rate and the command.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apps.stone_age.engine import RULES
from bench._progress import Progress


def play(seed: int, heuristic_seat: int) -> dict:
    chooser = RULES.bots()["heuristic"][1]
    rnd = random.Random(seed)
    state = RULES.setup(2, seed)
    while RULES.outcome(state) is None:
        seat = RULES.active_seats(state)[0]
        if seat == heuristic_seat:
            move = chooser(RULES, state, seat, rnd)
        else:
            move = rnd.choice(RULES.legal_moves(state, seat))
        state = RULES.apply(state, seat, move)
    return RULES.outcome(state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].split("\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=200,
                        help="two-player games, the heuristic bot's seat alternating (default 200)")
    games = parser.parse_args().games
    started = time.perf_counter()
    wins = ties = 0
    margins = []
    progress = Progress(games)
    for game in range(games):
        progress.update(game)
        seat = game % 2
        result = play(10_000 + game, seat)
        if result["winners"] == [seat]:
            wins += 1
        elif seat in result["winners"]:
            ties += 1
        margins.append(result["scores"][seat] - result["scores"][1 - seat])
    elapsed = time.perf_counter() - started
    print("command: .venv/bin/python bench/stone_age_bots.py" + (f" {games}" if games != 200 else ""))
    print(f"games: {games} two-player games, heuristic bot vs random bot, seats alternating")
    print(f"heuristic wins: {wins}  shared wins: {ties}  losses: {games - wins - ties}")
    print(f"win rate: {wins / games:.1%}")
    print(f"median score margin: {sorted(margins)[len(margins) // 2]} points")
    print(f"time: {elapsed:.1f} s")


if __name__ == "__main__":
    main()
