"""Accessible pages (issue 40): axe-core, injected into the page, finds no serious or critical WCAG 2 A/AA violation
on the home page, a lobby, every game's table at the start and in mid-game, a replay, a profile, a leaderboard, a
rules page, the about page and a lesson's page, each at desktop and phone width; and every table's own decision can
be followed by a screen reader.

One live server and one browser context per width; the matches are set up through the engine and the domain (random
legal moves written to the move log as the site would have), not by clicking. axe-core is vendored in
``tests/browser/vendor`` (see its README for where it came from)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from django.db import connections
from django.utils import timezone

from apps.lobbies import services as lobbies
from apps.matches.domain.checks import state_digest
from apps.matches.domain.deeds import SeatSpec, do_start_match
from apps.matches.engine import built_games, engine
from apps.matches.models import Match, MoveLog, ReplaySnapshot
from apps.ratings.scale import LEADERBOARD_GAMES
from apps.ratings.services import rate_match
from tests.browser.test_play_chronicle import DESKTOP, PHONE, Watchful
from tests.conftest import session_cookie

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
GAMES = [entry.slug for entry in built_games()]
# Random moves played before a table is looked at "in mid-game": about two fifths of a random two-seat game.
MIDGAME_STEPS = {"chronicle": 20, "innovation": 70, "live_on": 20, "stone_age": 350, "origins": 50}

# Serious and critical violations as a list of {rule, help, nodes: [{target, summary}]}, node by node: a rule is
# serious when any of its nodes is.
AUDIT = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => ({
    rule: v.id, help: v.help,
    nodes: v.nodes.filter(n => ['serious', 'critical'].includes(n.impact))
      .map(n => ({target: n.target.join(' '), summary: n.failureSummary.replace(/\\s+/g, ' ')}))
  })).filter(v => v.nodes.length);
}"""

# Each decision control of the table, as a screen reader meets it: its accessible name (its label, else its text)
# and the visible text its aria-describedby points at. The problems, one line each.
DECISION_TEXT = """() => {
  const shown = el => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'
    && !el.closest('[aria-hidden="true"], [hidden], .sr-only, .visually-hidden');
  return [...document.querySelectorAll('#table [data-move]')].filter(shown).flatMap(el => {
    const name = (el.getAttribute('aria-label') || el.textContent || '').trim();
    const ids = (el.getAttribute('aria-describedby') || '').split(/\\s+/).filter(Boolean);
    const said = ids.map(id => document.getElementById(id)).filter(shown)
      .map(d => d.textContent.trim()).filter(Boolean).join(' ');
    const what = el.getAttribute('data-move').slice(0, 80);
    if (!name) return [`${what}: no accessible name`];
    if (!said) return [`${what} ("${name}"): no visible description`];
    return [];
  });
}"""


def play_random(match: Match, steps: int | None, seed: int, ready_seat: int | None = 0) -> Match:
    """Random legal moves for ``match`` through the engine, logged as the site logs them: ``steps`` of them (None:
    to the end), then more until ``ready_seat`` has a decision to make (so its table shows its own choices)."""
    rules, rnd = engine(match.game), random.Random(seed)
    state, rows, kept, moved = match.state, [], [], set(match.moved_seats)

    def waiting() -> bool:
        if rules.outcome(state) is not None:
            return False
        if steps is not None and len(rows) < steps:
            return True
        return steps is None or ready_seat not in rules.active_seats(state) or not rules.legal_moves(state, ready_seat)

    while waiting():
        seat = rnd.choice([s for s in rules.active_seats(state) if rules.legal_moves(state, s)])
        move = rnd.choice(rules.legal_moves(state, seat))
        state = rules.apply(state, seat, move)
        moved.add(seat)
        rows.append(MoveLog(match=match, version=match.version + len(rows) + 1, seat=seat, move=move,
                            player=f"seat {seat}", by_bot=False, state_digest=state_digest(state)))
        if (match.version + len(rows)) % ReplaySnapshot.EVERY == 0:  # as the site keeps them while it is played
            kept.append(ReplaySnapshot(match=match, version=match.version + len(rows), state=state))
    assert steps is None or rules.outcome(state) is None, f"{match.game} ended before step {steps}"
    MoveLog.objects.bulk_create(rows)
    ReplaySnapshot.objects.bulk_create(kept)
    outcome = rules.outcome(state)
    finished = {"status": Match.Status.FINISHED, "outcome": outcome, "finished_at": timezone.now()} if outcome else {}
    Match.objects.filter(pk=match.pk).update(state=state, version=match.version + len(rows),
                                             moved_seats=sorted(moved), **finished)
    match.refresh_from_db()
    return match


@pytest.fixture
def site(transactional_db, make_user):
    """ada's view of the site: her cookie and the pages to audit, by name. Two-seat matches of each game with bea
    (at the start and in mid-game, ada to decide), an open lobby of hers, and enough rated Chronicle matches finished
    for both to be on the leaderboard and to have a rating history."""
    try:
        ada, bea = make_user("ada"), make_user("bea")
        pages = {"home": "/"}
        lobby = lobbies.create_lobby(ada, "chronicle", 3, True)
        pages["lobby"] = f"/lobbies/{lobby.pk}/"
        for game in GAMES:
            seats = [SeatSpec("ada", ada), SeatSpec("bea", bea)]
            start = play_random(do_start_match(game, seats, seed=40), 0, seed=40)
            middle = play_random(do_start_match(game, seats, seed=41), MIDGAME_STEPS[game], seed=41)
            pages[f"{game} table at the start"] = f"/matches/{start.pk}/"
            pages[f"{game} table in mid-game"] = f"/matches/{middle.pk}/"
        for seed in range(LEADERBOARD_GAMES):
            rated = do_start_match("chronicle", [SeatSpec("ada", ada), SeatSpec("bea", bea)], seed=seed, rated=True)
            rated = play_random(rated, None, seed=seed, ready_seat=None)
            assert rate_match(rated.pk)
        pages["replay"] = f"/matches/{rated.pk}/replay/?move={rated.version // 2}"
        pages["profile"] = "/players/bea/"
        pages["leaderboard"] = "/games/chronicle/leaderboard/"
        pages["rules"] = "/games/chronicle/"
        pages["about"] = "/about/"
        pages["lesson"] = "/learn/chronicle/"
        return session_cookie(ada), pages
    finally:
        connections.close_all()


def report(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['rule']}: {v['help']}")
        lines.extend(f"    {n['target']}\n        {n['summary']}" for n in v["nodes"])
    return "\n".join(lines)


def audit(page) -> list[dict]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(AUDIT, WCAG_A_AA)


@pytest.mark.browser
def test_every_kind_of_page_has_no_serious_accessibility_violation(site, browser, daphne_servers, subtests):
    cookie, pages = site
    (server,) = daphne_servers(1)
    for width, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        # The site's Content-Security-Policy refuses inline scripts, and Playwright injects axe as one.
        context = browser.new_context(viewport=viewport, reduced_motion="reduce", bypass_csp=True)
        context.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
        watched = Watchful(context.new_page(), width)
        page = watched.page
        for name, path in pages.items():
            with subtests.test(msg=f"{name} at {width} width"):
                page.goto(server.url + path)
                if "table" in name:
                    page.wait_for_selector("[data-conn]:has-text('Live')")
                    # Audited from the top, where the sticky decision bar lies in the page's flow: scrolled to the
                    # decision (decision.js), whatever small target straddles the bar's lower edge is 'partially
                    # obscured' to axe, which varies with the scroll, not with the page.
                    page.evaluate("() => new Promise((done) => { scrollTo(0, 0); requestAnimationFrame(done); })")
                found = audit(page)
                assert not found, f"{name} ({path}) at {width} width:\n{report(found)}"
                if "table" in name:
                    unreadable = page.evaluate(DECISION_TEXT)
                    assert page.locator("#table [data-move]").count() > 0, f"{name}: ada has no decision to make"
                    assert unreadable == [], f"{name} at {width} width: " + "; ".join(unreadable)
        context.close()
        assert watched.problems == [], watched.problems
