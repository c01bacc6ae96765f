"""Innovation: the full audit of 1,000 random games (2 to 4 players, both editions).

Run from the repository root:  .venv/bin/python bench/innovation_audit.py [games]
Checks at every step that every card and special achievement is in exactly one place, scans every
seat's and the spectator's view for the names ``hidden_from`` lists, replays every game from its
seed and moves, and prints what it found and how the games ended.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apps.innovation.cards import CARDS, SPECIALS
from apps.innovation.core import every_card_on_the_table
from apps.innovation.engine import RULES
from bench._progress import Progress

COMMAND = ".venv/bin/python bench/innovation_audit.py"
EVERYTHING = Counter(list(CARDS) + list(SPECIALS))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].split("\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=1000,
                        help="random games to play and audit (default 1000)")
    games = parser.parse_args().games
    problems: list[str] = []
    ends: Counter = Counter()
    steps = views = 0
    started = time.perf_counter()
    progress = Progress(games)
    for game in range(games):
        progress.update(game)
        rnd = random.Random(game)
        players = 2 + game % 3
        options = {"edition": "third" if game % 2 else "first"}
        state = RULES.setup(players, game, options)
        moves = []
        while RULES.outcome(state) is None and len(moves) < 5000:
            active = RULES.active_seats(state)
            seat = active[rnd.randrange(len(active))]
            move = rnd.choice(RULES.legal_moves(state, seat))
            moves.append((seat, move))
            state = RULES.apply(state, seat, move)
            steps += 1
            if Counter(every_card_on_the_table(state)) != EVERYTHING:
                problems.append(f"game {game} step {len(moves)}: cards created or lost")
            for viewer in [None, *range(players)]:
                text = json.dumps(RULES.view(state, viewer))
                views += 1
                leaked = [name for name in RULES.hidden_from(state, viewer) if name in text]
                if leaked:
                    problems.append(f"game {game} step {len(moves)}: view of {viewer} shows {leaked}")
        outcome = RULES.outcome(state)
        if outcome is None:
            problems.append(f"game {game} did not end")
            continue
        ends[outcome["reason"]] += 1
        replay = RULES.setup(players, game, options)
        for seat, move in moves:
            replay = RULES.apply(replay, seat, move)
        if replay != state:
            problems.append(f"game {game}: replay differs")
    print(f"command: {COMMAND} {games}")
    print(f"{games} games, {steps} moves, {views} views scanned in {time.perf_counter() - started:.0f} s")
    for reason, count in ends.most_common():
        print(f"  {count:5d}  {reason}")
    print(f"problems: {len(problems)}")
    for line in problems[:20]:
        print("  " + line)


if __name__ == "__main__":
    main()
