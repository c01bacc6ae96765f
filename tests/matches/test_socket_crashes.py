"""A bad frame or a failing handler answers an error and changes nothing; a socket that ends however it ends leaves
no presence behind; the heartbeat keeps alive only the sockets that are open."""

import json
from datetime import timedelta

import psycopg
import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.utils import timezone

from apps.matches.domain import deeds, seats
from apps.matches.engine import engine
from apps.matches.live import frames
from apps.matches.live import heartbeat as liveness
from apps.matches.live.flood import _has_lone_surrogate
from apps.matches.models import ChatMessage, Match, Presence
from tests.matches.test_consumer import connect, next_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]
RULES = engine("chronicle")


async def mover_of(duel, alice, bob):
    seat = RULES.active_seats(duel.state)[0]
    client, _ = await connect(duel.pk, alice if seat == 0 else bob)
    await next_of(client, "state")
    return client, RULES.legal_moves(duel.state, seat)[0]


async def still_answers(client) -> None:
    """The socket is open and serving: a sync brings the state."""
    await client.send_json_to({"type": "sync"})
    assert (await next_of(client, "state"))["version"] >= 0


async def presences(match_id) -> list[str]:
    return await database_sync_to_async(
        lambda: list(Presence.objects.filter(match_id=match_id).values_list("channel_name", flat=True)))()


async def test_it_refuses_a_frame_nested_deeper_than_the_parser_goes_and_stays_open(duel, alice, bob):
    client, _ = await mover_of(duel, alice, bob)
    await client.send_to(text_data="[" * 15_000)
    assert (await next_of(client, "error"))["code"] == "bad_request"
    await still_answers(client)
    await client.disconnect()


async def test_it_refuses_a_chat_line_holding_a_lone_surrogate_and_saves_nothing(duel, alice, bob):
    client, _ = await mover_of(duel, alice, bob)
    await client.send_to(text_data='{"type": "chat", "text": "hi \\ud800"}')
    assert (await next_of(client, "error"))["code"] == "bad_request"
    assert await database_sync_to_async(ChatMessage.objects.count)() == 0
    await still_answers(client)
    await client.disconnect()


async def test_a_handler_that_fails_answers_server_error_and_the_socket_stays(duel, alice, bob, monkeypatch):
    def broken(*args):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(seats, "vote_to_bot", broken)
    client, _ = await mover_of(duel, alice, bob)
    await client.send_json_to({"type": "seat_vote", "seat": 1})
    assert (await next_of(client, "error"))["code"] == "server_error"
    await still_answers(client)
    assert len(await presences(duel.pk)) == 1
    await client.disconnect()


async def test_a_consumer_that_crashes_still_removes_its_presence_and_stops_its_heartbeat(duel, alice, bob):
    client, _ = await mover_of(duel, alice, bob)
    [channel] = await presences(duel.pk)
    assert channel in liveness._open

    await get_channel_layer().group_send(frames.room_group(duel.pk), {"type": "no.such.event"})
    with pytest.raises(ValueError):  # the consumer crashed on it (Daphne would close with 1011)
        while True:  # (frames sent before the crash come first)
            await client.receive_output(timeout=3)
    assert await presences(duel.pk) == []
    assert channel not in liveness._open


async def test_the_heartbeat_refreshes_only_the_sockets_open_in_this_process(duel, alice, bob, settings):
    settings.PRESENCE_HEARTBEAT = 30
    client, _ = await mover_of(duel, alice, bob)
    long_ago = timezone.now() - timedelta(seconds=200)

    @database_sync_to_async
    def leave_a_dead_row_and_beat():
        Presence.objects.create(channel_name="crashed-socket", match=duel, seat=None, process=liveness.PROCESS,
                                seen_at=long_ago)
        Presence.objects.update(seen_at=long_ago)
        liveness.beat()
        return dict(Presence.objects.values_list("channel_name", "seen_at"))

    seen = await leave_a_dead_row_and_beat()
    assert seen.pop("crashed-socket") == long_ago
    assert all(at > long_ago for at in seen.values()) and len(seen) == 1
    await client.disconnect()


async def test_a_move_whose_database_connection_was_just_terminated_is_played_once(duel, alice, bob, settings,
                                                                                   monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("terminating a connection needs PostgreSQL")
    settings.MOVE_CONNECTIONS = 0  # the move takes the database thread, whose connection is cut under it
    submit, cut = deeds.do_human_move, []

    def terminated_first(*args):
        if not cut:
            cut.append(connection.cursor().connection.info.backend_pid)
            s = connection.settings_dict
            with psycopg.connect(dbname=s["NAME"], user=s["USER"], host=s["HOST"], port=s["PORT"],
                                 password=s["PASSWORD"] or None, autocommit=True) as other:
                other.execute("SELECT pg_terminate_backend(%s)", cut)
        return submit(*args)

    monkeypatch.setattr(deeds, "do_human_move", terminated_first)
    client, move = await mover_of(duel, alice, bob)
    await client.send_json_to({"type": "move", "move": move, "version": 0, "id": "cut-1"})
    assert (await next_of(client, "state"))["version"] == 1
    assert cut and (await database_sync_to_async(Match.objects.get)(pk=duel.pk)).version == 1
    await still_answers(client)
    await client.disconnect()


async def test_a_frame_with_escaped_text_that_is_valid_unicode_is_admitted():
    assert not _has_lone_surrogate(json.loads('{"text": "caf\\u00e9 \\ud83d\\ude00"}'))
    assert _has_lone_surrogate(json.loads('{"text": "\\udc00"}'))
