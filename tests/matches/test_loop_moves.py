"""Moves played on the event loop (PostgreSQL only) answer as the database thread does, write the same rows, push
the same frames, and hand the thread whatever is rarer: resends, last moves, lost races, failed connections."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.contrib.sessions.models import Session
from django.db import connection
from django.utils import timezone

from apps.accounts.sessions import SessionEnded
from apps.matches.domain import checks, deeds, loop_db, match_cache, presence
from apps.matches.engine import engine
from apps.matches.live import push
from apps.matches.models import Match, MatchSeat, MoveLog, Presence
from tests.matches.test_consumer import connect
from tests.matches.test_move_store import signed_in_key

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]
RULES = engine("chronicle")


@pytest.fixture(autouse=True)
def postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip("moves are played on the loop only on PostgreSQL")


@database_sync_to_async
def fresh(match_id: int) -> Match:
    return Match.objects.get(pk=match_id)


@database_sync_to_async
def logged(match_id: int) -> list[tuple]:
    return list(MoveLog.objects.filter(match_id=match_id).order_by("version").values_list(
        "version", "seat", "move", "client_id", "state_digest"))


def next_move(match: Match) -> tuple[int, dict]:
    seat = RULES.active_seats(match.state)[0]
    return seat, RULES.legal_moves(match.state, seat)[0]


async def signed_in(user) -> tuple[int, str]:
    return user.pk, await database_sync_to_async(signed_in_key)(user)


async def submit(*args) -> tuple[checks.MoveResult, list] | deeds.ToThread:
    """``deeds.ado_move``'s answer with the frames it pushed, collected as the consumer collects them."""
    with push.deferred() as pushes:
        answer = await deeds.ado_move(*args)
    return answer if isinstance(answer, deeds.ToThread) else (answer, pushes)


async def test_a_legal_move_writes_what_the_thread_writes_and_pushes_to_who_listens(duel, alice, bob):
    await database_sync_to_async(Presence.objects.create)(channel_name="spec-1", match=duel, seat=None, fmt="json")
    seat, move = next_move(duel)
    mover = alice if seat == 0 else bob
    result, pushes = await submit(duel.pk, seat, move, 0, "m1", await signed_in(mover))
    assert result == checks.MoveResult(True, 1)
    stored = await fresh(duel.pk)
    expected = RULES.apply(duel.state, seat, move)
    assert (stored.version, stored.state) == (1, expected)
    assert await logged(duel.pk) == [(1, seat, move, "m1", checks.state_digest(expected))]
    # The table hears it in the listening viewer's group only, rendered from what was written.
    assert [group for group, _ in pushes] == [f"m{duel.pk}.spec.json"]
    assert pushes[0][1]["version"] == 1 and '"version":1' in pushes[0][1]["text"]


async def test_refusals_are_the_threads_and_change_nothing(duel, alice, bob):
    seat, move = next_move(duel)
    other = 1 - seat
    cases = [
        (other, move, 0, "", "not_your_turn"),
        (seat, {"type": "no such move"}, 0, "", "illegal_move"),
        (seat, move, 5, "", "stale_version"),
    ]
    for who, what, version, client_id, code in cases:
        user = alice if who == 0 else bob
        answer = await submit(duel.pk, who, what, version, client_id, await signed_in(user))
        thread = await database_sync_to_async(deeds.do_human_move)(duel.pk, who, what, version, client_id)
        assert answer == (thread, []) and thread.code == code
    assert (await submit(10**9, 0, move, 0, "", await signed_in(alice)))[0].code == "forbidden"
    assert (await fresh(duel.pk)).version == 0 and await logged(duel.pk) == []


async def test_a_signed_out_mover_is_refused_before_anything_is_read(duel, alice, bob):
    seat, move = next_move(duel)
    user_id, key = await signed_in(alice if seat == 0 else bob)
    for session in [(user_id, "x" * 32), (user_id + 1000, key)]:
        with pytest.raises(SessionEnded):
            await submit(duel.pk, seat, move, 0, "", session)
    assert (await fresh(duel.pk)).version == 0


async def test_rarer_moves_go_to_the_thread_with_nothing_written(duel, alice, bob):
    seat, move = next_move(duel)
    mover = await signed_in(alice if seat == 0 else bob)
    for version, client_id, session in [("0", "", mover), (0, 7, mover), (0, "x" * 65, mover),
                                        (0, "", None), (0, "", (mover[0], ""))]:
        assert await submit(duel.pk, seat, move, version, client_id, session) == deeds.ToThread()
    assert (await fresh(duel.pk)).version == 0
    # A move id the log already has: a resend of an old move (its version passed) or a reuse at the current one.
    assert (await submit(duel.pk, seat, move, 0, "once", mover))[0].ok
    match = await fresh(duel.pk)
    assert await submit(duel.pk, seat, move, 0, "once", mover) == deeds.ToThread()
    seat, move = next_move(match)
    mover = await signed_in(alice if seat == 0 else bob)
    assert await submit(duel.pk, seat, move, 1, "once", mover) == deeds.ToThread()
    assert (await fresh(duel.pk)).version == 1 and len(await logged(duel.pk)) == 1


async def test_the_last_move_goes_to_the_thread_which_records_the_results(duel, alice, bob):
    match = duel
    while True:  # play on in the thread until some move ends the match
        seat = RULES.active_seats(match.state)[0]
        ending = [m for m in RULES.legal_moves(match.state, seat)
                  if RULES.outcome(RULES.apply(match.state, seat, m)) is not None]
        if ending:
            break
        assert (await database_sync_to_async(deeds.do_move)(
            match.pk, seat, RULES.legal_moves(match.state, seat)[0], match.version)).ok
        match = await fresh(duel.pk)
    mover = await signed_in(alice if seat == 0 else bob)
    assert await submit(duel.pk, seat, ending[0], match.version, "", mover) == deeds.ToThread()
    assert (await fresh(duel.pk)).status == Match.Status.RUNNING


async def test_a_failed_connection_is_replaced_and_the_move_handed_over(duel, alice, bob):
    seat, move = next_move(duel)
    mover = await signed_in(alice if seat == 0 else bob)
    assert (await submit(duel.pk, seat, {"type": "no such move"}, 0, "", mover))[0].code == "illegal_move"
    async with loop_db.connection() as conn:
        backend = conn.info.backend_pid

    @database_sync_to_async
    def kill():
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [backend])

    await kill()
    await asyncio.sleep(0.2)
    assert await submit(duel.pk, seat, move, 0, "", mover) == deeds.ToThread(tell_table=False)
    assert (await submit(duel.pk, seat, move, 0, "", mover))[0].ok
    assert (await fresh(duel.pk)).version == 1


async def test_each_loop_opens_at_most_its_share_of_connections(duel, alice, bob, settings):
    settings.MOVE_CONNECTIONS = 2
    opened, busy, most = set(), [0], [0]  # opened: the server processes (backend pids) of the connections used

    async def hold():
        async with loop_db.connection() as conn:
            opened.add(conn.info.backend_pid)
            busy[0] += 1
            most[0] = max(most[0], busy[0])
            await asyncio.sleep(0.05)
            busy[0] -= 1

    await asyncio.gather(*(hold() for _ in range(10)))
    assert len(opened) == 2 and most[0] == 2


async def test_a_consumer_move_is_played_on_the_loop(duel, alice, bob, monkeypatch):
    calls = []
    ado_move = deeds.ado_move

    async def watched(*args):
        answer = await ado_move(*args)
        calls.append(answer)
        return answer

    monkeypatch.setattr(deeds, "ado_move", watched)
    seat, move = next_move(duel)
    client, _ = await connect(duel.pk, alice if seat == 0 else bob)
    assert (await state_frame(client))["version"] == 0
    await client.send_json_to({"type": "move", "move": move, "version": 0, "id": "c1"})
    assert (await state_frame(client))["version"] == 1
    assert [answer.ok for answer in calls] == [True]
    await client.disconnect()



async def state_frame(client) -> dict:
    while True:
        frame = await client.receive_json_from(timeout=5)
        if frame["type"] == "state":
            return frame


async def test_the_loop_and_the_thread_record_the_same_mover_on_the_log_row(duel, alice, bob):
    twin = await database_sync_to_async(deeds.do_start_match)(
        "chronicle", [deeds.SeatSpec("alice", alice), deeds.SeatSpec("bob", bob)], seed=20261122)
    seat, move = next_move(duel)
    mover = alice if seat == 0 else bob
    result, _ = await submit(duel.pk, seat, move, 0, "m1", await signed_in(mover))
    assert result.ok
    assert (await database_sync_to_async(deeds.do_human_move)(twin.pk, seat, move, 0, "m1")).ok

    def movers(match_id):
        return list(MoveLog.objects.filter(match_id=match_id).values_list("player", "by_bot"))

    on_loop, in_thread = await database_sync_to_async(movers)(duel.pk), await database_sync_to_async(movers)(twin.pk)
    assert on_loop == in_thread == [(mover.username, False)]


async def play_on_loop(match_id: int, sessions: dict) -> checks.MoveResult:
    """The next legal move of ``match_id`` played on the loop from its seat's session (``sessions``: by seat)."""
    match = await fresh(match_id)
    seat, move = next_move(match)
    result, _ = await submit(match_id, seat, move, match.version, f"v{match.version}", sessions[seat])
    return result


async def test_a_match_this_process_wrote_last_is_moved_without_reading_it(duel, alice, bob, counted_reads):
    sessions = {0: await signed_in(alice), 1: await signed_in(bob)}
    for _ in range(6):
        assert (await play_on_loop(duel.pk, sessions)).ok
    # Each seat's first move reads (its session is not known yet); every later one is written straight away.
    assert len(counted_reads) == 2
    stored = await fresh(duel.pk)
    expected = duel.state
    for _, seat, move, _, digest in await logged(duel.pk):
        expected = RULES.apply(expected, seat, move)
        assert digest == checks.state_digest(expected)
    assert (stored.version, stored.state) == (6, expected)


async def kept_with_both_sessions(duel, alice, bob) -> tuple[dict, Match]:
    """Play on the loop until each seat has moved once (this process then knows both sessions): the sessions by
    seat, and the match, which the process keeps."""
    sessions, moved = {0: await signed_in(alice), 1: await signed_in(bob)}, set()
    while moved != {0, 1}:
        moved.add(next_move(await fresh(duel.pk))[0])
        assert (await play_on_loop(duel.pk, sessions)).ok
    match = await fresh(duel.pk)
    assert match_cache.get(duel.pk, match.version, sessions[next_move(match)[0]]) is not None
    return sessions, match


async def test_a_change_made_elsewhere_is_read_before_the_kept_match_is_moved(duel, alice, bob, counted_reads):
    sessions, match = await kept_with_both_sessions(duel, alice, bob)
    seat, move = next_move(match)
    version = match.version

    # A seat handed to a bot (the seats' guard): the person's move is refused from what is read now.
    await database_sync_to_async(MatchSeat.objects.filter(match=duel, index=seat).update)(bot="heuristic",
                                                                                          bot_by="vote")
    reads = len(counted_reads)
    result, _ = await submit(duel.pk, seat, move, version, "", sessions[seat])
    assert result.code == "forbidden" and len(counted_reads) == reads + 1
    await database_sync_to_async(MatchSeat.objects.filter(match=duel, index=seat).update)(bot="", bot_by="")
    assert (await submit(duel.pk, seat, move, version, "", sessions[seat]))[0].ok
    assert len(counted_reads) == reads + 2

    # The match row changed without a new version (the match row's guard): the move is checked against it.
    match = await fresh(duel.pk)
    seat, move = next_move(match)
    await database_sync_to_async(Match.objects.filter(pk=duel.pk).update)(status=Match.Status.ABORTED)
    result, _ = await submit(duel.pk, seat, move, version + 1, "", sessions[seat])
    assert (result.code, result.message) == ("illegal_move", "The match is over.")
    assert (await fresh(duel.pk)).version == version + 1 and len(await logged(duel.pk)) == version + 1


async def play_kept(match_id: int, sessions: dict) -> list[str]:
    """The next move played on the loop, as ``play_on_loop``: the groups its frames went to."""
    match = await fresh(match_id)
    seat, move = next_move(match)
    result, pushes = await submit(match_id, seat, move, match.version, "", sessions[seat])
    assert result.ok
    return [group for group, _ in pushes]


async def test_a_kept_match_is_moved_without_asking_who_listens_until_a_socket_comes_or_goes(
        duel, alice, bob, counted_reads):
    sessions, _ = await kept_with_both_sessions(duel, alice, bob)
    reads = len(counted_reads)
    assert await play_kept(duel.pk, sessions) == []  # nobody listens
    assert len(counted_reads) == reads

    # A spectator's socket opens (on any process): the match row is written anew as its presence is registered, so
    # the kept match's next move is read again, and its frames reach the spectator.
    spectator, connected = await connect(duel.pk, None)
    assert connected
    await state_frame(spectator)
    assert await play_kept(duel.pk, sessions) == [f"m{duel.pk}.spec.json"]
    assert len(counted_reads) == reads + 1
    assert await play_kept(duel.pk, sessions) == [f"m{duel.pk}.spec.json"]  # kept again, with the spectator
    assert len(counted_reads) == reads + 1

    await spectator.disconnect()
    assert await play_kept(duel.pk, sessions) == []
    assert len(counted_reads) == reads + 2


async def test_a_kept_match_still_sends_to_a_socket_whose_heartbeat_lapsed(duel, alice, bob, counted_reads):
    """Its process may refresh the row again without the match row changing, so a row counts until it is swept."""
    lapsed = timezone.now() - presence.stale_after() - timedelta(seconds=1)
    await database_sync_to_async(Presence.objects.create)(channel_name="spec-slow", match=duel, seat=None,
                                                          fmt="json", seen_at=lapsed)
    sessions, _ = await kept_with_both_sessions(duel, alice, bob)
    reads = len(counted_reads)
    assert await play_kept(duel.pk, sessions) == [f"m{duel.pk}.spec.json"]
    assert len(counted_reads) == reads


async def test_a_kept_match_is_not_moved_from_a_session_that_ended(duel, alice, bob, counted_reads):
    sessions, match = await kept_with_both_sessions(duel, alice, bob)
    seat, move = next_move(match)
    await database_sync_to_async(Session.objects.filter(session_key=sessions[seat][1]).delete)()
    with pytest.raises(SessionEnded):
        await submit(duel.pk, seat, move, match.version, "", sessions[seat])
    assert (await fresh(duel.pk)).version == match.version and len(await logged(duel.pk)) == match.version


async def test_a_newer_frame_or_a_full_cache_lets_a_kept_match_go(duel, alice, bob, settings):
    sessions = {0: await signed_in(alice), 1: await signed_in(bob)}
    first = next_move(duel)[0]
    assert (await play_on_loop(duel.pk, sessions)).ok
    assert match_cache.get(duel.pk, 1, sessions[1 - first]) is None  # that seat has not moved: its session unknown
    mover = sessions[first]
    assert match_cache.get(duel.pk, 1, mover).match.version == 1
    match_cache.seen(duel.pk, 1)  # this process's own frame
    assert match_cache.get(duel.pk, 1, mover) is not None
    match_cache.seen(duel.pk, 2)  # a move made on another process
    assert match_cache.get(duel.pk, 1, mover) is None

    settings.MOVE_CACHE_MATCHES = 1
    twin = await database_sync_to_async(deeds.do_start_match)(
        "chronicle", [deeds.SeatSpec("alice", alice), deeds.SeatSpec("bob", bob)], seed=20261126)
    assert (await play_on_loop(duel.pk, sessions)).ok
    assert (await play_on_loop(twin.pk, sessions)).ok
    assert match_cache.get(twin.pk, 1, sessions[0]) or match_cache.get(twin.pk, 1, sessions[1])
    assert not (match_cache.get(duel.pk, 2, sessions[0]) or match_cache.get(duel.pk, 2, sessions[1]))


async def test_the_loop_connections_prepare_the_move_statements(duel, alice, bob, settings):
    settings.MOVE_CONNECTIONS = 1  # one connection: the one every move used
    sessions = {0: await signed_in(alice), 1: await signed_in(bob)}
    for _ in range(3):
        assert (await play_on_loop(duel.pk, sessions)).ok
    async with loop_db.connection() as conn:
        prepared = [row[0] for row in await (await conn.execute("SELECT statement FROM pg_prepared_statements")
                                             ).fetchall()]
    assert any("UPDATE" in text and "INSERT INTO" in text for text in prepared), prepared  # the write
    assert any(text.startswith("SELECT DISTINCT") for text in prepared), prepared  # who listens
    assert any("json_agg" in text and "UPDATE" not in text for text in prepared), prepared  # the read
