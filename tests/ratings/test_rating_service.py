"""A rated match moves its players' ratings once, by the library's own figures, in the transaction of its result."""

import pytest
from django.db import transaction

from apps.matches.domain.deeds import SeatSpec, do_move, do_start_match
from apps.matches.models import Match, MatchSeat
from apps.ratings.models import Rating, RatingChange
from apps.ratings.scale import MODEL, PROVISIONAL_GAMES, is_provisional, shown_rating
from apps.ratings.services import NotRateable, ranks_of, rate_match
from tests.ratings.play import established, finish, play_until_the_last_move, rated_match

pytestmark = pytest.mark.django_db


def _finished_by_hand(people, scores, winners, game="origins"):
    """A rated match of ``game`` whose result is set as the last move's transaction would."""
    match = rated_match(game, people)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED,
                                             outcome={"scores": scores, "winners": winners})
    for seat in MatchSeat.objects.filter(match=match):
        seat.score, seat.is_winner = scores[seat.index], seat.index in winners
        seat.save()
    return match


def test_a_three_player_match_with_a_tie_moves_ratings_as_the_library_does(alice, bob, carol):
    established(alice, bob, carol, game="origins")  # (a newcomer's loss would raise nobody: test_rating_farming)
    match = _finished_by_hand([alice, bob, carol], scores=[30, 12, 12], winners=[0])
    with transaction.atomic():
        changes = {change.user_id: change for change in rate_match(match.pk)}
    expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()], [MODEL.rating()]], ranks=[1, 2, 2])
    for person, (figures,) in zip([alice, bob, carol], expected, strict=True):
        rating = Rating.objects.get(user=person, game="origins")
        assert (rating.mu, rating.sigma) == pytest.approx((figures.mu, figures.sigma))
        assert (changes[person.pk].mu, changes[person.pk].sigma) == pytest.approx((figures.mu, figures.sigma))
        assert rating.played == 21
    assert changes[bob.pk].rank == changes[carol.pk].rank == 2 and changes[alice.pk].rank == 1
    assert Rating.objects.get(user=bob).mu == pytest.approx(Rating.objects.get(user=carol).mu)  # tied, moved alike


def test_a_second_match_starts_from_the_first_ones_ratings(alice, bob, carol):
    established(alice, bob, carol, game="origins")
    rate_match(_finished_by_hand([alice, bob, carol], [30, 12, 12], [0]).pk)
    before = {r.user_id: MODEL.rating(mu=r.mu, sigma=r.sigma) for r in Rating.objects.all()}
    rate_match(_finished_by_hand([carol, bob], [5, 9], [1]).pk)  # carol sits first this time
    (c,), (b,) = MODEL.rate([[before[carol.pk]], [before[bob.pk]]], ranks=[2, 1])
    assert Rating.objects.get(user=carol).mu == pytest.approx(c.mu)
    assert Rating.objects.get(user=bob).mu == pytest.approx(b.mu)
    assert Rating.objects.get(user=bob).played == 22 and Rating.objects.get(user=alice).played == 21


def test_winners_come_first_then_scores_and_equal_scores_tie():
    def seat(score, won=False):
        return MatchSeat(score=score, is_winner=won)
    assert ranks_of([seat(3), seat(9, won=True), seat(5)]) == [3, 1, 2]
    assert ranks_of([seat(4, won=True), seat(4, won=True), seat(1)]) == [1, 1, 2]  # a shared win
    assert ranks_of([seat(2, won=True), seat(7), seat(7), seat(None)]) == [1, 2, 2, 3]


def test_the_shown_rating_is_the_conservative_ordinal_on_a_friendly_scale():
    assert shown_rating(MODEL.mu, MODEL.sigma) == 1000  # a newcomer: mu - 3 sigma = 0
    assert shown_rating(30, 2) == round(40 * (30 - 6) + 1000)
    assert shown_rating(30, 6) < shown_rating(30, 2)  # less sure, shown lower


def test_a_rating_is_provisional_for_its_first_ten_games():
    assert PROVISIONAL_GAMES == 10
    assert is_provisional(9) and not is_provisional(10)


def test_the_last_move_of_a_rated_match_rates_it_once(alice, bob, carol):
    established(alice, bob, carol, game="chronicle")
    match = finish(rated_match("chronicle", [alice, bob, carol]))
    changes = list(RatingChange.objects.filter(match=match))
    assert len(changes) == 3 and Rating.objects.count() == 3
    winners = {seat.user_id for seat in MatchSeat.objects.filter(match=match, is_winner=True)}
    assert {change.user_id for change in changes if change.rank == 1} == winners
    assert all(change.mu > change.mu_before for change in changes if change.user_id in winners)


def test_finishing_the_same_match_twice_rates_it_once(alice, bob):
    match, seat, move = play_until_the_last_move(rated_match("chronicle", [alice, bob]))
    assert do_move(match.pk, seat, move, match.version).ok
    assert not do_move(match.pk, seat, move, match.version).ok  # the same last move again: refused
    assert rate_match(match.pk) == []  # and asking the service again changes nothing
    assert RatingChange.objects.filter(match=match).count() == 2
    assert set(Rating.objects.values_list("played", flat=True)) == {1}


def test_a_seat_handed_to_a_bot_is_still_rated_for_its_person(alice, bob):
    """Decision (written on the leaderboard page): leaving a match does not dodge its result."""
    match = finish(rated_match("chronicle", [alice, bob]))  # ``finish`` hands both seats to bots, as a vote does
    assert MatchSeat.objects.filter(match=match, bot_by="vote").count() == 2
    assert set(RatingChange.objects.filter(match=match).values_list("user__username", flat=True)) == {"alice", "bob"}


def test_unrated_matches_move_no_rating(alice, bob):
    plain = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=3)
    finish(plain)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_rated_match_never_has_a_guest_a_bot_a_lone_player_or_a_co_operative_game(alice, bob, make_user):
    guest = make_user("wanderer", is_guest=True)
    refusals = {
        "guest": ("chronicle", [SeatSpec("alice", alice), SeatSpec("wanderer", guest)]),
        "bot": ("chronicle", [SeatSpec("alice", alice), SeatSpec("Random bot 1", bot="random")]),
        "at least two": ("chronicle", [SeatSpec("alice", alice)]),
        "co-operative": ("live_on", [SeatSpec("alice", alice), SeatSpec("bob", bob)]),
    }
    for words, (game, seats) in refusals.items():
        with pytest.raises(NotRateable, match=words):
            do_start_match(game, seats, rated=True)
    assert not Match.objects.exists()


def test_an_aborted_match_is_not_rated(alice, bob):
    match = rated_match("chronicle", [alice, bob])
    Match.objects.filter(pk=match.pk).update(status=Match.Status.ABORTED, outcome={"aborted": True})
    assert rate_match(match.pk) == [] and not Rating.objects.exists()
