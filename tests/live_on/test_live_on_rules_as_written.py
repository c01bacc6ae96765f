"""Live On played as its rule text is written: the keeping phase's total, the mage's dice, losses the player
chooses, the empath at any time and the whole camp at the settling. Each test quotes the text it enforces."""

import html
import random
import re

from test_live_on_helpers import ScriptedRng, answer, ask_kind, go, play, table

from apps.live_on import flow
from apps.live_on.content import EVENT_BY_ID
from apps.live_on.engine import RULES
from tests.board_templates import GameTemplates

PASS = {"type": "pass"}
FOUR = [("soldier", "chosen"), ("farmer", "woken"), ("forester", "whisperer"), ("advisor", "mage")]


def at_keeping(roles, zones, res=3):
    """A table whose players stand in ``zones`` and whose round has reached the keeping phase."""
    state = table(roles, res=res)
    for seat, zone in enumerate(zones):
        state["seats"][seat]["zone"] = zone
    state["groups"] = flow.board.form_groups(state)
    state["ask"] = None
    state["tasks"] = [{"t": "keeping"}]
    flow.run(state, ScriptedRng([]))
    return state


def eat(state, counts, dice=(6,), keep_losses=True):
    """Each seat asked in turn eats ``counts[seat]``; the last one's move rolls the time die (``dice``)."""
    while ask_kind(state) == "eat":
        seat = state["ask"]["seat"]
        last = not [s for s in range(seat + 1, state["players"]) if state["seats"][s]["res"]]
        state = play(state, seat, {"type": "eat", "count": counts[seat]}, dice=list(dice) if last else [],
                     keep_losses=keep_losses)
    return state


def totals(state):
    return [(flow.health(state, s), flow.morale(state, s)) for s in range(state["players"])]


# --- 3. The keeping phase -------------------------------------------------------------------------------

def test_a_band_that_eats_less_than_half_its_number_goes_hungry_as_a_whole():
    """"Players must collectively spend an amount of resource tokens equal to half the number of players in the
    band, rounding down. When doing so, each group must have spent at least one resource token." Four at camp
    need two: one eaten is not enough, and the whole band pays (the decision on the rules page)."""
    state = at_keeping(FOUR, ["rest", "rest", "settle", "rest"])
    assert flow.food_need(state) == 2 and len(state["groups"]) == 1
    before = totals(state)
    state = eat(state, [1, 0, 0, 0])
    assert totals(state) == [(h - 1, m - 1) for h, m in before]
    assert any("short" in line["text"] for line in state["log"])


def test_a_band_that_eats_its_need_in_one_group_goes_without_hunger():
    state = at_keeping(FOUR, ["rest", "rest", "settle", "rest"])
    before = totals(state)
    state = eat(state, [2, 0, 0, 0])
    assert totals(state) == before and state["seats"][0]["res"] == 1


def test_a_group_that_eats_nothing_still_goes_hungry_when_the_band_has_its_total():
    """"each player in each group that did not spend a resource token loses 1 health and morale" """
    state = at_keeping(FOUR, ["rest", "gather", "rest", "gather"])
    before = totals(state)
    state = eat(state, [2, 0, 0, 0])
    after = totals(state)
    assert after[0] == before[0] and after[2] == before[2]  # the camp group ate
    assert after[1] == (before[1][0] - 1, before[1][1] - 1) and after[3] == (before[3][0] - 1, before[3][1] - 1)


def test_nobody_goes_hungry_twice_in_one_keeping():
    state = at_keeping(FOUR, ["rest", "gather", "rest", "gather"])
    before = totals(state)
    state = eat(state, [0, 0, 1, 0])  # short of two, and the gatherers ate nothing: each loses one of each
    assert totals(state) == [(h - 1, m - 1) for h, m in before]


# --- 4. The mage ----------------------------------------------------------------------------------------

def mage_for_farmer(roles=(("soldier", "mage"), ("farmer", "woken"))):
    state = table(list(roles))
    state = go(state, ["gather", "gather"])
    state = answer(state, PASS)
    state = answer(state, {"type": "spend", "trait": "active", "count": 1})
    assert ask_kind(state) == "mage"
    return state


def farmer_dice(state, mage_rolls):
    """How many dice the farmer rolls to gather after the mage's rolls (its own, the paid one, the mage's)."""
    count = len(mage_rolls)
    after = play(state, state["ask"]["seat"], {"type": "spend", "trait": "communing", "count": count},
                 dice=list(mage_rolls) + [6] * 12, check=False)
    line = next(text for text in (entry["text"] for entry in after["log"]) if text.startswith("{p1} gathers"))
    return len(re.findall(r"\d", line.split(" rolls ")[1].split(", needing")[0]))


def test_a_mage_roll_of_3_or_4_adds_a_die_and_a_1_or_2_adds_one_and_takes_one():
    """"Each roll that is a 4 or lower is a communing success, and each roll that is a 2 or lower is a communing
    failure. For each communing success ... an additional die. For each communing failure ... one less die." """
    state = mage_for_farmer()
    assert farmer_dice(state, [3, 4]) == 4
    assert farmer_dice(state, [1, 2]) == 2
    assert farmer_dice(state, [2, 6]) == 2
    assert farmer_dice(state, [4, 5]) == 3


def test_a_priest_mage_has_one_communing_failure_forgiven():
    """The priest "may remove one of the failed rolls from the result": for the mage's communing, one failure of
    a roll of 2 or lower is forgiven and its success stands (the decision on the rules page)."""
    state = mage_for_farmer((("priest", "mage"), ("farmer", "woken")))
    assert farmer_dice(state, [1, 1]) == 3
    assert farmer_dice(state, [1, 6]) == 3


# --- 5. Losing health or morale --------------------------------------------------------------------------

def test_a_player_chooses_which_tokens_a_loss_takes_and_the_engines_choice_comes_first():
    """"When a player loses health, they remove any combination of strong, active, or keen tokens" """
    state = at_keeping([("soldier", "chosen")], ["gather"])
    state["seats"][0]["traits"].update({"strong": 3, "active": 2, "keen": 1})
    state = play(state, 0, {"type": "eat", "count": 0}, keep_losses=False)
    assert ask_kind(state) == "lose" and state["ask"]["pool"] == "morale"
    state = play(state, 0, RULES.legal_moves(state, 0)[0], keep_losses=False)
    assert ask_kind(state) == "lose" and state["ask"]["pool"] == "health"
    moves = RULES.legal_moves(state, 0)
    assert moves[0] == {"type": "lose", "tokens": {"strong": 1}}  # the engine's own way: the trait held most
    assert [m["tokens"] for m in moves[1:]] == [{"keen": 1}, {"active": 1}]
    assert RULES.describe_move(state, 0, {"type": "lose", "tokens": {"keen": 1}}) == "Lose 1 keen"
    state = play(state, 0, {"type": "lose", "tokens": {"keen": 1}}, dice=[6], keep_losses=False)
    assert state["seats"][0]["traits"]["keen"] == 0 and state["seats"][0]["traits"]["strong"] == 3


def test_a_loss_with_only_one_way_to_go_is_not_asked():
    state = at_keeping([("soldier", "chosen")], ["gather"])
    state["seats"][0]["traits"].update({"strong": 2, "active": 0, "keen": 0, "wise": 1, "communing": 0,
                                        "caring": 0})
    state = play(state, 0, {"type": "eat", "count": 0}, dice=[6], keep_losses=False)
    assert ask_kind(state) != "lose"
    assert state["seats"][0]["traits"]["strong"] == 1 and state["seats"][0]["traits"]["wise"] == 0


def test_a_wrong_call_is_paid_before_the_caller_chooses_a_zone():
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    state["decks"]["occurrence"].remove("broken-vow")
    state["seats"][1]["secrets"] = [{"id": "broken-vow", "known": []}]
    wrong = next(m for m in RULES.legal_moves(state, 0)
                 if m["type"] == "call" and m["mark"] != EVENT_BY_ID["broken-vow"].mark)
    state = play(state, 0, wrong, keep_losses=False)
    moves = RULES.legal_moves(state, 0)
    assert moves and all(m["type"] == "lose" for m in moves) and len(moves) > 1
    assert "choose which tokens go" in RULES.view(state, 0)["prompt"]
    state = play(state, 0, moves[-1], keep_losses=False)
    assert {m["type"] for m in RULES.legal_moves(state, 0)} == {"go"}


def test_spending_the_last_health_token_is_labelled_and_asks_for_a_second_tap():
    """"When a player loses all of their health, they are dead. When a player dies, the game is over and all
    players lose the game." """
    state = table([("soldier", "chosen")], traits={"strong": 0, "keen": 0, "active": 2})
    state = go(state, ["gather"])
    assert ask_kind(state) == "spend"
    fatal = {"type": "spend", "trait": "active", "count": 2}
    safe = {"type": "spend", "trait": "active", "count": 1}
    assert "your last health" in RULES.describe_move(state, 0, fatal)
    assert "last health" not in RULES.describe_move(state, 0, safe)
    board = html.unescape(GameTemplates("live_on", RULES).board(state, 0))
    buttons = [line for line in board.split("<button") if "data-move" in line and '"spend"' in line]
    armed = [b for b in buttons if "data-confirm" in b]
    assert len(armed) == 1 and '"count":2' in armed[0]
    after = play(state, 0, fatal)  # the spending kills: nothing is rolled
    assert RULES.outcome(after)["won"] is False
    assert flow.health(after, 0) == 0


# --- 6. The empath and the camp at the settling ----------------------------------------------------------

def with_secret(state, seat, card="broken-vow"):
    state["decks"]["occurrence"].remove(card)
    state["seats"][seat]["secrets"] = [{"id": card, "known": []}]
    state["private"][str(seat)].append(card)
    return state


def test_the_empath_may_read_a_secret_at_any_decision_of_theirs_and_the_decision_waits():
    """"At any time, the empath may attempt to be caring to see another player's secret" """
    state = with_secret(table([("soldier", "empath"), ("farmer", "woken")]), 1)
    state = go(state, ["gather", "gather"])
    assert ask_kind(state) == "insight"
    state = answer(state, PASS)
    assert ask_kind(state) == "spend" and state["ask"]["seat"] == 0
    moves = RULES.legal_moves(state, 0)
    assert {"type": "insight", "target": 1, "count": 2} in moves and "insight" in RULES.pending(state)["options"]
    state = answer(state, {"type": "insight", "target": 1, "count": 2}, dice=[1, 3])
    assert ask_kind(state) == "spend" and state["ask"]["seat"] == 0  # still theirs to answer
    assert state["seats"][1]["secrets"][0]["known"] == [0]
    assert not [m for m in RULES.legal_moves(state, 0) if m["type"] == "insight"]  # nothing left to read


def test_the_empath_is_not_offered_insight_without_a_secret_in_the_group():
    state = with_secret(table([("soldier", "empath"), ("farmer", "woken")]), 1)
    state = go(state, ["gather", "rest"])
    assert ask_kind(state) == "spend" and state["ask"]["seat"] == 0
    assert not [m for m in RULES.legal_moves(state, 0) if m["type"] == "insight"]


def test_resting_players_are_in_the_settling_group_and_may_roll_and_pay_for_extra_dice():
    """"players who are in the resting zone and the players who are in the settling zone are all in the same
    group" ... "players in the group may also spend active tokens to roll that many additional dice, but
    successes from these additional rolls ... must all contribute resource tokens from just one of the players in
    the group." """
    state = table([("soldier", "chosen"), ("farmer", "woken")], res=0)
    state["seats"][1]["res"] = 2
    state = go(state, ["settle", "rest"])
    while not (ask_kind(state) == "spend" and state["ask"]["purpose"] == "settle"):
        state = answer(state, PASS if ask_kind(state) != "trade" else {"type": "done"}, dice=[6])
    assert state["ask"]["seat"] == 0
    state = answer(state, PASS)
    assert ask_kind(state) == "spend" and state["ask"]["seat"] == 1 and state["ask"]["purpose"] == "settle"
    state = answer(state, {"type": "spend", "trait": "active", "count": 1}, dice=[6, 1])
    assert ask_kind(state) == "funder"
    assert RULES.legal_moves(state, 0) == [{"type": "fund", "seat": 1}]  # only the resting player has resources
    state = answer(state, {"type": "fund", "seat": 1})
    state = answer(state, {"type": "contribute", "building": "plans"}, dice=[6])
    assert state["buildings"]["plans"] == 1 and state["seats"][1]["res"] == 1


def test_the_bot_answers_the_decision_when_insight_is_offered_beside_it():
    state = with_secret(table([("soldier", "empath"), ("farmer", "woken")]), 1)
    state = go(state, ["gather", "gather"])
    state = answer(state, PASS)
    assert [m for m in RULES.legal_moves(state, 0) if m["type"] == "insight"]
    chooser = RULES.bots()["heuristic"][1]
    move = chooser(RULES, state, 0, random.Random(0))
    assert move["type"] in ("spend", "pass") and move in RULES.legal_moves(state, 0)


def test_heuristic_bots_finish_games_in_which_an_empath_may_read_secrets_at_any_time():
    chooser = RULES.bots()["heuristic"][1]
    offered = 0
    for seed in range(1, 16):
        rnd = random.Random(seed)
        state = RULES.setup(2, seed)
        while RULES.outcome(state) is None:
            seat = RULES.active_seats(state)[0]
            legal = RULES.legal_moves(state, seat)
            offered += state["ask"]["kind"] != "insight" and any(m["type"] == "insight" for m in legal)
            move = chooser(RULES, state, seat, rnd)
            assert move in legal
            state = RULES.apply(state, seat, move)
    assert offered  # the games did meet an insight offered beside another decision
