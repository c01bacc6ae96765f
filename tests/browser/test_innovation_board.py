"""Innovation's drawn board, played by clicking it: one player at desktop width, the other on a phone.

Each state both pages show has no horizontal scrolling and every clickable card is at least 44 x 44 px; after
each move the other player's page marks what it changed (the pile melded on, the supply pile drawn from), and
tappable cards say what a tap does. Screenshots of every width are saved in test-artifacts/innovation-board/.
"""

import pytest
from django.db import connections

from apps.matches.models import Match
from tests.browser.board_checks import FIRST_PAINT, assert_fits_a_thumb, click, seeded_match
from tests.browser.test_play_chronicle import ARTIFACTS

SHOTS = ARTIFACTS / "innovation-board"


@pytest.fixture
def two_players(transactional_db, make_user):
    """A two-player Innovation match in its setup (ada in seat 0, bea in seat 1) and their cookies."""
    return seeded_match(make_user, "innovation", 20261123)


def shoot(pages, name):
    for page in pages:
        page.screenshot(path=str(SHOTS / f"{page.viewport_size['width']}px-{name}.png"), full_page=True)


def mover(pages):
    """The page whose player may move now (the one showing clickable pieces)."""
    (page,) = [p for p in pages if p.query_selector("#table [data-move]")]
    return page


@pytest.mark.browser
def test_two_players_meld_draw_and_dogma_by_tapping_the_drawn_cards_on_a_desktop_and_a_phone(
        two_players, two_pages):
    match_id, (ada_cookie, bea_cookie) = two_players
    SHOTS.mkdir(parents=True, exist_ok=True)
    a, b = pages = two_pages(match_id, [ada_cookie, bea_cookie])
    for page in pages:
        assert_fits_a_thumb(page, "#table [data-move]")
        assert page.query_selector("#table .in-hand .in-card .in-top > svg[aria-label]"), "icons are pictures"
        assert page.inner_text("#table .in-hand .in-tap") == "Meld"
    shoot(pages, "choose-a-first-card")

    # Each picks a first card by tapping it; once both have, every board shows the two new piles as changed.
    click(a, "#table .in-hand [data-move]", pages)
    click(b, "#table .in-hand [data-move]", pages)
    for page in pages:
        assert len(page.query_selector_all("#table .in-pile.is-changed")) == 2, "both first melds are marked"
    assert "Your turn" in mover(pages).inner_text(".table-status")
    assert "Your turn: Your turn" not in mover(pages).inner_text(".table-status")

    # The first player draws: the other page marks the supply pile drawn from and that player's hand.
    first = mover(pages)
    other = b if first is a else a
    click(first, "#table .in-actions [data-move*='draw']", pages)
    assert other.query_selector("#table .in-supply .in-deck.is-changed"), "the supply pile drawn from is marked"
    assert other.query_selector("#table .in-pack.is-changed"), "the drawer's hand is marked"
    assert not other.query_selector("#table .in-pile.is-changed"), "the older melds are no longer marked"

    # The second player melds a card by tapping it in hand: the other page marks that pile only.
    second = mover(pages)
    assert second is other
    color = second.get_attribute("#table .in-hand [data-move]", "class").split()[1]
    click(second, "#table .in-hand [data-move]", pages)
    marked = first.query_selector_all("#table .in-pile.is-changed")
    assert len(marked) == 1 and color in marked[0].get_attribute("class")
    animation = marked[0].evaluate("el => getComputedStyle(el).animationName")
    assert (animation != "none") == (first is a), "a mark animates on the desktop, not for who asks for no motion"
    shoot(pages, "after-a-meld")

    # The same player taps a top card: it says whom the dogma reaches; any choice it asks is answered by tapping.
    assert second.inner_text("#table .in-pile [data-move*='dogma'] .in-tap") == "Dogma"
    reach = second.inner_text("#table .in-pile [data-move*='dogma'] .in-reach")
    assert ("ada" if second is b else "bea") in reach and " vs your " in reach
    click(second, "#table .in-pile [data-move*='dogma']", pages)

    # Play on by tapping (a dogma, else a meld, else a draw) until some card asks a choice; answer it by tapping.
    choice = "#table [data-move*='choose'], #table [data-move*='decline']"
    asked = 0
    for turn in range(60):
        chooser = mover(pages)
        if chooser.query_selector(choice):
            if asked == 0:
                assert chooser.query_selector("#table .is-deciding"), "the deciding player is marked"
                shoot(pages, "a-choice")
            asked += 1
            click(chooser, choice, pages)
        elif asked:
            break
        else:
            kind = ("dogma", "meld", "draw")[turn % 3]
            if not chooser.query_selector(f"#table [data-move*='{kind}']"):
                kind = "draw"
            click(chooser, f"#table [data-move*='{kind}']", pages)
    assert asked, "some card asked a choice, answered by tapping"
    shoot(pages, "after-a-choice")

    for page in pages:  # a warm server: the figure a player opening a running match sees
        page.reload()
        page.wait_for_selector("[data-conn]:has-text('Live')")
        print(f"{page.viewport_size['width']} px, reloaded: first contentful paint {page.evaluate(FIRST_PAINT)} ms")
    try:
        assert Match.objects.get(pk=match_id).status == Match.Status.RUNNING
    finally:
        connections.close_all()
