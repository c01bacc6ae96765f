"""Chronicle's rules, one at a time: paying, redrawing, fate, low decks, rewards, turns and the vote."""

import pytest
from chronicle_helpers import (
    assert_cards_conserved,
    at_kind,
    built,
    play_simply,
    stage,
    to_vote,
)

from apps.chronicle.content import CHARACTER_BY_ID
from apps.chronicle.engine import RULES, IllegalMove, clone

CHOOSE = "choose_fill"


def choose(card):
    return {"type": CHOOSE, "card": card}


def choosable(state):
    return [m["card"] for m in RULES.legal_moves(state, state["turn"]) if m["type"] == CHOOSE]


def play_one(state):
    """The first legal move of the active seat (taking no reward)."""
    seat = RULES.active_seats(state)[0]
    moves = RULES.legal_moves(state, seat)
    skip = {"type": "skip_reward"}
    return RULES.apply(state, seat, skip if skip in moves else moves[0])


def with_civ(state, seat, cards):
    """A copy where the seat's civilization is exactly ``cards`` (the old cards go back under their piles)."""
    state = clone(state)
    player = state["seats"][seat]
    owned = player["civ"] + (state["draw"]["civ"] if state["turn"] == seat else [])
    if state["turn"] == seat:
        state["draw"]["civ"] = []
    for card in owned:
        state["piles"][CHARACTER_BY_ID[card].aspect].insert(0, card)
    player["civ"] = []
    for card in cards:
        state["piles"][CHARACTER_BY_ID[card].aspect].remove(card)
        player["civ"].append(card)
    return state


# --- Paying a cost ------------------------------------------------------------------

def test_a_single_icon_cost_is_paid_by_a_top_icon():
    state = stage(at_kind("animal"), ["animal-white-stag"], ["frost-shaman", "envoy", "chief-magistrate"])
    assert choosable(state) == ["animal-white-stag"]


def test_a_single_icon_cost_is_paid_by_a_further_icon_too():
    state = stage(at_kind("animal"), ["animal-white-stag"], ["keeper-of-seals", "envoy", "chief-magistrate"])
    assert choosable(state) == ["animal-white-stag"]


def test_a_fill_card_is_not_choosable_when_no_drawn_card_has_its_icon():
    state = stage(at_kind("animal"), ["animal-white-stag"], ["tax-gatherer", "envoy", "chief-magistrate"])
    assert choosable(state) == []
    with pytest.raises(IllegalMove, match="cannot pay for a white stag"):
        RULES.apply(state, 0, choose("animal-white-stag"))


def test_a_fill_card_with_a_group_cost_needs_every_icon():
    bear = "animal-great-brown-bear"  # cost: (cold + martial) or benevolent
    only_cold = stage(at_kind("animal"), [bear], ["frost-shaman", "envoy", "chief-magistrate"])
    both = stage(at_kind("animal"), [bear], ["frost-shaman", "spear-captain", "chief-magistrate"])
    assert choosable(only_cold) == []
    assert choosable(both) == [bear]


def test_a_group_cost_may_be_paid_by_one_card_carrying_both_icons():
    state = stage(at_kind("animal"), ["animal-great-brown-bear"], ["mammoth-hunter", "envoy", "tax-gatherer"])
    assert choosable(state) == ["animal-great-brown-bear"]


def test_any_one_alternative_of_a_cost_pays_it():
    hand = ["orphans-guardian", "envoy", "tax-gatherer"]
    state = stage(at_kind("animal"), ["animal-great-brown-bear"], hand)
    assert choosable(state) == ["animal-great-brown-bear"]


def test_only_the_payable_drawn_cards_are_offered():
    # costs: cold; heat; diplomatic
    cards = ["animal-white-stag", "animal-spotted-jaguar", "animal-salt-white-heron"]
    state = stage(at_kind("animal"), cards, ["frost-shaman", "envoy", "chief-magistrate"])
    assert choosable(state) == ["animal-white-stag", "animal-salt-white-heron"]


# --- Choosing -------------------------------------------------------------------------

def test_choosing_fills_the_story_card_and_discards_the_other_drawn_cards():
    cards = ["animal-white-stag", "animal-spotted-jaguar", "animal-salt-white-heron"]
    state = stage(at_kind("animal"), cards, ["frost-shaman", "envoy", "chief-magistrate"])
    after = RULES.apply(state, 0, choose("animal-white-stag"))
    player = after["seats"][0]
    assert player["told"] == [{"card": "animal-white-stag", "fate": False}]
    assert sorted(player["discard"]["animal"]) == ["animal-salt-white-heron", "animal-spotted-jaguar"]
    assert after["draw"] is None
    assert RULES.view(after, None)["tellings"][0]["pages"][0]["fill"] == "a white stag"
    assert_cards_conserved(after)


def test_choosing_returns_the_drawn_civilization_cards_and_shuffles_the_deck():
    orders = set()
    for seed in range(6):
        state = stage(at_kind("animal", seed=seed), ["animal-white-stag"],
                      ["frost-shaman", "envoy", "chief-magistrate"])
        after = RULES.apply(state, 0, choose("animal-white-stag"))
        civ = after["seats"][0]["civ"]
        assert {"frost-shaman", "envoy", "chief-magistrate"} <= set(civ)
        returned = ("frost-shaman", "envoy", "chief-magistrate")
        orders.add(tuple(c for c in civ if c in returned))
    assert len(orders) > 1


# --- Cannot pay: redraw, then fate ------------------------------------------------------

UNPAYABLE = ["animal-white-stag", "animal-spotted-jaguar", "animal-salt-white-heron"]
POOR_HAND = ["tax-gatherer", "chief-magistrate", "temple-steward"]  # hierarchical only


def test_when_nothing_can_be_paid_the_only_move_is_to_draw_again():
    state = stage(at_kind("animal"), UNPAYABLE, POOR_HAND)
    assert RULES.legal_moves(state, 0) == [{"type": "redraw"}]
    assert "draw again" in RULES.view(state, 0)["prompt"]
    with pytest.raises(IllegalMove):
        RULES.apply(state, 0, choose(UNPAYABLE[0]))


def test_drawing_again_is_refused_when_a_card_can_be_paid():
    state = stage(at_kind("animal"), UNPAYABLE, ["frost-shaman", "envoy", "chief-magistrate"])
    with pytest.raises(IllegalMove, match="choose one"):
        RULES.apply(state, 0, {"type": "redraw"})


def test_drawing_again_shuffles_the_fill_cards_back_and_draws_six_new_cards():
    state = stage(at_kind("animal"), UNPAYABLE, POOR_HAND)
    after = RULES.apply(state, 0, {"type": "redraw"})
    player = after["seats"][0]
    assert after["draw"]["redraws"] == 1
    assert len(after["draw"]["fill"]) == 3 and len(after["draw"]["civ"]) == 3
    assert player["discard"]["animal"] == []
    assert len(player["fill"]["animal"]) == len(state["seats"][0]["fill"]["animal"])
    assert after["rng"] != state["rng"]
    assert "draws again" in after["log"][-2]
    assert_cards_conserved(after)


def fate_state():
    """Solo, at a place blank, with a civilization that cannot pay for any place card (egalitarian only)."""
    state = with_civ(at_kind("place"), 0, ["village-council", "harvest-circle", "lot-drawer"])
    return stage(state, list(state["seats"][0]["fill"]["place"][-3:]),
                 ["village-council", "harvest-circle", "lot-drawer"])


def test_fate_intervenes_on_the_third_failed_draw_for_a_story_card():
    state = fate_state()
    assert RULES.legal_moves(state, 0) == [{"type": "redraw"}]
    state = RULES.apply(state, 0, {"type": "redraw"})
    assert RULES.legal_moves(state, 0) == [{"type": "redraw"}]
    state = RULES.apply(state, 0, {"type": "redraw"})
    assert state["draw"]["redraws"] == 2
    assert [m["card"] for m in RULES.legal_moves(state, 0)] == state["draw"]["fill"]
    assert RULES.view(state, 0)["draw"]["fate"] is True
    assert "Fate intervenes" in RULES.view(state, 0)["prompt"]
    assert any("Fate intervenes" in line for line in state["log"])


def test_a_card_chosen_by_fate_fills_the_blank_but_gives_no_reward():
    state = fate_state()
    state = RULES.apply(RULES.apply(state, 0, {"type": "redraw"}), 0, {"type": "redraw"})
    card = state["draw"]["fill"][1]
    story = state["story"]
    after = RULES.apply(state, 0, choose(card))
    assert after["seats"][0]["told"][-1] == {"card": card, "fate": True}
    assert after["reward"] is None
    assert after["story"] == story + 1, "the turn passes straight on"
    assert "by fate" in " ".join(after["log"])
    assert_cards_conserved(after)


def test_a_third_draw_that_can_be_paid_is_played_normally():
    state = stage(at_kind("animal"), UNPAYABLE, ["frost-shaman", "envoy", "chief-magistrate"], redraws=2)
    assert choosable(state) == ["animal-white-stag", "animal-salt-white-heron"]
    assert RULES.view(state, 0)["draw"]["fate"] is False
    after = RULES.apply(state, 0, choose("animal-white-stag"))
    assert after["reward"] == {"card": "animal-white-stag"}


# --- A fill deck running low ----------------------------------------------------------

def test_a_low_fill_deck_takes_back_its_shuffled_discard_pile_before_drawing():
    state = built(2, 6)
    seat1 = state["seats"][1]
    animals = seat1["fill"]["animal"]
    seat1["discard"]["animal"], seat1["fill"]["animal"] = animals[:8], animals[8:]
    state = play_simply(state, until=lambda s: s["turn"] == 1)
    assert len(state["draw"]["fill"]) == 3
    assert len(seat1["fill"]["animal"]) == 2, "the original is untouched"
    assert state["seats"][1]["discard"]["animal"] == []
    assert len(state["seats"][1]["fill"]["animal"]) == 7
    assert any("discard pile is shuffled back" in line for line in state["log"])
    assert_cards_conserved(state)


def test_a_fill_deck_draws_as_many_cards_as_there_are():
    state = built(2, 6)
    seat1 = state["seats"][1]
    animals = seat1["fill"]["animal"]
    seat1["fill"]["animal"], seat1["discard"]["animal"] = animals[:1], animals[1:2]
    state = play_simply(state, until=lambda s: s["turn"] == 1)
    assert sorted(state["draw"]["fill"]) == sorted(animals[:2])


def test_a_deck_with_three_cards_left_draws_them_without_the_discards():
    state = built(2, 6)
    seat1 = state["seats"][1]
    animals = seat1["fill"]["animal"]
    seat1["fill"]["animal"], seat1["discard"]["animal"] = animals[:3], animals[3:]
    state = play_simply(state, until=lambda s: s["turn"] == 1)
    assert sorted(state["draw"]["fill"]) == sorted(animals[:3])
    assert len(state["seats"][1]["discard"]["animal"]) == 7


# --- Rewards ---------------------------------------------------------------------------

def rewarded(card, hand=("frost-shaman", "spear-captain", "orphans-guardian"), seed=0, kind="animal"):
    state = stage(at_kind(kind, seed=seed), [card], list(hand))
    return RULES.apply(state, 0, choose(card))


def owned(state, seat=0):
    player = state["seats"][seat]
    return player["civ"] + (state["draw"]["civ"] if state["draw"] and state["turn"] == seat else [])


def test_after_a_paid_choice_the_player_may_take_a_reward_or_none():
    state = rewarded("animal-old-river-turtle", hand=("boatwright", "envoy", "tax-gatherer"))
    assert RULES.legal_moves(state, 0) == [
        {"type": "take_reward", "option": 0},
        {"type": "take_reward", "option": 1},
        {"type": "skip_reward"},
    ]


def test_a_single_icon_reward_takes_the_top_card_of_that_pile():
    state = rewarded("animal-white-stag")
    top = state["piles"]["cold"][-1]
    after = RULES.apply(state, 0, {"type": "take_reward", "option": 0})
    assert top in owned(after)
    assert after["piles"]["cold"] == state["piles"]["cold"][:-1]
    assert f"{{p0}} adds {CHARACTER_BY_ID[top].name} (Cold) to their Civilization Deck as a reward." in after["log"]
    assert_cards_conserved(after)


def test_a_group_reward_takes_one_card_of_each_of_its_aspects():
    state = rewarded("animal-great-brown-bear")
    tops = {state["piles"]["cold"][-1], state["piles"]["martial"][-1]}
    after = RULES.apply(state, 0, {"type": "take_reward", "option": 0})
    assert set(owned(after)) - set(owned(state)) == tops
    assert len(owned(after)) == len(owned(state)) + 2


def test_an_empty_pile_in_a_group_reward_gives_nothing_for_that_aspect():
    state = rewarded("animal-great-brown-bear")
    state["seats"][0]["civ"] += state["piles"]["martial"]
    state["piles"]["martial"] = []
    top = state["piles"]["cold"][-1]
    after = RULES.apply(state, 0, {"type": "take_reward", "option": 0})
    assert set(owned(after)) - set(owned(state)) == {top}
    assert_cards_conserved(after)


def test_a_reward_whose_piles_are_all_empty_is_not_offered():
    state = rewarded("animal-old-river-turtle", hand=("boatwright", "envoy", "tax-gatherer"))
    state["seats"][0]["civ"] += state["piles"]["benevolent"]
    state["piles"]["benevolent"] = []
    assert RULES.legal_moves(state, 0) == [{"type": "take_reward", "option": 0}, {"type": "skip_reward"}]
    assert RULES.view(state, 0)["reward"]["options"][1]["available"] is False
    with pytest.raises(IllegalMove, match="not offered"):
        RULES.apply(state, 0, {"type": "take_reward", "option": 1})


def test_when_every_pile_of_the_reward_is_empty_the_turn_passes_without_asking():
    state = stage(at_kind("animal"), ["animal-white-stag"], ["frost-shaman", "envoy", "tax-gatherer"])
    state["seats"][0]["civ"] += state["piles"]["cold"]
    state["piles"]["cold"] = []
    after = RULES.apply(state, 0, choose("animal-white-stag"))
    assert after["reward"] is None
    assert after["story"] == state["story"] + 1
    assert any("piles" in line and "empty" in line for line in after["log"])


def test_skipping_the_reward_takes_nothing_and_passes_the_turn():
    state = rewarded("animal-white-stag")
    after = RULES.apply(state, 0, {"type": "skip_reward"})
    assert sorted(owned(after)) == sorted(owned(state))
    assert after["piles"] == state["piles"]
    assert after["reward"] is None and after["story"] == state["story"] + 1


def test_a_reward_option_out_of_range_is_refused():
    state = rewarded("animal-white-stag")
    for option in (1, -1, 7):
        with pytest.raises(IllegalMove):
            RULES.apply(state, 0, {"type": "take_reward", "option": option})


def test_taking_a_reward_shuffles_the_new_card_into_the_deck():
    positions = set()
    for seed in range(10):
        state = rewarded("animal-white-stag", seed=seed)
        top = state["piles"]["cold"][-1]
        after = RULES.apply(state, 0, {"type": "take_reward", "option": 0})
        positions.add(owned(after).index(top))
    assert len(positions) > 1


# --- Turn order, shared piles, own decks ------------------------------------------------

def test_each_seat_fills_a_story_card_in_seat_order_before_the_next_is_revealed():
    state = built(3, 2)
    order = []
    while state["phase"] == "story":
        (seat,) = RULES.active_seats(state)
        if state["draw"] is not None and choosable(state):
            order.append((state["story"], seat))
        state = play_one(state)
    assert order == [(story, seat) for story in range(9) for seat in range(3)]


def test_the_story_card_is_revealed_once_for_everyone():
    state = built(2, 2)
    state = play_simply(state, until=lambda s: s["turn"] == 1)
    view = RULES.view(state, None)
    assert view["story"]["number"] == 1 and view["stories_revealed"] == 1
    assert sum("is revealed" in line for line in state["log"]) == 1


def test_the_character_piles_are_shared_between_players():
    state = stage(built(2, 3), ["animal-white-stag"], ["frost-shaman", "envoy", "tax-gatherer"])
    state = RULES.apply(state, 0, choose("animal-white-stag"))
    first, second = state["piles"]["cold"][-1], state["piles"]["cold"][-2]
    state = RULES.apply(state, 0, {"type": "take_reward", "option": 0})
    assert state["turn"] == 1
    state = stage(state, ["animal-white-stag"], ["frost-shaman", "envoy", "tax-gatherer"])
    state = RULES.apply(state, 1, choose("animal-white-stag"))
    state = RULES.apply(state, 1, {"type": "take_reward", "option": 0})
    assert first in owned(state, 0) and second in owned(state, 1)


def test_each_player_draws_from_their_own_fill_decks():
    state = built(2, 3)
    seat1_decks = clone(state["seats"][1]["fill"])
    assert len(state["seats"][0]["fill"]["animal"]) == 7
    assert state["seats"][1]["fill"] == seat1_decks
    state = play_simply(state, until=lambda s: s["turn"] == 1)
    assert len(state["seats"][1]["fill"]["animal"]) == 7
    assert state["seats"][1]["fill"]["object"] == seat1_decks["object"]


def test_it_is_not_the_other_seats_turn_while_one_seat_resolves_a_story_card():
    state = built(3, 3)
    assert RULES.active_seats(state) == [0]
    assert RULES.legal_moves(state, 1) == []
    with pytest.raises(IllegalMove, match="not your turn"):
        RULES.apply(state, 1, {"type": "redraw"})


# --- The end -----------------------------------------------------------------------------

def test_a_solo_game_ends_when_the_ninth_story_card_is_filled():
    state = play_simply(built(1, 4))
    assert RULES.outcome(state) == {"scores": [9], "winners": [0], "solo": True}
    assert RULES.active_seats(state) == [] and RULES.legal_moves(state, 0) == []
    assert len(state["seats"][0]["told"]) == 9
    assert RULES.view(state, 0)["tellings"][0]["text"].count("____") == 0
    with pytest.raises(IllegalMove, match="over"):
        RULES.apply(state, 0, {"type": "redraw"})


def test_the_game_is_running_until_the_end():
    state = built(2, 4)
    assert RULES.outcome(state) is None
    assert RULES.outcome(to_vote(2, 4)) is None


def test_with_several_players_everyone_votes_at_once_after_the_ninth_card():
    state = to_vote(3, 1)
    assert state["phase"] == "vote"
    assert all(len(p["told"]) == 9 for p in state["seats"])
    assert RULES.active_seats(state) == [0, 1, 2]
    assert RULES.legal_moves(state, 1) == [{"type": "vote", "for": 0}, {"type": "vote", "for": 2}]


def test_a_player_cannot_vote_for_their_own_telling_nor_twice():
    state = to_vote(3, 1)
    with pytest.raises(IllegalMove, match="own telling"):
        RULES.apply(state, 1, {"type": "vote", "for": 1})
    with pytest.raises(IllegalMove):
        RULES.apply(state, 1, {"type": "vote", "for": 3})
    state = RULES.apply(state, 1, {"type": "vote", "for": 0})
    assert RULES.active_seats(state) == [0, 2]
    with pytest.raises(IllegalMove, match="already voted"):
        RULES.apply(state, 1, {"type": "vote", "for": 2})


def test_votes_stay_secret_until_everyone_has_voted():
    state = RULES.apply(to_vote(3, 1), 2, {"type": "vote", "for": 0})
    spectator = RULES.view(state, None)["votes"]
    assert spectator["cast"] == 1 and spectator["by"] is None and spectator["mine"] is None
    assert RULES.view(state, 0)["votes"]["mine"] is None
    assert RULES.view(state, 2)["votes"]["mine"] == 0
    assert not any("voted for" in line for line in state["log"])


def test_the_telling_with_the_most_votes_wins():
    state = to_vote(3, 1)
    for seat, chosen in ((0, 1), (1, 2), (2, 1)):
        state = RULES.apply(state, seat, {"type": "vote", "for": chosen})
    result = RULES.outcome(state)
    assert result["scores"] == [0, 2, 1] and result["winners"] == [1]
    assert result["votes"] == [1, 2, 1]
    assert RULES.active_seats(state) == []
    assert RULES.view(state, None)["votes"]["by"] == [1, 2, 1]


@pytest.mark.parametrize("players, votes, winners", [
    (2, [1, 0], [0, 1]),
    (3, [1, 2, 0], [0, 1, 2]),
    (4, [1, 0, 3, 2], [0, 1, 2, 3]),
    (4, [1, 0, 0, 1], [0, 1]),
])
def test_tied_tellings_go_to_the_tie_break_which_names_one_winner(players, votes, winners):
    state = to_vote(players, 2)
    for seat, chosen in enumerate(votes):
        state = RULES.apply(state, seat, {"type": "vote", "for": chosen})
    result = RULES.outcome(state)
    assert result["tie_break"]["tied"] == winners
    assert len(result["winners"]) == 1 and result["winners"][0] in winners
