"""Fixtures shared by the tests of moves played on the event loop."""

import pytest

from apps.matches.domain import move_store


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
