"""The leaderboard (contract: /games/<slug>/leaderboard/) and the profile (contract: /players/<username>/)."""

import pytest

from apps.accounts.services import create_guest
from apps.lobbies import services as lobbies
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.models import Match
from apps.ratings.models import Rating, RatingChange
from tests.ratings.play import finish, rated_match

pytestmark = pytest.mark.django_db


def test_the_leaderboard_ranks_by_shown_rating_with_games_played_and_provisional_marked(client, alice, bob, carol):
    Rating.objects.create(user=alice, game="stone_age", mu=30, sigma=2, played=40)   # 1960
    Rating.objects.create(user=bob, game="stone_age", mu=40, sigma=8, played=6)      # 1640: high mu, unsure
    Rating.objects.create(user=carol, game="chronicle", mu=50, sigma=1, played=40)   # another game's scale
    page = client.get("/games/stone_age/leaderboard/").content.decode()
    assert page.index('href="/players/alice/"') < page.index('href="/players/bob/"')
    assert "carol" not in page
    assert "1960" in page and "1640" in page and "40 games" in page and "6 games" in page
    bob_row = page.split('href="/players/bob/"')[1].split("</li>")[0]
    alice_row = page.split('href="/players/alice/"')[1].split("</li>")[0]
    assert 'class="provisional"' in bob_row and 'class="provisional"' not in alice_row
    assert "fewer than 10 rated matches" in page


def test_the_leaderboard_leaves_out_banned_accounts(client, alice):
    Rating.objects.create(user=alice, game="origins", mu=30, sigma=2, played=40)
    alice.is_active = False
    alice.save()
    assert "alice" not in client.get("/games/origins/leaderboard/").content.decode()


def test_the_leaderboard_writes_down_who_is_rated_and_the_bot_seat_rule(client):
    page = client.get("/games/chronicle/leaderboard/").content.decode()
    assert "still rated for the person who sat there" in page
    assert "a table with a guest or a bot is never rated" in page
    assert "Nobody has played 5 rated Chronicle matches yet" in page


def test_live_ons_leaderboard_says_it_is_not_rated(client):
    response = client.get("/games/live_on/leaderboard/")
    assert response.status_code == 200 and "not rated" in response.content.decode()


@pytest.mark.parametrize("url", ["/games/nonsense/leaderboard/", "/players/nobody/", "/games/x%20y/leaderboard/"])
def test_unknown_games_and_players_are_not_found(client, url):
    assert client.get(url).status_code == 404


def test_the_home_page_links_each_rated_games_leaderboard(client):
    page = client.get("/").content.decode()
    assert "/games/chronicle/leaderboard/" in page and "/games/live_on/leaderboard/" not in page


def test_a_profile_shows_joined_record_rating_history_chart_and_replays(client, alice, bob):
    matches = [finish(rated_match("chronicle", [alice, bob], seed=seed)) for seed in (1, 2, 3)]
    page = client.get("/players/alice/").content.decode()
    assert "Playing since" in page
    assert "3 played" in page and "3 rated" in page and "provisional until 10" in page
    assert page.count("<svg") == 1 and "<polyline" in page and "over 3 rated matches" in page
    rating = Rating.objects.get(user=alice, game="chronicle")
    assert f"<strong>{rating.shown}</strong>" in page
    for match in matches:
        assert f'href="/matches/{match.pk}/replay/"' in page
    assert "/games/chronicle/leaderboard/" in page


def test_a_profile_counts_wins_per_game(client, alice, bob):
    match = finish(do_start_match("origins", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=4))
    won = match.seats.get(user=alice).is_winner
    page = client.get("/players/alice/").content.decode()
    assert f"1 played · {1 if won else 0} won" in page
    assert "<svg" not in page  # an unrated match draws no rating


def test_a_guests_profile_says_it_is_a_guest(client):
    create_guest("Wanderer")
    page = client.get("/players/Wanderer/").content.decode()
    assert "A guest, without an account" in page


def test_own_pace_matches_in_progress_are_listed(client, alice, bob):
    match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], pace=Match.Pace.OWN_PACE)
    page = client.get("/players/bob/").content.decode()
    assert "Playing at their own pace" in page and f'href="/matches/{match.pk}/"' in page


def test_a_private_match_is_on_a_profile_only_for_those_who_may_see_it(client, alice, bob, carol):
    lobby = lobbies.create_lobby(alice, "chronicle", 2, is_public=False, rated=True, pace=Match.Pace.OWN_PACE)
    lobbies.join(lobby.pk, bob)
    running = lobbies.start(lobby.pk, alice)
    client.force_login(carol)
    assert f"/matches/{running.pk}/" not in client.get("/players/alice/").content.decode()
    finish(running)
    assert f"/matches/{running.pk}/" not in client.get("/players/alice/").content.decode()
    client.force_login(bob)
    assert f"/matches/{running.pk}/replay/" in client.get("/players/alice/").content.decode()


def test_the_old_profile_address_leads_to_the_new_one(client, alice):
    response = client.get("/accounts/u/alice/")
    assert response.status_code == 301 and response.url == "/players/alice/"


def test_player_names_link_to_profiles_at_the_table_on_home_and_in_the_replay_but_bots_do_not(client, alice, bob):
    match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob),
                                         SeatSpec("Random bot 1", bot="random")])
    for url in (f"/matches/{match.pk}/", "/", f"/matches/{match.pk}/replay/"):
        page = client.get(url).content.decode()
        assert 'href="/players/alice/"' in page and 'href="/players/bob/"' in page, url
        assert 'href="/players/Random' not in page, url


def test_a_rated_match_says_so_on_its_page_and_its_story_shows_each_rating_change(client, alice, bob):
    match = rated_match("origins", [alice, bob], seed=9)
    Match.objects.filter(pk=match.pk).update(clock={"kind": "real_time", "base_ms": 1_200_000,
                                                    "increment_ms": 20_000, "remaining_ms": [1, 1], "running": [0],
                                                    "since": 0})
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'class="badge rated"' in page and "20 min + 20 s" in page
    finish(Match.objects.get(pk=match.pk))
    story = client.get(f"/matches/{match.pk}/story/").content.decode()
    for change in RatingChange.objects.filter(match=match):
        sign = "+" if change.delta >= 0 else ""
        assert f"{change.shown_before} → <strong>{change.shown}</strong>" in story
        assert f"({sign}{change.delta})" in story
    assert story.count('class="provisional"') == 2  # both players' first rated match


def test_an_unrated_match_shows_no_rating_badge_nor_changes(client, alice, bob):
    match = do_start_match("origins", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=9)
    client.force_login(alice)
    assert 'class="badge rated"' not in client.get(f"/matches/{match.pk}/").content.decode()
    finish(match)
    assert "rating-changes" not in client.get(f"/matches/{match.pk}/story/").content.decode()


def test_the_leaderboard_pages_by_fifty_and_tells_a_player_their_place(client, make_user):
    players = [make_user(f"p{i:03d}") for i in range(120)]
    Rating.objects.bulk_create(Rating(user=user, game="stone_age", mu=40 - i * 0.1, sigma=2, played=20)
                               for i, user in enumerate(players))
    first = client.get("/games/stone_age/leaderboard/").content.decode()
    assert first.count('<li class="board-row') == 50 and "Page 1 of 3" in first and "p049" in first
    assert "p050" not in first and '<ol class="board-rows" start="1">' in first
    last = client.get("/games/stone_age/leaderboard/?page=3").content.decode()
    assert last.count('<li class="board-row') == 20 and '<span class="place">101</span>' in last and "p119" in last
    assert "Page 3 of 3" in client.get("/games/stone_age/leaderboard/?page=99").content.decode()  # the last page
    assert "Page 1 of 3" in client.get("/games/stone_age/leaderboard/?page=abc").content.decode()
    client.force_login(players[75])
    page = client.get("/games/stone_age/leaderboard/").content.decode()
    assert 'You are <a href="?page=2">number 76</a>' in page
    assert "You are" not in client.get("/games/stone_age/leaderboard/?page=2").content.decode()


def test_the_lobby_shows_each_seated_players_rating_in_its_game(client, alice, bob):
    Rating.objects.create(user=alice, game="chronicle", mu=30, sigma=2, played=40)
    Rating.objects.create(user=alice, game="origins", mu=10, sigma=2, played=40)  # another game: not shown
    lobby = lobbies.create_lobby(alice, "chronicle", 2, is_public=True)
    lobbies.join(lobby.pk, bob)
    client.force_login(bob)
    page = client.get(f"/lobbies/{lobby.pk}/").content.decode()
    alice_seat, bob_seat = page.split('<ol class="seats">')[1].split("</li>")[:2]
    assert 'title="Chronicle rating">1960</span>' in alice_seat
    assert 'title="No rated Chronicle match yet">new</span>' in bob_seat
