"""The cycle collector of a server process: short pauses, and no cycles left behind by closed websockets.

A collection pauses every table the process serves for as long as it walks the objects of the generations it
collects. An idle websocket holds about 120 objects the collector tracks, so with thousands of sockets open a
collection of the older generations took 250-350 ms (``bench/ws_load.py --idle``, ``--churn``, ``--gc-probe``),
though it found almost nothing to free: a move's containers are nearly all freed by reference counting.

So, in a process Daphne serves (``configure``):
- everything made while starting up is frozen out of the collector's sight (``gc.freeze``);
- young objects are collected after 5,000 net allocations and the middle generation after every second young
  collection, so neither holds many survivors when thousands of sockets open at once (at 20,000 and 20, one
  burst of sockets left 400,000 objects for a single collection of the middle generation);
- the oldest generation, where the process's sockets and tables live, is collected rarely: after a thousand
  middle collections, and then only if Python's own rule finds a quarter of it new. A cycle that grew old before
  it became garbage waits for that collection, so memory stays bounded.

Collecting the oldest generation rarely is only safe if what lives there is freed by reference counting when it
ends. The site's code leaves no cycle when a socket closes; Daphne leaves two per websocket (about 57 objects,
found with ``gc.DEBUG_SAVEALL`` after closing sockets), which ``release`` breaks once the reaper
(``config/daphne_sweeps.py``) has removed the connection:
- Autobahn's ``is_open`` and ``is_closed`` and Daphne's ``application_deferred``: Twisted deferreds whose results
  and callbacks point back at the protocol;
- the HTTP request the websocket was upgraded from, still in its channel's list of requests, pointing back at it.
"""

from __future__ import annotations

import gc
import sys

YOUNG = 5_000  # net allocations between young collections (a move's own allocations are nearly all freed before)
MIDDLE = 2  # young collections between collections of the middle generation
RARELY = 1_000  # middle collections between full ones (Python's default is 10)


def serving() -> bool:
    """Whether this process is one Daphne serves (its command line started it), not a test or a command."""
    return "daphne.cli" in sys.modules


def configure() -> None:
    """Set up the collector of a process Daphne serves, once everything loaded at start-up is loaded."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, RARELY)


def release(protocol) -> None:
    """Break the cycles of a connection Daphne has reaped (its socket closed, its application finished)."""
    for name in ("is_open", "is_closed", "application_deferred"):
        if getattr(protocol, name, None) is not None:
            setattr(protocol, name, None)
    # An HTTP request that was upgraded gave its transport to the websocket; it and its channel only point at each
    # other now. A request that was answered keeps its transport and is left alone.
    if getattr(protocol, "channel", None) is not None and getattr(protocol, "transport", True) is None:
        protocol.channel = None
