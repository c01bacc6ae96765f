"""The strong bot against the heuristic bot: two-player games with seats alternating, and four-player games
against three heuristic bots (issue 21, item 10).

Run from the repository root:  .venv/bin/python bench/strong_bots.py stone_age --games 200 --four 100 --deals 40
A game counts as a win only when the strong bot is the sole winner. Prints, per table size, the wins with their
Wilson 95% interval, and the strong bot's seconds per turn: it plans each turn within one budget (``--seconds`` for the
turn, ``--deals`` a decision), as at a live table; ``--per-decision`` gives every decision its own budget instead (as
the bot thought before issue 41), and ``--deployed`` takes both from the site's settings.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apps.matches.engine import engine
from apps.matches.engine.search import Budget
from bench._progress import Progress

GAMES = ("stone_age", "innovation", "origins")
MOVE_CAP = 5_000  # a game still going after this many moves is stopped and counted as a strong bot's loss


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for z = 1.96)."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(rules, players: int, seed: int, strong_seat: int, budget, timings: list[float], turns: bool = True) -> dict:
    """One game; ``timings`` gets the strong bot's seconds per turn (``turns``: it plans each turn within one budget,
    as at a live table) or per decision with more than one legal move (each decision its own budget)."""
    heuristic = rules.bots()["heuristic"][1]
    strong = rules.bots()["strong"][1]
    rnd = random.Random(seed)
    state = rules.setup(players, seed)
    plan = None
    turn_time = 0.0
    for _ in range(MOVE_CAP):
        if rules.outcome(state) is not None:
            break
        seat = rules.active_seats(state)[0]
        if seat == strong_seat:
            many = len(rules.legal_moves(state, seat)) > 1
            started = time.perf_counter()
            if turns:
                move, plan = strong.turn(rules, state, seat, rnd, budget=budget, plan=plan)
                turn_time += time.perf_counter() - started
            else:
                move = strong(rules, state, seat, rnd, budget=budget)
                if many:
                    timings.append(time.perf_counter() - started)
        else:
            if plan is not None:  # another seat moves: the strong bot's turn is over
                timings.append(turn_time)
                plan, turn_time = None, 0.0
            move = heuristic(rules, state, seat, rnd)
        state = rules.apply(state, seat, move)
    return rules.outcome(state) or {"winners": []}  # unfinished after MOVE_CAP moves: counted as a loss


def one_game(slug: str, players: int, game: int, budget, turns: bool = True) -> tuple[str, list[float]]:
    """Game number ``game`` of a series: 'win', 'shared' or 'loss' for the strong bot, and its turn (or decision)
    times. The same game number gives the same game whichever process plays it."""
    timings: list[float] = []
    seat = game % players
    winners = play(engine(slug), players, 20_000 + 97 * game + players, seat, budget, timings,
                   turns).get("winners") or []
    result = "win" if winners == [seat] else "shared" if seat in winners else "loss"
    return result, timings


def _one_game_job(job: tuple) -> tuple[str, list[float]]:
    return one_game(*job)


def series(slug: str, players: int, games: int, budget, label: str, workers: int,
           turns: bool = True) -> tuple[int, int, list[float]]:
    results: list[str] = []
    timings: list[float] = []
    progress = Progress(games, label=f"{label}: ")
    jobs = [(slug, players, game, budget, turns) for game in range(games)]
    outcomes: list[tuple[str, list[float]]] = []
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for outcome in pool.imap_unordered(_one_game_job, jobs):
                outcomes.append(outcome)
                progress.update(len(outcomes))
    else:
        for job in jobs:
            progress.update(len(outcomes))
            outcomes.append(one_game(*job))
    for result, times in outcomes:
        results.append(result)
        timings += times
    return results.count("win"), results.count("shared"), timings


def report(players: int, games: int, wins: int, shared: int, timings: list[float], per: str = "turn") -> None:
    low, high = wilson(wins, games)
    timings.sort()
    mean = sum(timings) / len(timings) if timings else 0.0
    top = timings[int(0.99 * (len(timings) - 1))] if timings else 0.0
    against = "heuristic bot, seats alternating" if players == 2 else "three heuristic bots, seat rotating"
    print(f"{players}p: {games} games, strong bot vs {against}")
    print(f"  strong sole wins: {wins}  shared: {shared}  losses: {games - wins - shared}")
    print(f"  win rate: {wins / games:.1%}  95% interval (Wilson): {low:.1%} to {high:.1%}")
    print(f"  seconds per {per}: mean {mean:.3f}, 99th percentile {top:.3f}, max {timings[-1] if timings else 0:.3f}"
          f" over {len(timings)} {per}s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--games", type=int, default=200, help="two-player games (default 200)")
    parser.add_argument("--four", type=int, default=100, help="four-player games (default 100)")
    parser.add_argument("--deals", type=int, default=40, help="the strong bot's deals per decision (default 40)")
    parser.add_argument("--per-decision", action="store_true",
                        help="a budget for every decision (as before issue 41) instead of one for each turn")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes playing games side by side (default 1; each game is the same either way)")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="the strong bot's time per turn, or per decision with --per-decision (default 1.0)")
    parser.add_argument("--deployed", action="store_true",
                        help="the deployed budget: --deals and --seconds from the site's settings")
    args = parser.parse_args()

    if args.deployed:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        os.environ.setdefault("DJANGO_SECRET_KEY", "bench")
        import django  # noqa: PLC0415 -- only for --deployed

        django.setup()
        from apps.matches.domain.bots import search_budget  # noqa: PLC0415 -- once Django is set up

        budget = search_budget(args.game)
        args.deals, args.seconds = budget.deals, budget.seconds
    else:
        budget = Budget(deals=args.deals, seconds=args.seconds, decision=None if args.per_decision else 1.0)
    started = time.perf_counter()
    per = "decision" if args.per_decision else "turn"
    print(f"command: .venv/bin/python {shlex.join(sys.argv)}")
    print(f"budget: {args.deals} deals a decision, {args.seconds} s a {per}")
    for players, games in ((2, args.games), (4, args.four)):
        if games:
            wins, shared, timings = series(args.game, players, games, budget, f"{args.game} {players}p",
                                           args.workers, not args.per_decision)
            report(players, games, wins, shared, timings, per)
    print(f"time: {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
