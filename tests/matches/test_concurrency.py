"""Compare-and-swap on PostgreSQL: of 20 simultaneous submissions at one version, exactly one lands."""

import threading

import pytest
from django.db import connection, connections

from apps.matches.domain.deeds import do_move
from apps.matches.engine import engine
from apps.matches.models import Match, MoveLog
from tests.conftest import require

RULES = engine("chronicle")
SUBMITTERS = 20


@pytest.fixture(autouse=True)
def postgres_only(transactional_db):
    if connection.vendor != "postgresql":
        require("CIVITAS_REQUIRE_PRODUCTION_SHAPE", "row-level compare-and-swap is measured on PostgreSQL")


def race(match_id: int, seat: int, moves: list[dict], version: int) -> list:
    barrier = threading.Barrier(SUBMITTERS)
    results = [None] * SUBMITTERS

    def submit(i: int) -> None:
        try:
            barrier.wait()
            results[i] = do_move(match_id, seat, moves[i % len(moves)], version, f"v{version}-c{i}")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(SUBMITTERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return results


def test_twenty_concurrent_submissions_apply_exactly_one(duel):
    seat = RULES.active_seats(duel.state)[0]
    moves = RULES.legal_moves(duel.state, seat)
    assert len(moves) >= 2, "the race mixes the same and different moves"
    results = race(duel.pk, seat, moves, 0)
    assert sum(r.ok for r in results) == 1
    assert sorted(r.code for r in results if not r.ok) == ["stale_version"] * (SUBMITTERS - 1)
    duel.refresh_from_db()
    assert duel.version == 1
    assert list(MoveLog.objects.filter(match=duel).values_list("version", flat=True)) == [1]
    winner = next(i for i, r in enumerate(results) if r.ok)
    assert MoveLog.objects.get(match=duel).move == moves[winner % len(moves)]


def test_rounds_of_races_leave_a_log_without_gaps_or_duplicates(duel):
    for version in range(8):
        match = Match.objects.get(pk=duel.pk)
        seat = RULES.active_seats(match.state)[0]
        results = race(duel.pk, seat, RULES.legal_moves(match.state, seat), version)
        assert sum(r.ok for r in results) == 1
    versions = list(MoveLog.objects.filter(match=duel).order_by("version").values_list("version", flat=True))
    assert versions == list(range(1, 9))
    match = Match.objects.get(pk=duel.pk)
    replayed = RULES.setup(2, match.seed, {})
    for seat, move in MoveLog.objects.filter(match=duel).order_by("version").values_list("seat", "move"):
        replayed = RULES.apply(replayed, seat, move)
    assert replayed == match.state
