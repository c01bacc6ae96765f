"""The host's bot choice in a lobby (newcomer report): the game's recommended bot comes first, every kind of bot
says in one line how it plays, and a guest is told plainly how to play rated."""

import html
import re

import pytest

from apps.lobbies import services
from apps.matches.domain.bots import bot_kinds

pytestmark = pytest.mark.django_db


def bot_buttons(page: str) -> list[tuple[str, str]]:
    """The first empty seat's bot buttons: (label, the one-line description its aria-describedby points at)."""
    seat = page.split('<li class="seat">')[2]
    found = []
    button = r'<button type="submit"[^>]*aria-describedby="([^"]+)"[^>]*>Add ([^<]+)</button>'
    for described, label in re.findall(button, seat):
        about = re.search(rf'id="{re.escape(described)}"[^>]*>(.*?)</', page.replace("<strong>", "").replace(
            "</strong>", ""), re.S)
        found.append((label, html.unescape(about.group(1)).strip() if about else ""))
    return found


@pytest.mark.parametrize("game", ["live_on", "stone_age", "chronicle"])
def test_the_recommended_bot_comes_first_and_every_bot_says_how_it_plays(client, alice, game):
    lobby = services.create_lobby(alice, game, 2, is_public=True)
    client.force_login(alice)
    page = client.get(lobby.get_absolute_url()).content.decode()
    buttons = bot_buttons(page)
    assert len(buttons) == len(bot_kinds(game)), buttons
    first, _ = buttons[0]
    assert first.lower() != "random bot", "a newcomer's first offer is a bot that plays for real"
    assert "recommended" in page.split('<li class="seat">')[2].lower()
    abouts = [about for _, about in buttons]
    assert all(abouts) and len(set(abouts)) == len(abouts), abouts
    assert buttons[-1][0].lower() == "random bot" and "random" in abouts[-1].lower()


def test_a_co_operative_games_bot_says_it_plays_with_the_table(client, alice):
    lobby = services.create_lobby(alice, "live_on", 2, is_public=True)
    client.force_login(alice)
    buttons = bot_buttons(client.get(lobby.get_absolute_url()).content.decode())
    assert "with you" in buttons[0][1] and "lose" in buttons[-1][1], buttons


def test_a_guest_host_is_told_how_to_play_rated(client, make_user):
    guest = make_user("gus")
    guest.is_guest = True
    guest.save(update_fields=["is_guest"])
    client.force_login(guest)
    page = html.unescape(client.get("/lobbies/new/stone_age/").content.decode())
    assert "(Keep this name, at the top)" not in page
    assert re.search(r'To play rated, <a href="/[^"]+">keep your name with a password</a>', page), page[-3000:]
