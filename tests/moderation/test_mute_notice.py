"""A muted player is told at once, with the reason and the end, and their chat box is disabled until it ends."""

import re
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.db import connections
from django.utils import timezone

from apps.lobbies import services as lobbies
from apps.moderation import services
from apps.moderation.models import Sanction
from tests.matches.test_consumer import connect, next_of

WITHIN = 1.0  # seconds the notice may take to reach an open page


def run(fn, *args, **kwargs):
    return database_sync_to_async(fn)(*args, **kwargs)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_mute_and_its_lifting_reach_the_users_open_pages_at_once(duel, bob, moderator):
    personal, connected = await connect(None, bob, path="/ws/me/")
    assert connected
    sanction = await run(services.mute, moderator, bob, 30, "spam in chat")
    muted = await next_of(personal, "muted", within_s=WITHIN)
    assert "spam in chat" in muted["message"] and muted["reason"] == "spam in chat"
    assert muted["until"] == sanction.ends_at.isoformat()
    assert muted["until_ms"] == int(sanction.ends_at.timestamp() * 1000)
    await run(services.lift, moderator, sanction, "fair enough")
    assert (await next_of(personal, "unmuted", within_s=WITHIN))["type"] == "unmuted"
    await personal.disconnect()
    await database_sync_to_async(connections.close_all)()


def chat_form(page: str) -> str:
    return re.search(r'<p class="chat-muted".*?</form>', page, re.S).group(0)


@pytest.mark.django_db
@pytest.mark.parametrize("where", ["match", "lobby"])
def test_a_page_loaded_while_muted_shows_the_chat_box_disabled_with_reason_and_end(client, duel, bob, moderator,
                                                                                   where):
    lobby = lobbies.create_lobby(bob, "chronicle", 2, True)
    url = f"/matches/{duel.pk}/" if where == "match" else f"/lobbies/{lobby.pk}/"
    client.force_login(bob)
    page = client.get(url).content.decode()
    assert "{#" not in page
    free = chat_form(page)
    assert "disabled" not in free and "hidden" in free
    sanction = services.mute(moderator, bob, 30, "shouting")
    box = chat_form(client.get(url).content.decode())
    assert "shouting" in box and f'data-until="{int(sanction.ends_at.timestamp() * 1000)}"' in box
    assert box.count(" disabled") == 2 and " hidden" not in box
    Sanction.objects.filter(pk=sanction.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    assert "disabled" not in chat_form(client.get(url).content.decode())
