"""Taking back a step of one's own turn (``domain/undo.py``): only the mover's last steps, only while nothing was
revealed and no other seat acted; the log keeps both the step and its undo, and a replay rebuilds the same states.

The Origins match of seed 3 opens: alice plays a card (seen by all: never taken back), chooses where it takes her
(may be), selects a pawn (may be), migrates it (may be), ends her turn (never: bob is to act)."""

import json

import pytest
from channels.db import database_sync_to_async
from django.db import connections

from apps.matches.domain import replay
from apps.matches.domain.deeds import SeatSpec, do_bot_move, do_move, do_start_match
from apps.matches.domain.undo import do_undo
from apps.matches.engine import engine
from apps.matches.models import Match, MatchSeat, MoveLog
from tests.matches.test_consumer import connect, next_of

RULES = engine("origins")


def first_move(match_id: int) -> dict:
    match = Match.objects.get(pk=match_id)
    seat = RULES.active_seats(match.state)[0]
    return RULES.legal_moves(match.state, seat)[0]


def play(match_id: int, steps: int) -> None:
    for _ in range(steps):
        match = Match.objects.get(pk=match_id)
        seat = RULES.active_seats(match.state)[0]
        assert do_move(match_id, seat, first_move(match_id), match.version).ok


@pytest.fixture
def origins(alice, bob):
    return do_start_match("origins", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=3)


def state_of(match_id: int) -> tuple[int, dict, int | None]:
    match = Match.objects.get(pk=match_id)
    return match.version, match.state, match.undo_seat


@pytest.mark.django_db
def test_a_step_is_taken_back_and_the_log_keeps_both(origins):
    play(origins.pk, 3)  # play, choose, select
    version, before_select, _ = state_of(origins.pk)
    play(origins.pk, 1)  # migrate
    assert state_of(origins.pk)[2] == 0  # alice may take it back
    result = do_undo(origins.pk, 0, 4, "u1")
    assert result.ok and result.version == 5
    now_version, state, undo_seat = state_of(origins.pk)
    assert (now_version, state) == (5, before_select)
    assert undo_seat == 0  # the select before it may be taken back too
    undone, undo = MoveLog.objects.get(match=origins, version=4), MoveLog.objects.get(match=origins, version=5)
    assert (undone.undone_at, undo.undoes, undo.move) == (5, 4, {"type": "undo", "version": 4})
    match = Match.objects.get(pk=origins.pk)
    assert replay.states(match)[-1] == match.state
    assert [replay.state_at(match, v) for v in range(6)] == replay.states(match)


@pytest.mark.django_db
def test_several_steps_of_a_turn_are_taken_back_one_at_a_time(origins):
    play(origins.pk, 4)  # play, choose, select, migrate
    after_play = replay.states(Match.objects.get(pk=origins.pk))[1]
    for version in (4, 5, 6):  # migrate, select, choose
        assert do_undo(origins.pk, 0, version).ok
    version, state, undo_seat = state_of(origins.pk)
    assert (version, state, undo_seat) == (7, after_play, None)  # the card played was seen: it stays played
    refused = do_undo(origins.pk, 0, 7)
    assert (refused.ok, refused.code) == (False, "illegal_move")
    match = Match.objects.get(pk=origins.pk)
    assert replay.states(match)[-1] == match.state
    play(origins.pk, 1)  # the game goes on from there
    assert Match.objects.get(pk=origins.pk).version == 8


@pytest.mark.django_db
def test_what_was_revealed_is_never_taken_back(origins):
    play(origins.pk, 1)  # alice plays a card: everyone saw it
    assert state_of(origins.pk)[2] is None
    refused = do_undo(origins.pk, 0, 1)
    assert (refused.ok, refused.code, refused.version) == (False, "illegal_move", 1)
    assert MoveLog.objects.filter(match=origins).count() == 1


@pytest.mark.django_db
def test_once_another_seat_acts_nothing_is_taken_back(origins):
    play(origins.pk, 5)  # ... alice ends her turn
    assert state_of(origins.pk)[2] is None
    assert not do_undo(origins.pk, 0, 5).ok
    play(origins.pk, 2)  # bob plays and chooses
    assert state_of(origins.pk)[2] == 1
    refused = do_undo(origins.pk, 0, 7)  # alice cannot take back bob's step
    assert (refused.ok, refused.code) == (False, "illegal_move")
    assert do_undo(origins.pk, 1, 7).ok


@pytest.mark.django_db
@pytest.mark.parametrize(("version", "client_id", "code"), [
    (3, "", "stale_version"), ("3", "", "bad_request"), (None, "", "bad_request"), (True, "", "bad_request"),
    (4, "x" * 65, "bad_request"), (4, 7, "bad_request"), (99, "", "stale_version")])
def test_a_bad_or_stale_undo_changes_nothing(origins, version, client_id, code):
    play(origins.pk, 4)
    before = state_of(origins.pk)
    result = do_undo(origins.pk, 0, version, client_id)
    assert (result.ok, result.code) == (False, code)
    assert state_of(origins.pk) == before


@pytest.mark.django_db
def test_the_same_undo_sent_twice_is_applied_once(origins):
    play(origins.pk, 4)
    first, again = do_undo(origins.pk, 0, 4, "same"), do_undo(origins.pk, 0, 4, "same")
    assert first.ok and again.ok and again.duplicate and again.version == first.version == 5
    assert Match.objects.get(pk=origins.pk).version == 5
    assert not do_undo(origins.pk, 1, 5, "same").ok  # another seat's id


@pytest.mark.django_db
def test_a_bots_step_is_not_taken_back(origins):
    MatchSeat.objects.filter(match=origins, index=0).update(bot="heuristic")
    for _ in range(3):
        assert do_bot_move(origins.pk)
    assert state_of(origins.pk)[2] is None
    assert not do_undo(origins.pk, 0, 3).ok


@pytest.mark.django_db
def test_a_finished_match_takes_nothing_back(origins):
    play(origins.pk, 4)
    Match.objects.filter(pk=origins.pk).update(status=Match.Status.FINISHED)
    assert do_undo(origins.pk, 0, 4).code == "illegal_move"


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_an_undo_frame_is_answered_by_the_state_before_the_step(origins, alice, bob, carol):
    await database_sync_to_async(play)(origins.pk, 4)
    a, _ = await connect(origins.pk, alice)
    first = await next_of(a, "state")
    assert first["version"] == 4 and first.get("undo") is True
    b, _ = await connect(origins.pk, bob)
    assert "undo" not in await next_of(b, "state")  # only the mover is offered it
    await b.send_to(text_data=json.dumps({"type": "undo", "version": 4, "id": "b1"}))
    assert (await next_of(b, "error"))["code"] == "illegal_move"
    await a.send_to(text_data=json.dumps({"type": "undo", "version": 4, "id": "a1"}))
    frame = await next_of(a, "state")
    assert frame["version"] == 5 and frame.get("undo") is True
    notice = await next_of(b, "notice")
    assert notice["message"].startswith("alice took back a step")
    await a.send_to(text_data=json.dumps({"type": "undo"}))
    assert (await next_of(a, "error"))["code"] == "bad_request"
    c, _ = await connect(origins.pk, carol)
    await c.send_to(text_data=json.dumps({"type": "undo", "version": 5}))
    assert (await next_of(c, "error"))["code"] == "forbidden"
    for socket in (a, b, c):
        await socket.disconnect()
    await database_sync_to_async(connections.close_all)()


@pytest.mark.django_db
def test_the_replay_shows_the_step_taken_back_and_the_undo(client, origins, alice):
    play(origins.pk, 4)
    do_undo(origins.pk, 0, 4)
    client.force_login(alice)
    undone = client.get(f"/matches/{origins.pk}/replay/?move=4").content.decode()
    assert "taken back at move 5" in undone
    undo = client.get(f"/matches/{origins.pk}/replay/?move=5").content.decode()
    assert "alice took back move 4" in undo


@pytest.mark.django_db
def test_a_step_played_under_earlier_rules_is_not_taken_back(origins):
    play(origins.pk, 4)  # play, choose, select, migrate
    MoveLog.objects.filter(match=origins, version=2).update(state_digest="0" * 64)  # the rules have changed since
    result = do_undo(origins.pk, 0, 4, "u1")
    assert not result.ok and result.code == "illegal_move" and "earlier rules" in result.message
    assert state_of(origins.pk)[0] == 4  # nothing written
