"""The players bar's facts, pushed in the presence frame: seats as they are now, away seats, when a vote counts."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from apps.matches.domain import seats
from apps.matches.live import push
from apps.matches.models import Match, MatchSeat
from apps.moderation import services as moderation

pytestmark = pytest.mark.django_db


def presence(match) -> dict:
    return json.loads(push.presence_frame(match.pk))


def away_for(match, index: int, seconds: float) -> None:
    MatchSeat.objects.filter(match=match, index=index).update(away_since=timezone.now() - timedelta(seconds=seconds))


def test_it_enables_hand_to_a_bot_only_when_the_server_accepts_the_vote(duel):
    away_for(duel, 1, duel.away_timeout - 0.4)
    [bob] = presence(duel)["away"]
    assert bob["vote_in"] >= 1
    assert seats.vote_to_bot(duel.pk, 0, 1).startswith("Wait")
    away_for(duel, 1, duel.away_timeout + 0.1)
    [bob] = presence(duel)["away"]
    assert bob["vote_in"] == 0
    assert seats.vote_to_bot(duel.pk, 0, 1) == ""


def test_it_shows_a_seat_handed_to_a_bot_in_the_presence_frame(duel):
    away_for(duel, 1, duel.away_timeout + 1)
    assert seats.vote_to_bot(duel.pk, 0, 1) == ""
    frame = presence(duel)
    assert {"seat": 1, "name": "bob", "bot": True} in frame["players"]
    assert {"seat": 0, "name": "alice", "bot": False} in frame["players"]
    assert frame["away"] == []


def test_a_finished_match_marks_nobody_away(duel):
    away_for(duel, 1, duel.away_timeout + 1)
    Match.objects.filter(pk=duel.pk).update(status=Match.Status.FINISHED)
    frame = presence(duel)
    assert frame["away"] == [] and frame["over"] is True


def test_a_moderator_handing_a_seat_to_a_bot_tells_the_table_at_once(duel, bob, moderator, monkeypatch,
                                                                     django_capture_on_commit_callbacks):
    told = []
    monkeypatch.setattr(push, "presence_changed", told.append)
    with django_capture_on_commit_callbacks(execute=True):
        moderation.ban(moderator, bob, "Rude to everyone.")
    assert told == [duel.pk]


def test_taking_a_seat_back_tells_the_table_at_once(duel, monkeypatch, django_capture_on_commit_callbacks):
    MatchSeat.objects.filter(match=duel, index=1).update(bot="random", bot_by="vote")
    told = []
    monkeypatch.setattr(push, "presence_changed", told.append)
    with django_capture_on_commit_callbacks(execute=True):
        assert seats.take_back(duel.pk, 1) == ""
    assert told == [duel.pk]
