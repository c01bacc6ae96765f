"""Every zone action, played with scripted dice: gather, explore, scout, deepwoods, cave, visit, rest, settle."""

from test_live_on_helpers import answer, ask_kind, go, put_on_top, table

from apps.live_on import flow

PASS = {"type": "pass"}


def test_gathering_gives_a_resource_per_success_and_the_lowest_roll_a_bonus():
    state = table([("soldier", "chosen"), ("spouse", "seer")], res=1)
    state = go(state, ["gather", "gather"])
    assert ask_kind(state) == "spend" and state["ask"]["traits"] == ["active", "keen"]
    state = answer(state, {"type": "spend", "trait": "active", "count": 1})
    # seat 0 rolls 2 and 5, seat 1 rolls 3; the gather value is 4; the presence roll is 6 (no event)
    state = answer(state, PASS, dice=[2, 5, 3, 6])
    assert state["seats"][0]["res"] == 1 + 1 + 2  # one success, and 4 - 2 for the group's lowest roll
    assert state["seats"][1]["res"] == 1 + 1
    assert state["seats"][0]["traits"]["active"] == flow.cap(state, 0, "active") - 1
    assert state["presence"]["gather"] == 2


def test_exploring_places_a_rolled_location_and_an_unavoided_event_is_encountered_at_once():
    state = table([("soldier", "chosen")])
    put_on_top(state, "sunken-granary")
    put_on_top(state, "sudden-storm")
    # explore roll 1 (a success against 3); the event die shows location (2): placed at spot 1
    state = go(state, ["explore1"], dice=[1, 2, 6])
    assert [c["id"] for c in state["spots"]["spot1"]] == ["sunken-granary"]
    assert state["explore"] is None


def test_an_explorer_may_spend_keen_tokens_to_see_an_event_ahead_and_avoid_it():
    state = table([("soldier", "chosen"), ("forester", "woken")])
    put_on_top(state, "sudden-storm")
    # two successes against 3; the first event die shows occurrence (4)
    state = go(state, ["explore1", "explore1"], dice=[1, 1, 4])
    assert ask_kind(state) == "spend" and state["ask"]["traits"] == ["keen"] and state["ask"]["seat"] == 0
    # seat 0 spends its keen token and rolls 2: avoided; the next event die shows occurrence again
    state = answer(state, {"type": "spend", "trait": "keen", "count": 1}, dice=[2, 4])
    assert ask_kind(state) == "spend" and state["ask"]["seat"] == 1
    # nobody avoids it this time: the first player of the group draws it and it is encountered at once
    state = answer(state, PASS, dice=[1])
    assert ask_kind(state) == "option" and state["enc"]["card"] == "sudden-storm"
    assert state["enc"]["ctx"] == "explore" and state["enc"]["seats"] == [0, 1]


def test_a_lone_explorer_with_no_success_finds_nothing():
    state = table([("soldier", "chosen")])
    state = go(state, ["explore1"], dice=[6, 6])  # explore fails; presence roll 6: no event
    assert ask_kind(state) == "eat"


def test_scouting_rolls_ahead_and_the_scouted_roll_replaces_next_rounds_presence_roll():
    state = table([("advisor", "seer")], region="grassland")
    state = go(state, ["special"])
    assert ask_kind(state) == "spend" and state["ask"]["traits"] == ["wise"]
    # spend 1 wise: rolls 1 and 2 against 4: two successes
    state = answer(state, {"type": "spend", "trait": "wise", "count": 1}, dice=[1, 2])
    assert ask_kind(state) == "scout"
    # first scouted zone: presence roll 1 and, with two successes, the event die (6: phenomenon)
    state = answer(state, {"type": "scout", "zone": "gather"}, dice=[1, 6])
    state = answer(state, {"type": "scout", "zone": "explore1"}, dice=[3, 6])  # then this round's presence roll
    assert state["scouted_next"] == {"gather": {"roll": 1, "face": "phenomenon"},
                                     "explore1": {"roll": 3, "face": None}}
    assert ask_kind(state) == "eat"
    state = answer(state, {"type": "eat", "count": 1}, dice=[6])  # time die
    assert state["scouted"]["gather"]["face"] == "phenomenon"
    put_on_top(state, "ashfall")
    # round 2: gather rolls 5; the scouted presence roll 1 against 1 token means an event, the scouted die
    # says phenomenon, and the only player draws it
    state = go(state, ["gather"])
    state = answer(state, PASS, dice=[5, 1])
    assert state["enc"]["card"] == "ashfall"


def test_the_deepwoods_discard_a_location_unless_wise_tokens_find_the_way():
    state = table([("advisor", "seer")], region="forest")
    put_on_top(state, "fishing-weir")
    # deepwoods value 3: roll 1; event die location (2): wise tokens may find it
    state = go(state, ["special"], dice=[1, 2])
    assert ask_kind(state) == "spend" and state["ask"]["traits"] == ["wise"]
    state = answer(state, PASS, dice=[6])  # no wise spent: the location is lost; presence roll 6
    assert "fishing-weir" in state["discard"]["location"]
    assert state["spots"]["spot1"] == []


def test_the_deepwoods_location_found_with_wise_tokens_is_encountered_and_then_discarded():
    state = table([("advisor", "seer")], region="forest")
    put_on_top(state, "fishing-weir")
    state = go(state, ["special"], dice=[1, 2])
    state = answer(state, {"type": "spend", "trait": "wise", "count": 1}, dice=[3, 1])
    assert state["enc"]["card"] == "fishing-weir" and state["enc"]["ctx"] == "deep"
    state = answer(state, {"type": "option", "index": 0})
    res = state["seats"][0]["res"]
    state = answer(state, PASS, dice=[1, 6])  # succeeds; then the presence roll
    assert state["seats"][0]["res"] == res + 1
    assert "fishing-weir" in state["discard"]["location"] and state["spots"]["spot1"] == []


def test_a_cave_with_enough_successes_shelters_the_group_from_presence_and_events():
    state = table([("soldier", "chosen"), ("spouse", "seer")], region="mountains",
                  traits={"strong": 2, "wise": 0})
    # nobody has a wise token to spend; cave value 4: two successes for two players
    state = go(state, ["special", "special"], dice=[1, 4])
    assert ask_kind(state) == "pick" and state["ask"]["seat"] == 0
    state = answer(state, {"type": "pick", "trait": "strong"})
    assert {"type": "pick", "trait": "strong"} not in flow.legal_moves(state, 0)
    state = answer(state, {"type": "pick", "trait": "wise"})
    state = answer(state, {"type": "pick", "trait": "wise"})  # seat 1 has room in wise only
    assert state["presence"]["special"] == 0 and "special" in state["sheltered"]
    assert state["seats"][0]["traits"]["strong"] == 3 and state["seats"][0]["traits"]["wise"] == 1
    assert ask_kind(state) == "eat"  # no presence roll for the sheltered group


def test_a_cave_with_too_few_successes_gives_no_shelter():
    state = table([("soldier", "chosen"), ("farmer", "woken")], region="mountains")
    state = go(state, ["special", "special"])
    state = answer(state, PASS)
    state = answer(state, PASS, dice=[1, 6, 6])  # one success for two players; presence roll 6
    assert state["sheltered"] == [] and state["presence"]["special"] == 2


def test_visiting_encounters_the_top_event_of_a_spot_for_everyone_in_the_group():
    state = table([("soldier", "chosen"), ("farmer", "woken")])
    state["spots"]["spot1"] = [{"id": "watchtower-ruin", "time": []}]
    state["decks"]["location"].remove("watchtower-ruin")
    state = go(state, [("spot1", "watchtower-ruin"), ("spot1", "watchtower-ruin")])
    assert state["enc"]["card"] == "watchtower-ruin" and state["enc"]["seats"] == [0, 1]
    assert state["enc"]["ctx"] == "visit"


def test_resting_regains_core_tokens_and_a_success_two_tokens_of_choice():
    state = table([("spouse", "seer")], traits={"caring": 1, "wise": 0, "strong": 0, "keen": 0})
    state = go(state, ["rest"])
    assert ask_kind(state) == "spend" and state["ask"]["traits"] == ["caring"]
    state = answer(state, PASS, dice=[2])  # rest value 4: success
    assert state["seats"][0]["traits"]["caring"] == 2 and state["seats"][0]["traits"]["wise"] == 1
    state = answer(state, {"type": "pick", "trait": "strong"})
    assert {"type": "pick", "trait": "strong"} not in flow.legal_moves(state, 0)
    state = answer(state, {"type": "pick", "trait": "keen"})
    assert state["seats"][0]["traits"]["strong"] == 1 and state["seats"][0]["traits"]["keen"] == 1


def test_caring_dice_at_rest_tend_to_another_player_who_chooses_the_token():
    state = table([("soldier", "chosen"), ("advisor", "seer")], traits={"caring": 2, "strong": 1})
    state = go(state, ["rest", "rest"])
    state = answer(state, {"type": "spend", "trait": "caring", "count": 1})
    # seat 0 rolls 6 to rest and 2 on its caring die; seat 1 rolls 6
    state = answer(state, PASS, dice=[6, 2, 6])
    assert ask_kind(state) == "tend" and state["ask"]["seat"] == 0 and state["ask"]["to"] == [1]
    state = answer(state, {"type": "tend", "target": 1})
    assert ask_kind(state) == "pick" and state["ask"]["seat"] == 1 and not state["ask"]["own"]
    state = answer(state, {"type": "pick", "trait": "strong"})
    assert state["seats"][1]["traits"]["strong"] == 2
    assert state["seats"][0]["traits"]["strong"] == 3  # strong is both of the chosen soldier's core traits


def test_resting_players_may_trade_resources_and_artifacts():
    state = table([("soldier", "chosen"), ("farmer", "woken")], res=2)
    state["seats"][0]["arts"] = [{"id": "sickle", "time": [], "up": False}]
    state["art_deck"].remove("sickle")
    state = go(state, ["rest", "rest"])
    state = answer(state, PASS)
    state = answer(state, PASS, dice=[6, 6])
    assert ask_kind(state) == "trade" and state["ask"]["seat"] == 0
    state = answer(state, {"type": "give_art", "to": 1, "artifact": "sickle"})
    state = answer(state, {"type": "give_res", "to": 1})
    state = answer(state, {"type": "done"})
    assert state["seats"][1]["arts"][0]["id"] == "sickle" and state["seats"][1]["res"] == 3
    assert ask_kind(state) == "trade" and state["ask"]["seat"] == 1
    state = answer(state, {"type": "done"}, dice=[6])
    assert ask_kind(state) == "eat"


def test_settling_contributes_resources_and_extra_dice_are_paid_by_one_settler():
    state = table([("soldier", "chosen"), ("spouse", "seer")], res=2)
    state = go(state, ["settle", "settle"])
    state = answer(state, {"type": "spend", "trait": "active", "count": 1})
    # settle value 3: seat 0 rolls 2 and its extra die 1; seat 1 rolls 5
    state = answer(state, PASS, dice=[2, 1, 5])
    assert ask_kind(state) == "contribute" and state["ask"]["seat"] == 0
    state = answer(state, {"type": "contribute", "building": "plans"})
    assert ask_kind(state) == "funder"
    state = answer(state, {"type": "fund", "seat": 1})
    state = answer(state, {"type": "contribute", "building": "plans"}, dice=[6])
    assert state["buildings"]["plans"] == 2 and flow.built(state, "plans")
    assert state["seats"][0]["res"] == 1 and state["seats"][1]["res"] == 1
