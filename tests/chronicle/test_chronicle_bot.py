"""The heuristic bot: legal at every seat, drawn to fill cards and rewards that keep its deck paying, repeatable
from its random generator, and blind to what its seat's view does not show."""

import random

from chronicle_helpers import assert_cards_conserved, at_kind, stage

from apps.chronicle import bots, flow
from apps.chronicle.content import CHARACTER_BY_ID
from apps.chronicle.engine import RULES, clone
from tests.engine_contract import bots_game

HEURISTIC = RULES.bots()["heuristic"][1]

# Plain character cards: one icon each, so a test knows exactly what a deck shows.
HIERARCHICAL, MARTIAL, HEAT, COLD = "chief-magistrate", "spear-captain", "fire-keeper", "furrier"


def play_game(players, seed, kinds, on_decision=None):
    return bots_game(RULES, players, seed, kinds, on_decision, limit=1000)


def with_civilization(state, seat, cards):
    """A copy in which the seat's civilization is exactly ``cards``: its own go back to their piles (plumbing)."""
    state = clone(state)
    player = state["seats"][seat]
    owned = list(player["civ"])
    if state["draw"] is not None and state["turn"] == seat:
        owned += state["draw"]["civ"]
        state["draw"]["civ"] = []
    for card in owned:
        state["piles"][CHARACTER_BY_ID[card].aspect].insert(0, card)
    player["civ"] = []
    for card in cards:
        pile = state["piles"][CHARACTER_BY_ID[card].aspect]
        pile.remove(card)
        player["civ"].append(card)
    state["seen"] = sorted(set(state["seen"]) | set(cards))
    return state


def object_draw(fills, hand, rest, *, redraws=0):
    """A solo game at an object blank whose seat holds ``hand + rest`` and has drawn ``fills`` and ``hand``."""
    state = with_civilization(at_kind("object"), 0, [*hand, *rest])
    return stage(state, fills, hand, redraws=redraws)


def test_it_is_offered_as_the_heuristic_bot():
    label, chooser = RULES.bots()["heuristic"]
    assert label == "Heuristic bot"
    assert chooser is bots.heuristic


def test_heuristic_bots_play_only_legal_moves_at_every_table_size():
    for players in (1, 2, 3, 4):
        for seed in range(6):
            state = play_game(players, 300 + 10 * players + seed, ["heuristic"] * players)
            assert RULES.outcome(state) is not None
            assert_cards_conserved(state)


def test_it_plays_legal_moves_beside_random_bots():
    for seed in range(6):
        kinds = ["heuristic", "random", "heuristic", "random"][: 2 + seed % 3]
        state = play_game(len(kinds), 900 + seed, kinds)
        assert RULES.outcome(state) is not None


def test_the_cards_it_counts_in_each_pile_are_the_piles_the_table_shows():
    def check(state, seat):
        view = RULES.view(state, seat)
        counted = bots._pile_cards(view)
        assert {a: len(cards) for a, cards in counted.items()} == {p["aspect"]: p["count"] for p in view["piles"]}

    play_game(3, 41, ["heuristic", "random", "heuristic"], on_decision=check)


def test_it_fills_the_blank_with_the_card_it_can_pay_for():
    # The rules offer only the cards the hand pays for (the random bot's choices too); the bot takes that one.
    state = object_draw(["object-copper-knife", "object-flax-net", "object-clay-tablet"],
                        [MARTIAL, HIERARCHICAL, COLD], [HEAT])
    view = RULES.view(state, 0)
    assert [card["choosable"] for card in view["draw"]["fill"]] == [True, False, False]
    for seed in range(10):
        assert HEURISTIC(RULES, state, 0, random.Random(seed)) == {"type": "choose_fill", "card": "object-copper-knife"}


def test_of_two_cards_it_can_pay_for_it_takes_the_one_whose_reward_widens_its_deck():
    # The copper knife may reward a vengeful card, an icon the deck lacks; the crown gives only a second hierarchical.
    state = object_draw(["object-crown-of-antlers", "object-copper-knife", "object-flax-net"],
                        [MARTIAL, HIERARCHICAL, COLD], [HEAT])
    assert len(RULES.legal_moves(state, 0)) == 2
    for seed in range(10):
        assert HEURISTIC(RULES, state, 0, random.Random(seed)) == {"type": "choose_fill", "card": "object-copper-knife"}


def test_it_takes_the_reward_that_widens_what_it_can_pay():
    state = object_draw(["object-copper-knife", "object-flax-net", "object-clay-tablet"],
                        [MARTIAL, HIERARCHICAL, COLD], [HEAT])
    state = RULES.apply(state, 0, {"type": "choose_fill", "card": "object-copper-knife"})
    assert flow.reward_alternatives(state) == [["martial"], ["vengeful"]]
    for seed in range(10):
        assert HEURISTIC(RULES, state, 0, random.Random(seed)) == {"type": "take_reward", "option": 1}


def test_it_refuses_a_reward_that_would_only_dilute_its_deck():
    # A second martial card would push the other icons out of the hand of three more often than it adds any.
    state = at_kind("animal")
    state = with_civilization(state, 0, [MARTIAL, HIERARCHICAL, COLD, HEAT])
    state = stage(state, ["animal-grey-she-wolf", "animal-golden-carp", "animal-salt-white-heron"],
                  [MARTIAL, HIERARCHICAL, COLD])
    state = RULES.apply(state, 0, {"type": "choose_fill", "card": "animal-grey-she-wolf"})
    assert flow.reward_alternatives(state) == [["martial"]]
    assert HEURISTIC(RULES, state, 0, random.Random(1)) == {"type": "skip_reward"}


def test_when_fate_chooses_it_keeps_the_card_its_deck_can_pay_for_in_its_decks():
    # Nothing in the hand pays, so every card is free; the bronze mirror (heat) its deck can pay for later stays.
    state = object_draw(["object-bronze-mirror", "object-flax-net", "object-clay-tablet"],
                        [MARTIAL, HIERARCHICAL, COLD], [HEAT], redraws=flow.FAILED_DRAWS_BEFORE_FATE - 1)
    assert flow.choosable_fills(state) == (["object-bronze-mirror", "object-flax-net", "object-clay-tablet"], True)
    chosen = {HEURISTIC(RULES, state, 0, random.Random(seed))["card"] for seed in range(20)}
    assert chosen == {"object-flax-net", "object-clay-tablet"}


def test_it_chooses_the_same_move_from_the_same_generator():
    def check(state, seat):
        first = HEURISTIC(RULES, state, seat, random.Random(seat * 7 + len(state["log"])))
        again = HEURISTIC(RULES, state, seat, random.Random(seat * 7 + len(state["log"])))
        assert first == again

    play_game(4, 12, ["heuristic"] * 4, on_decision=check)


def hidden_twin(state, shuffler):
    """A copy that differs only in what no seat sees: the generator state, every deck's and pile's order, and
    which of a seat's fill cards lie in its deck rather than its discard pile."""
    twin = clone(state)
    twin["rng"] = (state["rng"] * 6364136223846793005 + 1442695040888963407) % (1 << 64) or 1
    for pile in twin["piles"].values():
        shuffler.shuffle(pile)
    for player in twin["seats"]:
        shuffler.shuffle(player["civ"])
        for kind, deck in player["fill"].items():
            discard = player["discard"][kind]
            if deck and discard:
                deck[0], discard[0] = discard[0], deck[0]
            shuffler.shuffle(deck)
            shuffler.shuffle(discard)
    return twin


def test_it_chooses_alike_when_only_hidden_information_differs():
    shuffler = random.Random(5)
    compared = 0

    def check(state, seat):
        nonlocal compared
        twin = hidden_twin(state, shuffler)
        assert twin != state or state["phase"] == flow.VOTE
        assert RULES.view(twin, seat) == RULES.view(state, seat)
        for seed in range(3):
            assert HEURISTIC(RULES, twin, seat, random.Random(seed)) == HEURISTIC(RULES, state, seat,
                                                                                 random.Random(seed))
        compared += 1

    for players in (1, 2, 3):
        play_game(players, 70 + players, ["heuristic"] * players, on_decision=check)
    assert compared > 100


def test_a_staged_state_keeps_every_card_once():
    state = object_draw(["object-copper-knife", "object-flax-net", "object-clay-tablet"],
                        [MARTIAL, HIERARCHICAL, COLD], [HEAT])
    assert_cards_conserved(state)
