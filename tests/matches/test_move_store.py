"""The move's own read and write (hand-written SQL on PostgreSQL, the ORM elsewhere) agree with the ORM."""

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.matches import move_store
from apps.matches.models import Match, MatchSeat, MoveLog
from apps.matches.registry import engine
from apps.matches.services import SeatSpec, start_match, submit_move

pytestmark = pytest.mark.django_db
RULES = engine("chronicle")


def test_load_gives_the_match_and_its_seats_as_the_orm_does(alice, bob):
    match = start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("Ada", None, "random"), SeatSpec("bob", bob)],
                        seed=7, options={"x": [1, "two"]})
    MatchSeat.objects.filter(match=match, index=2).update(bot="random", bot_by="vote")
    loaded, seats = move_store.load(match.pk)
    stored = Match.objects.get(pk=match.pk)
    for field in Match._meta.concrete_fields:
        assert getattr(loaded, field.attname) == getattr(stored, field.attname), field.attname
    assert [(s.id, s.match_id, s.index, s.name, s.bot, s.bot_by, s.user_id) for s in seats] == list(
        MatchSeat.objects.filter(match=match).order_by("index").values_list(
            "id", "match_id", "index", "name", "bot", "bot_by", "user_id"))
    assert [s.user_id for s in seats] == [alice.pk, None, bob.pk]


def test_load_of_a_match_that_does_not_exist_gives_nothing():
    assert move_store.load(10**9) == (None, [])


def test_write_sets_the_state_and_logs_the_move_together(duel):
    seat = RULES.active_seats(duel.state)[0]
    move = RULES.legal_moves(duel.state, seat)[0]
    state = RULES.apply(duel.state, seat, move)
    now = timezone.now()
    log = {"seat": seat, "move": move, "client_id": "w1", "state_digest": "d" * 64}
    assert move_store.write(duel.pk, 0, {"state": state, "version": 1, "updated_at": now}, log)
    duel.refresh_from_db()
    assert (duel.state, duel.version, duel.updated_at) == (state, 1, now)
    row = MoveLog.objects.get(match=duel)
    assert (row.version, row.seat, row.move, row.client_id, row.state_digest) == (1, seat, move, "w1", "d" * 64)
    assert abs(row.created_at - now) < timedelta(seconds=5)


def test_write_at_a_passed_version_writes_nothing(duel):
    log = {"seat": 0, "move": {"a": 1}, "client_id": "", "state_digest": ""}
    assert not move_store.write(duel.pk, 3, {"state": {"gone": True}, "version": 4}, log)
    duel.refresh_from_db()
    assert duel.version == 0 and "gone" not in duel.state and not MoveLog.objects.exists()


def test_write_with_a_used_move_id_raises_and_leaves_the_state_alone(duel):
    log = {"seat": 0, "move": {"a": 1}, "client_id": "same", "state_digest": ""}
    assert move_store.write(duel.pk, 0, {"state": {"v": 1}, "version": 1}, log)
    with pytest.raises(IntegrityError), transaction.atomic():
        move_store.write(duel.pk, 1, {"state": {"v": 2}, "version": 2}, log)
    duel.refresh_from_db()
    assert (duel.version, duel.state) == (1, {"v": 1})
    assert MoveLog.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_outside_any_transaction_a_move_and_a_reused_id_behave_as_inside_one(alice, bob):
    duel = start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=5)
    seat = RULES.active_seats(duel.state)[0]
    assert submit_move(duel.pk, seat, RULES.legal_moves(duel.state, seat)[0], 0, "once").ok
    duel.refresh_from_db()
    seat = RULES.active_seats(duel.state)[0]
    reused = submit_move(duel.pk, seat, RULES.legal_moves(duel.state, seat)[0], 1, "once")
    if seat == RULES.active_seats(RULES.setup(2, duel.seed, {}))[0]:
        assert reused.ok and reused.duplicate and reused.version == 1
    else:
        assert reused.code == "bad_request"
    duel.refresh_from_db()
    assert duel.version == 1 and MoveLog.objects.filter(match=duel).count() == 1
    assert submit_move(duel.pk, seat, RULES.legal_moves(duel.state, seat)[0], 1, "twice").ok
