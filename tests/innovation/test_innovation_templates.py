"""Innovation's templates render every legal move as exactly one clickable element, and nothing more;
the summary and rules fragments render; no page shows a card its viewer may not see.

Rendered with Django's template engine on its own (no settings module, no database).
"""

import functools
import html
import json
import random

from test_innovation_helpers import dogma, give, on_top, table

from apps.innovation import pages
from apps.innovation.cards import CARDS
from apps.innovation.engine import RULES
from tests.board_templates import GameTemplates, assert_stylesheet_follows_the_site, clickable_moves

BOARDS = GameTemplates("innovation", RULES, ["Ada", "Bea", "Cy", "Di"])


def key(move):
    return json.dumps(move, sort_keys=True)


@functools.cache
def sample_states():
    states = [RULES.setup(2, 1), RULES.setup(4, 2)]
    s = give(table(), 0, board=["Archery"])
    s = give(s, 1, hand=["Calendar", "Fermenting"])
    states.append(dogma(on_top(s, "Oars"), "Archery"))  # a demand decision for seat 1
    s = give(table(), 0, board=["Oars", "Archery", "Writing", "Tools", "Coal"])
    states.append(dogma(s, "Coal"))  # color choice on own piles
    s = give(table(), 0, board=["Fission", "Writing"])
    s = give(s, 1, board=["Oars"])
    states.append(dogma(on_top(s, "A.I."), "Fission"))  # top cards of both boards
    s = give(table(), 0, board=["Collaboration"])
    states.append(dogma(on_top(s, "Ecology", "Fission"), "Collaboration"))  # revealed cards
    s = give(table(), 0, board=["Rocketry", "Flight"])
    s = give(s, 1, score=["Oars", "Calendar"])
    states.append(dogma(s, "Rocketry"))  # abstract targets in the action strip
    rnd = random.Random(3)
    for players in (2, 3, 4):
        s = RULES.setup(players, players * 10)
        step = 0
        while RULES.outcome(s) is None:
            seat = RULES.active_seats(s)[0]
            s = RULES.apply(s, seat, rnd.choice(RULES.legal_moves(s, seat)))
            step += 1
            if step % 15 == 0:
                states.append(s)
        states.append(s)
    return states


def test_the_board_offers_exactly_the_legal_moves_as_buttons_for_every_seat():
    for state in sample_states():
        for seat in range(state["players"]):
            page = BOARDS.board(state, seat)
            shown = sorted(key(m) for m in clickable_moves(page))
            assert shown == sorted(key(m) for m in RULES.legal_moves(state, seat))


def test_a_spectator_board_has_no_buttons():
    for state in sample_states()[:6]:
        assert clickable_moves(BOARDS.board(state, None)) == []


def test_no_rendered_board_names_a_card_hidden_from_its_viewer():
    for state in sample_states():
        for seat in [None, *range(state["players"])]:
            page = html.unescape(BOARDS.board(state, seat))
            leaked = [name for name in RULES.hidden_from(state, seat) if name in page]
            assert leaked == [], (seat, leaked)


def test_the_board_shows_splays_icon_totals_and_supply_sizes():
    s = give(table(), 0, hand=["Sailing"], board=["Oars", "Archery"], splay={"red": "left"})
    page = BOARDS.board(s, 0)
    assert "splayed left" in page and "Sailing" in page
    assert 'title="Castle">Ca 3<' in page
    assert f'title="Age 1: {len(s["decks"]["1"])} left"' in page
    other = BOARDS.board(s, 1)
    assert "Sailing" not in other and "Hand: 1 (1)" in other


def test_the_summary_names_the_winner_and_the_scores():
    state = sample_states()[-1]
    outcome = RULES.outcome(state)
    page = BOARDS.summary(state)
    winner = BOARDS.names[outcome["winners"][0]]
    assert winner in page and "Achievements" in page


def test_the_rules_page_lists_every_card_with_its_dogma_and_the_edition_choice():
    page = html.unescape(BOARDS.rules_page(pages.rules_context()))
    for name, data in CARDS.items():
        assert name in page
        for _, text in data[4]:
            assert text in page
    assert "Third edition" in page and "Monument" in page


def test_the_stylesheet_uses_the_site_variables_and_no_emoji():
    assert_stylesheet_follows_the_site(BOARDS, below=0x2000)


def test_the_turn_prompt_does_not_repeat_the_sites_your_turn():
    # The match page already prints "Your turn: " before the game's prompt (apps/matches _table.html).
    prompt = RULES.view(table(), 0)["prompt"]
    assert not prompt.lower().startswith("your turn"), prompt
    assert prompt.startswith("2 actions left")
