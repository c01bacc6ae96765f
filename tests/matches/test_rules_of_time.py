"""The rules of time are written down where a player meets a clock: one help page, linked from the clock of a timed
table, from the lobby form's clock field and from each game's rules; and the table offers "Take my seat back" only
when it would be taken, saying why not otherwise. Time is the tests' own (``timekeeper.now_ms``)."""

import json

import pytest
from django.urls import reverse

from apps.matches.domain import seats, timekeeper
from apps.matches.domain.deeds import SeatSpec, do_move, do_start_match
from apps.matches.engine import clock, engine
from apps.matches.live import frames
from apps.matches.models import Match, MatchSeat
from tests.matches.conftest import T0

RULES = engine("chronicle")
TAKE_BACK = 'data-action="take_back"'


def timed(alice, bob, control: str, rated: bool = False) -> Match:
    return do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=20261124,
                          time_control=control, rated=rated)


def bot_answers(match_id: int, seat: int) -> None:
    """The seat's bot plays its whole turn."""
    while seat in RULES.active_seats(Match.objects.get(pk=match_id).state):
        match = Match.objects.get(pk=match_id)
        assert do_move(match_id, seat, RULES.legal_moves(match.state, seat)[0], match.version, by_bot=True).ok


def table_of(match_id: int, seat: int) -> str:
    return json.loads(frames.frame_for(Match.objects.get(pk=match_id), seat, "html"))["html"]


@pytest.mark.django_db
def test_the_rules_of_time_page_says_what_running_out_of_time_costs(client):
    page = client.get("/help/time/").content.decode()
    assert "<h1>Rules of time</h1>" in page
    for said in ("lose on time", "one turn of grace", "coming back never refills a clock", "rank last"):
        assert said in page


@pytest.mark.django_db
def test_the_lobby_forms_clock_says_what_a_rated_missed_deadline_costs_and_links_the_rules(client, alice):
    client.force_login(alice)
    page = client.get(reverse("new_lobby", args=["chronicle"])).content.decode()
    assert 'href="/help/time/"' in page
    assert "one turn of grace" in page and "loses on time" in page


@pytest.mark.django_db
def test_each_games_rules_link_the_rules_of_time(client):
    assert 'href="/help/time/"' in client.get(reverse("game_rules", args=["chronicle"])).content.decode()


@pytest.mark.django_db
def test_a_timed_tables_clock_leads_to_the_rules_of_time(client, alice, bob):
    match = timed(alice, bob, "rt:10+5")
    client.force_login(alice)
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'class="badge clock-choice" href="/help/time/"' in page


@pytest.mark.django_db
def test_take_back_is_not_offered_while_the_bot_answers_nor_once_the_real_time_clock_is_empty(alice, bob, now):
    match = timed(alice, bob, "rt:1+0")
    late = RULES.active_seats(match.state)[0]
    now.at = T0 + clock.MINUTE + 1
    assert seats.vote_to_bot(match.pk, 1 - late, late) == ""
    table = table_of(match.pk, late)
    assert TAKE_BACK not in table and seats.BOT_ANSWERING in table
    bot_answers(match.pk, late)
    table = table_of(match.pk, late)
    assert TAKE_BACK not in table and seats.CLOCK_RAN_OUT in table
    assert seats.take_back(match.pk, late) == seats.CLOCK_RAN_OUT  # (as the page said)


@pytest.mark.django_db
def test_take_back_is_offered_once_the_bot_answered_for_a_seat_with_time_left(alice, bob, now):
    match = timed(alice, bob, "rt:1+0")
    away = RULES.active_seats(match.state)[0]
    MatchSeat.objects.filter(match=match, index=away).update(away_since="2000-01-01T00:00:00Z")
    now.at = T0 + 20_000
    assert seats.vote_to_bot(match.pk, 1 - away, away) == ""
    assert TAKE_BACK not in table_of(match.pk, away)
    bot_answers(match.pk, away)
    assert TAKE_BACK in table_of(match.pk, away)
    assert seats.take_back(match.pk, away) == ""


@pytest.mark.django_db
def test_a_rated_own_pace_seat_handed_over_at_its_deadline_is_told_to_come_back_before_its_next_turn(
        alice, bob, now):
    match = timed(alice, bob, "days:1", rated=True)
    late = RULES.active_seats(match.state)[0]
    now.at = T0 + clock.DAY + 1
    assert timekeeper.hand_over_expired() == [match.pk]
    bot_answers(match.pk, late)
    table = table_of(match.pk, late)
    assert "Take your seat back before your next turn, or you lose on time." in table and TAKE_BACK in table
