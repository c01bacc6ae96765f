"""The rules at hand: every match page (and its replay) opens the game's rules in a panel over the table."""

import pytest

from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.engine import built_games

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", [entry.slug for entry in built_games()])
def test_every_match_page_has_a_rules_button_and_panel(client, alice, slug):
    match = do_start_match(slug, [SeatSpec("alice", alice), SeatSpec("Bot", bot="random")], seed=2)
    for url in (f"/matches/{match.pk}/", f"/matches/{match.pk}/replay/"):
        page = client.get(url).content.decode()
        assert "data-rules-open" in page and f'data-src="/games/{slug}/?panel=1"' in page


@pytest.mark.parametrize("slug", [entry.slug for entry in built_games()])
def test_the_rules_panel_is_the_rules_without_the_pages_frame(client, slug):
    panel = client.get(f"/games/{slug}/?panel=1").content.decode()
    page = client.get(f"/games/{slug}/").content.decode()
    assert "<html" not in panel and 'class="topbar"' not in panel and "New lobby" not in panel
    rules = panel.split("players.</p>")[1].strip()[:300]  # the game's own rules, as the rules page shows them
    assert len(rules) > 100 and rules in page


@pytest.mark.parametrize("slug, quoted", [
    ("origins", "The other player's pawn is moved to the starting square"),
    ("origins", "Your evolved pawns on the board"),
    ("live_on", "Keeping phase: the band's total is enforced"),
    ("stone_age", "Bought cards are kept face down on the player board"),
])
def test_each_game_changed_to_play_as_written_says_what_changed_on_its_rules_page(client, slug, quoted):
    page = " ".join(client.get(f"/games/{slug}/").content.decode().split())
    assert "What changed on" in page and quoted in page
