"""A newcomer's review (Origins at 1280 and 375 px): when a pawn was picked, the row of Evolve buttons appeared above
the map and pushed it down, and choosing a form moved it back up. The room for those choices is kept above the map
while the map holds the player's choice, so the map stays where it is through picking a pawn and choosing a form;
the room first says what the three actions do."""

import pytest

from tests.browser.board_checks import open_table, seeded_match
from tests.browser.test_play_chronicle import DESKTOP, PHONE, version_of, wait_for_version

# The map's top in the page's own coordinates (not the screen's: the page may scroll to show the decision).
MAP_TOP = "() => document.querySelector('#table [data-scroll=map]').getBoundingClientRect().top + scrollY"


def tap_and_wait(page, selector: str) -> None:
    version = version_of(page)
    page.click(selector)
    wait_for_version(page, version + 1)
    page.wait_for_timeout(300)


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "375"])
def test_the_map_stays_put_while_a_pawn_is_picked_and_evolved(viewport, make_user, browser, daphne_servers):
    match_id, cookies = seeded_match(make_user, "origins", 7)
    (server,) = daphne_servers(1)
    watched = open_table(browser, server, match_id, cookies[0], viewport, "ada")
    page = watched.page
    assert page.is_visible("#table .og-room :text('Migrate')"), "before a pick, the room says what the actions do"
    tops = [page.evaluate(MAP_TOP)]
    tap_and_wait(page, "#table a.og-pawn.og-seat-0[data-move]")
    assert page.query_selector_all("#table .og-room .move-evolve"), "the forms to evolve into sit in the room"
    tops.append(page.evaluate(MAP_TOP))
    tap_and_wait(page, "#table .move-evolve")
    assert page.query_selector_all("#table a.og-terr.move-place")
    tops.append(page.evaluate(MAP_TOP))
    assert max(tops) - min(tops) <= 1, f"the map moved: its top at {tops} (start, picked, evolving)"
    assert watched.problems == []
