"""A rated real-time match is lost on time by the server's own clock: within a few seconds of the flag, with two
processes deciding it once, with none of the loser's sockets open, and after a restart with no socket open at all.

The clock is prepared as a 1 + 0 match whose first player has spent most of their minute (the server counts from
the match row), so nothing waits for a real minute to pass."""

import asyncio
import json
import os
import time
import urllib.request

import pytest
from django.db import connection, connections
from websockets.asyncio.client import connect

from apps.matches.domain import timekeeper
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.models import Match, MatchSeat
from apps.ratings.models import RatingChange
from tests.conftest import require, session_cookie

pytestmark = pytest.mark.cluster
A_FEW_SECONDS = 3.0


def production_shape() -> None:
    if connection.vendor != "postgresql" or not os.environ.get("REDIS_URL"):
        require("CIVITAS_REQUIRE_PRODUCTION_SHAPE", "needs DATABASE_URL (PostgreSQL) and REDIS_URL")


def rated_minute(alice, bob) -> Match:
    """A rated 1 + 0 Chronicle duel, alice (seat 0) to move."""
    match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=4242,
                           time_control="rt:1+0", rated=True)
    assert match.rated and match.clock["running"] == [0]
    connections.close_all()
    return match


def spend(match: Match, left_ms: int) -> int:
    """Alice has spent her minute but for ``left_ms`` (negative: the flag fell that long ago); the time of the flag
    (server ms)."""
    try:
        now = timekeeper.now_ms()
        clock = {**match.clock, "since": now - (60_000 - left_ms)}
        Match.objects.filter(pk=match.pk).update(clock=clock)
        return now + left_ms
    finally:
        connections.close_all()


def finished(match_id: int) -> Match | None:
    try:
        match = Match.objects.get(pk=match_id)
        return match if match.status == Match.Status.FINISHED else None
    finally:
        connections.close_all()


def wait_until_finished(match_id: int, within_s: float) -> Match:
    deadline = time.time() + within_s
    while time.time() < deadline:
        match = finished(match_id)
        if match is not None:
            return match
        time.sleep(0.1)
    raise AssertionError(f"match {match_id} was still running {within_s} s later")


def assert_bob_won_on_time_once(match: Match, flag_ms: int) -> float:
    """Bob (seat 1) is the sole winner, alice lost on time, each rated once; the seconds from flag to end."""
    assert match.outcome == {"winners": [1], "lost_on_time": [0], "reason": "time"}
    winners = list(MatchSeat.objects.filter(match=match, is_winner=True).values_list("index", flat=True))
    assert winners == [1]
    ranks = sorted(RatingChange.objects.filter(match=match).values_list("user__username", "rank"))
    assert ranks == [("alice", 2), ("bob", 1)]  # rated once, though two processes looked
    late = match.finished_at.timestamp() - flag_ms / 1000
    assert 0 <= late <= A_FEW_SECONDS, f"decided {late:.2f} s after the flag"
    return late


@pytest.mark.django_db(transaction=True)
def test_two_processes_end_a_rated_minute_on_time_within_seconds_with_none_of_the_losers_sockets_open(
        daphne_servers, alice, bob):
    production_shape()
    match = rated_minute(alice, bob)
    first, second = daphne_servers(2)
    with urllib.request.urlopen(f"{first.url}/healthz", timeout=10) as answer:  # the first process serves no socket
        assert answer.status == 200
    cookie = session_cookie(bob)

    async def bob_watches() -> tuple[list[dict], int]:
        """Bob's page opens; alice's clock is then 3 s from the flag. The notices bob's page is sent, until a second
        after the one that ends the match, and the time of the flag."""
        notices: list[dict] = []
        async with connect(f"ws://127.0.0.1:{second.port}/ws/matches/{match.pk}/?format=json",
                           origin=second.url, additional_headers={"Cookie": f"sessionid={cookie}"},
                           open_timeout=10) as ws:
            while json.loads(await asyncio.wait_for(ws.recv(), timeout=20))["type"] != "state":
                pass
            flag_ms = await asyncio.to_thread(spend, match, 3_000)
            while not notices or not notices[-1].get("over"):
                frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=20))
                if frame["type"] == "notice":
                    notices.append(frame)
            try:
                while True:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=1.0))
                    if frame["type"] == "notice":
                        notices.append(frame)
            except TimeoutError:
                return notices, flag_ms

    notices, flag_ms = asyncio.run(bob_watches())
    assert [notice["message"] for notice in notices] == ["alice ran out of time and loses on time."]  # once
    ended = wait_until_finished(match.pk, within_s=5)
    late = assert_bob_won_on_time_once(ended, flag_ms)
    print(f"\nflag decided {late * 1000:.0f} ms after it fell, two processes, alice never connected")


@pytest.mark.django_db(transaction=True)
def test_a_flag_that_fell_while_no_process_ran_is_decided_by_the_next_process_with_no_socket_open(
        daphne_servers, alice, bob):
    production_shape()
    match = rated_minute(alice, bob)
    flag_ms = spend(match, -500)  # the flag fell while no process ran
    (after,) = daphne_servers(1)
    started = time.time()
    with urllib.request.urlopen(f"{after.url}/healthz", timeout=10):  # no match socket, only a health check
        pass
    ended = wait_until_finished(match.pk, within_s=A_FEW_SECONDS + 2)
    assert ended.outcome == {"winners": [1], "lost_on_time": [0], "reason": "time"}
    assert ended.finished_at.timestamp() - started <= A_FEW_SECONDS
    assert ended.finished_at.timestamp() * 1000 >= flag_ms
