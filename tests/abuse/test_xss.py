"""Script injection: names are restricted to plain characters, and whatever text people type (chat), or a name that
got past the rule (forced into the database), is shown as text on every page and in every pushed frame."""

import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connections
from django.test import Client

from apps.accounts.services import check_display_name
from apps.lobbies import services as lobbies
from apps.lobbies.models import Lobby
from apps.matches.domain.deeds import SeatSpec, do_post_chat, do_start_match
from apps.matches.engine import built_games, engine
from apps.matches.live import frames
from config.asgi import application
from tests.conftest import session_cookie

PAYLOADS = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "javascript:alert(1)",
    "</textarea><svg onload=alert(1)>",
    "{{7*7}}",
    "{% debug %}",
    "'><svg/onload=alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    "</script><script>alert(1)</script>",
    '<iframe srcdoc="<script>alert(1)</script>">',
    "<style>*{display:none}</style>",
    "\u202e<b>rtl</b>",
]
HOSTILE_NAME = '"><img src=x onerror=alert(1)>ann'
MARKUP = re.compile(r"<(script|img|svg|iframe|style|b)\b[^>]*(onerror|onload|srcdoc|>alert|>rtl|display:none)", re.I)


def assert_inert(html: str, where: str) -> None:
    """No payload survives as markup: every one is escaped text."""
    for payload in [*PAYLOADS, HOSTILE_NAME]:
        if "<" in payload or ">" in payload or '"' in payload:
            assert payload not in html, f"{payload!r} raw in {where}"
    assert not MARKUP.search(html), f"live markup in {where}: {MARKUP.search(html).group(0)!r}"
    assert 'href="javascript:' not in html.lower(), where


@pytest.mark.django_db
@pytest.mark.parametrize("payload", PAYLOADS)
def test_no_payload_is_a_display_name(client, payload):
    with pytest.raises(Exception, match="A name is"):
        check_display_name(payload)
    response = client.post("/accounts/signup/", {"username": payload, "password1": "a-long-secret-9",
                                                 "password2": "a-long-secret-9"})
    assert response.status_code == 200 and "A name is" in response.content.decode()
    response = client.post("/accounts/guest/", {"name": payload})
    assert response.status_code == 200 and "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_lobbies_have_no_free_text_and_refuse_markup_in_their_choices(client, alice):
    client.force_login(alice)
    response = client.post("/lobbies/new/chronicle/", {"seat_count": "<script>alert(1)</script>", "pace": PAYLOADS[1],
                                                       "away_minutes": "3"})
    assert response.status_code == 200 and not Lobby.objects.exists()
    assert_inert(response.content.decode(), "the lobby form's errors")


@pytest.fixture
def hostile_table(make_user, settings):
    """A lobby and a match where every payload was said in chat, and a player whose name is markup."""
    settings.CHAT_RATE_LIMIT = (100, 10)
    alice, bob, ann = make_user("alice"), make_user("bob"), make_user("ann")
    lobby = lobbies.create_lobby(alice, "chronicle", 3, is_public=True)
    lobbies.join(lobby.pk, ann)
    match = do_start_match("chronicle", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=3)
    for payload in PAYLOADS:
        do_post_chat(f"lobby:{lobby.pk}", bob, payload)
        do_post_chat(f"match:{match.pk}", bob, payload)
    type(ann).objects.filter(pk=ann.pk).update(username=HOSTILE_NAME)
    match.seats.filter(index=1).update(name=HOSTILE_NAME)
    return lobby, match, alice, bob


@pytest.mark.django_db
def test_pages_show_every_payload_as_text(hostile_table):
    lobby, match, alice, bob = hostile_table
    viewer = Client()
    viewer.force_login(alice)
    for url in ["/", lobby.get_absolute_url(), match.get_absolute_url(), f"/matches/{match.pk}/replay/"]:
        response = viewer.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert_inert(html, url)
    lobby_html = viewer.get(lobby.get_absolute_url()).content.decode()
    match_html = viewer.get(match.get_absolute_url()).content.decode()
    for html in (lobby_html, match_html):
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "{{7*7}}" in html and "{% debug %}" in html
    assert "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;ann" in lobby_html


@pytest.mark.django_db
@pytest.mark.parametrize("game", [entry.slug for entry in built_games()])
def test_every_games_board_shows_a_hostile_seat_name_as_text(make_user, game):
    rules = engine(game)
    people = [make_user(f"p{i}") for i in range(rules.min_players)]
    match = do_start_match(game, [SeatSpec(HOSTILE_NAME if i == 0 else f"p{i}", person)
                               for i, person in enumerate(people)], seed=11)
    for seat in (0, 1, None):
        assert_inert(json.loads(frames.frame_for(match, seat, "html"))["html"], f"{game} board for seat {seat}")
    assert_inert(Client().get(match.get_absolute_url()).content.decode(), f"{game} page")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_pushed_frames_carry_payloads_as_json_text_only(settings, make_user):
    settings.CHAT_RATE_LIMIT = (100, 10)
    alice, ann = await database_sync_to_async(make_user)("alice"), await database_sync_to_async(make_user)("ann")
    lobby = await database_sync_to_async(lobbies.create_lobby)(alice, "chronicle", 3, True)
    cookie = await database_sync_to_async(session_cookie)(alice)
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost"), (b"cookie", f"sessionid={cookie}".encode())]
    host = WebsocketCommunicator(application, f"/ws/lobbies/{lobby.pk}/", headers=headers)
    assert (await host.connect(timeout=5))[0]
    await database_sync_to_async(type(ann).objects.filter(pk=ann.pk).update)(username=HOSTILE_NAME)
    await database_sync_to_async(lobbies.join)(lobby.pk, await database_sync_to_async(type(ann).objects.get)(pk=ann.pk))
    for payload in PAYLOADS[:8]:
        await host.send_to(text_data=json.dumps({"type": "chat", "text": payload}))
    chats, seats_html = [], ""
    while not await host.receive_nothing(timeout=0.3):
        frame = json.loads(await host.receive_from(timeout=1))
        if frame["type"] == "chat":
            chats.append(frame["text"])
        elif frame["type"] == "lobby":
            seats_html = frame["html"]
    assert chats == PAYLOADS[:8]  # text in JSON: the page puts it in with textContent
    assert HOSTILE_NAME not in seats_html and "&lt;img src=x onerror=alert(1)&gt;ann" in seats_html
    assert_inert(seats_html, "the lobby's seats frame")
    await host.disconnect()
    await database_sync_to_async(connections.close_all)()
