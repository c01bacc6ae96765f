"""Fixtures for matches: a running Chronicle match between alice and bob."""

import pytest

from apps.matches.services import SeatSpec, start_match


@pytest.fixture
def duel(alice, bob):
    return start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=20261122)
