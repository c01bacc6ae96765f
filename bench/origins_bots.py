"""Origins: the heuristic bot against the random bot over 200 two-player games.

Prints the heuristic bot's win rate, the average game length (moves and rounds) and how often
each objective was completed (by either bot). Run from the repository root:

    .venv/bin/python bench/origins_bots.py [games]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apps.origins.bots import heuristic
from apps.origins.content import OBJECTIVES
from apps.origins.engine import RULES
from bench._progress import Progress


def play(game: int) -> tuple[dict, dict, int]:
    rnd = random.Random(game)
    state = RULES.setup(2, 50_000 + game)
    bot_seat = game % 2
    moves = 0
    while RULES.outcome(state) is None:
        seat = RULES.active_seats(state)[0]
        if seat == bot_seat:
            move = heuristic(RULES, state, seat, rnd)
        else:
            move = rnd.choice(RULES.legal_moves(state, seat))
        state = RULES.apply(state, seat, move)
        moves += 1
    return state, RULES.outcome(state), moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].split("\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=200,
                        help="two-player games, the heuristic bot's seat alternating (default 200)")
    games = parser.parse_args().games
    print("command: .venv/bin/python bench/origins_bots.py", games)
    started = time.perf_counter()
    wins = ties = 0
    moves_total = rounds_total = 0
    completed: Counter = Counter()
    bot_points = random_points = 0
    progress = Progress(games)
    for game in range(games):
        progress.update(game)
        state, result, moves = play(game)
        bot_seat = game % 2
        if result["winners"] == [bot_seat]:
            wins += 1
        elif bot_seat in result["winners"]:
            ties += 1
        moves_total += moves
        rounds_total += state["round"]
        bot_points += result["scores"][bot_seat]
        random_points += result["scores"][1 - bot_seat]
        for player in state["seats"]:
            completed.update(player["completed"])
    elapsed = time.perf_counter() - started
    print(f"games: {games} (two players, the heuristic bot in seat 0 and seat 1 alternately)")
    print(f"heuristic bot wins: {wins} ({100 * wins / games:.1f}%), shared wins: {ties}")
    print(f"average score: heuristic {bot_points / games:.1f}, random {random_points / games:.1f}")
    print(f"average game length: {moves_total / games:.1f} moves, {rounds_total / games:.1f} rounds")
    print("objectives completed (all games, both bots):")
    for card in OBJECTIVES:
        print(f"  {card.name:<22} {completed[card.id]:>5}")
    never = [card.name for card in OBJECTIVES if not completed[card.id]]
    print("never completed:", ", ".join(never) if never else "none")
    print(f"time: {elapsed:.1f} s")


if __name__ == "__main__":
    main()
