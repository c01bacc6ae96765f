"""Workers die with their server (issue 37, item 8): a web process killed by SIGKILL leaves none of the strong bot's
worker processes, nor multiprocessing's resource tracker, running."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import ROOT

# A web process in small: Django set up, the strong bot's pool started the way the bot driver starts it.
SERVER = """
import os, sys, time
import django
django.setup()
from apps.matches.live import bot_driver
print(bot_driver.search_pool().submit(os.getpid).result(), flush=True)
time.sleep(600)
"""


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Running, or stopped: a zombie (dead, not yet reaped by whoever adopted it) is not alive."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def test_a_server_killed_by_sigkill_leaves_no_strong_bot_worker_nor_resource_tracker():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "CIVITAS_STRONG_BOT_WORKERS": "1"}
    server = subprocess.Popen([sys.executable, "-c", SERVER], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    left: list[int] = []
    try:
        worker = int(server.stdout.readline())
        spawned = children(server.pid)
        assert worker in spawned and len(spawned) >= 2, f"a worker and a resource tracker: {spawned}"
        server.send_signal(signal.SIGKILL)
        server.wait()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            left = [pid for pid in spawned if alive(pid)]
            if not left:
                break
            time.sleep(0.1)
        assert not left, f"still running 10 s after their server was killed: {left}"
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        for pid in left:  # only the processes this test started
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
