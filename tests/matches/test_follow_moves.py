"""A process that keeps a match follows a move written on another process from the step its seats' frames carry
(``match_cache.step_of``, ``follow``), so each process of a table whose seats sit apart moves with one statement;
a step that does not fit what is kept lets the kept match go (PostgreSQL only, like the moves on the loop)."""

import contextlib
from collections import OrderedDict

import msgpack
import pytest
from channels.db import database_sync_to_async
from django.db import connection

from apps.matches.domain import deeds, match_cache
from apps.matches.live import push
from apps.matches.models import Match, Presence
from tests.matches.test_loop_moves import RULES, fresh, next_move, signed_in, submit

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]


@pytest.fixture(autouse=True)
def postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip("moves are played on the loop only on PostgreSQL")


class Process:
    """What one server process keeps (``match_cache``), swapped in while it plays or hears a frame."""

    def __init__(self):
        self.known, self.sessions = OrderedDict(), OrderedDict()

    @contextlib.contextmanager
    def active(self):
        saved = match_cache._known, match_cache._sessions
        match_cache._known, match_cache._sessions = self.known, self.sessions
        try:
            yield
        finally:
            match_cache._known, match_cache._sessions = saved

    def hear(self, match_id: int, pushes: list, seat: int) -> None:
        """The seat's frame reaches this process's socket, through Redis's encoding (channels_redis: msgpack)."""
        [event] = [event for group, event in pushes if group == f"m{match_id}.s{seat}.json"]
        event = msgpack.unpackb(msgpack.packb(event), raw=False)
        with self.active():
            match_cache.seen(match_id, event["version"], event.get("step"))


@database_sync_to_async
def listen_at_both_seats(match: Match) -> None:
    for seat in (0, 1):
        Presence.objects.create(channel_name=f"seat-{seat}", match=match, seat=seat, fmt="json")


async def played_apart(match: Match, alice, bob, moves: int) -> dict:
    """``moves`` moves of a table whose seats listen on processes of their own, each played by its seat's process:
    the processes by seat."""
    await listen_at_both_seats(match)
    sessions, processes = {0: await signed_in(alice), 1: await signed_in(bob)}, {0: Process(), 1: Process()}
    for _ in range(moves):
        await play_apart(match.pk, sessions, processes)
    return processes


async def play_apart(match_id: int, sessions: dict, processes: dict) -> list:
    """The next move played by its seat's process; the other seat's process hears its frame. The pushes."""
    match = await fresh(match_id)
    seat, move = next_move(match)
    with processes[seat].active():
        result, pushes = await submit(match_id, seat, move, match.version, "", sessions[seat])
    assert result.ok
    processes[1 - seat].hear(match_id, pushes, 1 - seat)
    return pushes


async def test_seats_on_two_processes_move_without_reading_once_each_has_moved(duel, alice, bob, counted_reads):
    processes = await played_apart(duel, alice, bob, 10)
    # Each seat's first move reads (its process knows neither the match nor the session); every later one follows.
    assert len(counted_reads) == 2
    stored = await fresh(duel.pk)
    for process in processes.values():
        kept = process.known[duel.pk]
        assert (kept.match.version, kept.match.state, kept.match.updated_at, kept.match.undo_seat) == (
            stored.version, stored.state, stored.updated_at, stored.undo_seat)
        assert kept.listening == {(0, "json"), (1, "json")}
    expected = duel.state
    for seat, move in await database_sync_to_async(lambda: list(
            stored.moves.order_by("version").values_list("seat", "move")))():
        expected = RULES.apply(expected, seat, move)
    assert stored.state == expected


async def test_a_clocked_match_is_followed_with_its_clock(alice, bob, counted_reads):
    match = await database_sync_to_async(deeds.do_start_match)(
        "chronicle", [deeds.SeatSpec("alice", alice), deeds.SeatSpec("bob", bob)], seed=7, time_control="rt:10+5")
    processes = await played_apart(match, alice, bob, 6)
    assert len(counted_reads) == 2
    stored = await fresh(match.pk)
    for process in processes.values():
        assert process.known[match.pk].match.clock == stored.clock


async def kept_apart(duel, alice, bob) -> tuple[Process, dict, Match]:
    """Both seats have moved on their own processes; the next move is played and not yet heard: the process that
    keeps the match as it was before that move, the frame event its seat would hear, and the match now."""
    await listen_at_both_seats(duel)
    sessions, processes = {0: await signed_in(alice), 1: await signed_in(bob)}, {0: Process(), 1: Process()}
    while True:  # until the next move is a seat's whose other seat has moved (and so its process keeps the match)
        match = await fresh(duel.pk)
        seat, move = next_move(match)
        if duel.pk in processes[1 - seat].known:
            break
        await play_apart(duel.pk, sessions, processes)
    with processes[seat].active():
        result, pushes = await submit(duel.pk, seat, move, match.version, "", sessions[seat])
    assert result.ok
    [event] = [event for group, event in pushes if group == f"m{duel.pk}.s{1 - seat}.json"]
    listener = processes[1 - seat]
    assert listener.known[duel.pk].match.version == match.version
    return listener, msgpack.unpackb(msgpack.packb(event), raw=False), await fresh(duel.pk)


async def test_a_fitting_step_brings_the_kept_match_to_the_frames_version(duel, alice, bob):
    listener, event, match = await kept_apart(duel, alice, bob)
    with listener.active():
        match_cache.seen(duel.pk, event["version"], event["step"])
    kept = listener.known[duel.pk]
    assert (kept.match.version, kept.match.state) == (match.version, match.state)
    assert kept.guard.row_version == event["step"]["row"] != event["step"]["base"]


@pytest.mark.parametrize("change", ["base", "seats", "from", "no step"])
async def test_a_step_that_does_not_fit_lets_the_kept_match_go(duel, alice, bob, change):
    listener, event, match = await kept_apart(duel, alice, bob)
    step = None if change == "no step" else {
        **event["step"], change: {"base": "1", "seats": "[]", "from": event["step"]["from"] - 1}[change]}
    with listener.active():
        match_cache.seen(duel.pk, event["version"], step)
    assert duel.pk not in listener.known


async def test_only_the_frames_of_seats_that_did_not_move_carry_the_step(duel, alice, bob):
    await listen_at_both_seats(duel)
    await database_sync_to_async(Presence.objects.create)(channel_name="spec", match=duel, seat=None, fmt="json")
    seat, move = next_move(duel)
    result, pushes = await submit(duel.pk, seat, move, 0, "", await signed_in(alice if seat == 0 else bob))
    assert result.ok
    carried = {group: ("step" in event, event.get("stepped", False)) for group, event in pushes}
    assert carried == {f"m{duel.pk}.s{seat}.json": (False, True), f"m{duel.pk}.s{1 - seat}.json": (True, False),
                       f"m{duel.pk}.spec.json": (False, True)}


async def test_a_spectators_frame_heard_first_leaves_the_kept_match_for_the_step(duel, alice, bob):
    listener, event, match = await kept_apart(duel, alice, bob)
    with listener.active():
        match_cache.seen(duel.pk, event["version"], None, stepped=True)
        assert listener.known[duel.pk].match.version == match.version - 1
        match_cache.seen(duel.pk, event["version"], event["step"])
    assert listener.known[duel.pk].match.version == match.version


async def test_a_move_made_by_the_database_thread_carries_no_step(duel, alice, bob):
    listener, event, match = await kept_apart(duel, alice, bob)
    seat, move = next_move(match)

    def in_thread():
        with push.deferred() as pushes:
            assert deeds.do_human_move(duel.pk, seat, move, match.version).ok
        return pushes

    pushes = await database_sync_to_async(in_thread)()
    assert pushes and all("step" not in event for _, event in pushes)
