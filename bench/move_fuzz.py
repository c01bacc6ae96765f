"""The engine fuzz at scale: mutants of legal moves thrown at every built game's ``apply``, with the figures.

Run from the repository root:

    .venv/bin/python bench/move_fuzz.py [--mutants N] [--games slug,slug] [--seed S] [--by-kind]

For each game, random games are played (every table size in turn) and, on about a fifth of their states, the
mutants of up to three legal moves of each active seat are applied (tests/engines/mutants.py: ints as bools,
floats or strings, ints out of range, strings changed, values of another JSON type, fields dropped or added,
the move's type changed, nested values too), until N mutants (default 100,000) were tried. A mutant that is
itself a legal move (the same JSON text) is not tried. Each must be refused with ``IllegalMove``: the row counts
the mutants tried, those accepted, those answered by another exception (crashes) and the states a mutant changed,
and the time; every figure but "tried" and "states" should be 0. Exits 1 if one is not.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from importlib import import_module
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from config.games import GAMES
from tests.engines.mutants import fuzz


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=int, default=100_000, help="mutants tried per game (default 100000)")
    parser.add_argument("--games", default="", help="comma-separated slugs (default: every built game)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and of the draws (default 1)")
    parser.add_argument("--by-kind", action="store_true", help="also print how many mutants of each kind were tried")
    args = parser.parse_args(argv)
    shown = sys.argv[1:] if argv is None else argv
    print("command: .venv/bin/python bench/move_fuzz.py" + (" " + shlex.join(shown) if shown else ""))
    header = f"{'game':<11} {'tried':>9} {'states':>7} {'accepted':>8} {'crashes':>7} {'changed':>7} {'time s':>7}"
    print(header)
    print("-" * len(header))
    slugs = [s for s in args.games.split(",") if s]
    failed = False
    for entry in GAMES:
        if not entry.app or (slugs and entry.slug not in slugs):
            continue
        rules = import_module(f"{entry.app}.engine").RULES
        started = time.perf_counter()
        tally = fuzz(rules, args.mutants, args.seed)
        elapsed = time.perf_counter() - started
        print(f"{entry.slug:<11} {tally.tried:>9} {tally.states:>7} {len(tally.accepted):>8} {len(tally.crashes):>7} "
              f"{len(tally.changed):>7} {elapsed:>7.1f}", flush=True)
        for name, move in tally.accepted[:3]:
            print(f"    accepted ({name}): {move}")
        for name, move, error in tally.crashes[:3]:
            print(f"    crash ({name}): {move} -> {error}")
        if args.by_kind:
            for name, count in sorted(tally.kinds.items()):
                print(f"    {name:<34} {count:>9}")
        failed = failed or bool(tally.accepted or tally.crashes or tally.changed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
