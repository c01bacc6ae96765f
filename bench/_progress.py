"""Progress of a long bench run, written to stderr so that the figures on stdout stay as they were.

Not a bench script itself (``tests/test_bench_help.py`` skips modules whose name starts with ``_``).
"""

from __future__ import annotations

import sys
import time


class Progress:
    """Counts done units and, at most every ``every`` seconds, prints e.g. ``games 40/200, 12 s`` to stderr.

    Nothing is printed during the first ``every`` seconds, so a short run stays silent."""

    def __init__(self, total: int | None, what: str = "games", label: str = "", every: float = 5.0):
        self.total, self.what, self.label, self.every = total, what, label, every
        self.done = 0
        self.started = self.shown = time.perf_counter()

    def step(self, count: int = 1) -> None:
        self.update(self.done + count)

    def update(self, done: int) -> None:
        """``done`` units are done (e.g. the index of the game about to start)."""
        self.done = done
        now = time.perf_counter()
        if now - self.shown >= self.every:
            self.shown = now
            self.show(now)

    def show(self, now: float | None = None) -> None:
        elapsed = (time.perf_counter() if now is None else now) - self.started
        total = f"/{self.total}" if self.total is not None else ""
        print(f"{self.label}{self.what} {self.done}{total}, {elapsed:.0f} s", file=sys.stderr, flush=True)
