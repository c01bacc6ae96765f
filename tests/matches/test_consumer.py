"""The realtime contract through WebsocketCommunicator: views per seat, and every bad frame refused."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from apps.matches.domain.replay import states
from apps.matches.engine import engine
from apps.matches.live import bot_driver as bots
from apps.matches.models import Match, MoveLog
from config.asgi import application
from tests.conftest import session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]
RULES = engine("chronicle")


async def connect(match_id, user=None, fmt="json", origin=b"http://localhost", path=None):
    headers = [(b"host", b"localhost")]
    if origin is not None:
        headers.append((b"origin", origin))
    if user is not None:
        cookie = await database_sync_to_async(session_cookie)(user)
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    path = path or f"/ws/matches/{match_id}/" + ("?format=json" if fmt == "json" else "")
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, code = await communicator.connect(timeout=5)
    return communicator, connected


async def leave_and_replay(clients, match_id: int, version: int):
    """Close every socket and let the bots' tasks end; the log must replay to the stored state at ``version``.
    Gives the match and its states from the start."""
    for client in clients:
        await client.disconnect()
    await asyncio.gather(*bots.running_tasks(), return_exceptions=True)
    match = await database_sync_to_async(Match.objects.get)(pk=match_id)
    history = await database_sync_to_async(states)(match)
    assert history[-1] == match.state and len(history) == version + 1
    return match, history


async def next_of(communicator, kind: str, within_s: float = 3) -> dict:
    """The next frame of this kind, skipping others; fails if none comes within ``within_s`` seconds."""
    async def wait():
        while True:
            frame = json.loads(await communicator.receive_from(timeout=within_s))
            if frame["type"] == kind:
                return frame
    return await asyncio.wait_for(wait(), within_s)


async def state_of(match_id):
    return await database_sync_to_async(lambda: Match.objects.values("version", "state").get(pk=match_id))()


async def log_count(match_id):
    return await database_sync_to_async(MoveLog.objects.filter(match_id=match_id).count)()


@pytest.fixture
async def seated(duel, alice, bob):
    mover = RULES.active_seats(duel.state)[0]
    users = {0: alice, 1: bob}
    a, _ = await connect(duel.pk, users[mover])
    b, _ = await connect(duel.pk, users[1 - mover])
    yield duel, mover, a, b
    await a.disconnect()
    await b.disconnect()


async def test_a_seat_gets_its_own_view_and_a_spectator_the_public_one(duel, alice, carol):
    player, _ = await connect(duel.pk, alice)
    frame = await next_of(player, "state")
    assert frame["view"] == RULES.view(duel.state, 0)
    assert frame["legal"] == RULES.legal_moves(duel.state, 0)
    watcher, _ = await connect(duel.pk, carol)
    frame = await next_of(watcher, "state")
    assert frame["view"] == RULES.view(duel.state, None) and frame["legal"] == []
    anonymous, _ = await connect(duel.pk)
    assert (await next_of(anonymous, "state"))["view"] == RULES.view(duel.state, None)
    for c in (player, watcher, anonymous):
        await c.disconnect()


async def test_a_browser_gets_the_board_as_html(duel, alice):
    player, _ = await connect(duel.pk, alice, fmt="html")
    frame = await next_of(player, "state")
    assert frame["version"] == 0 and "data-move" in frame["html"] and "view" not in frame
    await player.disconnect()


async def test_a_move_reaches_both_seats_and_spectators(seated, carol):
    duel, mover, a, b = seated
    watcher, _ = await connect(duel.pk, carol)
    for c in (a, b, watcher):
        await next_of(c, "state")
    move = RULES.legal_moves(duel.state, mover)[0]
    await a.send_to(text_data=json.dumps({"type": "move", "move": move, "version": 0, "id": "x1"}))
    expected = RULES.apply(duel.state, mover, move)
    assert (await next_of(a, "state"))["view"] == RULES.view(expected, mover)
    assert (await next_of(b, "state"))["view"] == RULES.view(expected, 1 - mover)
    assert (await next_of(watcher, "state"))["view"] == RULES.view(expected, None)
    await watcher.disconnect()


async def expect_error(communicator, frame, code, match_id, text=None):
    before = await state_of(match_id)
    await communicator.send_to(text_data=text if text is not None else json.dumps(frame))
    error = await next_of(communicator, "error")
    assert error["code"] == code, error
    assert error["message"]
    assert await state_of(match_id) == before
    assert await log_count(match_id) == before["version"]
    return error


async def test_malformed_and_unknown_frames_are_bad_requests(seated):
    duel, mover, a, b = seated
    await next_of(a, "state")
    await expect_error(a, None, "bad_request", duel.pk, text="{not json")
    await expect_error(a, None, "bad_request", duel.pk, text="[1, 2]")
    await expect_error(a, {"type": "launch"}, "bad_request", duel.pk)
    await expect_error(a, {"type": "move"}, "bad_request", duel.pk)
    await expect_error(a, None, "bad_request", duel.pk, text="x" * 20000)
    move = RULES.legal_moves(duel.state, mover)[0]
    await expect_error(a, {"type": "move", "move": move, "version": "0"}, "bad_request", duel.pk)


async def test_moves_for_another_seat_out_of_turn_or_stale_are_refused(seated, carol):
    duel, mover, a, b = seated
    move = RULES.legal_moves(duel.state, mover)[0]
    error = await expect_error(a, {"type": "move", "move": move, "version": 0, "seat": 1 - mover, "id": "q"},
                               "forbidden", duel.pk)
    assert error["id"] == "q"
    await expect_error(b, {"type": "move", "move": move, "version": 0}, "not_your_turn", duel.pk)
    await expect_error(a, {"type": "move", "move": move, "version": 7}, "stale_version", duel.pk)
    await expect_error(a, {"type": "move", "move": {"type": "vote", "for": 9}, "version": 0}, "illegal_move", duel.pk)
    watcher, _ = await connect(duel.pk, carol)
    await expect_error(watcher, {"type": "move", "move": move, "version": 0}, "forbidden", duel.pk)
    await watcher.disconnect()


async def test_a_forged_match_id_gets_forbidden_and_is_closed(alice):
    communicator, connected = await connect(987654, alice)
    frame = await next_of(communicator, "error")
    assert frame["code"] == "forbidden"
    assert (await communicator.receive_output(timeout=3))["type"] == "websocket.close"


async def test_a_repeated_move_id_is_applied_once_and_answered_with_the_state(seated):
    duel, mover, a, b = seated
    await next_of(a, "state")
    move = RULES.legal_moves(duel.state, mover)[0]
    frame = {"type": "move", "move": move, "version": 0, "id": "flaky-1"}
    await a.send_to(text_data=json.dumps(frame))
    first = await next_of(a, "state")
    await a.send_to(text_data=json.dumps(frame))
    again = await next_of(a, "state")
    assert first["version"] == again["version"] == 1 and first["view"] == again["view"]
    assert await log_count(duel.pk) == 1


async def test_a_foreign_origin_or_none_is_refused(duel, alice):
    _, connected = await connect(duel.pk, alice, origin=b"https://evil.example")
    assert not connected
    _, connected = await connect(duel.pk, alice, origin=None)
    assert not connected


async def test_sync_resends_the_current_state(seated):
    duel, mover, a, b = seated
    await next_of(a, "state")
    await a.send_to(text_data=json.dumps({"type": "sync"}))
    assert (await next_of(a, "state"))["version"] == 0


async def test_chat_reaches_the_table_escaped_and_bounded(seated):
    duel, mover, a, b = seated
    await a.send_to(text_data=json.dumps({"type": "chat", "text": "<b>hi</b>"}))
    line = await next_of(b, "chat")
    assert line["text"] == "<b>hi</b>"  # sent as data; pages insert it as text, never as HTML
    await a.send_to(text_data=json.dumps({"type": "chat", "text": "x" * 501}))
    assert (await next_of(a, "error"))["code"] == "bad_request"


async def test_watchers_are_counted(duel, alice, carol):
    player, _ = await connect(duel.pk, alice)
    watcher, _ = await connect(duel.pk, carol)
    presence = await next_of(player, "presence")
    while presence["watchers"] != 1:
        presence = await next_of(player, "presence")
    assert 0 in presence["online"]
    await watcher.disconnect()
    presence = await next_of(player, "presence")
    assert presence["watchers"] == 0
    await player.disconnect()
