"""A bot's lease outlives a process killed while thinking only until it runs out: then the other process's sweep
takes the table over (issue 37, item 7). Needs PostgreSQL and Redis, like the other fault tests."""

import os
import signal
import time
import urllib.request
from datetime import timedelta

import pytest
import redis
from django.utils import timezone

from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.live import bot_lease
from apps.matches.models import Match
from tests.faults.test_process_death import production_shape

pytestmark = pytest.mark.cluster
LEASE_SECONDS = 3


def holder_pid(value: bytes | None) -> int | None:
    """The process id in a lease's token ("host:pid:random")."""
    return int(value.decode().split(":")[1]) if value else None


def wait_for(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError(f"not within {seconds} s: {what}")


@pytest.mark.django_db(transaction=True)
def test_a_lease_whose_holder_was_killed_runs_out_and_the_other_process_takes_the_table(
        daphne_servers, monkeypatch):
    production_shape()
    match = do_start_match("stone_age", [SeatSpec("Strong bot 1", bot="strong"),
                                         SeatSpec("Strong bot 2", bot="strong")], seed=31)
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now() - timedelta(minutes=1))
    monkeypatch.setenv("CIVITAS_BOT_SWEEP", "0.5")
    monkeypatch.setenv("CIVITAS_BOT_LEASE", str(LEASE_SECONDS))
    monkeypatch.setenv("CIVITAS_STRONG_BOT_SECONDS", "1")
    servers = daphne_servers(2)
    for server in servers:  # a process starts its sweep on its first request
        urllib.request.urlopen(f"{server.url}/", timeout=10).read()
    store = redis.Redis.from_url(os.environ["REDIS_URL"])
    key = bot_lease.key(match.pk)
    pids = {server.proc.pid: server for server in servers}

    holder = wait_for(lambda: holder_pid(store.get(key)), 30, "a process leased the table to think for its bot")
    assert holder in pids, f"the lease names a process of this test: {holder}"
    pids[holder].proc.send_signal(signal.SIGKILL)  # the holder dies thinking
    pids[holder].proc.wait()
    killed_at = time.monotonic()
    survivor = next(pid for pid in pids if pid != holder)
    version = Match.objects.get(pk=match.pk).version

    def moved() -> bool:
        return Match.objects.get(pk=match.pk).version > version

    def lease_after_kill() -> bytes | None:
        value = store.get(key)
        assert not (holder_pid(value) == holder and moved()), "the table moved on while the dead holder's lease held"
        return holder_pid(value) != holder

    wait_for(lease_after_kill, LEASE_SECONDS + 2, "the dead holder's lease ran out")
    ran_out = time.monotonic() - killed_at
    wait_for(moved, 15, "the other process moved the bot")
    taken_over = time.monotonic() - killed_at
    assert holder_pid(store.get(key)) in (None, survivor)
    print(f"\nthe dead holder's lease ran out {ran_out:.1f} s after SIGKILL; the other process moved "
          f"the bot {taken_over:.1f} s after it")
