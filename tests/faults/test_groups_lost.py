"""A Redis restart empties the channel layer's groups while the sockets stay open; each process notices (its
``layer_watch``) and every socket joins its groups again and catches up. Here the socket is taken out of its
groups by hand, on whichever layer runs; ``test_process_death.py`` restarts a real Redis, and ``bench/soak.py``
does it for minutes."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from apps.matches.domain.deeds import do_human_move
from apps.matches.engine import engine
from apps.matches.live import layer_watch
from tests.matches.test_consumer import connect, next_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]
RULES = engine("chronicle")


def sockets_at(match_id: int) -> list:
    return [socket for socket in list(layer_watch._sockets) if getattr(socket, "match_id", None) == match_id]


async def test_sockets_deaf_after_their_groups_were_lost_hear_again_once_they_rejoin(duel, alice):
    seat = RULES.active_seats(duel.state)[0]
    watcher, _ = await connect(duel.pk)
    assert (await next_of(watcher, "state"))["version"] == 0
    while not await watcher.receive_nothing(timeout=0.2):  # the presence frame of joining
        await watcher.receive_from()

    layer = get_channel_layer()
    for socket in sockets_at(duel.pk):  # what a Redis restart does to channels_redis's groups
        for group in socket._groups():
            await layer.group_discard(group, socket.channel_name)
    first = RULES.legal_moves(duel.state, seat)[0]
    assert (await database_sync_to_async(do_human_move)(duel.pk, seat, first, 0)).ok
    assert await watcher.receive_nothing(timeout=0.3), "with its groups gone, the socket hears nothing"

    assert await layer_watch.rejoin_all() >= 1
    caught_up = await next_of(watcher, "state")
    assert caught_up["version"] == 1, "rejoining sends the state the socket missed"

    state = RULES.apply(duel.state, seat, first)
    after = RULES.active_seats(state)[0]
    assert (await database_sync_to_async(do_human_move)(duel.pk, after, RULES.legal_moves(state, after)[0],
                                                            1)).ok
    assert (await next_of(watcher, "state"))["version"] == 2, "and hears the next move pushed to its group"
    await watcher.disconnect()


async def test_a_socket_that_closed_is_not_asked_to_rejoin(duel):
    watcher, _ = await connect(duel.pk)
    await next_of(watcher, "state")
    assert len(sockets_at(duel.pk)) == 1
    await watcher.disconnect()
    await asyncio.sleep(0.05)
    assert sockets_at(duel.pk) == []
