"""Origins' map is drawn in parts (issue 41): a pawn, a territory or a layer of the map that a patch brings is SVG,
as on a fresh load, not an unknown HTML element that draws nothing (a part is parsed where it goes, match.js).

A seat's page follows random moves through patches; then every element in the map is in the SVG namespace, and
every pawn is drawn (it has a size on the page)."""

import random

import pytest
from django.db import connections

from apps.matches.domain.deeds import SeatSpec, do_start_match
from tests.browser.test_frames_in_disorder import wait_for_version
from tests.browser.test_table_patches_every_game import open_pages, play
from tests.conftest import session_cookie

SVG = "http://www.w3.org/2000/svg"
MAP_AS_DRAWN = f"""() => {{
  const inside = [...document.querySelectorAll('#table .og-map *')];
  const pawns = [...document.querySelectorAll('#table .og-map .og-pawn')];
  return {{
    not_svg: inside.filter((el) => el.namespaceURI !== '{SVG}').map((el) => el.outerHTML.slice(0, 80)),
    pawns: pawns.length,
    unseen: pawns.filter((el) => !el.getBoundingClientRect().width).length,
    parts: document.querySelectorAll('#table .og-map [data-part]').length,
  }};
}}"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_map_parts_brought_by_patches_are_svg(browser, daphne_servers, alice, bob, carol):
    (server,) = daphne_servers(1)
    cookies = {name: session_cookie(user) for name, user in (("alice", alice), ("bob", bob), ("carol", carol))}
    match = do_start_match("origins", [SeatSpec("alice", alice), SeatSpec("bob", bob)], seed=4141)
    connections.close_all()
    pages, _ = open_pages(browser, server, match.pk, cookies)
    made, version = play(match.pk, server, cookies, random.Random("origins-map-parts"), 40)
    assert made >= 20
    for name, page in pages.items():
        wait_for_version(page, version)
        drawn = page.evaluate(MAP_AS_DRAWN)
        assert drawn["parts"] > 40, f"{name}: the map is not drawn in parts"
        assert drawn["not_svg"] == [], f"{name}: parts of the map patched in as HTML"
        assert drawn["pawns"] and drawn["unseen"] == 0, f"{name}: pawns not drawn: {drawn}"
        page.context.close()
