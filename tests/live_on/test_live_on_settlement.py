"""The six buildings, the keeping phase, secrets and calling out, and both ways (three reasons) the game ends."""

from test_live_on_abilities import place
from test_live_on_helpers import answer, ask_kind, go, play, table

from apps.live_on import flow
from apps.live_on.content import BUILDINGS, EVENT_BY_ID, WINTER_ROUND
from apps.live_on.engine import RULES

PASS = {"type": "pass"}


def build(state, *names):
    for name in names:
        state["buildings"][name] = next(b.cost for b in BUILDINGS if b.id == name)
    return state


# --- Buildings -------------------------------------------------------------------

def test_the_hall_lets_the_camp_spend_a_token_each_to_avoid_an_event():
    state = build(table([("soldier", "chosen")]), "hall")
    state["presence"]["rest"] = 3
    state = go(state, ["rest"])
    state = answer(state, PASS, dice=[6, 1])  # rest fails; presence roll 1 against 4 tokens: an event
    assert ask_kind(state) == "hall"
    state = answer(state, {"type": "refuge"})
    assert ask_kind(state) == "hall_pay"
    wise = state["seats"][0]["traits"]["wise"]
    state = answer(state, {"type": "pay", "trait": "wise"})
    assert state["seats"][0]["traits"]["wise"] == wise - 1
    assert ask_kind(state) == "eat" and state["enc"] is None and state["presence"]["rest"] == 0


def test_the_storage_hut_takes_and_gives_resources_to_resting_players():
    state = build(table([("soldier", "chosen")]), "storage")
    state = go(state, ["rest"])
    state = answer(state, PASS, dice=[6])
    assert ask_kind(state) == "trade"
    state = answer(state, {"type": "store_res"})
    assert state["storage"]["res"] == 1 and state["seats"][0]["res"] == 2
    assert {"type": "take_res"} not in RULES.legal_moves(state, 0)  # no putting in and taking out in one turn
    state = answer(state, {"type": "done"}, dice=[6])
    state = answer(state, {"type": "eat", "count": 1}, dice=[6])
    state = go(state, ["rest"])
    state = answer(state, PASS, dice=[6])
    state = answer(state, {"type": "take_res"}, dice=[6])  # nothing more to trade: the round goes on
    assert state["storage"]["res"] == 0 and state["seats"][0]["res"] == 2


def test_the_vantage_point_lets_a_group_visit_a_covered_event_while_someone_rests():
    state = build(table([("soldier", "chosen"), ("spouse", "seer")]), "vantage")
    place(state, "spot1", "watchtower-ruin")
    place(state, "spot1", "ash-wolves")
    moves = RULES.legal_moves(state, 0)
    assert {"type": "go", "zone": "spot1", "card": "watchtower-ruin"} in moves
    state = go(state, [("spot1", "watchtower-ruin"), "rest"])
    assert state["vantage_spot"] == "spot1"
    assert state["enc"]["card"] == "watchtower-ruin"


def test_without_the_vantage_point_only_the_top_event_can_be_visited():
    state = table([("soldier", "chosen")])
    place(state, "spot1", "watchtower-ruin")
    place(state, "spot1", "ash-wolves")
    cards = [m.get("card") for m in RULES.legal_moves(state, 0) if m.get("zone") == "spot1"]
    assert cards == ["ash-wolves"]


def test_a_covered_visit_fails_when_no_one_rests():
    state = build(table([("soldier", "chosen")]), "vantage")
    place(state, "spot1", "watchtower-ruin")
    place(state, "spot1", "ash-wolves")
    state = go(state, [("spot1", "watchtower-ruin")], dice=[6])
    assert state["enc"] is None and ask_kind(state) == "eat"


def test_the_plans_give_the_band_one_token_of_any_trait_each_round():
    state = build(table([("soldier", "chosen")], traits={"keen": 0}), "plans")
    state = go(state, ["gather"])
    assert {"type": "spend", "trait": "keen", "count": 1, "plans": True} in RULES.legal_moves(state, 0)
    state = answer(state, {"type": "spend", "trait": "keen", "count": 1, "plans": True}, dice=[6, 6, 6])
    assert state["plans_used"] and state["seats"][0]["traits"]["keen"] == 0
    state = answer(state, {"type": "eat", "count": 1}, dice=[6])
    assert not state["plans_used"]


def test_the_altar_adds_a_die_to_communing_options_of_a_visited_event():
    state = build(table([("soldier", "chosen")]), "altar")
    place(state, "spot1", "standing-stones")
    state = go(state, [("spot1", "standing-stones")])
    state = answer(state, {"type": "option", "index": 0})
    communing = state["seats"][0]["traits"]["communing"]
    state = answer(state, PASS, dice=[6, 1, 6])  # two dice: the base die and the altar's; presence roll
    assert state["seats"][0]["traits"]["communing"] == communing  # success, but no open slot to fill
    assert "standing-stones" in [c["id"] for c in state["spots"]["spot1"]]


def test_the_hearth_gives_every_resting_player_a_token_of_choice():
    state = build(table([("soldier", "chosen")], traits={"wise": 0}), "hearth")
    state = go(state, ["rest"])
    state = answer(state, PASS, dice=[6])
    assert ask_kind(state) == "pick"
    state = answer(state, {"type": "pick", "trait": "wise"}, dice=[6])
    assert state["seats"][0]["traits"]["wise"] == 1


# --- Keeping phase -------------------------------------------------------------

def test_a_group_that_eats_nothing_goes_hungry():
    state = table([("soldier", "chosen"), ("spouse", "seer")], res=0)
    state["seats"][0]["res"] = 2
    state = go(state, ["gather", "rest"])
    state = answer(state, PASS, dice=[6])  # seat 0 gathers nothing
    state = answer(state, PASS, dice=[6])  # seat 1 rests: fails
    state = answer(state, PASS, dice=[6, 6])  # no augury; presence rolls for both groups
    health, morale = flow.health(state, 1), flow.morale(state, 1)
    assert ask_kind(state) == "eat" and state["ask"]["seat"] == 0
    state = answer(state, {"type": "eat", "count": 1}, dice=[6])
    assert flow.health(state, 1) == health - 1 and flow.morale(state, 1) == morale - 1
    assert flow.health(state, 0) == 9 and state["seats"][0]["res"] == 1


def test_the_time_die_unveils_artifacts_and_ends_duration_events():
    state = table([("soldier", "chosen")])
    state["art_deck"].remove("spyglass")
    flow.put_artifact(state, 0, "spyglass")
    place(state, "spot2", "ember-sprites")
    state["spots"]["spot2"][0]["time"] = [1, 2]
    state = go(state, ["gather"])
    state = answer(state, PASS, dice=[6, 6])
    state = answer(state, {"type": "eat", "count": 1}, dice=[2])
    assert state["seats"][0]["arts"][0]["up"] and state["seats"][0]["arts"][0]["time"] == []
    assert flow.tool_bonus(state, 0, "explore") == -1
    assert state["spots"]["spot2"]  # 2 is on its time token: it stays
    state = go(state, ["gather"])
    state = answer(state, PASS, dice=[6, 6])
    state = answer(state, {"type": "eat", "count": 1}, dice=[5])
    assert state["spots"]["spot2"] == [] and "ember-sprites" in state["discard"]["spirit"]


def test_a_lone_player_must_eat_one_resource():
    state = table([("soldier", "chosen")])
    state = go(state, ["gather"])
    state = answer(state, PASS, dice=[6, 6])
    health = flow.health(state, 0)
    state = answer(state, {"type": "eat", "count": 0}, dice=[6])
    assert flow.health(state, 0) == health - 1


# --- Secrets -------------------------------------------------------------------

def holding(state, seat, card):
    for deck in state["decks"].values():
        if card in deck:
            deck.remove(card)
    state["seats"][seat]["secrets"].append({"id": card, "known": []})
    state["private"][str(seat)].append(card)
    return state


def next_round(state, dice=()):
    state = go(state, ["gather"] * state["players"])
    for _ in range(state["players"] - 1):
        state = answer(state, PASS)
    state = answer(state, PASS, dice=[6] * state["players"] + [6])
    while ask_kind(state) == "eat":
        last = state["ask"]["seat"] == state["players"] - 1
        state = answer(state, {"type": "eat", "count": 1}, dice=list(dice) if last else [])
    return state


def test_a_secret_drawn_in_the_event_phase_is_kept_and_encountered_in_every_prep_phase():
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    state["decks"]["occurrence"].insert(0, state["decks"]["occurrence"].pop(
        state["decks"]["occurrence"].index("ledger-of-debts")))
    state["presence"]["gather"] = 5
    state = go(state, ["gather", "gather"])
    state = answer(state, PASS)
    # gather rolls; presence roll 1: an event; event die occurrence (4); seat 1 draws (2)
    state = answer(state, PASS, dice=[6, 6, 1, 4, 2])
    assert [s["id"] for s in state["seats"][1]["secrets"]] == ["ledger-of-debts"]
    name = EVENT_BY_ID["ledger-of-debts"].name
    assert name in RULES.hidden_from(state, 0) and name not in RULES.hidden_from(state, 1)
    state = answer(state, {"type": "eat", "count": 1})
    state = answer(state, {"type": "eat", "count": 0}, dice=[6])
    state = answer(state, PASS) if ask_kind(state) == "woken" else state
    assert ask_kind(state) == "option" and state["ask"]["seat"] == 1
    assert RULES.view(state, 0)["encounter"] == {"secret": True, "seats": [1]}
    assert RULES.view(state, 1)["encounter"]["card"]["name"] == name


def test_a_correct_call_discovers_a_secret():
    state = holding(table([("soldier", "chosen"), ("farmer", "woken")]), 1, "gallows-whisper")
    card = EVENT_BY_ID["gallows-whisper"]
    morale = flow.morale(state, 1)
    state["seats"][1]["traits"]["caring"] -= 2
    state = play(state, 0, {"type": "call", "target": 1, "mark": card.mark})
    assert state["seats"][1]["secrets"] == []
    assert flow.morale(state, 1) == morale - 2 + 2  # the discovery gives the holder 2 morale
    assert card.name not in RULES.hidden_from(state, 0) and card.hidden not in RULES.hidden_from(state, None)
    assert any(card.hidden in line for line in RULES.view(state, None)["log"])
    assert not [m for m in RULES.legal_moves(state, 0) if m["type"] == "call"]


def test_a_wrong_call_costs_the_caller_one_morale():
    state = holding(table([("soldier", "chosen"), ("farmer", "woken")]), 1, "gallows-whisper")
    morale = flow.morale(state, 0)
    state = play(state, 0, {"type": "call", "target": 1, "mark": "Secret II"})
    assert flow.morale(state, 0) == morale - 1
    assert len(state["seats"][1]["secrets"]) == 1 and state["seats"][0]["called"]
    assert not [m for m in RULES.legal_moves(state, 0) if m["type"] == "call"]


def test_a_secret_is_revealed_when_its_holder_succeeds_at_a_revealing_option():
    state = holding(table([("soldier", "chosen")]), 0, "wolfsbane-pact")
    state = next_round(state, dice=[6])
    assert ask_kind(state) == "option" and state["enc"]["ctx"] == "prep"
    state = answer(state, {"type": "option", "index": 1})  # communing, 2 diamonds: reveal
    state = answer(state, {"type": "spend", "trait": "communing", "count": 1}, dice=[1, 2])
    card = EVENT_BY_ID["wolfsbane-pact"]
    assert state["seats"][0]["secrets"] == []
    assert card.name not in RULES.hidden_from(state, None)
    assert "wolfsbane-pact" in state["discard"]["occurrence"]


def test_a_secrets_hidden_rule_applies_to_its_holder_whenever_its_action_is_taken():
    state = holding(table([("soldier", "chosen"), ("spouse", "seer")]), 0, "broken-vow")
    health = flow.health(state, 0)
    state = go(state, ["gather", "rest"])
    state = answer(state, PASS, dice=[6])
    state = answer(state, PASS, dice=[6])
    state = answer(state, PASS, dice=[6, 6])
    assert flow.health(state, 0) == health - 1  # someone rested


# --- Endings ---------------------------------------------------------------------

def test_the_band_wins_when_the_sixth_building_stands():
    state = build(table([("soldier", "chosen")], res=2), "hall", "storage", "vantage", "plans", "altar")
    state["buildings"]["hearth"] = 3
    state = go(state, ["settle"])
    state = answer(state, PASS, dice=[1])
    state = answer(state, {"type": "contribute", "building": "hearth"})
    result = RULES.outcome(state)
    assert result["won"] and result["winners"] == [0] and result["scores"] == [6]
    assert RULES.active_seats(state) == [] and RULES.legal_moves(state, 0) == []


def test_the_band_loses_when_anyone_dies():
    state = table([("soldier", "chosen"), ("farmer", "woken")], traits={"strong": 0, "active": 1, "keen": 0})
    place(state, "spot1", "ash-wolves")
    state = go(state, ["gather", ("spot1", "ash-wolves")])
    assert ask_kind(state) == "option"  # spot 1 comes before gathering, counterclockwise
    state = answer(state, {"type": "option", "index": 1})  # active, 1 diamond; failure: -3 health
    state = answer(state, PASS, dice=[6])
    result = RULES.outcome(state)
    assert result and not result["won"] and result["winners"] == [] and result["scores"] == [0, 0]
    assert "died" in result["reason"]


def test_a_player_down_to_three_health_dies_failing_even_the_easiest_option_of_the_ash_grey_wolves():
    """Issue 21 item 11: the wolves meet the whole group and every option's failure costs 3 health, so a player
    who spent down to 3 health (as the heuristic bot does) dies on a single failed roll."""
    state = table([("soldier", "chosen"), ("farmer", "woken")], traits={"strong": 1, "active": 1, "keen": 1})
    place(state, "spot1", "ash-wolves")
    state = go(state, ["gather", ("spot1", "ash-wolves")])
    state = answer(state, {"type": "option", "index": 1})  # active, 1 diamond
    state = answer(state, PASS, dice=[5])
    result = RULES.outcome(state)
    assert result and not result["won"] and "died" in result["reason"]


def test_the_round_before_winter_is_played_out_and_the_next_begins():
    state = table([("soldier", "chosen")])
    state["round"] = WINTER_ROUND[1] - 1
    state = go(state, ["gather"])
    state = answer(state, PASS, dice=[6, 6])
    state = answer(state, {"type": "eat", "count": 1}, dice=[6])
    assert RULES.outcome(state) is None and state["round"] == WINTER_ROUND[1]


def test_winter_ends_an_unfinished_game():
    state = table([("soldier", "chosen")])
    state["round"] = WINTER_ROUND[1]
    state = go(state, ["gather"])
    state = answer(state, PASS, dice=[6, 6])
    state = answer(state, {"type": "eat", "count": 1}, dice=[6])
    result = RULES.outcome(state)
    assert result and not result["won"] and "Winter" in result["reason"]


# --- Limits and hopelessness ---------------------------------------------------------

def test_a_fourth_artifact_goes_to_a_group_member_or_is_discarded():
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    for card in ("sickle", "trowel", "shield"):
        state["art_deck"].remove(card)
        flow.put_artifact(state, 0, card)
    state["art_deck"].remove("compass")
    state["art_deck"].insert(0, "compass")
    flow.receive_artifact(state, 0, "compass", [0, 1])
    state["art_deck"].remove("compass") if "compass" in state["art_deck"] else None
    assert state["tasks"][0]["ask"]["kind"] == "gift_art"
    state["ask"], state["tasks"] = state["tasks"][0]["ask"], []
    assert RULES.legal_moves(state, 0) == [{"type": "give_art", "to": 1}, PASS]
    given = play(state, 0, {"type": "give_art", "to": 1})
    assert [a["id"] for a in given["seats"][1]["arts"]] == ["compass"]
    left = play(state, 0, PASS)
    assert "compass" in left["art_discard"] and len(left["seats"][0]["arts"]) == 3


def test_a_fourth_artifact_is_discarded_when_the_whole_group_carries_three():
    state = table([("soldier", "chosen")])
    for card in ("sickle", "trowel", "shield", "compass"):
        state["art_deck"].remove(card)
    for card in ("sickle", "trowel", "shield"):
        flow.put_artifact(state, 0, card)
    flow.receive_artifact(state, 0, "compass", [0])
    assert "compass" in state["art_discard"] and len(state["seats"][0]["arts"]) == 3


def test_resources_and_trait_tokens_beyond_their_slots_are_not_gained():
    state = table([("soldier", "chosen")], res=5)
    state = go(state, ["gather"])
    state = answer(state, PASS, dice=[1, 6])
    assert state["seats"][0]["res"] == 5
    assert flow.gain_trait(state, 0, "strong", 2) == 0 and state["seats"][0]["traits"]["strong"] == 5


def test_a_hopeless_player_gains_no_tokens_from_their_own_actions_but_can_be_tended():
    state = table([("soldier", "chosen"), ("spouse", "seer")], res=0,
                  traits={"wise": 0, "communing": 0, "caring": 0})
    state["seats"][1]["traits"]["caring"] = 2
    state["seats"][0]["res"] = 1
    assert flow.hopeless(state, 0)
    state = go(state, ["rest", "rest"])
    # seat 0 rests with a 1 (a success, but hopeless: no token of its own); seat 1 rests with 6, tends with 1
    state = answer(state, {"type": "spend", "trait": "caring", "count": 1}, dice=[1, 6, 1])
    assert state["ask"]["kind"] == "tend" and state["pick_memory"] == {}
    state = answer(state, {"type": "tend", "target": 0})
    state = answer(state, {"type": "pick", "trait": "wise"}, seat=0)
    assert state["seats"][0]["traits"]["wise"] == 1 and not flow.hopeless(state, 0)
