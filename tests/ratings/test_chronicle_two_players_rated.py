"""A rated two-player Chronicle match ends with one winner and moves the two ratings apart (before the tie-break,
the crossed votes made every such match a shared win that rated nobody higher)."""

import pytest

from apps.matches.models import MatchSeat
from apps.ratings.models import RatingChange
from tests.ratings.play import established, finish, rated_match

pytestmark = pytest.mark.django_db


def test_a_rated_two_player_chronicle_has_one_winner_and_moves_the_ratings_apart(alice, bob):
    established(alice, bob, game="chronicle")
    match = finish(rated_match("chronicle", [alice, bob], seed=3))
    assert match.outcome["scores"] == [1, 1] and len(match.outcome["winners"]) == 1
    (winner,) = match.outcome["winners"]
    assert [seat.index for seat in MatchSeat.objects.filter(match=match, is_winner=True)] == [winner]
    changes = {change.user_id: change for change in RatingChange.objects.filter(match=match)}
    won, lost = (alice, bob) if winner == 0 else (bob, alice)
    assert (changes[won.pk].rank, changes[lost.pk].rank) == (1, 2)
    assert changes[won.pk].mu > changes[won.pk].mu_before and changes[lost.pk].mu < changes[lost.pk].mu_before
