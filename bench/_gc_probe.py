"""A probe on the cycle collector of a server that ``bench/ws_load.py --gc-probe`` starts: serve
``bench._gc_probe:application`` with ``GC_PROBE_APP`` naming the real application (``module:attribute``) and
``GC_PROBE_DIR`` a folder, and every collection that pauses the process for a millisecond or more is appended to
``gc-<pid>.log`` there as ``<unix time> <generation> <ms> <objects collected> <CPU ms>``: the wall-clock pause,
and the CPU the collecting thread spent in it (on a loaded machine the process may also wait for a core meanwhile,
which is not the collector's doing).

The pauses are what every table of the process waits through; the bench reads them back for the seconds a scenario
played. It lives here, not in ``config/asgi.py``, so the site itself carries no probe.
"""

from __future__ import annotations

import gc
import importlib
import os
import time
from collections.abc import Callable
from pathlib import Path

SHORTEST_MS = 1.0  # shorter collections are not written: most are a few microseconds, and they are many


def install(folder: Path) -> Callable[[str, dict], None]:
    """Log this process's collections of ``SHORTEST_MS`` or more to ``folder/gc-<pid>.log``; the probe is returned
    (``gc.callbacks.remove`` takes it off)."""
    out = open(folder / f"gc-{os.getpid()}.log", "a", buffering=1)
    began: list[tuple[float, float]] = []

    def probe(phase: str, info: dict) -> None:
        if phase == "start":
            began.append((time.perf_counter(), time.thread_time()))
            return
        if not began:
            return
        wall, cpu = began.pop()
        took = (time.perf_counter() - wall) * 1000
        if took >= SHORTEST_MS:
            cpu_ms = (time.thread_time() - cpu) * 1000
            out.write(f"{time.time():.6f} {info['generation']} {took:.2f} {info['collected']} {cpu_ms:.2f}\n")

    gc.callbacks.append(probe)
    return probe


def read(folder: Path, since: float, until: float) -> list[tuple[float, int, float, float]]:
    """Every logged pause in ``folder`` between the unix times ``since`` and ``until``: (time, generation, ms,
    CPU ms)."""
    pauses = []
    for log in folder.glob("gc-*.log"):
        for line in log.read_text().splitlines():
            at, generation, took, _, cpu = line.split()
            if since <= float(at) <= until:
                pauses.append((float(at), int(generation), float(took), float(cpu)))
    return pauses


def _target():
    module, _, attribute = os.environ["GC_PROBE_APP"].partition(":")
    return getattr(importlib.import_module(module), attribute or "application")


if os.environ.get("GC_PROBE_APP"):  # served by Daphne: wrap the real application
    application = _target()
    install(Path(os.environ["GC_PROBE_DIR"]))
