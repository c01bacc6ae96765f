"""Live On balance: win rates and average game length of heuristic and random bot teams.

Run from the repository root:

    .venv/bin/python bench/live_on_balance.py [games]

Plays ``games`` (default 500) games at 2, 4 and 6 players for a team of co-operative heuristic
bots and for a team of uniformly random bots, and prints each team's win rate and its average
game length in rounds and in moves.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apps.live_on.engine import RULES
from bench._progress import Progress


def play(players: int, seed: int, heuristic: bool) -> tuple[bool, int, int]:
    chooser = RULES.bots()["heuristic"][1]
    rnd = random.Random(seed)
    state = RULES.setup(players, seed)
    moves = 0
    while RULES.outcome(state) is None:
        seat = rnd.choice(RULES.active_seats(state))
        move = chooser(RULES, state, seat, rnd) if heuristic else rnd.choice(RULES.legal_moves(state, seat))
        state = RULES.apply(state, seat, move)
        moves += 1
    return RULES.outcome(state)["won"], state["round"], moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].split("\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=500,
                        help="games per team and player count (2, 4 and 6 players) (default 500)")
    games = parser.parse_args().games
    print(f"$ .venv/bin/python bench/live_on_balance.py {games}")
    print(f"{'team':<10}{'players':>8}{'games':>7}{'win rate':>10}{'rounds':>8}{'moves':>8}{'seconds':>9}")
    for team in ("heuristic", "random"):
        for players in (2, 4, 6):
            start = time.perf_counter()
            progress = Progress(games, label=f"{team} team, {players} players: ")
            results = []
            for game in range(games):
                progress.update(game)
                results.append(play(players, 100_000 + game, team == "heuristic"))
            wins = sum(r[0] for r in results)
            rounds = sum(r[1] for r in results) / games
            moves = sum(r[2] for r in results) / games
            print(f"{team:<10}{players:>8}{games:>7}{wins / games:>10.1%}{rounds:>8.1f}{moves:>8.1f}"
                  f"{time.perf_counter() - start:>9.1f}", flush=True)


if __name__ == "__main__":
    main()
