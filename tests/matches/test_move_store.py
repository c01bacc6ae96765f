"""The move's own read and write (hand-written SQL on PostgreSQL, the ORM elsewhere) agree with the ORM, and the
questions they carry (is the mover still signed in; who listens, after the write) get the answers asked alone."""

import hashlib
from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.utils import timezone

from apps.accounts.sessions import SessionEnded
from apps.matches.domain import checks, move_store
from apps.matches.domain import presence as liveness
from apps.matches.domain.deeds import SeatSpec, do_move, do_start_match
from apps.matches.engine import engine
from apps.matches.models import Match, MatchSeat, MoveLog, Presence

pytestmark = pytest.mark.django_db
RULES = engine("chronicle")


def test_load_gives_the_match_and_its_seats_as_the_orm_does(alice, bob):
    match = do_start_match("chronicle",
                           [SeatSpec("alice", alice), SeatSpec("Ada", None, "random"), SeatSpec("bob", bob)],
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


def test_the_state_is_stored_as_the_text_its_digest_was_taken_of(duel):
    """A move writes its state once (``checks.state_text``): its digest is of that text, which is stored as it is."""
    seat = RULES.active_seats(duel.state)[0]
    plan = checks.check_move(duel, [], seat, RULES.legal_moves(duel.state, seat)[0], 0, "", None)
    assert isinstance(plan, checks.PlannedMove) and plan.state_text is not None
    assert plan.log["state_digest"] == hashlib.sha256(plan.state_text).hexdigest() == checks.state_digest(
        plan.fields["state"])
    assert move_store.write(duel.pk, 0, plan.fields, plan.log, plan.state_text)
    assert Match.objects.get(pk=duel.pk).state == plan.fields["state"]
    if connection.vendor == "postgresql":  # (json keeps the text it is given)
        with connection.cursor() as cursor:
            cursor.execute("SELECT state::text FROM matches_match WHERE id = %s", [duel.pk])
            assert cursor.fetchone()[0].encode() == plan.state_text
    assert checks.state_text({1: "one"}) is None  # what orjson refuses is written by json instead, as before


def test_json_that_orjson_refuses_is_written_and_read_back_by_json(duel):
    """The state is written by orjson, which takes no integer beyond 64 bits: json writes those, and text that is not
    ASCII, floats and keys that are not strings come back as the ORM would give them."""
    state = {"big": 2**70, "name": "Ōtzi – ü", "ratio": 1e-05, "nested": [{"1": 2.5}], "n": -(2**63)}
    log = {"seat": 0, "move": {"pick": 2**65}, "client_id": "", "state_digest": "e" * 64}
    assert move_store.write(duel.pk, 0, {"state": state, "version": 1}, log)
    loaded, _ = move_store.load(duel.pk)
    assert loaded.state == state == Match.objects.get(pk=duel.pk).state
    assert type(loaded.state["big"]) is int and type(loaded.state["ratio"]) is float
    assert MoveLog.objects.get(match=duel).move == {"pick": 2**65}
    assert move_store.write(duel.pk, 1, {"state": {1: "one"}, "version": 2}, log | {"move": {}})
    assert move_store.load(duel.pk)[0].state == {"1": "one"}  # as json.dumps writes a key that is not a string


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
    duel = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=5)
    seat = RULES.active_seats(duel.state)[0]
    assert do_move(duel.pk, seat, RULES.legal_moves(duel.state, seat)[0], 0, "once").ok
    duel.refresh_from_db()
    seat = RULES.active_seats(duel.state)[0]
    reused = do_move(duel.pk, seat, RULES.legal_moves(duel.state, seat)[0], 1, "once")
    if seat == RULES.active_seats(RULES.setup(2, duel.seed, {}))[0]:
        assert reused.ok and reused.duplicate and reused.version == 1
    else:
        assert reused.code == "bad_request"
    duel.refresh_from_db()
    assert duel.version == 1 and MoveLog.objects.filter(match=duel).count() == 1
    assert do_move(duel.pk, seat, RULES.legal_moves(duel.state, seat)[0], 1, "twice").ok


def signed_in_key(user) -> str:
    client = Client()
    client.force_login(user)
    return client.session.session_key


def test_load_for_a_session_that_stands_gives_the_match(duel, alice):
    loaded, seats = move_store.load(duel.pk, (alice.pk, signed_in_key(alice)))
    assert (loaded.pk, loaded.state, [s.index for s in seats]) == (duel.pk, duel.state, [0, 1])


def test_load_refuses_a_session_that_no_longer_stands(duel, alice, bob):
    key = signed_in_key(alice)
    for user_id, session_key in [(bob.pk, key), (alice.pk, None), (alice.pk, ""), (alice.pk, "x" * 32)]:
        with pytest.raises(SessionEnded):
            move_store.load(duel.pk, (user_id, session_key))
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(seconds=1))
    with pytest.raises(SessionEnded):
        move_store.load(duel.pk, (alice.pk, key))
    with pytest.raises(SessionEnded):  # a signed-out socket hears that, not that the match is gone
        move_store.load(10**9, (alice.pk, key))


def test_load_refuses_a_banned_user_with_a_live_session(duel, alice):
    key = signed_in_key(alice)
    assert move_store.load(duel.pk, (alice.pk, key))[0] is not None
    type(alice).objects.filter(pk=alice.pk).update(is_active=False)
    with pytest.raises(SessionEnded):
        move_store.load(duel.pk, (alice.pk, key))


def test_load_of_a_match_that_does_not_exist_for_a_session_that_stands_gives_nothing(alice):
    assert move_store.load(10**9, (alice.pk, signed_in_key(alice))) == (None, [])


def played(match) -> tuple[dict, dict, dict]:
    seat = RULES.active_seats(match.state)[0]
    move = RULES.legal_moves(match.state, seat)[0]
    fields = {"state": RULES.apply(match.state, seat, move), "version": match.version + 1, "updated_at": timezone.now()}
    return fields, {"seat": seat, "move": move, "client_id": f"c{match.version}", "state_digest": ""}, move


@pytest.mark.django_db(transaction=True)
def test_the_read_after_a_write_sees_the_write_committed(alice, bob):
    duel = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=3)
    Presence.objects.create(channel_name="a", match=duel, seat=0, fmt="json")
    Presence.objects.create(channel_name="w", match=duel, seat=None, fmt="html")
    fields, log, _ = played(duel)
    written, rows = move_store.write_then_read(
        duel.pk, 0, fields, log, (f"SELECT version FROM {Match._meta.db_table} WHERE id = %s", [duel.pk]))
    assert written and rows == [(1,)]
    duel.refresh_from_db()
    fields, log, _ = played(duel)
    written, rows = move_store.write_then_read(duel.pk, 1, fields, log, liveness.listening_sql(duel.pk))
    assert written and set(rows) == liveness.listening(duel.pk) == {(0, "json"), (None, "html")}
    assert list(MoveLog.objects.filter(match=duel).values_list("version", flat=True).order_by("version")) == [1, 2]


@pytest.mark.django_db(transaction=True)
def test_a_write_that_does_not_land_reads_nothing_and_changes_nothing(alice, bob):
    duel = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=4)
    Presence.objects.create(channel_name="a", match=duel, seat=0, fmt="json")
    fields, log, _ = played(duel)
    assert move_store.write_then_read(duel.pk, 5, fields, log, liveness.listening_sql(duel.pk)) == (False, [])
    assert move_store.write_then_read(duel.pk, 0, fields, log, liveness.listening_sql(duel.pk))[0]
    duel.refresh_from_db()
    again, _, _ = played(duel)
    with pytest.raises(IntegrityError):  # the same move id again
        move_store.write_then_read(duel.pk, 1, again, log, liveness.listening_sql(duel.pk))
    duel.refresh_from_db()
    assert duel.version == 1 and duel.state == fields["state"] and MoveLog.objects.filter(match=duel).count() == 1
    # and the connection is fit for the next statement
    assert Match.objects.filter(pk=duel.pk).values_list("version", flat=True).get() == 1


def test_the_read_after_a_write_refuses_to_run_inside_a_transaction(duel):
    fields, log, _ = played(duel)
    with pytest.raises(AssertionError):
        move_store.write_then_read(duel.pk, 0, fields, log, liveness.listening_sql(duel.pk))
    duel.refresh_from_db()
    assert duel.version == 0


def test_a_moved_state_is_stored_compressed_with_lz4_where_the_server_has_it(duel):
    from django.db import DatabaseError, connection  # noqa: PLC0415 -- only this test asks the server

    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL column's compression")
    with connection.cursor() as cursor:
        try:
            with transaction.atomic():
                cursor.execute("CREATE TEMPORARY TABLE lz4_here (t text COMPRESSION lz4)")
        except DatabaseError:
            pytest.skip("this PostgreSQL server was built without LZ4")
    seat = RULES.active_seats(duel.state)[0]
    assert do_move(duel.pk, seat, RULES.legal_moves(duel.state, seat)[0], 0).ok
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_column_compression(state) FROM matches_match WHERE id = %s", [duel.pk])
        assert cursor.fetchone()[0] == "lz4"
