"""A hint from the strong bot (issue 39, item 4): a seat to move in an unrated match asks over its socket and hears,
alone, the bot's best three legal moves; a rated match, a spectator, a seat not to move, a stale page and a seat
that asks too often are refused; the table shows the Hint button only where a hint is offered."""

import json
import random

import pytest
from channels.db import database_sync_to_async

from apps.matches.domain import hints, lessons
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.engine import engine
from apps.matches.engine.hint import candidates
from apps.matches.engine.search import Budget
from apps.matches.models import Match
from tests.matches.test_consumer import connect, next_of

RULES = engine("stone_age")


@pytest.fixture(autouse=True)
def small_search(settings):
    """Two deals a hint, and no clock ending a search first: a hint is then a function of the position and seed."""
    settings.STRONG_BOT_DEALS = 2
    settings.STRONG_BOT_SECONDS = 600
    settings.MATCH_FRAME_RATE = (1000, 1000)


def stone_age(alice, bob, rated=False) -> Match:
    return do_start_match("stone_age", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=12, rated=rated)


async def seated(alice, bob, rated=False):
    """The match, and the sockets of the seat to move and of the other seat."""
    match = await database_sync_to_async(stone_age)(alice, bob, rated)
    mover = RULES.active_seats(match.state)[0]
    users = {0: alice, 1: bob}
    to_move, _ = await connect(match.pk, users[mover])
    other, _ = await connect(match.pk, users[1 - mover])
    await next_of(to_move, "state")
    await next_of(other, "state")
    return match, mover, to_move, other


async def answer(socket, within_s: float = 30) -> dict:
    """The socket's answer to a hint: a hint frame, or the error frame about the hint."""
    while True:
        frame = json.loads(await socket.receive_from(timeout=within_s))
        if frame["type"] == "hint" or (frame["type"] == "error" and frame.get("about") == "hint"):
            return frame


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("close_worker_connections")
async def test_the_seat_to_move_hears_the_strong_bots_best_legal_moves_alone(alice, bob):
    match, mover, to_move, other = await seated(alice, bob)
    await to_move.send_json_to({"type": "hint", "version": match.version})
    frame = await answer(to_move)
    legal = RULES.legal_moves(match.state, mover)
    assert frame["type"] == "hint" and frame["version"] == match.version and frame["basis"] == "estimate"
    assert len(frame["candidates"]) == 3 and all(c["move"] in legal for c in frame["candidates"])
    # Searched in a worker exactly as here, from the seat's view, with the hint's seed.
    seed = f"{match.seed}:{match.version}:{mover}:hint"
    here = candidates(RULES, "stone_age", match.state, mover, random.Random(seed), Budget(deals=2, seconds=600))
    assert frame["candidates"] == here["candidates"]
    assert "hint" not in await kinds_heard(other)  # nobody else hears it
    await to_move.disconnect()
    await other.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("close_worker_connections")
async def test_a_hint_names_the_seats_in_its_moves_as_the_table_does(alice, bob):
    match = await database_sync_to_async(do_start_match)(
        "origins", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=3)
    mover = engine("origins").active_seats(match.state)[0]
    socket, _ = await connect(match.pk, {0: alice, 1: bob}[mover])
    await next_of(socket, "state")
    await socket.send_json_to({"type": "hint", "version": match.version})
    frame = await answer(socket, within_s=60)
    labels = [c["label"] for c in frame["candidates"]]
    assert labels and not any("{p" in label for label in labels), labels
    assert any(("alice" if mover == 0 else "bob") in label for label in labels), labels
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("close_worker_connections")
async def test_no_hint_is_given_in_a_rated_match(alice, bob):
    match, mover, to_move, other = await seated(alice, bob, rated=True)
    await to_move.send_json_to({"type": "hint", "version": match.version})
    frame = await answer(to_move)
    assert frame["type"] == "error" and frame["code"] == "forbidden" and "rated" in frame["message"]
    await to_move.disconnect()
    await other.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("close_worker_connections")
async def test_no_hint_is_given_to_a_spectator(alice, bob, carol):
    match = await database_sync_to_async(stone_age)(alice, bob)
    watcher, _ = await connect(match.pk, carol)
    await next_of(watcher, "state")
    await watcher.send_json_to({"type": "hint", "version": match.version})
    frame = await answer(watcher)
    assert frame["type"] == "error" and frame["code"] == "forbidden" and "Spectators" in frame["message"]
    await watcher.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("close_worker_connections")
async def test_no_hint_is_given_to_a_seat_not_to_move_nor_for_a_stale_page(alice, bob):
    match, mover, to_move, other = await seated(alice, bob)
    await other.send_json_to({"type": "hint", "version": match.version})
    assert (await answer(other))["code"] == "not_your_turn"
    await to_move.send_json_to({"type": "hint", "version": match.version - 1})
    assert (await answer(to_move))["code"] == "stale_version"
    await to_move.send_json_to({"type": "hint"})
    assert (await answer(to_move))["code"] == "bad_request"
    await to_move.disconnect()
    await other.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("close_worker_connections")
async def test_a_seat_that_asks_too_often_is_refused(alice, bob, settings):
    settings.HINT_RATE = (1, 60)
    match, mover, to_move, other = await seated(alice, bob)
    await to_move.send_json_to({"type": "hint", "version": match.version})
    assert (await answer(to_move))["type"] == "hint"
    await to_move.send_json_to({"type": "hint", "version": match.version})
    frame = await answer(to_move)
    assert frame["type"] == "error" and frame["code"] == "rate_limited"
    await to_move.disconnect()
    await other.disconnect()


async def kinds_heard(socket) -> set[str]:
    """The types of the frames a socket has been sent and not yet read."""
    heard = set()
    while not await socket.receive_nothing(timeout=0.3):
        heard.add(json.loads(await socket.receive_from())["type"])
    return heard


# --- The table's Hint button ---------------------------------------------------------------------------------------


def hint_button(client, user, match) -> bool:
    if user is not None:
        client.force_login(user)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    return "data-hint-ask" in page


@pytest.mark.django_db
def test_the_hint_button_is_shown_only_to_the_seat_to_move_of_an_unrated_match(client, alice, bob, carol):
    match = stone_age(alice, bob)
    mover = RULES.active_seats(match.state)[0]
    users = {0: alice, 1: bob}
    assert hint_button(client, users[mover], match)
    assert not hint_button(client, users[1 - mover], match)
    assert not hint_button(client, carol, match)  # a spectator
    assert not hint_button(client, None, match)  # signed out


@pytest.mark.django_db
def test_the_hint_button_is_never_shown_in_a_rated_match(client, alice, bob):
    match = stone_age(alice, bob, rated=True)
    mover = RULES.active_seats(match.state)[0]
    assert not hint_button(client, {0: alice, 1: bob}[mover], match)
    assert hints.why_not(match, mover).code == "forbidden"


@pytest.mark.django_db
def test_no_hint_is_offered_to_a_seat_a_bot_plays(alice, bob):
    match = stone_age(alice, bob)
    mover = RULES.active_seats(match.state)[0]
    assert hints.offered(match, mover)
    assert not hints.offered(match, mover, bot_seats={mover: "vote"})


@pytest.mark.django_db
def test_a_lesson_offers_hints_once_its_script_is_played_out(alice, bob, monkeypatch):
    match = stone_age(alice, bob)
    match.lesson = True
    mover = RULES.active_seats(match.state)[0]
    monkeypatch.setattr(lessons, "scripted", lambda _match: "the step the guide awaits")
    assert not hints.offered(match, mover)
    monkeypatch.setattr(lessons, "scripted", lambda _match: None)
    assert hints.offered(match, mover)
