"""Worker processes that end when the web process that started them dies, by any signal (issue 37, item 8).

A ``ProcessPoolExecutor`` worker waits on its task queue for ever: when its server is killed (SIGKILL, the
out-of-memory killer) nothing tells it, and it stays, adopted by PID 1, and keeps multiprocessing's resource tracker
alive with it (the tracker exits once every process holding its pipe has gone). ``die_with_parent`` runs first in
each worker: on Linux the kernel sends the worker SIGKILL when its parent dies (``PR_SET_PDEATHSIG``); elsewhere, or
should that fail, a thread notices within ``POLL_SECONDS`` that the worker was adopted and ends it.
Imports nothing of Django: it runs in a fresh interpreter before any task.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
POLL_SECONDS = 1.0


def die_with_parent(parent: int) -> None:
    """Make this process end when ``parent`` (the pid of the process that started it) is gone."""
    # The kernel's notice follows the parent *thread* that started this process: the pool starts its workers from
    # the thread that submits (the event loop's, which lives as long as the server); the polling covers the rest.
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # it died before the notice was asked for
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="parent watch", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(POLL_SECONDS)
    os._exit(1)
