"""Text that turns the page around: bidi controls are stripped from lobby titles and chat, and what people write
is shown isolated beside other text; websocket frames are limited in bytes, not characters."""

import json

import pytest

from apps.lobbies import services as lobbies
from apps.lobbies.forms import LobbyForm
from apps.lobbies.models import Lobby
from apps.matches.domain.checks import ChatRefused
from apps.matches.domain.deeds import do_post_chat
from apps.matches.engine import engine
from apps.matches.live import flood
from apps.matches.live.flood import FloodGuard

pytestmark = pytest.mark.django_db

# Every Unicode bidi formatting control: embeddings and overrides, isolates, marks, the Arabic letter mark.
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"


def test_it_strips_bidi_controls_from_a_lobby_title(client, alice):
    client.force_login(alice)
    client.post("/lobbies/new/chronicle/", {"seat_count": "2", "is_public": "on", "pace": "own_pace",
                                            "away_minutes": "10", "name": f"Fun{BIDI_CONTROLS} table\u202e"})
    assert Lobby.objects.get().name == "Fun table"


def test_a_lobby_title_made_only_of_bidi_controls_becomes_the_default(alice):
    form = LobbyForm(engine("chronicle"), {"seat_count": "2", "is_public": "on", "pace": "own_pace",
                                           "away_minutes": "10", "name": BIDI_CONTROLS}, host=alice)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["name"] == ""


def test_it_strips_bidi_controls_from_chat(duel, bob):
    message = do_post_chat(f"match:{duel.pk}", bob, "\u202egg\u2066 well played\u2069")
    assert message.text == "gg well played"


def test_it_refuses_a_chat_line_made_only_of_bidi_controls(duel, bob):
    with pytest.raises(ChatRefused):
        do_post_chat(f"match:{duel.pk}", bob, BIDI_CONTROLS)


def test_the_home_and_lobby_pages_show_a_lobby_title_isolated_from_the_host_name(client, alice):
    lobby = lobbies.create_lobby(alice, "chronicle", 2, is_public=True, name="\u05e9\u05dc\u05d5\u05dd table")
    home = client.get("/").content.decode()
    assert f'<bdi>{lobby.name}</bdi>' in home
    client.force_login(alice)
    assert f'<bdi>{lobby.name}</bdi>' in client.get(lobby.get_absolute_url()).content.decode()


def test_chat_lines_are_shown_isolated(client, alice, bob):
    lobby = lobbies.create_lobby(alice, "chronicle", 2, is_public=True)
    do_post_chat(f"lobby:{lobby.pk}", alice, "\u05e9\u05dc\u05d5\u05dd")
    client.force_login(bob)
    page = client.get(lobby.get_absolute_url()).content.decode()
    assert '<span class="text" dir="auto">\u05e9\u05dc\u05d5\u05dd</span>' in page


class Consumer:
    """The parts of a socket consumer that ``read_frame`` uses."""

    def __init__(self):
        self.flood = FloodGuard()
        self.errors = []

    async def error(self, code, message):
        self.errors.append((code, message))

    async def close(self, code=None):
        raise AssertionError("not closed for one frame")


async def test_a_frame_of_multi_byte_characters_over_the_byte_limit_is_refused():
    text = json.dumps({"type": "chat", "text": "\u20ac" * (flood.MAX_FRAME_BYTES // 3 + 10)}, ensure_ascii=False)
    assert len(text) < flood.MAX_FRAME_BYTES < len(text.encode("utf-8"))
    consumer = Consumer()
    assert await flood.read_frame(consumer, text) is None
    assert consumer.errors == [("bad_request", f"Frames are JSON text of at most {flood.MAX_FRAME_BYTES} bytes.")]


async def test_a_frame_just_within_the_byte_limit_is_read():
    text = json.dumps({"type": "chat", "text": "\u20ac" * (flood.MAX_FRAME_BYTES // 3 - 20)}, ensure_ascii=False)
    consumer = Consumer()
    assert await flood.read_frame(consumer, text) == json.loads(text)
    assert consumer.errors == []
