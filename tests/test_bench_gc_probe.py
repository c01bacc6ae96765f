"""The probe ``bench/ws_load.py --gc-probe`` puts on its servers' cycle collector (bench/_gc_probe.py): it writes the
collections that pause the process, and reads back those of a scenario's seconds only."""

from __future__ import annotations

import gc
import time

from bench import _gc_probe


def test_it_logs_a_full_collection_that_pauses_the_process_and_reads_it_back(tmp_path, monkeypatch):
    monkeypatch.setattr(_gc_probe, "SHORTEST_MS", 0.0)  # every collection, however short
    probe = _gc_probe.install(tmp_path)
    try:
        since = time.time()
        cycles = []
        for _ in range(20_000):  # garbage only the cycle collector frees
            pair: list = []
            pair.append(pair)
            cycles.append(pair)
        del cycles, pair
        gc.collect()
        until = time.time()
    finally:
        gc.callbacks.remove(probe)
    seen = _gc_probe.read(tmp_path, since - 0.001, until + 0.001)  # the times are written to the microsecond
    assert any(generation == 2 and took >= 0 and cpu >= 0 for _, generation, took, cpu in seen)
    assert _gc_probe.read(tmp_path, until + 60, until + 120) == []  # another scenario's seconds: nothing


def test_short_collections_are_not_written(tmp_path, monkeypatch):
    monkeypatch.setattr(_gc_probe, "SHORTEST_MS", 10_000.0)
    probe = _gc_probe.install(tmp_path)
    try:
        gc.collect()
    finally:
        gc.callbacks.remove(probe)
    assert _gc_probe.read(tmp_path, 0, time.time() + 1) == []
