"""Chronicle: how often the heuristic bot has to draw again, against the random bot.

Plays ``--games`` games (default 200) at 2, 3 and 4 players in turn, once with a heuristic bot at every seat
and once with a random bot at every seat, from the same seeds, and prints per bot and table size:

- moves: the game's length in moves (every decision of every seat, votes included);
- redraws: how many times a seat could pay for none of the fill cards drawn and had to draw again, per game
  and per decision (per move);
- needed redraw: the share of fill draws that could not be paid for and were not yet fate's (a redraw);
- fate: blanks that fate filled (the third draw in a row paid for nothing), per game.

Run from the repository root:

    .venv/bin/python bench/chronicle_bots.py [--games N]

Progress goes to stderr every few seconds; the table to stdout.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apps.chronicle.engine import RULES

BOTS = ("heuristic", "random")
TABLES = (2, 3, 4)
PROGRESS_EVERY = 3.0  # seconds between progress lines


@dataclass
class Tally:
    games: int = 0
    moves: int = 0
    redraws: int = 0
    fills: int = 0  # blanks filled (with a card paid for, or by fate)
    fates: int = 0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.moves += other.moves
        self.redraws += other.redraws
        self.fills += other.fills
        self.fates += other.fates

    def row(self, bot: str, table: str) -> str:
        draws = self.redraws + self.fills  # every fill draw ends in a redraw or a filled blank
        return (f"{bot:<10}{table:>8}{self.games:>7}{self.moves / self.games:>8.1f}{self.redraws / self.games:>10.2f}"
                f"{self.redraws / self.moves:>11.3f}{self.redraws / draws:>10.1%}{self.fates / self.games:>8.2f}")


HEADER = (f"{'bot':<10}{'players':>8}{'games':>7}{'moves':>8}{'redraws':>10}{'per move':>11}"
          f"{'needed':>10}{'fate':>8}")
HEADER2 = f"{'':<10}{'':>8}{'':>7}{'/game':>8}{'/game':>10}{'(decision)':>11}{'redraw':>10}{'/game':>8}"


def play(bot: str, players: int, seed: int) -> Tally:
    chooser = RULES.bots()["heuristic"][1]
    rnd = random.Random(seed)
    state = RULES.setup(players, seed)
    tally = Tally(games=1)
    while RULES.outcome(state) is None:
        seat = RULES.active_seats(state)[0]
        move = chooser(RULES, state, seat, rnd) if bot == "heuristic" else rnd.choice(RULES.legal_moves(state, seat))
        tally.redraws += move["type"] == "redraw"
        tally.fills += move["type"] == "choose_fill"
        state = RULES.apply(state, seat, move)
        tally.moves += 1
    tally.fates = sum(told["fate"] for player in state["seats"] for told in player["told"])
    return tally


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200,
                        help="games per bot, at 2, 3 and 4 players in turn (default 200)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(f"$ .venv/bin/python bench/chronicle_bots.py --games {args.games}")
    tallies = {(bot, players): Tally() for bot in BOTS for players in TABLES}
    started = last = time.perf_counter()
    for bot in BOTS:
        for game in range(args.games):
            players = TABLES[game % len(TABLES)]
            tallies[bot, players].add(play(bot, players, 200_000 + game))
            now = time.perf_counter()
            if now - last >= PROGRESS_EVERY:
                print(f"{bot}: {game + 1}/{args.games} games, {now - started:.0f} s", file=sys.stderr, flush=True)
                last = now
    print(f"games: {args.games} per bot (same seeds; 2, 3 and 4 players in turn), every seat the same bot")
    print(HEADER)
    print(HEADER2)
    for bot in BOTS:
        total = Tally()
        for players in TABLES:
            tally = tallies[bot, players]
            if tally.games:
                print(tally.row(bot, str(players)))
                total.add(tally)
        print(total.row(bot, "all"))
    print(f"time: {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
