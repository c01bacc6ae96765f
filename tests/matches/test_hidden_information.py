"""Over a whole game, no frame sent to any client carries the seed, a generator state or a hidden card.

Two seats and a spectator, each connected in both formats (html and json), play a whole game by the
protocol; afterwards every frame is checked against the states replayed from the move log.
"""

import json
import random

import pytest
from channels.db import database_sync_to_async
from django.db import connections

from apps.matches.engine import engine
from tests.matches.test_consumer import connect, leave_and_replay

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
RULES = engine("chronicle")


async def drain(communicator, frames: list, newest: dict | None, until_version: int) -> dict:
    """Read frames until a state of at least ``until_version`` has arrived; returns the newest state."""
    while newest is None or newest["version"] < until_version:
        try:
            text = await communicator.receive_from(timeout=5)
        except TimeoutError:
            seen = [(version, kind, text[:120] if kind != "state" else "") for version, kind, text in frames[-6:]]
            raise AssertionError(f"no state of version {until_version} within 5 s; last frames read: {seen}") from None
        frame = json.loads(text)
        frames.append((frame.get("version"), frame["type"], text))
        if frame["type"] in ("state", "patch"):  # a browser is sent the regions that changed (live.regions)
            newest = frame if frame["type"] == "state" or newest is None else {**newest, "version": frame["version"]}
    return newest


async def test_no_frame_leaks_the_seed_the_generator_or_hidden_cards(duel, alice, bob, carol, settings):
    # This client moves at machine speed, which no person could: past 20 moves in two seconds the flood guard
    # answered rate_limited and the test waited for a state that never came (more often the faster the machine).
    settings.MATCH_FRAME_RATE = (1000, 1000)
    settings.SEAT_STEP_RATE = (0, 1)  # nor the seat's budget of moves
    viewers = {0: alice, 1: bob, None: carol}
    clients = {}
    for seat, user in viewers.items():
        for fmt in ("json", "html"):
            clients[(seat, fmt)] = (await connect(duel.pk, user, fmt=fmt))[0]
    received = {key: [] for key in clients}
    latest = {key: None for key in clients}

    async def catch_up(version: int) -> None:
        for key, client in clients.items():
            latest[key] = await drain(client, received[key], latest[key], version)

    await catch_up(0)
    chooser = random.Random(11)
    version = 0
    while latest[(0, "json")]["outcome"] is None:
        seat = latest[(0, "json")]["active"][0]
        move = chooser.choice(latest[(seat, "json")]["legal"])
        await clients[(seat, "json")].send_to(text_data=json.dumps(
            {"type": "move", "move": move, "version": version, "id": f"v{version}"}))
        version += 1
        await catch_up(version)
    match, history = await leave_and_replay(clients.values(), duel.pk, version)
    secrets = {str(match.seed)} | {str(s["rng"]) for s in history}
    checked = 0
    for (seat, fmt), frames in received.items():
        for frame_version, kind, text in frames:
            for secret in secrets:
                assert secret not in text, f"{kind} frame for {seat}/{fmt} carries a secret number"
            if kind in ("state", "patch"):
                for hidden in RULES.hidden_from(history[frame_version], seat):
                    assert hidden not in text, f"seat {seat} ({fmt}) saw {hidden!r} at version {frame_version}"
                checked += 1
    assert checked >= 6 * version
    await database_sync_to_async(connections.close_all)()
