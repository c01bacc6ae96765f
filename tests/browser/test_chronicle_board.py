"""Chronicle's board in the browser (issue 19): two people play by tapping the drawn board, one at desktop width and
one on a phone. Every tap target is at least 44 x 44 px, nothing scrolls sideways, no pile label or card title breaks
inside a word, a term opens the rules' words, and after each move the other player sees the pieces it changed marked.
Screenshots are saved in test-artifacts/: chronicle-board-1280.png and chronicle-board-375.png (a reward to choose),
chronicle-build-{1280,375}.png (building the decks) and chronicle-draw-{1280,375}.png (fill cards drawn)."""

import json
import random

import pytest
from django.db import connections

from apps.chronicle.content import CHARACTER_BY_ID
from apps.matches.engine import engine
from apps.matches.models import Match
from tests.browser.board_checks import assert_fits_a_thumb as fits_a_thumb
from tests.browser.board_checks import open_table, seeded_match, two_person_match
from tests.browser.test_play_chronicle import ARTIFACTS, PHONE, version_of, wait_for_version

BROKEN_LABELS = """() => [...document.querySelectorAll('#table .pile-label')]
  .filter(el => el.offsetParent !== null)
  .filter(el => { const r = el.getBoundingClientRect(), p = el.parentElement.getBoundingClientRect();
                  return r.height > parseFloat(getComputedStyle(el).fontSize) * 1.8
                         || r.left < p.left - 0.5 || r.right > p.right + 0.5; })
  .map(el => el.textContent)"""
# The words of the piles' labels and the cards' titles that break inside (a word whose letters lie on two lines:
# "Glassblowe r") or reach past their box. The label check above missed a card title: it looked at the piles'
# labels alone, and a title of two or three words wraps anyway, so its height could not tell a broken word.
BROKEN_WORDS = """() => [...document.querySelectorAll('#table .card-name, #table .pile-label')]
  .filter(el => el.offsetParent !== null)
  .flatMap(el => {
    const box = el.getBoundingClientRect(), broken = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.textContent.matchAll(/[^\\s-]+/g)) {  // a hyphen is the name's own break
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const rects = [...range.getClientRects()].filter(r => r.width > 0);
        if (new Set(rects.map(r => Math.round(r.bottom))).size > 1
            || rects.some(r => r.left < box.left - 0.5 || r.right > box.right + 0.5)) broken.push(word[0]);
      }
    }
    return broken;
  })"""
# A pile that cannot be taken now keeps its own height: stretched to its row's explained piles, it pushed the rest of
# the piles a screen down on a phone.
STRETCHED_PILES = """() => [...document.querySelectorAll('#table div.pile')]
  .filter(el => el.offsetParent !== null && el.getBoundingClientRect().height > 140).map(el => el.className)"""


@pytest.fixture
def chronicle_match(transactional_db, make_user):
    return two_person_match(make_user, "chronicle")


def assert_fits_a_thumb(page) -> None:
    fits_a_thumb(page, "#table .chronicle button, #table [data-move], #table .chronicle summary")
    assert page.evaluate(BROKEN_LABELS) == []
    assert page.evaluate(BROKEN_WORDS) == []


def shoot(pages, name: str) -> None:
    for page, width in ((pages[0], 1280), (pages[1], 375)):
        page.screenshot(path=str(ARTIFACTS / f"{name}-{width}.png"), full_page=True)


@pytest.mark.browser
def test_two_people_play_chronicle_by_tapping_the_board_at_desktop_and_phone_width(chronicle_match, two_pages):
    match_id, cookies = chronicle_match
    ARTIFACTS.mkdir(exist_ok=True)
    pages = two_pages(match_id, cookies, motion="no-preference")

    # A term on the board opens its explanation from the rules page, by tap; Escape closes it.
    phone = pages[1]
    phone.click("#table button[popovertarget='ch-term-piles']")
    assert "shared by all players" in phone.inner_text("#ch-term-piles")
    phone.keyboard.press("Escape")
    phone.wait_for_selector("#ch-term-piles", state="hidden")

    chooser = random.Random(19)
    seen = set()
    for turn in range(24):
        version = max(version_of(p) for p in pages)
        for page in pages:
            wait_for_version(page, version)
            assert_fits_a_thumb(page)
        phase = pages[0].get_attribute("#table .chronicle", "data-phase")
        movers = [p for p in pages if p.query_selector(".status.yours") and p.query_selector("#table [data-move]")]
        assert movers, "someone can move while the game runs"
        mover = movers[0]
        other = next(p for p in pages if p is not mover)
        targets = mover.query_selector_all("#table [data-move]")
        kinds = {json.loads(t.get_attribute("data-move"))["type"] for t in targets}
        if turn == 1:
            shoot(pages, "chronicle-build")
            assert [page.evaluate(STRETCHED_PILES) for page in pages] == [[], []]
        if "choose_fill" in kinds and "draw" not in seen:
            seen.add("draw")
            shoot(pages, "chronicle-draw")
        if "take_reward" in kinds and "reward" not in seen:
            seen.add("reward")
            shoot(pages, "chronicle-board")
        wanted = [t for t in targets if json.loads(t.get_attribute("data-move"))["type"] != "skip_reward"]
        target = chooser.choice(wanted or targets)
        move = json.loads(target.get_attribute("data-move"))
        if turn == 3:  # once by keyboard: a move is a button, Enter plays it
            target.focus()
            mover.keyboard.press("Enter")
        else:
            target.click()
        for page in pages:
            wait_for_version(page, version + 1)
        assert other.query_selector_all("#table .is-changed"), f"the move {move} is marked for the other player"
        if move["type"] == "pick_aspect":
            assert other.query_selector(f"#table .pile.aspect-{move['aspect']}.is-changed")
            assert other.query_selector("#table .civ.is-changed .card.character.is-changed")
        if move["type"] == "choose_fill":
            assert mover.query_selector("#table .story-text .fill-word") or phase != "story"
            assert other.query_selector("#table .chapter.is-changed, #table .telling-words li.is-changed")
        if move["type"] == "take_reward":
            assert other.query_selector("#table .civ.is-changed .card.character.is-changed")
        if seen >= {"draw", "reward"} and turn >= 12:
            break
    assert seen >= {"draw", "reward"}


LONGEST = sorted(CHARACTER_BY_ID, key=lambda c: -max(len(w) for w in CHARACTER_BY_ID[c].name.replace("-", " ").split()))


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_no_card_title_breaks_inside_a_word_on_a_phone(browser, daphne_servers, make_user):
    """The newcomer review's "Glassblowe r": the three longest-worded characters drawn into a phone's hand of three,
    and the nine longest in the player's civilization."""
    rules = engine("chronicle")
    chooser = rules.bots()["heuristic"][1]
    state, rnd = rules.setup(2, 7), random.Random(1)
    while not (rules.active_seats(state) == [0] and rules.legal_moves(state, 0)[0]["type"] == "choose_fill"):
        seat = rules.active_seats(state)[0]
        state = rules.apply(state, seat, chooser(rules, state, seat, rnd))
    state["draw"]["civ"] = LONGEST[:3]
    state["seats"][0]["civ"] = LONGEST[:9]
    match_id, cookies = seeded_match(make_user, "chronicle", 7)
    try:
        Match.objects.filter(pk=match_id).update(state=state)
    finally:
        connections.close_all()
    (server,) = daphne_servers(1)
    watched = open_table(browser, server, match_id, cookies[0], PHONE, "phone")
    page = watched.page
    titles = page.eval_on_selector_all("#table .card-name", "els => els.map(e => e.textContent)")
    assert {CHARACTER_BY_ID[c].name for c in LONGEST[:9]} <= set(titles)
    page.screenshot(path=str(ARTIFACTS / "chronicle-long-titles-375.png"), full_page=True)
    assert page.evaluate(BROKEN_WORDS) == []
    page.context.close()
    assert watched.problems == [], watched.problems
