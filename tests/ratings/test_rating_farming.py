"""Ratings resist farming with throwaway accounts (issue 37, item 4):
- a match between accounts that entered from one browser, or from one network lately, is played unrated, and the
  lobby says so before the start;
- beating (or tying with) a newcomer - an account less than a day old, or with fewer than five rated matches in
  the game - does not raise a rating; losing to one counts as usual;
- the leaderboard lists only players with at least five rated matches, and says so."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from apps.accounts import ban_evasion
from apps.accounts.models import Sighting
from apps.lobbies import services as lobbies
from apps.matches.models import Match
from apps.ratings.models import Rating, RatingChange
from apps.ratings.scale import LEADERBOARD_GAMES, MODEL, NEWCOMER_GAMES, shown_rating
from apps.ratings.services import NotRateable, rate_match
from tests.ratings.play import established, rated_match, won_by

pytestmark = pytest.mark.django_db
HOME, CAFE, ELSEWHERE = "198.51.100.1", "198.51.100.2", "203.0.113.3"
LINKED = "entered from the same browser or network"


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.SIGNUP_CREATE_LIMIT = (100, 3600)  # the farmer's sign-ups are not what these tests are about


def seen(user, device: str, address: str, days_ago: float = 0) -> None:
    sighting = ban_evasion.record(user, device, address)
    Sighting.objects.filter(pk=sighting.pk).update(seen_at=timezone.now() - timedelta(days=days_ago))


def rated_lobby_of(host, guest, game="chronicle"):
    lobby = lobbies.create_lobby(host, game, 2, is_public=True, rated=True)
    lobbies.join(lobby.pk, guest)
    return lobby


def mu_sigma(user, game="origins") -> tuple[float, float]:
    rating = Rating.objects.get(user=user, game=game)
    return rating.mu, rating.sigma


# --- one browser, one network ---------------------------------------------------------------------------------------

def test_a_match_between_accounts_from_one_browser_is_unrated_and_the_lobby_says_so_before_the_start(
        client, alice, bob):
    seen(alice, "browser-1", HOME, days_ago=200)  # the same browser, however long ago, and from another network
    seen(bob, "browser-1", ELSEWHERE)
    lobby = rated_lobby_of(alice, bob)
    client.force_login(bob)
    page = client.get(lobby.get_absolute_url()).content.decode()
    assert ">Unrated for now<" in page and LINKED in page
    assert "alice" not in page.split(LINKED)[0].rsplit("<small", 1)[-1]  # who shares what is not told
    assert not lobbies.start(lobby.pk, alice).rated


def test_a_network_shared_this_week_makes_the_match_unrated_but_one_shared_long_ago_does_not(alice, bob, carol):
    seen(alice, "browser-a", HOME, days_ago=3)
    seen(bob, "browser-b", HOME)
    assert not lobbies.start(rated_lobby_of(alice, bob).pk, alice).rated
    seen(carol, "browser-c", CAFE, days_ago=30)
    seen(alice, "browser-a", CAFE)
    assert lobbies.start(rated_lobby_of(alice, carol).pk, alice).rated


def test_an_ipv6_household_is_one_network(alice, bob):
    seen(alice, "browser-a", "2001:db8:1:2::a")
    seen(bob, "browser-b", "2001:db8:1:2:ffff::b")  # the same /64: one home's network
    assert not lobbies.start(rated_lobby_of(alice, bob).pk, alice).rated


def test_players_from_other_browsers_and_networks_play_rated(alice, bob):
    seen(alice, "browser-a", HOME)
    seen(bob, "browser-b", ELSEWHERE)
    assert lobbies.start(rated_lobby_of(alice, bob).pk, alice).rated


def test_the_host_cannot_ask_for_rated_while_linked_accounts_sit(alice, bob):
    seen(alice, "browser-1", HOME)
    seen(bob, "browser-1", HOME)
    lobby = lobbies.create_lobby(alice, "chronicle", 2, is_public=True)
    lobbies.join(lobby.pk, bob)
    with pytest.raises(lobbies.LobbyError, match=LINKED):
        lobbies.set_rated(lobby.pk, alice, True)


def test_a_rated_match_is_never_started_for_linked_accounts(alice, bob):
    seen(alice, "browser-1", HOME)
    seen(bob, "browser-1", CAFE)
    with pytest.raises(NotRateable, match=LINKED):
        rated_match("origins", [alice, bob])
    assert not Match.objects.exists()


# --- newcomers ------------------------------------------------------------------------------------------------------

def test_a_win_over_an_account_younger_than_a_day_does_not_raise_a_rating(alice, bob):
    established(alice, game="origins", mu=30, sigma=3)
    established(bob, game="origins", played=NEWCOMER_GAMES)
    get_user_model().objects.filter(pk=bob.pk).update(date_joined=timezone.now() - timedelta(hours=23))
    rate_match(won_by(rated_match("origins", [alice, bob]), 0).pk)
    assert mu_sigma(alice) == (30, 3)
    assert Rating.objects.get(user=alice, game="origins").played == 21  # a rated match all the same
    (expected_bob,) = MODEL.rate([[MODEL.rating(mu=30, sigma=3)], [MODEL.rating()]], ranks=[1, 2])[1]
    assert mu_sigma(bob) == pytest.approx((expected_bob.mu, expected_bob.sigma))  # the loser's loss counts


def test_a_win_over_a_player_with_fewer_than_five_rated_games_does_not_raise_a_rating(alice, bob):
    assert NEWCOMER_GAMES == 5
    established(alice, game="origins", mu=30, sigma=3)
    established(bob, game="origins", played=NEWCOMER_GAMES - 1)  # an old account, new to this game
    rate_match(won_by(rated_match("origins", [alice, bob]), 0).pk)
    assert mu_sigma(alice) == (30, 3)
    change = RatingChange.objects.get(user=alice)
    assert change.delta == 0 and (change.mu, change.sigma) == (change.mu_before, change.sigma_before)


def test_a_draw_with_a_newcomer_does_not_raise_a_rating_either(alice, bob):
    established(alice, game="origins")
    match = rated_match("origins", [alice, bob])
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, outcome={"scores": [5, 5], "winners": []})
    match.seats.update(score=5)
    rate_match(match.pk)
    assert mu_sigma(alice) == (MODEL.mu, MODEL.sigma)


def test_a_loss_to_a_newcomer_counts_as_usual_and_the_newcomer_gains(alice, bob):
    established(alice, game="origins", mu=30, sigma=3)
    rate_match(won_by(rated_match("origins", [alice, bob]), 1).pk)
    (a,), (b,) = MODEL.rate([[MODEL.rating(mu=30, sigma=3)], [MODEL.rating()]], ranks=[2, 1])
    assert mu_sigma(alice) == pytest.approx((a.mu, a.sigma))
    assert mu_sigma(bob) == pytest.approx((b.mu, b.sigma))


def test_at_a_table_of_three_only_the_newcomers_a_player_beat_are_set_aside_for_that_player(alice, bob, carol):
    established(alice, bob, game="origins")
    match = rated_match("origins", [alice, carol, bob])  # carol is new: she finishes between alice and bob
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED,
                                             outcome={"scores": [9, 5, 1], "winners": [0]})
    for seat in match.seats.all():
        seat.score, seat.is_winner = [9, 5, 1][seat.index], seat.index == 0
        seat.save()
    rate_match(match.pk)
    everyone = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=[1, 2, 3])
    without_carol = MODEL.rate([[MODEL.rating()] for _ in range(2)], ranks=[1, 2])
    assert mu_sigma(alice) == pytest.approx((without_carol[0][0].mu, without_carol[0][0].sigma))
    assert mu_sigma(bob) == pytest.approx((everyone[2][0].mu, everyone[2][0].sigma))  # carol beat bob: it counts
    assert mu_sigma(carol) == pytest.approx((everyone[1][0].mu, everyone[1][0].sigma))


def test_wins_between_players_past_their_first_day_and_five_games_count_in_full(alice, bob):
    established(alice, bob, game="origins", played=NEWCOMER_GAMES)
    get_user_model().objects.filter(pk=bob.pk).update(date_joined=timezone.now() - timedelta(hours=25))
    rate_match(won_by(rated_match("origins", [alice, bob]), 0).pk)
    (a,), _ = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    assert mu_sigma(alice) == pytest.approx((a.mu, a.sigma))


# --- the leaderboard ------------------------------------------------------------------------------------------------

def test_the_leaderboard_lists_only_players_with_five_rated_games_and_says_so(client, alice, bob):
    assert LEADERBOARD_GAMES == 5
    Rating.objects.create(user=alice, game="stone_age", mu=30, sigma=2, played=5)
    Rating.objects.create(user=bob, game="stone_age", mu=45, sigma=2, played=4)  # higher, but only four games
    page = client.get("/games/stone_age/leaderboard/").content.decode()
    assert 'href="/players/alice/"' in page and 'href="/players/bob/"' not in page
    assert "Only players with at least 5 rated matches in a game are listed" in page
    client.force_login(bob)
    page = client.get("/games/stone_age/leaderboard/").content.decode()
    assert "You will be listed after 5 rated matches: you have played 4." in page


def test_the_ratings_page_states_the_newcomer_rule(client):
    page = client.get("/games/origins/leaderboard/").content.decode()
    assert "less than a day old or with fewer than 5 rated matches" in page
    assert "same browser or network" in page


# --- the attack, replayed -------------------------------------------------------------------------------------------

def sign_up(browser: Client, name: str, address: str):
    browser.post("/accounts/logout/")
    response = browser.post("/accounts/signup/", {"username": name, "password1": "a-long-secret-9",
                                                  "password2": "a-long-secret-9"}, REMOTE_ADDR=address)
    assert response.status_code == 302, response.content.decode()[:500]
    return get_user_model().objects.get(username=name)


def test_eight_rated_wins_over_fresh_accounts_from_the_farmers_browser_move_nothing_and_list_nobody(client):
    browser = Client()
    farmer = sign_up(browser, "Farmer", HOME)
    throwaways = [sign_up(browser, f"Throwaway{i}", HOME) for i in range(8)]
    for throwaway in throwaways:
        lobby = lobbies.create_lobby(farmer, "origins", 2, is_public=True, rated=True)
        lobbies.join(lobby.pk, throwaway)
        assert LINKED in client.get(lobby.get_absolute_url()).content.decode()  # said before the start
        match = lobbies.start(lobby.pk, farmer)
        assert not match.rated
        assert rate_match(won_by(match, 0).pk) == []
    assert not Rating.objects.filter(user=farmer).exists()
    assert "Farmer" not in client.get("/games/origins/leaderboard/").content.decode()


def test_eight_rated_wins_over_fresh_accounts_from_other_networks_leave_the_farmers_rating_where_it_was(client, alice):
    established(alice, game="origins", mu=30, sigma=3)
    before = shown_rating(30, 3)
    for i in range(8):  # each throwaway from a browser and an address of its own (a VPN)
        throwaway = sign_up(Client(), f"Throwaway{i}", f"203.0.113.{10 + i}")
        match = lobbies.start(rated_lobby_of(alice, throwaway, game="origins").pk, alice)
        assert match.rated
        rate_match(won_by(match, 0).pk)
    assert mu_sigma(alice) == (30, 3) and Rating.objects.get(user=alice, game="origins").shown == before
    assert RatingChange.objects.filter(user=alice).count() == 8
