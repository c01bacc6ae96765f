"""Every past and gift ability, played with scripted dice."""

from test_live_on_helpers import answer, ask_kind, go, table

from apps.live_on import flow
from apps.live_on.content import EVENT_BY_ID
from apps.live_on.engine import RULES

PASS = {"type": "pass"}


def place(state, spot, card):
    for deck in state["decks"].values():
        if card in deck:
            deck.remove(card)
    state["spots"][spot].append({"id": card, "time": []})
    flow.see(state, card)  # a card on the board lies face up


def test_the_soldier_who_is_strong_against_a_spirit_protects_another_player():
    state = table([("soldier", "woken"), ("spouse", "seer")])
    place(state, "spot1", "barrow-warden")
    state = go(state, [("spot1", "barrow-warden"), ("spot1", "barrow-warden")])
    state = answer(state, {"type": "option", "index": 0})  # strong, 2 diamonds
    state = answer(state, {"type": "spend", "trait": "strong", "count": 1}, dice=[1, 1])
    state = answer(state, {"type": "option", "index": 2})  # active, 1 diamond
    health = flow.health(state, 1)
    state = answer(state, PASS, dice=[6])  # fails: would lose 1 health
    assert ask_kind(state) == "protect" and state["ask"]["seat"] == 0
    state = answer(state, {"type": "protect", "target": 1}, dice=[6])
    assert flow.health(state, 1) == health
    assert state["spots"]["spot1"] == []  # the soldier's success resolved the warden


def test_the_farmer_who_rolls_a_one_after_spending_active_crafts_a_tool():
    state = table([("farmer", "woken")], res=2)
    state["art_deck"] = ["mend", "sickle"] + [a for a in state["art_deck"] if a not in ("mend", "sickle")]
    state = go(state, ["settle"])
    state = answer(state, {"type": "spend", "trait": "active", "count": 1}, dice=[1, 5])
    state = answer(state, {"type": "contribute", "building": "plans"}, dice=[6])
    assert [a["id"] for a in state["seats"][0]["arts"]] == ["sickle"]
    assert "mend" in state["art_deck"]


def test_the_foresters_lowest_roll_gives_a_bounty_as_if_it_were_the_groups_lowest():
    state = table([("soldier", "chosen"), ("forester", "woken")], res=0)
    state = go(state, ["gather", "gather"])
    state = answer(state, PASS)
    state = answer(state, {"type": "spend", "trait": "keen", "count": 1}, dice=[1, 2, 4, 6])
    assert state["seats"][0]["res"] == 1 + 3  # success and the group's lowest roll (4 - 1)
    assert state["seats"][1]["res"] == 2 + 2  # two successes and the bounty of its roll of 2 (4 - 2)


def test_the_advisor_spends_wise_tokens_for_another_visitor_who_chose_a_wise_option():
    state = table([("advisor", "seer"), ("soldier", "woken")])
    place(state, "spot1", "watchtower-ruin")
    state = go(state, [("spot1", "watchtower-ruin"), ("spot1", "watchtower-ruin")])
    state = answer(state, {"type": "option", "index": 1})  # keen, 1 diamond
    state = answer(state, PASS, dice=[1])
    state = answer(state, {"type": "option", "index": 2})  # wise, 2 diamonds
    state = answer(state, PASS)
    assert ask_kind(state) == "advise" and state["ask"]["seat"] == 0
    wise = state["seats"][0]["traits"]["wise"]
    res = state["seats"][1]["res"]
    state = answer(state, {"type": "spend", "trait": "wise", "count": 2}, dice=[1, 2, 6, 6])
    assert state["seats"][0]["traits"]["wise"] == wise - 2
    assert state["seats"][1]["res"] == res + 1


def test_the_priest_removes_one_failed_roll_on_a_communing_option():
    state = table([("priest", "woken")])
    place(state, "spot1", "standing-stones")
    state = go(state, [("spot1", "standing-stones")])
    state = answer(state, {"type": "option", "index": 0})  # communing, 1 diamond; failure: morale -1 per fail
    before = flow.morale(state, 0)
    state = answer(state, {"type": "spend", "trait": "communing", "count": 1}, dice=[6, 5, 6])
    # rolls 6 and 5: the prayer removes one, so one failed roll remains: -1 spent, -1 failure, -1 per fail
    assert flow.morale(state, 0) == before - 3


def test_the_spouse_whose_caring_roll_succeeds_makes_all_caring_rolls_succeed():
    state = table([("soldier", "chosen"), ("spouse", "seer")], traits={"strong": 2})
    state = go(state, ["rest", "rest"])
    state = answer(state, PASS)
    state = answer(state, {"type": "spend", "trait": "caring", "count": 2}, dice=[6, 6, 4, 6])
    assert ask_kind(state) == "tend" and state["ask"]["seat"] == 1
    state = answer(state, {"type": "tend", "target": 0})
    state = answer(state, {"type": "pick", "trait": "strong"})
    assert ask_kind(state) == "tend"  # the second caring die counts as a success too


def test_the_chosen_invokes_a_patron_god_against_a_spirit_and_attracts_presence():
    state = table([("soldier", "chosen")])
    place(state, "spot2", "hollow-stag")
    state["presence"].update({"spot1": 2, "gather": 1})
    state = go(state, [("spot2", "hollow-stag")])
    state = answer(state, {"type": "option", "index": 1})  # keen, 1 diamond
    state = answer(state, PASS, dice=[6])
    assert ask_kind(state) == "invoke"
    res = state["seats"][0]["res"]
    state = answer(state, {"type": "invoke"}, dice=[6])
    assert state["seats"][0]["res"] == res + 1  # the 6 counted as a 1: a success
    assert state["presence"]["explore1"] == 1  # the quietest zone nearest the region name
    assert state["presence"]["spot2"] == 1  # the chosen's own presence token


def test_the_woken_gains_nothing_in_core_traits_at_rest_but_regains_one_in_the_keeping_phase():
    state = table([("farmer", "woken")], traits={"active": 2})
    state = go(state, ["rest"])
    state = answer(state, PASS, dice=[6, 6])  # no caring dice; rest fails; presence roll 6
    assert state["seats"][0]["traits"]["active"] == 2
    state = answer(state, {"type": "eat", "count": 1}, dice=[6])
    assert ask_kind(state) == "woken"
    assert {m["trait"] for m in RULES.legal_moves(state, 0) if m["type"] == "pick"} == {"active"}
    state = answer(state, {"type": "pick", "trait": "active"})
    assert state["seats"][0]["traits"]["active"] == 3


def test_the_whisperer_may_reroll_the_event_die_once():
    state = table([("soldier", "whisperer")])
    state = go(state, ["explore1"], dice=[1, 4])
    assert ask_kind(state) == "whisper"
    state = answer(state, {"type": "reroll"}, dice=[2, 6])  # location: placed; presence roll 6
    assert len(state["spots"]["spot1"]) == 1


def test_the_seer_communes_at_rest_to_look_at_the_top_of_a_deck_privately():
    state = table([("spouse", "seer"), ("soldier", "chosen")])
    state = go(state, ["rest", "gather"])
    state = answer(state, PASS, dice=[6])  # the gatherer acts first, counterclockwise
    state = answer(state, PASS, dice=[6])  # the seer rests
    assert ask_kind(state) == "augury"
    state = answer(state, {"type": "spend", "trait": "communing", "count": 1}, dice=[3])
    state = answer(state, {"type": "look", "deck": "spirit"}, dice=[6, 6])
    top = state["decks"]["spirit"][:2]
    names = [EVENT_BY_ID[c].name for c in top]
    assert RULES.view(state, 0)["foresight"] == {"deck": "spirit", "cards": names}
    assert RULES.view(state, 1)["foresight"] is None
    assert not set(names) & RULES.hidden_from(state, 0)
    assert set(names) <= RULES.hidden_from(state, 1)


def test_the_mage_communes_to_add_or_remove_another_players_extra_dice():
    state = table([("soldier", "mage"), ("farmer", "woken")])
    state = go(state, ["gather", "gather"])
    state = answer(state, PASS)
    state = answer(state, {"type": "spend", "trait": "active", "count": 1})
    assert ask_kind(state) == "mage" and state["ask"]["seat"] == 0
    # rolls 3 and 4: two communing successes, so the farmer rolls 1 + 1 + 2 dice
    state = answer(state, {"type": "spend", "trait": "communing", "count": 2},
                   dice=[3, 4, 6, 6, 6, 6, 6, 6])
    assert ask_kind(state) == "eat"


def test_a_mage_roll_of_two_or_lower_is_a_failure_and_a_success_at_once():
    """"Each roll that is a 4 or lower is a communing success, and each roll that is a 2 or lower is a communing
    failure": a 1 adds a die and takes one away."""
    state = table([("soldier", "mage"), ("farmer", "woken")])
    state = go(state, ["gather", "gather"])
    state = answer(state, PASS)
    state = answer(state, {"type": "spend", "trait": "active", "count": 1})
    # rolls 1 and 5: one success and one failure, so the farmer rolls its own die and the one it paid for
    state = answer(state, {"type": "spend", "trait": "communing", "count": 2}, dice=[1, 5, 6, 6, 6, 6])
    assert ask_kind(state) == "eat"


def test_the_empath_with_two_caring_successes_reads_a_group_members_secret():
    state = table([("soldier", "empath"), ("farmer", "woken")])
    state["decks"]["occurrence"].remove("broken-vow")
    state["seats"][1]["secrets"] = [{"id": "broken-vow", "known": []}]
    state["private"]["1"].append("broken-vow")
    name = EVENT_BY_ID["broken-vow"].name
    assert name in RULES.hidden_from(state, 0)
    state = go(state, ["gather", "gather"])
    assert ask_kind(state) == "insight"
    state = answer(state, {"type": "insight", "target": 1, "count": 2}, dice=[1, 2])
    assert name not in RULES.hidden_from(state, 0) and name in RULES.hidden_from(state, None)
    assert RULES.view(state, 0)["seats"][1]["secrets"][0]["name"] == name
    assert RULES.view(state, None)["seats"][1]["secrets"] == []
    assert state["seats"][1]["secrets"][0]["known"] == [0]


def test_an_empath_with_fewer_than_two_successes_learns_nothing():
    state = table([("soldier", "empath"), ("farmer", "woken")])
    state["decks"]["occurrence"].remove("broken-vow")
    state["seats"][1]["secrets"] = [{"id": "broken-vow", "known": []}]
    state = go(state, ["gather", "gather"])
    state = answer(state, {"type": "insight", "target": 1, "count": 2}, dice=[1, 6])
    assert state["seats"][1]["secrets"][0]["known"] == []


def test_the_seers_augury_shows_a_secret_only_as_a_secret_card():
    state = table([("spouse", "seer")])
    state["decks"]["occurrence"].remove("broken-vow")
    state["decks"]["occurrence"].insert(0, "broken-vow")
    state = go(state, ["rest"])
    state = answer(state, PASS, dice=[6])
    state = answer(state, {"type": "spend", "trait": "communing", "count": 1}, dice=[3])
    state = answer(state, {"type": "look", "deck": "occurrence"}, dice=[6])
    seen = RULES.view(state, 0)["foresight"]["cards"]
    assert seen[0] == "a secret card" and EVENT_BY_ID["broken-vow"].name in RULES.hidden_from(state, 0)
