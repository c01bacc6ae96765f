"""Hidden-information canary: over random playouts of every game, nothing any viewer is sent names a hidden thing.

Where ``tests/matches/test_hidden_information.py`` plays one Chronicle game over the sockets, this file covers
every built game and every kind of frame and page:

1. frames: for every state of a playout and every viewer (each seat and the spectator), the HTML and the JSON
   state frame (``apps/matches/frames``), plus the error frames of illegal moves the active seats try (another
   seat's moves, a legal move with a field changed, a probe naming a hidden thing);
2. pages: a match played through the services: the match page of each seat, a watcher and an anonymous visitor,
   the home page listing it, the story page and replays (the spectator's at any step, a seat's own once the
   match is over);
3. sockets: a lobby started into a match, two seats and a watcher connected in both formats, a few moves and chat
   lines; every frame received (state, presence, chat, error, lobby) is scanned.

Every text is scanned for ``hidden_from(state, viewer)``, the match seed and the generator state (``rng``).
``CIVITAS_CANARY_PLAYOUTS`` (default 1) sets the random playouts per game for the frame test; playout ``i`` is
played at the ``i``-th of the game's table sizes, two players first. ``CIVITAS_CANARY_HTML_EVERY`` (default 1)
renders the HTML frame only at every Nth state, for long runs.
"""

from __future__ import annotations

import asyncio
import json
import os
import random

import pytest
from channels.db import database_sync_to_async
from django.db import connections

from apps.lobbies import services as lobbies
from apps.matches.domain.deeds import SeatSpec, do_move, do_start_match
from apps.matches.domain.replay import states
from apps.matches.engine import IllegalMove, built_games, engine
from apps.matches.live import frames
from apps.matches.models import Match
from tests.lobbies.test_lobby_consumer import open_lobby
from tests.matches.test_consumer import connect, leave_and_replay

PLAYOUTS = int(os.environ.get("CIVITAS_CANARY_PLAYOUTS", "1"))
# Rendering HTML is most of the cost; a long run may render it at every Nth state (and the last) while the JSON
# frame, built from the same view and legal moves, is scanned at every state.
HTML_EVERY = int(os.environ.get("CIVITAS_CANARY_HTML_EVERY", "1"))
GAMES = [entry.slug for entry in built_games()]
SEED = 7_310_452_889_061_337  # distinctive digits: any frame carrying them carries the seed


def table_sizes(rules) -> list[int]:
    """The game's table sizes, two players first (the common table), then the largest, then the rest."""
    sizes = list(range(rules.min_players, rules.max_players + 1))
    first = [n for n in (2, rules.max_players) if n in sizes]
    return list(dict.fromkeys(first + sizes))


def secrets_of(state: dict, seed: int) -> set[str]:
    return {str(seed), str(state["rng"])}


def assert_clean(text: str, hidden: set[str], secrets: set[str], where: str) -> None:
    for secret in secrets:
        assert secret not in text, f"{where}: carries the seed or the generator state {secret}"
    for item in hidden:
        assert item not in text, f"{where}: shows hidden {item!r}"


def pick_move(rules, state: dict, rnd: random.Random) -> tuple[int, dict]:
    seats = [seat for seat in rules.active_seats(state) if rules.legal_moves(state, seat)]
    seat = rnd.choice(seats)
    return seat, rnd.choice(rules.legal_moves(state, seat))


def bad_moves(rules, state: dict, seat: int, rnd: random.Random, probe: bool = True) -> list[dict]:
    """Moves an active seat might try that are probably not legal: nonsense, others' moves, changed fields, probes."""
    legal = rules.legal_moves(state, seat)
    tries: list[dict] = [{"type": "no such move"}, {"type": legal[0]["type"]} if legal else {}]
    for other in range(state["players"]):
        if other != seat:
            tries.extend(rules.legal_moves(state, other)[:2])
    hidden = sorted(rules.hidden_from(state, seat))
    for move in rnd.sample(legal, min(2, len(legal))):
        for key, value in move.items():
            if key == "type":
                continue
            if isinstance(value, bool):
                tries.append(move | {key: not value})
            elif isinstance(value, int):
                tries.extend([move | {key: value + 1}, move | {key: -1}, move | {key: 10**6}])
            elif isinstance(value, str):
                tries.append(move | {key: value + "?"})
                if hidden and probe:
                    tries.append(move | {key: rnd.choice(hidden)})
            elif isinstance(value, list):
                tries.append(move | {key: value[:-1] if value else [0]})
    return [move for move in tries if move not in legal]


def error_frame(rules, state: dict, seat: int, move: dict) -> str | None:
    """The error frame the table would send for this move (as the consumer builds it), or None if it is legal."""
    try:
        rules.apply(state, seat, move)
    except IllegalMove as exc:
        return json.dumps({"type": "error", "code": "illegal_move", "message": str(exc), "id": "probe"})
    return None


@pytest.mark.parametrize("slug", GAMES)
def test_every_frame_of_random_playouts_hides_what_it_must(slug):
    rules = engine(slug)
    sizes = table_sizes(rules)
    frames_seen = errors_seen = 0
    for game in range(PLAYOUTS):
        players = sizes[game % len(sizes)]
        seed = SEED + game
        rnd = random.Random(f"canary:{slug}:{game}")
        state = rules.setup(players, seed)
        match = Match(pk=1000 + game, game=slug, seed=seed, state=state, version=0)
        names = [f"Player {i + 1}" for i in range(players)]
        version = 0
        while True:
            over = rules.outcome(state) is not None
            match.state, match.version = state, version
            match.status = Match.Status.FINISHED if over else Match.Status.RUNNING
            secrets = secrets_of(state, seed)
            for viewer in [*range(players), None]:
                hidden = rules.hidden_from(state, viewer)
                where = f"{slug} {players}p game {game} v{version} viewer {viewer}"
                if over or version % HTML_EVERY == 0:
                    context = frames.table_context(match, viewer, names, state=state)
                    assert_clean(frames.html_frame(context), hidden, secrets, where + " html")
                    frames_seen += 1
                assert_clean(frames.json_frame(match, viewer, names, state=state), hidden, secrets, where + " json")
                frames_seen += 1
            if over:
                break
            for seat in rules.active_seats(state):
                hidden = rules.hidden_from(state, seat)
                for move in bad_moves(rules, state, seat, rnd):
                    text = error_frame(rules, state, seat, move)
                    if text is not None:
                        sent = json.dumps(move)  # a name the player typed in is not a leak when echoed
                        assert_clean(text, {item for item in hidden if item not in sent},
                                     {item for item in secrets if item not in sent},
                                     f"{slug} v{version} seat {seat} error for {move}")
                        errors_seen += 1
            seat, move = pick_move(rules, state, rnd)
            state = rules.apply(state, seat, move)
            version += 1
    assert frames_seen and errors_seen


@pytest.fixture
def seated_users(make_user):
    return [make_user(f"player{i}") for i in range(2)]


def play_to_the_end(match: Match, rnd: random.Random, checkpoint) -> Match:
    """Random moves through the service until the match is over; ``checkpoint(match)`` now and then and at the end."""
    rules = engine(match.game)
    while match.status == Match.Status.RUNNING:
        seat, move = pick_move(rules, match.state, rnd)
        assert do_move(match.pk, seat, move, match.version).ok
        match.refresh_from_db()
        if match.version in (1, 5, 20, 60, 200) and match.status == Match.Status.RUNNING:
            checkpoint(match)
    checkpoint(match)
    return match


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_match_story_and_replay_pages_hide_what_they_must(client, slug, seated_users, carol):
    rules = engine(slug)
    match = do_start_match(slug, [SeatSpec(user.username, user) for user in seated_users], seed=SEED)
    viewers = {0: seated_users[0], 1: seated_users[1], None: carol, "anonymous": None}
    checked = []

    def match_pages(match: Match) -> None:
        secrets = secrets_of(match.state, SEED)
        for key, user in viewers.items():
            client.logout()
            if user is not None:
                client.force_login(user)
            page = client.get(f"/matches/{match.pk}/")
            assert page.status_code == 200
            seat = key if isinstance(key, int) else None
            assert_clean(page.content.decode(), rules.hidden_from(match.state, seat), secrets,
                         f"{slug} match page v{match.version} for {key}")
            checked.append(key)
        client.logout()
        home = client.get("/")  # the live-matches list on the home page
        assert_clean(home.content.decode(), rules.hidden_from(match.state, None), secrets, f"{slug} home page")

    match = play_to_the_end(match, random.Random(f"pages:{slug}"), match_pages)
    assert match.status == Match.Status.FINISHED
    history = states(match)
    final = history[-1]
    client.force_login(carol)
    story = client.get(f"/matches/{match.pk}/story/")
    assert story.status_code == 200
    assert_clean(story.content.decode(), rules.hidden_from(final, None), secrets_of(final, SEED), f"{slug} story")
    steps = sorted({0, 1, 2, len(history) // 3, len(history) // 2, len(history) - 2, len(history) - 1})
    for step in steps:
        client.force_login(carol)
        page = client.get(f"/matches/{match.pk}/replay/?move={step}")
        assert page.status_code == 200
        assert_clean(page.content.decode(), rules.hidden_from(history[step], None), secrets_of(history[step], SEED),
                     f"{slug} spectator replay at {step}")
        for seat, user in enumerate(seated_users):
            client.force_login(user)
            page = client.get(f"/matches/{match.pk}/replay/?move={step}&seat={seat}")
            assert page.status_code == 200
            assert_clean(page.content.decode(), rules.hidden_from(history[step], seat),
                         secrets_of(history[step], SEED), f"{slug} seat {seat} replay at {step}")
            other = client.get(f"/matches/{match.pk}/replay/?move={step}&seat={1 - seat}")
            assert other.status_code == 403
    assert len(checked) >= 8


async def receive_all(communicator, into: list, version: int = -1, quiet_s: float = 0.05) -> None:
    """Everything the socket is sent until a state of at least ``version`` has come and it stays quiet for
    ``quiet_s`` seconds (a timed-out receive would cancel the consumer, so wait with ``receive_nothing``)."""
    while version >= 0:
        text = await communicator.receive_from(timeout=5)
        into.append(text)
        frame = json.loads(text)
        if frame["type"] in ("state", "patch") and frame["version"] >= version:
            break
    while not await communicator.receive_nothing(timeout=quiet_s):
        into.append(await communicator.receive_from(timeout=5))


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("slug", GAMES)
async def test_every_socket_frame_of_a_few_moves_hides_the_other_seats_cards(slug, alice, bob, carol):
    """From the lobby to a few moves in: state, presence, chat, error and lobby frames all scanned."""
    rules = engine(slug)
    lobby = await database_sync_to_async(lobbies.create_lobby)(alice, slug, 2, True)
    await database_sync_to_async(lobbies.join)(lobby.pk, bob)
    lobby_socket = await open_lobby(lobby.pk, carol)
    match = await database_sync_to_async(lobbies.start)(lobby.pk, alice)
    lobby_frames: list[str] = []
    await receive_all(lobby_socket, lobby_frames, quiet_s=0.3)
    await lobby_socket.disconnect()
    seat_of = {alice.pk: None, bob.pk: None}
    for row in await database_sync_to_async(lambda: list(match.seats.values("index", "user_id")))():
        seat_of[row["user_id"]] = row["index"]
    people = {seat_of[alice.pk]: alice, seat_of[bob.pk]: bob, None: carol}
    clients = {}
    for seat, user in people.items():
        for fmt in ("json", "html"):
            clients[(seat, fmt)] = (await connect(match.pk, user, fmt=fmt))[0]
    received: dict = {key: [] for key in clients}

    async def settle(version: int):
        await asyncio.gather(*(receive_all(client, received[key], version) for key, client in clients.items()))

    rnd = random.Random(f"sockets:{slug}")
    state, version = match.state, 0
    for turn in range(6):
        if rules.outcome(state) is not None:
            break
        seat, move = pick_move(rules, state, rnd)
        speaker = (seat, "json")
        await clients[speaker].send_to(text_data=json.dumps({"type": "chat", "text": f"my move {turn}, friends"}))
        await clients[(None, "html")].send_to(text_data=json.dumps({"type": "chat", "text": f"watching {turn}"}))
        # a socket may send 20 frames at once and 10 a second: three a turn (and a sync once) stay under it
        bad = rnd.choice(bad_moves(rules, state, seat, rnd, probe=False))
        await clients[speaker].send_to(text_data=json.dumps(
            {"type": "move", "move": bad, "version": version, "id": f"bad{turn}"}))
        if turn == 0:
            await clients[speaker].send_to(text_data=json.dumps({"type": "sync"}))
        await clients[speaker].send_to(text_data=json.dumps(
            {"type": "move", "move": move, "version": version, "id": f"m{turn}"}))
        state = rules.apply(state, seat, move)
        version += 1
        await settle(version)
    await settle(-1)
    match, history = await leave_and_replay(clients.values(), match.pk, version)
    for text in lobby_frames:
        assert_clean(text, rules.hidden_from(history[0], None), secrets_of(history[0], match.seed), f"{slug} lobby")
    kinds = set()
    for (seat, fmt), texts in received.items():
        shown = 0  # the version on the viewer's page when the frame came
        for text in texts:
            frame = json.loads(text)
            kinds.add(frame["type"])
            if frame["type"] in ("state", "patch"):
                shown = frame["version"]
            assert_clean(text, rules.hidden_from(history[shown], seat),
                         secrets_of(history[shown], match.seed), f"{slug} {frame['type']} frame to {seat}/{fmt}")
    assert {"state", "patch", "presence", "chat"} <= kinds
    await database_sync_to_async(connections.close_all)()
