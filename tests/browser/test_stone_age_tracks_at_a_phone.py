"""Stone Age's score and food tracks read on a phone (issue 39/40: at 375 px the tracks' scales were a few pixels
high): each player's points and agriculture stand as a number in their colour beside the track, in text of 12 px or
more, inside the screen, for a player and a spectator. And a spectator's table has no empty band between the
status line and the board. Screenshots go to test-artifacts/ (stone_age-tracks-*.png), or to CIVITAS_SHOTS."""

import os
from pathlib import Path

import pytest

from tests.browser.board_checks import staged_by_bots
from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, PHONE, Watchful

SHOTS = Path(os.environ.get("CIVITAS_SHOTS") or ARTIFACTS)
SEED = 3

# Each number beside a track: its text, font size, whether it is shown, and its box.
BADGES = """sel => [...document.querySelectorAll(sel)].map(el => { const r = el.getBoundingClientRect();
  return {text: el.textContent.trim(), size: parseFloat(getComputedStyle(el).fontSize),
          shown: !!el.getClientRects().length,
          left: r.left, right: r.right, width: r.width, height: r.height,
          seat: getComputedStyle(el).backgroundColor}; })"""
# The largest stretch between the table's status line and the board's drawn land with nothing drawn in it (no text, no
# picture, no box with a background or a border), outside the page's side column.
EMPTY_BAND = """() => {
  const top = document.querySelector('.table-status').getBoundingClientRect().bottom;
  const bottom = document.querySelector('#table .sa-land').getBoundingClientRect().top;
  const inks = [];
  for (const el of document.querySelectorAll('#table *')) {
    const r = el.getBoundingClientRect();
    if (!r.height || r.bottom <= top || r.top >= bottom) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden') continue;
    const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const drawn = ['svg', 'img', 'button'].includes(el.tagName.toLowerCase()) || cs.backgroundImage !== 'none' ||
      !['rgba(0, 0, 0, 0)', 'transparent'].includes(cs.backgroundColor) ||
      parseFloat(cs.borderTopWidth) + parseFloat(cs.borderLeftWidth) > 0;
    if (text || drawn) inks.push([Math.max(top, r.top), Math.min(bottom, r.bottom)]);
  }
  inks.sort((a, b) => a[0] - b[0]);
  let y = top, band = 0;
  for (const [a, b] of inks) { band = Math.max(band, a - y); y = Math.max(y, b); }
  return Math.round(Math.max(band, bottom - y));
}"""


def open_table(browser, server, match_id: int, cookie: str | None, viewport: dict, name: str) -> Watchful:
    """The match's page at ``viewport``, live: a player's with ``cookie``, an anonymous spectator's without."""
    phone = viewport == PHONE
    ctx = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone, reduced_motion="reduce")
    if cookie:
        ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
    watched = Watchful(ctx.new_page(), name)
    watched.page.goto(f"{server.url}/matches/{match_id}/")
    watched.page.wait_for_selector("[data-conn]:has-text('Live')")
    return watched


def scores_and_fields_differ(state) -> bool:
    seats = state["seats"]
    return (state["phase"] == "place" and seats[0]["score"] != seats[1]["score"]
            and seats[0]["agriculture"] != seats[1]["agriculture"])


@pytest.fixture
def staged(transactional_db, make_user):
    return staged_by_bots(make_user, "stone_age", SEED, scores_and_fields_differ)


@pytest.mark.browser
def test_every_players_points_and_food_read_beside_the_tracks_on_a_phone(staged, browser, daphne_servers):
    match_id, cookies, state = staged
    (server,) = daphne_servers(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    opened = [open_table(browser, server, match_id, cookies[0], PHONE, "ada-phone"),
              open_table(browser, server, match_id, None, PHONE, "spectator-phone"),
              open_table(browser, server, match_id, None, DESKTOP, "spectator-desk")]
    try:
        for watched in opened:
            page = watched.page
            width = page.evaluate("() => document.documentElement.clientWidth")
            for track, key in (("is-score", "score"), ("is-food", "agriculture")):
                badges = page.evaluate(BADGES, f"#table .sa-edge.{track} .sa-v b")
                assert [b["text"] for b in badges] == [str(s[key]) for s in state["seats"]], \
                    f"{watched.name}: each player's {key} beside the {track} track"
                for b in badges:
                    assert b["shown"] and b["size"] >= 12, f"{watched.name}: {key} {b['text']} in {b['size']} px text"
                    assert 0 <= b["left"] and b["right"] <= width, f"{watched.name}: {key} {b['text']} cut at the edge"
                    assert b["height"] >= 14, f"{watched.name}: {key} {b['text']} is {b['height']} px high"
                assert len({b["seat"] for b in badges}) == len(badges), "each number in its player's colour"
                name = page.evaluate(f"() => parseFloat(getComputedStyle(document.querySelector("
                                     f"'#table .sa-edge.{track} .sa-edge-name')).fontSize)")
                assert name >= 12, f"{watched.name}: the {track} track's name is {name} px"
            page.screenshot(path=str(SHOTS / f"stone_age-tracks-{watched.name}.png"), full_page=True)
        # A spectator's table: no empty block taller than ~24 px between the status line and the board.
        for watched in opened[1:]:
            band = watched.page.evaluate(EMPTY_BAND)
            assert band <= 24, f"{watched.name}: an empty band of {band} px under the status line"
    finally:
        for watched in opened:
            watched.page.context.close()
    assert [(w.name, w.problems) for w in opened if w.problems] == []
