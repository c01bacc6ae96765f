"""Each pytest-xdist worker keeps its Redis database, channel prefix and ports to itself (tests/worker_isolation.py)."""

import pytest
from django.conf import settings

from tests.worker_isolation import (
    FIRST_WORKER_PORT,
    PORTS_PER_WORKER,
    free_port,
    isolate_worker,
    worker_index,
    worker_redis_url,
)


def test_a_worker_uses_the_redis_database_past_the_base_one_by_its_index_plus_one():
    assert worker_redis_url("redis://127.0.0.1:6379/0", 0) == "redis://127.0.0.1:6379/1"
    assert worker_redis_url("redis://:secret@cache:6380/3?ssl_cert_reqs=none", 1) == \
        "redis://:secret@cache:6380/5?ssl_cert_reqs=none"
    assert worker_redis_url("rediss://cache", 0) == "rediss://cache/1"
    assert worker_redis_url("redis://cache/15", 0) == "redis://cache/0"  # there are 16
    assert worker_redis_url("unix:///run/redis.sock?db=2", 0) == "unix:///run/redis.sock?db=2"


def test_a_worker_gets_a_redis_database_and_prefix_of_its_own_and_a_single_process_run_keeps_them(monkeypatch):
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw1")
    environ = {"REDIS_URL": "redis://127.0.0.1:6379/2", "CHANNELS_PREFIX": "ci"}
    isolate_worker(environ)
    assert environ == {"REDIS_URL": "redis://127.0.0.1:6379/4", "CHANNELS_PREFIX": "ci-gw1"}
    embedded: dict[str, str] = {}  # SQLite and no Redis: the prefix still names the worker's cache keys
    isolate_worker(embedded)
    assert embedded == {"CHANNELS_PREFIX": "civitas-gw1"}

    monkeypatch.delenv("PYTEST_XDIST_WORKER")
    environ = {"REDIS_URL": "redis://127.0.0.1:6379/2", "CHANNELS_PREFIX": "ci"}
    isolate_worker(environ)
    assert environ == {"REDIS_URL": "redis://127.0.0.1:6379/2", "CHANNELS_PREFIX": "ci"}


def test_a_workers_ports_are_its_own_and_not_handed_out_twice_in_a_row(monkeypatch):
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw2")
    first = FIRST_WORKER_PORT + 2 * PORTS_PER_WORKER
    ports = [free_port() for _ in range(3)]
    assert all(first <= port < first + PORTS_PER_WORKER for port in ports), ports
    assert len(set(ports)) == 3


def test_this_runs_settings_use_the_workers_own_prefix():
    index = worker_index()
    if index is None or not settings.REDIS_URL:
        pytest.skip("a single-process run, or no Redis (each process has its own in-memory cache and layer)")
    assert settings.CACHES["default"]["KEY_PREFIX"].endswith(f"-gw{index}")
    assert settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"].endswith(f"-gw{index}")
