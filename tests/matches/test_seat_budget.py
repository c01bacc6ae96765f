"""A seat's moves and undos share one budget across all of its sockets (counted in the shared cache), and a burst of
undos tells the other seats once. The Origins match of seed 3: after alice's first four steps, her last step may be
taken back, and played again, and taken back again (a step/undo cycle writes two log rows)."""

import json

import pytest
from channels.db import database_sync_to_async
from django.db import connections

from apps.matches.domain.deeds import SeatSpec, do_move, do_start_match
from apps.matches.engine import engine
from apps.matches.live import seat_budget
from apps.matches.models import Match, MoveLog
from tests.matches.test_consumer import connect

RULES = engine("origins")
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def origins_after_four_steps(alice, bob) -> Match:
    """The Origins match of seed 3, where alice's fourth step may be taken back and played again."""
    match = do_start_match("origins", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=3)
    for _ in range(4):
        match.refresh_from_db()
        seat = RULES.active_seats(match.state)[0]
        assert do_move(match.pk, seat, RULES.legal_moves(match.state, seat)[0], match.version).ok
    return match


@pytest.fixture
def origins(alice, bob):
    return origins_after_four_steps(alice, bob)


@pytest.fixture(autouse=True)
def frames_are_not_the_limit(settings):
    settings.MATCH_FRAME_RATE = (1000, 1000)  # each socket's own frame budget is not what is tested here


async def answer(socket, version: int) -> dict:
    """The socket's answer to a step sent at ``version``: a state past it, or an error (older frames skipped)."""
    while True:
        frame = await next_of_any(socket)
        if frame["type"] == "error" or (frame["type"] == "state" and frame["version"] > version):
            return frame


async def next_of_any(socket, within_s: float = 3) -> dict:
    while True:
        frame = json.loads(await socket.receive_from(timeout=within_s))
        if frame["type"] in ("state", "error"):
            return frame


def step_taken_back(match_id: int) -> dict:
    """The step the last undo took back, to play it again."""
    last_undo = MoveLog.objects.filter(match_id=match_id, undoes__isnull=False).order_by("-version").first()
    return MoveLog.objects.get(match_id=match_id, version=last_undo.undoes).move


async def step_undo_cycles(match_id: int, sockets: list, steps: int) -> list[dict]:
    """Alternate undo and the same step again, each from the next socket in turn; every answer."""
    answers = []
    for i in range(steps):
        socket = sockets[i % len(sockets)]
        version = (await database_sync_to_async(Match.objects.get)(pk=match_id)).version
        if i % 2 == 0:
            frame = {"type": "undo", "version": version, "id": f"u{i}"}
        else:
            frame = {"type": "move", "move": await database_sync_to_async(step_taken_back)(match_id),
                     "version": version, "id": f"m{i}"}
        await socket.send_to(text_data=json.dumps(frame))
        answers.append(await answer(socket, version))
    return answers


async def close(*sockets):
    for socket in sockets:
        await socket.disconnect()
    await database_sync_to_async(connections.close_all)()


async def test_a_seat_has_one_budget_of_moves_and_undos_across_its_sockets(origins, alice, bob, settings):
    settings.SEAT_STEP_RATE = (6, 60)
    first, _ = await connect(origins.pk, alice)
    second, _ = await connect(origins.pk, alice)
    rows = await database_sync_to_async(MoveLog.objects.filter(match=origins).count)()
    answers = await step_undo_cycles(origins.pk, [first, second], 10)
    assert [frame["type"] for frame in answers] == ["state"] * 6 + ["error"] * 4
    assert {frame["code"] for frame in answers[6:]} == {"rate_limited"}
    assert answers[-1]["message"] == seat_budget.REFUSED
    assert await database_sync_to_async(MoveLog.objects.filter(match=origins).count)() == rows + 6
    await close(first, second)


async def test_the_other_seats_budget_is_its_own(origins, alice, bob, settings):
    settings.SEAT_STEP_RATE = (2, 60)
    mine, _ = await connect(origins.pk, alice)
    answers = await step_undo_cycles(origins.pk, [mine], 3)
    assert [frame["type"] for frame in answers] == ["state", "state", "error"]
    assert await seat_budget.spend(origins.pk, 1)  # bob's seat has spent nothing
    await close(mine)


async def test_a_burst_of_undos_tells_the_other_seat_once(origins, alice, bob):
    mine, _ = await connect(origins.pk, alice)
    theirs, _ = await connect(origins.pk, bob)
    answers = await step_undo_cycles(origins.pk, [mine], 7)  # four undos
    assert [frame["type"] for frame in answers] == ["state"] * 7
    notices = []
    while not await theirs.receive_nothing(timeout=0.5):
        frame = json.loads(await theirs.receive_from())
        if frame["type"] == "notice":
            notices.append(frame["message"])
    assert len(notices) == 1 and notices[0].startswith("alice took back a step")
    await close(mine, theirs)
