"""Live On balance: win rates, causes of defeat and game length of heuristic and random bot teams.

Run from the repository root:

    .venv/bin/python bench/live_on_balance.py [games] [--sizes 1-6] [--team heuristic|random|both]
    .venv/bin/python bench/live_on_balance.py [games] --sweep [--sizes 1-6]

Plays ``games`` (default 500) games at each band size (default 1 to 6 players) for a team of co-operative
heuristic bots and for a team of uniformly random bots. For each it prints the games, the wins, the win rate
with its 95% Wilson interval, how the losses split by cause (a player died, winter came, anything else) with
each cause's share of the losses, and the average game length in rounds and in moves. Game ``i`` is dealt from
seed 100000 + i and its bots draw from a generator of that seed, so a run repeats exactly.

``--sweep`` is for tuning the winter rounds (``WINTER_ROUND`` in apps/live_on/content.py): it plays the
heuristic team's games with winter pushed back to round 200 and prints, for each possible winter round, what the
games would have been had winter come then. This is exact, not an estimate: the bots never read the winter
round and the dice are the same up to it, so a game with an earlier winter is the same game cut short.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apps.live_on import flow
from apps.live_on.content import WINTER_ROUND
from apps.live_on.engine import RULES
from apps.live_on.flow import tasks
from bench._progress import Progress

FIRST_SEED = 100_000
SWEEP_WINTER = 200  # the winter round while sweeping: later than any game lasts


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def sizes_arg(text: str) -> list[int]:
    """``1-6``, ``2,4,6`` or a mix such as ``1,3-5``."""
    sizes: list[int] = []
    try:
        for part in text.split(","):
            low, _, high = part.partition("-")
            sizes += range(int(low), int(high or low) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of band sizes: {text!r} (e.g. 1-6 or 2,4,6)") from None
    if not sizes or any(not 1 <= n <= 6 for n in sizes):
        raise argparse.ArgumentTypeError(f"band sizes are 1 to 6: {text!r}")
    return sorted(set(sizes))


def play(players: int, seed: int, heuristic: bool) -> dict:
    """One game to its end: whether it was won, why it ended ("won", "died", "winter" or "other"), its
    length in rounds and moves."""
    chooser = RULES.bots()["heuristic"][1]
    rnd = random.Random(seed)
    state = RULES.setup(players, seed)
    moves = 0
    while (result := RULES.outcome(state)) is None:
        seat = rnd.choice(RULES.active_seats(state))
        move = chooser(RULES, state, seat, rnd) if heuristic else rnd.choice(RULES.legal_moves(state, seat))
        state = RULES.apply(state, seat, move)
        moves += 1
    if result["won"]:
        cause = "won"
    elif any(flow.health(state, s) <= 0 for s in range(players)):
        cause = "died"
    elif result["reason"].startswith("Winter"):
        cause = "winter"
    else:
        cause = "other"
    return {"won": result["won"], "cause": cause, "rounds": state["round"], "moves": moves}


def share(count: int, whole: int) -> str:
    return f"{count} ({count / whole:.0%})" if whole else f"{count} (-)"


def run_table(games: int, sizes: list[int], teams: list[str]) -> None:
    print(f"{'team':<10}{'players':>8}{'games':>7}{'won':>6}{'win rate':>10}{'95% interval':>15}"
          f"{'died':>11}{'winter':>11}{'other':>9}{'rounds':>8}{'moves':>8}{'seconds':>9}")
    for team in teams:
        for players in sizes:
            start = time.perf_counter()
            progress = Progress(games, label=f"{team} team, {players} player{'s' if players > 1 else ''}: ")
            results = []
            for game in range(games):
                progress.update(game)
                results.append(play(players, FIRST_SEED + game, team == "heuristic"))
            wins = sum(r["won"] for r in results)
            losses = games - wins
            causes = {c: sum(r["cause"] == c for r in results) for c in ("died", "winter", "other")}
            low, high = wilson(wins, games)
            rounds = sum(r["rounds"] for r in results) / games
            moves = sum(r["moves"] for r in results) / games
            print(f"{team:<10}{players:>8}{games:>7}{wins:>6}{wins / games:>10.1%}{f'{low:.1%}-{high:.1%}':>15}"
                  f"{share(causes['died'], losses):>11}{share(causes['winter'], losses):>11}"
                  f"{share(causes['other'], losses):>9}{rounds:>8.1f}{moves:>8.1f}"
                  f"{time.perf_counter() - start:>9.1f}", flush=True)
    print("died, winter, other: losses by cause, with each cause's share of the losses; "
          "rounds and moves: averages over all games")


def run_sweep(games: int, sizes: list[int]) -> None:
    tasks.WINTER_ROUND = {n: SWEEP_WINTER for n in WINTER_ROUND}
    print("heuristic team, winter pushed back; each row: the same games had winter come at the end of that round "
          f"(* = WINTER_ROUND today: {WINTER_ROUND})")
    print(f"{'players':>7}{'winter':>7}{'won':>6}{'win rate':>10}{'95% interval':>15}{'died':>11}{'winter':>11}")
    for players in sizes:
        progress = Progress(games, label=f"sweep, {players} player{'s' if players > 1 else ''}: ")
        results = []
        for game in range(games):
            progress.update(game)
            results.append(play(players, FIRST_SEED + game, True))
        ends = [r["rounds"] for r in results if r["cause"] in ("won", "died")]
        if len(ends) < games:
            print(f"{players:>7}  {games - len(ends)} games reached round {SWEEP_WINTER} or ended otherwise")
        wins_by = sorted(r["rounds"] for r in results if r["cause"] == "won")
        deaths_by = sorted(r["rounds"] for r in results if r["cause"] == "died")
        if not wins_by:
            print(f"{players:>7}  no game was won")
            continue
        # From a little before the first wins to where three games in four are won (at most 40 rows).
        first, last = wins_by[len(wins_by) // 20], wins_by[-1]
        for limit in range(max(1, first - 2), min(last, first + 40) + 1):
            wins = sum(r <= limit for r in wins_by)
            died = sum(r <= limit for r in deaths_by)
            winter = games - wins - died
            low, high = wilson(wins, games)
            mark = "*" if WINTER_ROUND[players] == limit else " "
            print(f"{players:>7}{limit:>6}{mark}{wins:>6}{wins / games:>10.1%}{f'{low:.1%}-{high:.1%}':>15}"
                  f"{share(died, games - wins):>11}{share(winter, games - wins):>11}", flush=True)
            if wins / games > 0.75:
                break


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].split("\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=500,
                        help="games per team and band size (default 500)")
    parser.add_argument("--sizes", type=sizes_arg, default=list(range(1, 7)), metavar="SIZES",
                        help="band sizes to play, e.g. 1-6 (the default), 2,4,6 or 3")
    parser.add_argument("--team", choices=("heuristic", "random", "both"), default="both",
                        help="which bot team plays (default both: heuristic, then random)")
    parser.add_argument("--sweep", action="store_true",
                        help="heuristic team only: the win rate and causes of loss at every winter round")
    args = parser.parse_args()
    sizes = ",".join(str(n) for n in args.sizes) if args.sizes != list(range(1, 7)) else "1-6"
    command = f"$ .venv/bin/python bench/live_on_balance.py {args.games} --sizes {sizes}"
    if args.sweep:
        print(command + " --sweep")
        run_sweep(args.games, args.sizes)
    else:
        print(command + f" --team {args.team}")
        run_table(args.games, args.sizes, ["heuristic", "random"] if args.team == "both" else [args.team])

if __name__ == "__main__":
    main()
