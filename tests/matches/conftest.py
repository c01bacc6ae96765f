"""Fixtures shared by the match tests: moves played on the event loop, and the server's clock moved by hand."""

import pytest

from apps.matches.domain import move_store, timekeeper

T0 = 1_800_000_000_000  # the tests' own "now", in ms


@pytest.fixture
def counted_reads(monkeypatch) -> list:
    """The match ids ``move_store.aload`` is asked for from now on: each is a move that read its match first."""
    reads = []
    aload = move_store.aload

    async def counted(*args):
        reads.append(args[1])
        return await aload(*args)

    monkeypatch.setattr(move_store, "aload", counted)
    return reads


@pytest.fixture
def now(monkeypatch):
    """The server's time, moved by the test: ``now.at = ...`` (it starts at ``T0``)."""
    class Now:
        at = T0
    monkeypatch.setattr(timekeeper, "now_ms", lambda: Now.at)
    return Now
