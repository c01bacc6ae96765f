"""Each client address holds at most CIVITAS_SOCKETS_PER_ADDRESS open websockets in a process; closing one frees
its slot, and the address is the one behind the trusted proxy."""

import json

import pytest
from channels.testing import WebsocketCommunicator

from apps.lobbies import services
from config.asgi import application
from config.socket_limit import CLOSE_CODE

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("close_worker_connections")]


@pytest.fixture
def lobby(alice):
    return services.create_lobby(alice, "chronicle", 2, is_public=True)


def socket_from(lobby, peer: str, forwarded: str | None = None) -> WebsocketCommunicator:
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost")]
    if forwarded is not None:
        headers.append((b"x-forwarded-for", forwarded.encode()))
    communicator = WebsocketCommunicator(application, f"/ws/lobbies/{lobby.pk}/", headers=headers)
    communicator.scope["client"] = (peer, 50000)
    return communicator


async def refused(communicator) -> dict:
    """A socket over the limit is told why and closed with the documented code."""
    assert (await communicator.connect(timeout=5))[0]
    frame = json.loads(await communicator.receive_from(timeout=3))
    assert (await communicator.receive_output(timeout=3)) == {"type": "websocket.close", "code": CLOSE_CODE}
    return frame


async def test_it_closes_sockets_beyond_the_limit_and_a_closed_one_frees_its_slot(lobby, settings):
    settings.SOCKETS_PER_ADDRESS = 2
    first, second = socket_from(lobby, "203.0.113.5"), socket_from(lobby, "203.0.113.5")
    assert (await first.connect(timeout=5))[0] and (await second.connect(timeout=5))[0]
    assert (await refused(socket_from(lobby, "203.0.113.5")))["code"] == "too_many_sockets"
    other = socket_from(lobby, "198.51.100.7")  # another address has its own slots
    assert (await other.connect(timeout=5))[0]
    await first.disconnect()
    again = socket_from(lobby, "203.0.113.5")
    assert (await again.connect(timeout=5))[0]
    await again.send_json_to({"type": "sync"})
    assert json.loads(await again.receive_from(timeout=3))["type"] == "lobby"
    for communicator in (second, other, again):
        await communicator.disconnect()


async def test_it_counts_the_client_behind_the_trusted_proxy_not_what_the_client_wrote(lobby, settings):
    settings.SOCKETS_PER_ADDRESS = 1
    settings.CIVITAS_TRUSTED_PROXIES = ["10.0.0.1"]
    one = socket_from(lobby, "10.0.0.1", "203.0.113.5")
    assert (await one.connect(timeout=5))[0]
    two = socket_from(lobby, "10.0.0.1", "198.51.100.7")  # another client through the same proxy
    assert (await two.connect(timeout=5))[0]
    # A made-up left-most entry does not buy the first client another slot.
    assert (await refused(socket_from(lobby, "10.0.0.1", "192.0.2.99, 203.0.113.5")))["code"] == "too_many_sockets"
    await one.disconnect()
    await two.disconnect()
