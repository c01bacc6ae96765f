"""A socket that keeps flooding after being told rate_limited is closed with 4429, on match and lobby sockets."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from apps.lobbies import services as lobbies
from apps.matches.live import flood as throttle
from apps.matches.live.flood import FloodGuard
from config.asgi import application
from tests.conftest import session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]


class Clock:
    """Frozen time, moved by hand: the bucket refills only when the test says so."""

    now = 1000.0

    @classmethod
    def monotonic(cls):
        return cls.now


@pytest.fixture(autouse=True)
def frozen(monkeypatch):
    Clock.now = 1000.0
    monkeypatch.setattr(throttle, "time", Clock)


async def open_socket(path, user):
    cookie = await database_sync_to_async(session_cookie)(user)
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost"), (b"cookie", f"sessionid={cookie}".encode())]
    communicator = WebsocketCommunicator(application, path, headers=headers)
    assert (await communicator.connect(timeout=5))[0]
    return communicator


async def drain(communicator):
    while not await communicator.receive_nothing(timeout=0.2):
        await communicator.receive_output(timeout=1)


async def answer(communicator) -> dict:
    """The next error frame, or the close."""
    while True:
        message = await communicator.receive_output(timeout=3)
        if message["type"] == "websocket.close":
            return {"closed": message.get("code")}
        frame = json.loads(message["text"])
        if frame["type"] == "error":
            return frame


async def reply(communicator) -> dict:
    """The next frame, past any presence frame: who is at the table is sent as it changes, and on a busy machine the
    one for this socket's own arrival may come after the drain's quiet spell."""
    while True:
        frame = json.loads(await communicator.receive_from(timeout=3))
        if frame["type"] != "presence":
            return frame


async def flood_until_closed(communicator, burst):
    for _ in range(burst):  # the burst is served (each frame is junk, so each is a bad_request)
        await communicator.send_to(text_data="junk")
        assert (await answer(communicator))["code"] == "bad_request"
    for _ in range(3):  # the first refusal and two more are answered
        await communicator.send_to(text_data="junk")
        assert (await answer(communicator))["code"] == "rate_limited"
    await communicator.send_to(text_data="junk")  # the third refusal after the first: closed
    assert (await answer(communicator))["code"] == "rate_limited"
    assert (await answer(communicator)) == {"closed": FloodGuard.CLOSE_CODE}


async def test_a_flooding_match_socket_is_closed_with_4429(duel, alice):
    communicator = await open_socket(f"/ws/matches/{duel.pk}/?format=json", alice)
    await drain(communicator)
    await flood_until_closed(communicator, burst=20)


async def test_a_flooding_lobby_socket_is_closed_with_4429(alice):
    lobby = await database_sync_to_async(lobbies.create_lobby)(alice, "chronicle", 2, True)
    communicator = await open_socket(f"/ws/lobbies/{lobby.pk}/", alice)
    await flood_until_closed(communicator, burst=10)


async def test_a_client_that_slows_down_is_forgiven(duel, alice):
    communicator = await open_socket(f"/ws/matches/{duel.pk}/?format=json", alice)
    await drain(communicator)
    for _ in range(20):
        await communicator.send_to(text_data="junk")
        await answer(communicator)
    for _ in range(3):
        await communicator.send_to(text_data="junk")
        assert (await answer(communicator))["code"] == "rate_limited"
    Clock.now += 1.0  # it waits a second: ten frames' worth
    for _ in range(10):
        await communicator.send_to(text_data=json.dumps({"type": "sync"}))
        assert (await reply(communicator))["type"] == "state"
    for _ in range(3):  # a new run of refusals starts from the beginning
        await communicator.send_to(text_data="junk")
        assert (await answer(communicator))["code"] == "rate_limited"
    assert await communicator.receive_nothing(timeout=0.2)
    await communicator.disconnect()


async def test_the_guard_counts_refusals_in_a_row():
    now = [0.0]
    guard = FloodGuard(rate=1, burst=2, patience=3, clock=lambda: now[0])
    assert [guard.admit() for _ in range(6)] == ["ok", "ok", "refuse", "refuse", "refuse", "close"]
