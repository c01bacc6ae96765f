"""Match clocks: what a time control is, and how each seat's time runs as the server accepts moves.

Pure and Django-free: every function takes the time ("now", milliseconds since the epoch) from its caller, which
takes it from the server only (``domain.timekeeper``), never from a client. A clock is a plain dict kept in the
match row (``Match.clock``; None for a friendly, untimed match):

``{"kind": "real_time" | "own_pace", "base_ms", "increment_ms", "remaining_ms": [per seat], "running": [seats],
"since": ms}``

Each running seat's time is ``remaining_ms[seat] - (now - since)``: nothing is written while a clock runs, so a
process that dies costs no time and the next process that reads the match sees the time spent.

- Real time (Fischer): each seat starts with ``base_ms``; whoever's input is awaited (the engine's active seats:
  the mover, a seat deciding inside an effect, or every seat of a simultaneous choice) spends its own time; a
  seat's turn ending adds ``increment_ms`` to it (once per turn, not per step of a multi-step turn, so a turn cut
  into small steps gains nothing).
- Own pace: each time a seat's input becomes awaited it has ``base_ms`` (1 to 7 days) to give it; the steps of
  one turn share that allowance.
"""

from __future__ import annotations

import re
from typing import Any

REAL_TIME = "real_time"
OWN_PACE = "own_pace"
NONE = "none"

MINUTE = 60_000
DAY = 24 * 60 * MINUTE
# Real-time presets (minutes per player, seconds added per turn): a quick table, a usual one, a long evening.
REAL_TIME_PRESETS = [(10, 10), (20, 20), (45, 30)]
REAL_TIME_MINUTES = (1, 180)
REAL_TIME_INCREMENT_SECONDS = (0, 300)
OWN_PACE_DAYS = (1, 7)

_CONTROL = re.compile(r"^(?:none|rt:(\d{1,3})\+(\d{1,3})|days:(\d))$")


class BadTimeControl(ValueError):
    """A time control that is not one of the choices (``parse``)."""


def parse(text: Any) -> dict | None:
    """A time control from its lobby value: ``"none"`` (None: untimed), ``"rt:M+S"`` (M minutes per player, S
    seconds added per turn) or ``"days:D"`` (D days per move); ``BadTimeControl`` for anything else."""
    found = _CONTROL.match(text) if isinstance(text, str) else None
    if found is None:
        raise BadTimeControl("A time control is none, rt:<minutes>+<seconds> or days:<days>.")
    minutes, seconds, days = found.groups()
    if days is not None:
        if not OWN_PACE_DAYS[0] <= int(days) <= OWN_PACE_DAYS[1]:
            raise BadTimeControl(f"Own pace gives {OWN_PACE_DAYS[0]} to {OWN_PACE_DAYS[1]} days per move.")
        return {"kind": OWN_PACE, "base_ms": int(days) * DAY, "increment_ms": 0}
    if minutes is not None:
        if not REAL_TIME_MINUTES[0] <= int(minutes) <= REAL_TIME_MINUTES[1]:
            raise BadTimeControl(f"Real time gives {REAL_TIME_MINUTES[0]} to {REAL_TIME_MINUTES[1]} minutes each.")
        if not REAL_TIME_INCREMENT_SECONDS[0] <= int(seconds) <= REAL_TIME_INCREMENT_SECONDS[1]:
            raise BadTimeControl(f"At most {REAL_TIME_INCREMENT_SECONDS[1]} seconds are added per turn.")
        return {"kind": REAL_TIME, "base_ms": int(minutes) * MINUTE, "increment_ms": int(seconds) * 1000}
    return None


def label(text: str) -> str:
    """How people read a time control's value: "20 min + 20 s", "3 days per move", "No clock"."""
    return describe(parse(text))


def describe(control: dict | None) -> str:
    """``label`` for a parsed time control or a clock (which carries its control)."""
    if control is None:
        return "No clock"
    if control["kind"] == OWN_PACE:
        days = control["base_ms"] // DAY
        return f"{days} day{'s' if days != 1 else ''} per move"
    increment = control["increment_ms"] // 1000
    return f"{control['base_ms'] // MINUTE} min + {increment} s" if increment else f"{control['base_ms'] // MINUTE} min"


def start(control: dict, players: int, active: list[int], now: int) -> dict:
    """A new match's clock: every seat's full time, the active seats' running from ``now``."""
    return {**control, "remaining_ms": [control["base_ms"]] * players, "running": sorted(active), "since": now}


def remaining(clock: dict, now: int) -> list[int]:
    """Each seat's time left at ``now`` (never below zero)."""
    elapsed = max(0, now - clock["since"])
    running = set(clock["running"])
    return [max(0, left - elapsed) if seat in running else max(0, left)
            for seat, left in enumerate(clock["remaining_ms"])]


def out_of_time(clock: dict, now: int) -> list[int]:
    """Running seats whose time is spent at ``now``."""
    left = remaining(clock, now)
    return [seat for seat in clock["running"] if left[seat] <= 0]


def after_move(clock: dict, active: list[int], now: int, over: bool = False) -> dict:
    """The clock once a move was accepted at ``now`` and the engine awaits ``active`` (stopped if ``over``)."""
    left = remaining(clock, now)
    before, after = set(clock["running"]), set() if over else set(active)
    for seat in before - after:  # this seat's turn ended
        left[seat] += clock["increment_ms"]
    if clock["kind"] == OWN_PACE:
        for seat in after - before:  # a new turn: a whole allowance
            left[seat] = clock["base_ms"]
    return {**clock, "remaining_ms": left, "running": sorted(after), "since": now}


def capped(clock: dict, seat: int, at_most_ms: int, now: int) -> dict:
    """The clock with ``seat`` holding at most ``at_most_ms`` from ``now`` on: a player taking back their seat keeps
    no more than the time it had when it was handed to a bot (what the bot's turns earned stays with the bot)."""
    left = remaining(clock, now)
    left[seat] = max(0, min(left[seat], at_most_ms))
    return {**clock, "remaining_ms": left, "since": now}


def frame(clock: dict | None, now: int) -> dict | None:
    """The ``clock`` of a state frame: each seat's remaining milliseconds at ``now``, the seats whose clocks run,
    and ``now`` itself (the server's time they were read at), so a page can tick from there."""
    if clock is None:
        return None
    return {"kind": clock["kind"], "remaining_ms": remaining(clock, now), "running": list(clock["running"]),
            "increment_ms": clock["increment_ms"], "server_time": now}
