"""Every event card, spell and tool: each option's success and failure does what its card says."""

import copy

import pytest
from test_live_on_helpers import ScriptedRng, answer, ask_kind, go, play, table

from apps.live_on import flow
from apps.live_on.content import ARTIFACTS, EVENTS, HEALTH_TRAITS, MORALE_TRAITS, TRAITS
from apps.live_on.engine import RULES

PASS = {"type": "pass"}
START = {"strong": 3, "active": 2, "keen": 1, "wise": 0, "communing": 0, "caring": 2}  # a soldier empath


def staged_encounter(card, src="event"):
    """A lone soldier empath about to encounter ``card`` (visiting it if regional, in the prep phase if secret)."""
    state = table([("soldier", "empath")], traits=START, res=2)
    state["ask"], state["phase"] = None, flow.EVENT
    if src == "artifact":
        state["art_deck"].remove(card)
        task = {"t": "enc_start", "card": card, "src": "artifact", "seats": [0], "ctx": "spell", "zone": None}
    else:
        event = next(e for e in EVENTS if e.id == card)
        state["decks"][event.deck].remove(card)
        if event.kind == "secret":
            state["seats"][0]["secrets"].append({"id": card, "known": []})
            task = {"t": "enc_start", "card": card, "src": "event", "seats": [0], "ctx": "prep", "zone": None}
        elif event.regional:
            state["spots"]["spot1"].append({"id": card, "time": []})
            task = {"t": "enc_start", "card": card, "src": "event", "seats": [0], "ctx": "visit", "zone": "spot1"}
        else:
            task = {"t": "enc_start", "card": card, "src": "event", "seats": [0], "ctx": "event", "zone": "gather"}
    state["tasks"] = [task]
    flow.run(state, ScriptedRng([]))
    return state


def expected_after(state, effects, failed):
    """The panel a card's effects should leave, worked out independently of the engine."""
    traits = dict(state["seats"][0]["traits"])
    caps = {t: flow.cap(state, 0, t) for t in TRAITS}
    res, arts = state["seats"][0]["res"], len(state["seats"][0]["arts"])
    health = lambda: sum(traits[t] for t in HEALTH_TRAITS)  # noqa: E731
    morale = lambda: sum(traits[t] for t in MORALE_TRAITS)  # noqa: E731
    totals = {"health": health(), "morale": morale()}
    pools = {"health": HEALTH_TRAITS, "morale": MORALE_TRAITS}
    gained = {t: 0 for t in TRAITS}
    for name, n in effects:
        hopeless = totals["morale"] == 0
        if name in ("health", "morale"):
            room = sum(caps[t] - traits[t] for t in pools[name]) - sum(gained[t] for t in pools[name])
            totals[name] = max(0, totals[name] + n) if n < 0 else totals[name] + (0 if hopeless else min(n, room))
        elif name == "perfail":
            totals["morale"] = max(0, totals["morale"] - failed)
        elif name == "res":
            res = max(0, res + n) if n < 0 else (res if hopeless else min(5, res + n))
        elif name in TRAITS:
            if not hopeless:
                got = min(n, caps[name] - traits[name] - gained[name])
                gained[name] += got
                totals["health" if name in HEALTH_TRAITS else "morale"] += got
        elif name == "art":
            arts += 0 if hopeless else 1
    return totals, res, arts, gained


def encounter_with(state, index, success):
    """Choose option ``index`` with as many dice as it has diamonds: all 1s for success, all 6s for failure."""
    enc_options = flow.enc_options(state["enc"])
    option = enc_options[index]
    state["enc"]["helped"]["0"] = option.diamonds - 1
    dice = [1 if success else 6] * option.diamonds
    if state["seats"][0]["traits"][option.trait]:
        state = play(state, 0, {"type": "option", "index": index})
        assert ask_kind(state) == "spend"
        return play(state, 0, PASS, dice)
    return play(state, 0, {"type": "option", "index": index}, dice)


EVENT_CASES = [(e.id, i, ok) for e in EVENTS for i in range(3) for ok in (True, False)]
SPELL_CASES = [(a.id, i, ok) for a in ARTIFACTS if a.kind == "spell" for i in range(3) for ok in (True, False)]


@pytest.mark.parametrize(("card", "index", "success"), EVENT_CASES)
def test_each_event_option_does_what_its_card_says_on_success_and_on_failure(card, index, success):
    state = staged_encounter(card)
    event = next(e for e in EVENTS if e.id == card)
    option = event.options[index]
    effects = option.success if success else option.failure
    totals, res, arts, gained = expected_after(state, effects, 0 if success else option.diamonds)
    before = dict(state["seats"][0]["traits"])
    state = encounter_with(state, index, success)
    assert state["enc"] is None and RULES.outcome(state) is None
    assert flow.health(state, 0) == totals["health"] and flow.morale(state, 0) == totals["morale"]
    assert state["seats"][0]["res"] == res and len(state["seats"][0]["arts"]) == arts
    for t, n in gained.items():
        if n:
            assert state["seats"][0]["traits"][t] >= before[t] + n - 0
    names = [name for name, _ in effects]
    if event.kind == "secret":
        assert (state["seats"][0]["secrets"] == []) == ("reveal" in names)
    elif event.regional:
        on_board = [c["id"] for c in state["spots"]["spot1"]]
        assert (card not in on_board) == ("resolve" in names)
        assert (card in state["discard"][event.deck]) == ("resolve" in names)
    else:
        assert card in state["discard"][event.deck]
    assert card in state["backs"] or event.kind == "secret"


@pytest.mark.parametrize(("card", "index", "success"), SPELL_CASES)
def test_each_spell_option_does_what_its_card_says_on_success_and_on_failure(card, index, success):
    state = staged_encounter(card, src="artifact")
    spell = next(a for a in ARTIFACTS if a.id == card)
    option = spell.options[index]
    effects = option.success if success else option.failure
    totals, res, arts, _ = expected_after(state, effects, 0 if success else option.diamonds)
    state = encounter_with(state, index, success)
    assert flow.health(state, 0) == totals["health"] and flow.morale(state, 0) == totals["morale"]
    assert state["seats"][0]["res"] == res and len(state["seats"][0]["arts"]) == arts
    assert card in state["art_discard"] and "art:" + card in state["backs"]


def test_a_spell_is_cast_in_the_prep_phase_and_its_back_stays_hidden_until_flipped():
    state = table([("soldier", "chosen")])
    state["art_deck"].remove("mend")
    flow.put_artifact(state, 0, "mend")
    state = go(state, ["gather"])
    state = answer(state, PASS, dice=[6, 6])
    state = answer(state, {"type": "eat", "count": 1}, dice=[6])
    assert ask_kind(state) == "spell"
    state = answer(state, {"type": "cast", "artifact": "mend"})
    assert ask_kind(state) == "option"
    back = next(a for a in ARTIFACTS if a.id == "mend").spell_back
    assert back in RULES.hidden_from(state, 0)


TOOL_SIDES = [(a.id, side) for a in ARTIFACTS if a.kind == "tool" for side in ("front", "back")
              if side == "front" or a.back]
ZONE_OF = {"gather": "gather", "explore": "explore1", "settle": "settle", "rest": "rest"}
OPTION_OF = {"strong": ("twisted-ankle", 0), "caring": ("stray-child", 0), "communing": ("old-song", 1),
             "wise": ("stray-child", 1)}


@pytest.mark.parametrize(("card", "side"), TOOL_SIDES)
def test_each_tool_side_changes_the_dice_or_the_slots_it_names(card, side):
    tool = next(a for a in ARTIFACTS if a.id == card)
    sheet = tool.front if side == "front" else tool.back
    state = table([("soldier", "empath")], traits={"strong": 2, "active": 0, "keen": 0, "wise": 0,
                                                    "communing": 0, "caring": 0}, res=1)
    state["art_deck"].remove(card)
    flow.put_artifact(state, 0, card)
    state["seats"][0]["arts"][0]["up"] = side == "back"
    bonus = dict(sheet.bonus)
    assert flow.res_cap(state, 0) == 5 + bonus.get("slots", 0)
    for key, (event, index) in OPTION_OF.items():
        probe = staged_like(state, event)
        n = 1 + bonus.get(key, 0)
        if probe["seats"][0]["traits"][key]:
            probe = play(probe, 0, {"type": "option", "index": index})
            probe = play(probe, 0, PASS, [6] * n)  # exactly n dice are rolled
        else:
            probe = play(probe, 0, {"type": "option", "index": index}, [6] * n)
        assert probe["enc"] is None
    for action, zone in ZONE_OF.items():
        n = max(0, 1 + bonus.get(action, 0))
        dice = [6] * n + [6]  # the action's dice, then the presence roll
        after = go(state, [zone], dice=dice)
        assert ask_kind(after) == "eat"


def staged_like(state, card):
    probe = copy.deepcopy(state)
    probe["ask"], probe["phase"] = None, flow.EVENT
    probe["decks"]["occurrence"].remove(card)
    probe["tasks"] = [{"t": "enc_start", "card": card, "src": "event", "seats": [0], "ctx": "event", "zone": "gather"}]
    flow.run(probe, ScriptedRng([]))
    return probe
