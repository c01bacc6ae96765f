"""Each game beyond Chronicle, played to the end in the browser by clicking only: people and the game's own bot,
with a spectator watching every move arrive. Screenshots at phone and desktop width are saved.

A Stone Age game runs to 800-1,000 steps, almost two minutes of clicking, so its first rounds are played by random
bots on the server (through the site's own bot moves, logged as any) and the people click from there to the end."""

import random
import re

import pytest
from django.db import connections
from playwright.sync_api import Error as PlaywrightError

from apps.lobbies import services as lobbies
from apps.matches.domain.deeds import do_bot_move
from apps.matches.engine import built_games, engine
from apps.matches.models import Match, MatchSeat
from tests.browser.test_play_chronicle import ARTIFACTS, DESKTOP, PHONE, Watchful, version_of, wait_for_version
from tests.conftest import session_cookie

PEOPLE = {"live_on": 2}  # the co-operative game is played by two people and a bot; the others by one and a bot
# Rounds played by bots before the browser opens: random two-seat games of Stone Age ended in round 21-34 (60 seeds).
BOTS_PLAY_FIRST = {"stone_age": 18}
GAMES = [entry.slug for entry in built_games() if entry.slug != "chronicle"]


@pytest.fixture
def table(request, transactional_db, make_user):
    """A started match of the game: people seated first, then the game's own bot; made before the browser."""
    game = request.param
    try:
        people = [make_user(name) for name in ("ada", "bea")[:PEOPLE.get(game, 1)]]
        lobby = lobbies.create_lobby(people[0], game, len(people) + 1, True)
        for person in people[1:]:
            lobbies.join(lobby.pk, person)
        bot_kind = next(iter(engine(game).bots()), "random")
        lobbies.add_bot(lobby.pk, people[0], len(people), bot_kind)
        match = lobbies.start(lobby.pk, people[0])
        if game in BOTS_PLAY_FIRST:
            bots_play_rounds(match, BOTS_PLAY_FIRST[game])
        return game, match.pk, [session_cookie(person) for person in people]
    finally:
        connections.close_all()


def bots_play_rounds(match: Match, rounds: int) -> None:
    """Random bots play every seat until the game's round ``rounds`` begins; then each seat is played as before."""
    seated = list(MatchSeat.objects.filter(match=match).values_list("index", "bot", "bot_by"))
    MatchSeat.objects.filter(match=match).update(bot="random", bot_by="vote")
    while Match.objects.get(pk=match.pk).state["round"] < rounds:
        assert do_bot_move(match.pk)
    for index, bot, bot_by in seated:
        MatchSeat.objects.filter(match=match, index=index).update(bot=bot, bot_by=bot_by)
    finished = Match.objects.get(pk=match.pk)
    assert finished.status == Match.Status.RUNNING and finished.version > 0


@pytest.mark.browser
@pytest.mark.parametrize("table", GAMES, indirect=True)
def test_people_and_a_bot_play_to_the_end_by_clicking(table, browser, daphne_servers):
    game, match_id, cookies = table
    ARTIFACTS.mkdir(exist_ok=True)
    (server,) = daphne_servers(1, bot_delay=0.0)
    url = f"{server.url}/matches/{match_id}/"
    watched = []
    for i, cookie in enumerate([*cookies, None]):
        ctx = browser.new_context(viewport=DESKTOP)
        if cookie:
            ctx.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
        page = ctx.new_page()
        watched.append(Watchful(page, f"person {i}" if cookie else "watcher"))
        page.goto(url)
        page.wait_for_selector("[data-conn]:has-text('Live')")
    players, watcher = [w.page for w in watched[:-1]], watched[-1].page
    chooser = random.Random(17)
    clicks = misses = 0
    while True:
        # Decide only on pages that agree on one version: a page a few milliseconds behind the others still shows
        # the bot's turn, and a click chosen from it (or no click) would wait for a move nobody is going to make.
        version = max(version_of(p) for p in [*players, watcher])
        for page in [*players, watcher]:
            wait_for_version(page, version)
        try:
            movers = movers_now(players, watcher)
        except PlaywrightError as exc:
            # A patch arrived while the page was read: a part it keeps passes through the parsed fragment (another
            # document) on its way back, and a handle read then cannot be adopted. Look again.
            misses += 1
            assert misses < 30, f"{game}: {misses} reads missed: {exc}"
            continue
        if movers is None:
            break
        clicked = None
        if movers:
            page = chooser.choice(movers)
            try:
                choices = page.query_selector_all("#table [data-move]")
                if not choices:
                    raise PlaywrightError("the choices went away: a frame replaced the table")
                target = chooser.choice(choices)
                clicked = target.get_attribute("data-move")
                tap(page, target)
            except PlaywrightError as exc:
                misses += 1  # the table changed under the pointer (a bot moved at the same time): look again
                assert misses < 30, f"{game}: {misses} clicks missed, the last on {clicked}: {exc}"
                continue
            clicks += 1
        for page in [*players, watcher]:
            try:
                wait_for_version(page, version + 1)  # a click, or the bot's own move, reaches everyone
            except PlaywrightError as exc:
                raise AssertionError(stuck_report(game, match_id, version, clicked, players, watcher)) from exc
        if clicks == 6:
            shoot_mid_game(game, players[0], watcher)
        assert clicks < 3000
    assert clicks > 0 and watcher.url == url
    players[0].click(".status.over a")
    players[0].wait_for_url(re.compile(r"/story/$"))
    players[0].screenshot(path=str(ARTIFACTS / f"{game}-end-desktop.png"), full_page=True)
    try:
        assert Match.objects.get(pk=match_id).status == Match.Status.FINISHED
    finally:
        connections.close_all()
    for w in watched:
        w.page.context.close()
        assert w.problems == [], (w.name, w.problems)


def shoot_mid_game(game: str, player, watcher) -> None:
    """A player's and the watcher's page at phone and desktop width, saved among the test's artifacts."""
    for page, who in ((player, "player"), (watcher, "watcher")):
        for width, size in (("phone", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(size)
            page.screenshot(path=str(ARTIFACTS / f"{game}-match-{who}-{width}.png"), full_page=True)
        page.set_viewport_size(DESKTOP)


def movers_now(players, watcher) -> list | None:
    """The pages whose player is to decide and has a control to click; None once the match is over."""
    if watcher.query_selector(".status.over"):
        return None
    return [p for p in players if p.query_selector(".status.yours") and p.query_selector("#table [data-move]")]


def stuck_report(game, match_id, version, clicked, players, watcher) -> str:
    """What the server awaits and what each page shows, for a match that stopped moving."""
    try:
        server = Match.objects.get(pk=match_id)
        status = f"server at {server.version}, awaiting seats {engine(game).active_seats(server.state)}"
    finally:
        connections.close_all()
    shown = [version_of(p) for p in [*players, watcher]]
    flash = [p.inner_text("[data-flash]") for p in players]
    page_status = [p.inner_text(".table-status") for p in players]
    buttons = [len(p.query_selector_all("#table [data-move]")) for p in players]
    return (f"{game} stuck at {version} after clicking {clicked}: pages show {shown}, {status}; flash {flash}; "
            f"status {page_status}; buttons {buttons}")


# A territory is tapped at the middle of its own hit area (the square the map draws round its spot), where a finger
# would: the centre of a territory's whole shape can lie on a neighbour.
TAP_POINT = """a => {
  const r = (a.querySelector('.og-hit') || a).getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return hit && a.contains(hit) ? {x, y} : null;
}"""


def tap(page, target) -> None:
    """Click a move: a map territory at a point of its own, anything else where Playwright aims (twice where the
    page asks to confirm)."""
    # Everything read of the element is read before the click: the patch the click brings may leave the handle on
    # a node of the parsed fragment rather than the page's, where a read waits for ever.
    confirm = target.get_attribute("data-confirm")
    if target.evaluate("el => el.matches('a.og-terr')"):
        target.scroll_into_view_if_needed(timeout=3000)
        point = target.evaluate(TAP_POINT)
        assert point, f"no visible part of {target.get_attribute('data-move')} can be tapped"
        page.mouse.click(point["x"], point["y"])
    else:
        target.click(timeout=3000)
        if confirm:  # a move that ends the game for everyone asks for a second tap
            target.click(timeout=3000)
