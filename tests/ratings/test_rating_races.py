"""On PostgreSQL: two processes finishing one rated match at once rate it once, and two matches of the same players
finishing at once both count (neither overwrites the other's change)."""

import threading

import pytest
from django.db import connection, connections, transaction

from apps.matches.domain.deeds import do_move
from apps.matches.models import Match
from apps.ratings.models import Rating, RatingChange
from apps.ratings.services import rate_match
from tests.conftest import require
from tests.ratings.play import play_until_the_last_move, rated_match


@pytest.fixture(autouse=True)
def postgres_only(transactional_db):
    if connection.vendor != "postgresql":
        require("CIVITAS_REQUIRE_PRODUCTION_SHAPE", "row locks are measured on PostgreSQL")


def together(*calls):
    """Run each call in its own thread (its own connection), released at the same moment; their results."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i):
        try:
            barrier.wait()
            results[i] = calls[i]()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


def test_two_threads_playing_the_last_move_at_once_rate_the_match_once(alice, bob):
    match, seat, move = play_until_the_last_move(rated_match("chronicle", [alice, bob]))
    results = together(lambda: do_move(match.pk, seat, move, match.version, "last-a"),
                       lambda: do_move(match.pk, seat, move, match.version, "last-b"))
    assert sum(result.ok for result in results) == 1
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED
    assert RatingChange.objects.filter(match=match).count() == 2
    assert set(Rating.objects.values_list("played", flat=True)) == {1}


def test_two_threads_rating_one_finished_match_rate_it_once(alice, bob):
    match, seat, move = play_until_the_last_move(rated_match("chronicle", [alice, bob]))
    assert do_move(match.pk, seat, move, match.version).ok
    RatingChange.objects.filter(match=match).delete()  # as if the result were recorded but not yet rated
    Rating.objects.all().delete()

    def rate():
        with transaction.atomic():
            return len(rate_match(match.pk))

    assert sorted(together(rate, rate, rate)) == [0, 0, 2]
    assert RatingChange.objects.filter(match=match).count() == 2
    assert set(Rating.objects.values_list("played", flat=True)) == {1}


def test_two_matches_of_the_same_players_finishing_at_once_both_count(alice, bob):
    first, seat1, move1 = play_until_the_last_move(rated_match("chronicle", [alice, bob], seed=11))
    second, seat2, move2 = play_until_the_last_move(rated_match("chronicle", [bob, alice], seed=12))
    results = together(lambda: do_move(first.pk, seat1, move1, first.version),
                       lambda: do_move(second.pk, seat2, move2, second.version))
    assert all(result.ok for result in results)
    assert set(Rating.objects.values_list("played", flat=True)) == {2}
    for person in (alice, bob):  # each change starts where the other one left the rating
        a, b = RatingChange.objects.filter(user=person).order_by("id")
        assert (b.mu_before, b.sigma_before) == pytest.approx((a.mu, a.sigma))
        rating = Rating.objects.get(user=person)
        assert (rating.mu, rating.sigma) == pytest.approx((b.mu, b.sigma))
