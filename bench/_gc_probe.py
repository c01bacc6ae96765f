"""A probe on the cycle collector of a server that ``bench/ws_load.py --gc-probe`` starts: serve
``bench._gc_probe:application`` with ``GC_PROBE_APP`` naming the real application (``module:attribute``) and
``GC_PROBE_DIR`` a folder, and every collection that pauses the process for a millisecond or more is appended to
``gc-<pid>.log`` there as ``<unix time> <generation> <ms> <objects collected>``.

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
    began: list[float] = []

    def probe(phase: str, info: dict) -> None:
        if phase == "start":
            began.append(time.perf_counter())
            return
        if not began:
            return
        took = (time.perf_counter() - began.pop()) * 1000
        if took >= SHORTEST_MS:
            out.write(f"{time.time():.6f} {info['generation']} {took:.2f} {info['collected']}\n")

    gc.callbacks.append(probe)
    return probe


def read(folder: Path, since: float, until: float) -> list[tuple[float, int, float]]:
    """Every logged pause in ``folder`` between the unix times ``since`` and ``until``: (time, generation, ms)."""
    pauses = []
    for log in folder.glob("gc-*.log"):
        for line in log.read_text().splitlines():
            at, generation, took, _ = line.split()
            if since <= float(at) <= until:
                pauses.append((float(at), int(generation), float(took)))
    return pauses


def _target():
    module, _, attribute = os.environ["GC_PROBE_APP"].partition(":")
    return getattr(importlib.import_module(module), attribute or "application")


if os.environ.get("GC_PROBE_APP"):  # served by Daphne: wrap the real application
    application = _target()
    install(Path(os.environ["GC_PROBE_DIR"]))
