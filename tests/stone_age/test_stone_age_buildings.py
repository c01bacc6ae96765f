"""The 28 buildings: as many stacks as players, only the top of each available; fixed buildings,
"N resources of K kinds" and "1 to 7 of any", each scoring as the seed document says."""

import pytest
from stone_age_helpers import assert_conserved, fresh, give, in_actions, play, put_building, resources

from apps.stone_age.content import BUILDING_BY_ID, BUILDINGS
from apps.stone_age.engine import RULES, IllegalMove

PAY = lambda r: {"type": "pay", "resource": r}  # noqa: E731
BUILD = {"type": "build"}
DECLINE = {"type": "decline"}


def at_building(building_id, **res):
    state = fresh(2, 5)
    put_building(state, 1, building_id)
    give(state, 0, **res)
    state = in_actions(state, {0: {"stack1": 1, "field": 1}, 1: {"hunting": 1}})
    return play(state, 0, {"type": "resolve", "where": "stack1"})


def test_there_are_17_fixed_8_counted_and_3_free_buildings():
    kinds = [b.kind for b in BUILDINGS]
    assert (kinds.count("fixed"), kinds.count("kinds"), kinds.count("any")) == (17, 8, 3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_there_are_as_many_stacks_of_seven_as_players_and_the_rest_stay_in_the_box(players):
    state = fresh(players, 2)
    assert len(state["stacks"]) == players and all(len(s) == 7 for s in state["stacks"])
    assert len(state["boxed"]) == 7 * (4 - players)
    view = RULES.view(state, None)
    assert [s["top"]["id"] for s in view["stacks"]] == [s[-1] for s in state["stacks"]]
    assert [s["count"] for s in view["stacks"]] == [7] * players


@pytest.mark.parametrize("building_id", [b.id for b in BUILDINGS if b.kind == "fixed"])
def test_a_fixed_building_costs_its_resources_and_scores_its_points(building_id):
    b = BUILDING_BY_ID[building_id]
    cost = b.cost_dict
    state = at_building(building_id, **{r: n + 1 for r, n in cost.items()})
    assert RULES.legal_moves(state, 0) == [BUILD, DECLINE]
    assert RULES.describe_move(state, 0, BUILD) == f"Build for {b.points} points"
    state = play(state, 0, BUILD)
    assert resources(state, 0) == {r: (1 if r in cost else 0) for r in ("wood", "clay", "stone", "gold")}
    assert state["seats"][0]["score"] == b.points
    assert state["seats"][0]["buildings"] == [{"id": building_id, "points": b.points}]
    assert state["stacks"][0][-1] != building_id and len(state["stacks"][0]) == 6
    assert_conserved(state)


@pytest.mark.parametrize("building_id", [b.id for b in BUILDINGS if b.kind == "fixed"])
def test_a_fixed_building_short_of_one_resource_cannot_be_built(building_id):
    cost = BUILDING_BY_ID[building_id].cost_dict
    short = dict(cost)
    first = next(iter(short))
    short[first] -= 1
    short["wood" if first != "wood" else "gold"] = short.get("wood" if first != "wood" else "gold", 0) + 5
    state = at_building(building_id, **short)
    assert not state["pending"], "it is declined at once"
    assert state["seats"][0]["buildings"] == [] and state["stacks"][0][-1] == building_id


def test_the_seed_example_three_stone_and_one_wood_on_a_variable_building_score_18():
    state = at_building("bld-19", wood=2, stone=3, gold=1)
    state = play(state, 0, PAY("stone"), PAY("stone"), PAY("stone"), PAY("wood"))
    assert state["seats"][0]["buildings"] == [{"id": "bld-19", "points": 18}]
    assert state["seats"][0]["score"] == 18
    assert_conserved(state)


@pytest.mark.parametrize("building_id", [b.id for b in BUILDINGS if b.kind == "kinds"])
def test_a_counted_building_takes_exactly_n_resources_of_exactly_k_kinds(building_id):
    b = BUILDING_BY_ID[building_id]
    state = at_building(building_id, wood=5, clay=5, stone=5, gold=5)
    paid = []
    kinds = ("gold", "stone", "clay", "wood")[:b.kinds]
    plan = [kinds[i % b.kinds] for i in range(b.count)]
    for r in plan:
        legal = [m["resource"] for m in RULES.legal_moves(state, 0) if m["type"] == "pay"]
        assert r in legal
        used = set(paid)
        if len(used) == b.kinds:
            assert set(legal) <= used, "no further kind once K kinds are used"
        left = b.count - len(paid)
        if b.kinds - len(used) == left:
            assert not set(legal) & used, "the remaining payments must bring new kinds"
        assert BUILD not in RULES.legal_moves(state, 0), "it completes itself at N resources"
        state = play(state, 0, PAY(r))
        paid.append(r)
    values = {"wood": 3, "clay": 4, "stone": 5, "gold": 6}
    points = sum(values[r] for r in plan)
    assert state["seats"][0]["buildings"] == [{"id": building_id, "points": points}]
    assert sum(resources(state, 0).values()) == 20 - b.count
    assert_conserved(state)


def test_a_counted_building_is_declined_at_once_when_the_kinds_are_missing():
    state = at_building("bld-25", wood=3, clay=3, stone=3)
    assert not state["pending"]
    state = at_building("bld-18", wood=3, clay=3, stone=3)
    assert not state["pending"], "four of one kind are needed"
    state = at_building("bld-18", wood=3, clay=4)
    assert RULES.legal_moves(state, 0) == [PAY("clay"), DECLINE]


def test_a_counted_payment_can_be_declined_and_is_given_back():
    state = at_building("bld-23", wood=5, clay=5)
    state = play(state, 0, PAY("wood"), PAY("clay"), DECLINE)
    assert resources(state, 0) == {"wood": 5, "clay": 5, "stone": 0, "gold": 0}
    assert state["stacks"][0][-1] == "bld-23"


@pytest.mark.parametrize("building_id", [b.id for b in BUILDINGS if b.kind == "any"])
def test_a_free_building_takes_one_to_seven_resources_of_any_kinds(building_id):
    state = at_building(building_id, wood=3, clay=3, stone=3, gold=3)
    assert BUILD not in RULES.legal_moves(state, 0), "at least one resource"
    state = play(state, 0, PAY("gold"))
    assert BUILD in RULES.legal_moves(state, 0)
    for r in ("gold", "stone", "clay", "wood", "gold"):
        state = play(state, 0, PAY(r))
    assert RULES.describe_move(state, 0, BUILD) == "Build for 30 points"
    state = play(state, 0, PAY("stone"))
    assert state["seats"][0]["buildings"] == [{"id": building_id, "points": 35}], "the seventh completes it"
    assert sum(resources(state, 0).values()) == 5
    assert_conserved(state)


def test_a_free_building_can_be_built_with_a_single_resource():
    state = at_building("bld-26", clay=2)
    state = play(state, 0, PAY("clay"), BUILD)
    assert state["seats"][0]["buildings"] == [{"id": "bld-26", "points": 4}]


def test_only_the_top_of_a_stack_can_be_built_and_the_next_one_is_revealed():
    state = fresh(2, 5)
    below = state["stacks"][0][-2]
    assert below not in str(RULES.view(state, None))
    put_building(state, 1, "bld-26")
    below = state["stacks"][0][-2]
    give(state, 0, wood=1)
    state = in_actions(state, {0: {"stack1": 1}, 1: {"hunting": 1}})
    state = play(state, 0, {"type": "resolve", "where": "stack1"}, PAY("wood"), BUILD)
    assert RULES.view(state, None)["stacks"][0]["top"]["id"] == below
    assert below not in RULES.hidden_from(state, None)


def test_a_building_can_be_declined():
    state = at_building("bld-01", wood=2, clay=1)
    state = play(state, 0, DECLINE)
    assert resources(state, 0)["wood"] == 2 and state["stacks"][0][-1] == "bld-01"
    with pytest.raises(IllegalMove):
        RULES.apply(state, 0, BUILD)
