"""The moderators' full view is worded for an onlooker; the players' own pages keep speaking to them."""

import pytest
from django.urls import reverse

from apps.matches.domain.deeds import SeatSpec, do_start_match

pytestmark = pytest.mark.django_db

PLAYER_WORDING = ("(you)", "Your turn", "Your table", "Your hand", "Your score pile", "Choose your first card",
                  "Your draw", "Your reward", "your turn")


def tables_of(page: str) -> str:
    return page[page.index('<div class="full-view">'):]


@pytest.mark.parametrize("game", ["chronicle", "innovation", "live_on", "stone_age", "origins"])
def test_the_full_view_names_each_seat_instead_of_saying_you(client, moderator, alice, bob, game):
    match = do_start_match(game, [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=20261123)
    client.force_login(moderator)
    page = client.get(reverse("moderation_full_view", args=[match.pk])).content.decode()
    assert "Seat 1: alice's hand" in page and "Seat 2: bob's hand" in page
    shown = tables_of(page)
    assert [words for words in PLAYER_WORDING if words in shown] == []


def test_the_innovation_full_view_still_shows_each_hand_under_the_players_name(client, moderator, alice, bob):
    match = do_start_match("innovation", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=20261123)
    client.force_login(moderator)
    shown = tables_of(client.get(reverse("moderation_full_view", args=[match.pk])).content.decode())
    assert "alice chooses a first card" in shown and "bob chooses a first card" in shown
    assert shown.count('class="in-row in-hand"') == 2


@pytest.mark.parametrize("game, words", [("chronicle", "(you)"), ("innovation", "Your table")])
def test_a_players_own_page_still_speaks_to_them(client, alice, bob, game, words):
    match = do_start_match(game, [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=20261123)
    client.force_login(alice)
    assert words in client.get(reverse("match", args=[match.pk])).content.decode()
