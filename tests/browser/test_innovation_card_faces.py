"""Innovation's card faces on a phone (issue 39): no card title breaks inside a word ("Agricul-ture"), and each card
says its dogma once: every effect text once, and whom a dogma reaches (who shares, who must obey) once, not in the
tap line and again in the line under it. The table is laid out with the longest card names of each colour on the
phone player's board and in their hand, and on the other board, so the narrowest places are measured."""

import pytest
from django.db import connections

from apps.matches.models import Match
from tests.browser.board_checks import seeded_match
from tests.browser.test_play_chronicle import PHONE, Watchful
from tests.innovation.test_innovation_helpers import give, table

# The longest word of each colour's longest names, on the phone player's board (bottom to top) and in hand.
BOARD = ["Metalworking", "Industrialization", "Domestication", "Refrigeration", "Emancipation", "Specialization",
         "Corporations", "Classification", "Publications", "Experimentation"]
HAND = ["Miniaturization", "Bioengineering", "Collaboration", "Globalization"]
OTHER_BOARD = ["Construction", "Encyclopedia", "Measurement", "Reformation", "Vaccination"]

# Each shown title's words that the page lays out on more than one line, and each shown card's repeated lines: an
# effect text shown twice, or a player's name said twice among what its dogma does.
FACES = """names => {
  const shown = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const broken = [];
  for (const title of [...document.querySelectorAll('#table .in-name')].filter(shown)) {
    const text = title.firstChild;
    let at = 0;
    for (const word of title.textContent.split(' ')) {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (lines.size > 1) broken.push(`${title.textContent}: "${word}" on ${lines.size} lines`);
      at += word.length + 1;
    }
  }
  const repeated = [];
  for (const card of [...document.querySelectorAll('#table .in-card, #table .in-pile')].filter(shown)) {
    const name = card.querySelector('.in-name')?.textContent;
    const effects = [...card.querySelectorAll('.in-eff')].filter(shown).map(e => e.textContent.trim());
    effects.filter((e, i) => effects.indexOf(e) !== i)
      .forEach(e => repeated.push(`${name}: "${e.slice(0, 40)}" twice`));
    const reach = [...card.querySelectorAll('.in-tap, .in-why')].filter(shown).map(e => e.textContent).join(' ');
    for (const who of names) {
      const times = reach.split(who).length - 1;
      if (times > 1) repeated.push(`${name}: ${who} named ${times} times in "${reach.trim()}"`);
    }
  }
  return {broken, repeated};
}"""


@pytest.mark.browser
def test_no_card_title_breaks_inside_a_word_and_each_card_says_its_dogma_once_on_a_phone(
        make_user, browser, daphne_servers):
    match_id, cookies = seeded_match(make_user, "innovation", 20261123)
    try:
        state = table()
        state = give(state, 1, hand=HAND, board=BOARD)
        state = give(state, 0, board=OTHER_BOARD)
        state["turn"]["seat"] = 1
        Match.objects.filter(pk=match_id).update(state=state)
    finally:
        connections.close_all()
    (server,) = daphne_servers(1)
    ctx = browser.new_context(viewport=PHONE, reduced_motion="reduce")
    ctx.add_cookies([{"name": "sessionid", "value": cookies[1], "url": server.url}])
    watched = Watchful(ctx.new_page(), "phone")
    page = watched.page
    page.goto(f"{server.url}/matches/{match_id}/")
    page.wait_for_selector("[data-conn]:has-text('Live')")
    assert page.locator("#table .in-pile [data-move*='dogma']").count() == 5, "the phone player may tap each pile"
    faces = page.evaluate(FACES, ["ada", "bea"])
    assert faces == {"broken": [], "repeated": []}, "titles broken inside a word, or a card saying the same twice"
    ctx.close()
    assert watched.problems == []
