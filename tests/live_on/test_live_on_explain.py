"""Live On's decisions explain themselves: the exact odds they quote agree with every outcome of the dice
enumerated, and the table shows each past and gift as a card, each roll's target and chance, each loss's cost."""

from __future__ import annotations

import functools
import html
import re
from fractions import Fraction
from itertools import product

import pytest
from test_live_on_abilities import place
from test_live_on_helpers import go, play, table

from apps.live_on.content import (
    BUILDINGS,
    EVENT_BY_ID,
    EVENT_SUCCESS,
    GIFTS,
    MAGE_FAILURE,
    PASTS,
    ROLE_BRIEFS,
    WINTER_ROUND,
)
from apps.live_on.engine import RULES
from apps.live_on.odds import chance, chance_after_mage, mage_shift, percent
from tests.board_templates import GameTemplates

BOARDS = GameTemplates("live_on", RULES)
FACES = range(1, 7)


@functools.cache
def counted_chance(dice: int, value: int, need: int) -> Fraction:
    """The share of all 6**dice outcomes with at least ``need`` dice on ``value`` or less, counted one by one."""
    outcomes = list(product(FACES, repeat=dice))
    return Fraction(sum(sum(r <= value for r in roll) >= need for roll in outcomes), len(outcomes))


@pytest.mark.parametrize("dice", range(0, 6))
def test_the_chance_of_enough_successes_is_the_share_of_every_outcome_of_the_dice(dice):
    for value in range(0, 7):
        for need in range(0, dice + 2):
            assert chance(dice, value, need) == counted_chance(dice, value, need), (dice, value, need)


@pytest.mark.parametrize("priest", [False, True])
def test_the_mage_s_communing_changes_the_helped_roll_as_every_outcome_of_both_rolls_says(priest):
    for communing in range(0, 4):
        shifts: dict[int, Fraction] = {}
        for mage in product(FACES, repeat=communing):  # the engine's rule, die by die (flow.answers.a_mage)
            wins = sum(r <= EVENT_SUCCESS for r in mage)
            losses = sum(r <= MAGE_FAILURE for r in mage)
            if priest and losses:
                losses -= 1
            shifts[wins - losses] = shifts.get(wins - losses, Fraction(0)) + Fraction(1, 6 ** communing)
        assert mage_shift(communing, priest) == shifts
        for fixed, extra, value, need in ((1, 0, 4, 1), (1, 2, 3, 2), (0, 1, 4, 1), (2, 1, 4, 3)):
            total = sum((p * counted_chance(fixed + max(0, extra + shift), value, need) for shift, p in shifts.items()),
                        Fraction(0))
            assert chance_after_mage(fixed, extra, communing, value, need, priest) == total


def test_a_chance_reads_as_a_percentage_and_only_certainty_as_0_or_100():
    assert percent(Fraction(5, 6)) == "83.3%" and percent(Fraction(0)) == "0%" and percent(Fraction(1)) == "100%"
    assert percent(Fraction(1, 6 ** 6)) == "under 0.1%" and percent(1 - Fraction(1, 6 ** 6)) == "over 99.9%"


def test_a_gathering_spend_quotes_the_chance_the_engine_s_own_dice_give():
    state = go(table([("farmer", "woken")], res=0), ["gather"])  # grassland: gather on 4 or less
    spend = {"type": "spend", "trait": "active", "count": 2}
    why = RULES.explain_move(state, 0, spend)
    gained = 0
    for roll in product(FACES, repeat=3):  # 1 die + 2 from the tokens; then 6s: no event, and the round runs on
        after = play(state, 0, spend, dice=[*roll, 6, 6, 6, 6], check=False)
        gained += after["seats"][0]["res"] > 0
    share = Fraction(gained, 6 ** 3)
    assert share == chance(3, 4)
    assert why.startswith(f"Roll 3 dice (2 from active tokens): {percent(share)} to succeed. Each a success on 4 or "
                          "less")
    assert percent(share) in why and "You keep 3 active tokens" in why  # of 5
    nothing = RULES.explain_move(state, 0, {"type": "pass"})
    assert "roll 1 die" in nothing and percent(Fraction(4, 6)) in nothing


def test_the_setup_offers_every_past_and_gift_as_a_card_with_its_slots_and_ability():
    page = html.unescape(BOARDS.board(RULES.setup(2, 5), 0))
    assert page.count("class=\"lo-role-card lo-tc") == len(PASTS) + len(GIFTS)
    for role in (*PASTS, *GIFTS):
        assert ROLE_BRIEFS[role.id] in page and role.text in page, role.id
    soldier = page[page.index('"role":"soldier"'):page.index('"role":"farmer"')]
    assert "strong 3" in soldier and "active 2" in soldier and "caring 1" in soldier and "wise" not in soldier
    assert "your gift is dealt at random" in soldier


def test_a_loss_says_which_tokens_go_and_what_is_left():
    state = table([("forester", "whisperer")], traits={"keen": 1})  # strong 2, active 3, keen 1: health 6
    state["ask"] = {"kind": "lose", "seat": 0, "pool": "health", "n": 2}
    whys = {tuple(sorted(m["tokens"].items())): RULES.explain_move(state, 0, m) for m in RULES.legal_moves(state, 0)}
    usual = whys[(("active", 1), ("strong", 1))]
    assert usual == ("Later: fewer dice for gathering, settling, and active or strong options at events. "
                     "The usual way, from the traits you hold most: active 3 → 2, strong 2 → 1; health 6 → 4.")
    assert whys[(("keen", 1), ("strong", 1))] == (
        "Later: fewer dice for gathering, avoiding events while exploring, and strong or keen options at events. "
        "Strong 2 → 1, keen 1 → 0; health 6 → 4; no keen left to spend.")


def test_a_loss_first_says_what_it_costs_later_and_a_fatal_one_says_so_before_anything():
    state = table([("mage", "priest")])  # the mage's communing helps others: losing it says so
    state["ask"] = {"kind": "lose", "seat": 0, "pool": "morale", "n": 1}
    whys = {next(iter(m["tokens"])): RULES.explain_move(state, 0, m) for m in RULES.legal_moves(state, 0)}
    assert whys["communing"].startswith("Later: fewer dice for your communing for others and communing options")
    assert whys["caring"].startswith("Later: fewer dice for tending others at rest and caring options")
    state["seats"][0]["traits"].update(strong=1, active=0, keen=0)
    state["ask"] = {"kind": "lose", "seat": 0, "pool": "health", "n": 1}
    (last,) = RULES.legal_moves(state, 0)
    assert RULES.explain_move(state, 0, last).startswith("This is your last health. Later: fewer dice for strong")


def test_a_long_explanation_shows_its_first_sentence_and_keeps_the_rest_for_details():
    state = table([("farmer", "woken")])
    page = html.unescape(BOARDS.board(state, 0))
    gather = page[page.index("lo-at-gather"):page.index("</li>", page.index("lo-at-gather"))]
    brief = re.search(r'class="lo-why" id="(lo-why-\d+)">([^<]*)<', gather)
    assert brief.group(2) == f"Gain resources ({percent(chance(1, 4))})."
    assert f'aria-describedby="{brief.group(1)} {brief.group(1)}-more">Go to gather</button>' in gather
    assert re.search(rf'<summary>Details</summary><span class="lo-more-text" id="{brief.group(1)}-more">'
                     r"A resource per success[^<]*Event afterwards", gather)


def test_each_decision_on_the_board_points_at_the_sentence_that_explains_it():
    state = go(table([("farmer", "woken")], res=0), ["gather"])
    page = html.unescape(BOARDS.board(state, 0))
    assert 'aria-describedby="lo-why-1' in page and 'id="lo-why-1"' in page
    # the chance a badge of its own under the choice (review 4: a bare 88.9% was read as nothing in particular)
    assert f"Roll 2 dice (1 from active tokens): <b>{percent(chance(2, 4))} to succeed.</b>" in page
    assert "wanted; a resource for each success" in page


def test_the_log_of_a_roll_says_what_was_needed_and_what_came_of_it_in_words():
    state = go(table([("farmer", "woken")], res=0), ["gather"])
    after = play(state, 0, {"type": "spend", "trait": "active", "count": 2}, dice=[1, 3, 6, 5, 6, 6, 6], check=False)
    lines = [line["text"] for line in after["log"][len(state["log"]):]]
    assert "{p0} spends 2 active tokens to roll 2 more dice." in lines
    assert "{p0} gathers: rolls 1, 3 and 6, needing 4 or less: 2 successes, 2 resources gained." in lines
    assert "{p0} rolled the group's lowest die, 1: 3 under the zone's 4 gives 3 bonus resources." in lines
    assert "Event check at gather: rolled 5, over its 1 presence token: no event." in lines


def text_of(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())


def test_each_zone_s_explanation_sits_in_its_tile_beside_its_go_button():
    state = table([("farmer", "woken")])
    page = BOARDS.board(state, 0)
    ring = page[page.index('class="lo-ring"'):page.index("</ol>", page.index('class="lo-ring"'))]
    placed = 0
    for tile in ring.split('<li class="lo-tile ')[1:]:
        for why in re.findall(r'lo-move-go"[^>]*aria-describedby="(lo-why-\d+)[ "]', tile):
            assert f'id="{why}"' in tile
            placed += 1
    assert placed == sum(m["type"] == "go" for m in RULES.legal_moves(state, 0)) == 6


def test_the_table_shows_the_band_s_goal_its_progress_and_everyone_s_health():
    state = table([("farmer", "woken"), ("spouse", "seer")])
    state["buildings"][BUILDINGS[0].id] = BUILDINGS[0].cost
    state["seats"][1]["traits"]["strong"] -= 1
    health = [RULES.view(state, 0)["seats"][s]["health"] for s in (0, 1)]
    words = text_of(BOARDS.board(state, 1))
    assert f"Goal: all 6 buildings before winter · 1 of 6 built, round 1 of {WINTER_ROUND[2]}" in words
    assert f"Keep health above 0: Ada: {health[0]} Bo (you): {health[1]}" in words


def test_a_spend_the_plans_token_helps_with_says_its_die_is_free():
    state = go(table([("farmer", "woken")], res=0), ["gather"])
    assert "each costs 1 health" in RULES.view(state, 0)["prompt"]
    state = go(table([("farmer", "woken")], res=0), ["gather"])
    state["buildings"]["plans"] = 2
    prompt = RULES.view(state, 0)["prompt"]
    assert "each costs 1 health" not in prompt
    assert "each of yours costs 1 health; the band's plans token adds one die for free" in prompt
    labels = {(m["count"], m["trait"]): RULES.describe_move(state, 0, m) for m in RULES.legal_moves(state, 0)
              if m.get("plans")}
    assert labels[1, "active"] == "Use the plans token as an active token: 1 free die"
    assert labels[3, "keen"] == "Spend 2 keen tokens and the plans token"
    free = RULES.explain_move(state, 0, {"type": "spend", "trait": "active", "count": 1, "plans": True})
    assert "Roll 2 dice (1 from the plans token, free)" in free and "health" not in free


def test_the_options_of_an_event_someone_else_meets_each_say_why_they_are_not_yours():
    state = table([("soldier", "woken"), ("spouse", "seer")])
    place(state, "spot1", "barrow-warden")
    state = go(state, [("spot1", "barrow-warden"), "gather"])
    assert state["ask"] == {"kind": "option", "seat": 0}
    page = BOARDS.board(state, 1)
    options = page[page.index('class="lo-options"'):]
    notes = [html.unescape(n) for n in re.findall(r'class="lo-whynot"[^>]*>([^<]*)<', options)]
    needs = [o.diamonds for o in EVENT_BY_ID["barrow-warden"].options]  # 2, 2, 1
    assert notes == [f"Ada meets this event, not you. It needs {n} success{'es' if n > 1 else ''} of 4 or less."
                     for n in needs]
    assert "lo-whynot" not in BOARDS.board(state, 0)[page.index('class="lo-options"'):]  # the chooser: buttons
