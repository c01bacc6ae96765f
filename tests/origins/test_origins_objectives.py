"""Each of the 20 objectives: a board where it holds and one where it narrowly does not."""

import pytest
from origins_helpers import play, scenario

from apps.origins import objectives
from apps.origins.content import OBJECTIVES
from apps.origins.engine import RULES

W = "white-1-1"


def on(*territories, owner=0, form=W):
    return [(owner, form, t) for t in territories]


# card: (holds, narrowly fails); each side is a dict of scenario keyword arguments
CASES = {
    "o_green": (dict(pawns=on("congo", "amazonia")), dict(pawns=on("congo", "rift"))),
    "o_brown": (dict(pawns=on("maghreb", "siberia", "greenland")), dict(pawns=on("maghreb", "siberia", "sahara"))),
    "o_orange": (dict(pawns=on("sahara", "nile", "kalahari")), dict(pawns=on("sahara", "nile", "rift"))),
    "o_yellow": (dict(pawns=on("rift", "sahel", "steppe")), dict(pawns=on("rift", "sahel", "cradle"))),
    "o_africa": (dict(pawns=on("rift", "sahel", "congo")), dict(pawns=on("rift", "sahel", "levant"))),
    "o_eurasia": (dict(pawns=on("iberia", "europe", "japan")), dict(pawns=on("iberia", "europe", "maghreb"))),
    "o_oceania": (dict(pawns=on("new_guinea", "arnhem", "aotearoa")),
                  dict(pawns=on("new_guinea", "arnhem", "sundaland"))),
    "o_samerica": (dict(pawns=on("amazonia", "andes", "patagonia")),
                   dict(pawns=on("amazonia", "andes", "mesoamerica"))),
    "o_namerica": (dict(pawns=on("alaska", "plains", "mesoamerica")), dict(pawns=on("alaska", "plains", "amazonia"))),
    "o_antarctica": (dict(pawns=on("peninsula", "ellsworth", "wilkes")),
                     dict(pawns=on("peninsula", "ellsworth", "patagonia"))),
    "o_chain1": (dict(pawns=on("rift", "congo", "sahel", "sahara")),
             dict(pawns=on("rift", "congo", "sahel", "maghreb"))),
    "o_chain2": (dict(pawns=on("rift", "nile", "levant", "anatolia")),
             dict(pawns=on("rift", "nile", "congo", "kalahari"))),
    "o_four": (dict(pawns=on("rift", "europe", "alaska", "amazonia")),
           dict(pawns=on("rift", "europe", "alaska", "plains"))),
    "o_strong": (dict(pawns=[(0, "white-1-4", "sahel"), (0, "brown-2-4", "rift"), (0, "black-4-4", "nile")]),
                 dict(pawns=[(0, "white-1-4", "sahel"), (0, "brown-2-4", "rift"), (0, "black-4-3", "nile")])),
    "o_tall": (dict(pawns=[(0, "white-4-1", "sahel"), (0, "brown-4-2", "rift"), (0, "black-4-4", "nile")]),
               dict(pawns=[(0, "white-4-1", "sahel"), (0, "brown-4-2", "rift"), (0, "black-3-4", "nile")])),
    "o_colors": (dict(pawns=on("rift", "nile") + on("congo", "sahel", form="brown-1-1")
                      + on("sahara", "kalahari", form="black-2-1")),
                 dict(pawns=on("rift", "nile", "kalahari") + on("congo", "sahel", form="brown-1-1")
                      + on("sahara", form="black-2-1"))),
    "o_tiles1": (dict(tiles={0: ["yellow-1", "orange-1", "purple-1"]}),
             dict(tiles={0: ["yellow-1", "orange-1", "orange-2"]})),
    "o_tiles2": (dict(tiles={0: ["yellow-1", "orange-1", "purple-1", "yellow-2", "orange-2", "purple-2"]}),
                 dict(tiles={0: ["yellow-1", "orange-1", "purple-1", "yellow-2", "orange-2", "brown-1"]})),
    "o_tiles3": (dict(tiles={0: ["yellow-1", "orange-1", "yellow-2", "orange-2", "yellow-3", "orange-3"]}),
                 dict(tiles={0: ["yellow-1", "orange-1", "yellow-2", "orange-2", "yellow-3", "brown-1"]})),
    "o_straits": (dict(straits={"bering": 0, "davis": 0, "bass": 0}),
              dict(straits={"bering": 0, "davis": 0, "bass": 1})),
}


def test_there_are_exactly_the_twenty_objectives_of_the_seed():
    assert len(OBJECTIVES) == 20 and set(CASES) == {c.id for c in OBJECTIVES}
    table = {c.id: (c.goal, c.points) for c in OBJECTIVES}
    assert table["o_green"] == (("color", "green", 2), 3)
    assert [table[f"o_{c}"] for c in ("brown", "orange", "yellow")] == [(("color", c, 3), 4)
                                                                       for c in ("brown", "orange", "yellow")]
    assert [table[k][1] for k in ("o_africa", "o_eurasia", "o_oceania", "o_samerica", "o_namerica", "o_antarctica")] \
        == [3, 5, 5, 6, 6, 6]
    assert [table[k][1] for k in ("o_chain1", "o_chain2", "o_four")] == [5, 5, 5]
    assert [table[k][1] for k in ("o_strong", "o_tall", "o_colors")] == [4, 4, 5]
    assert [table[k] for k in ("o_tiles1", "o_tiles2", "o_tiles3")] == [
        (("tiles", 1, 3), 4), (("tiles", 2, 3), 6), (("tiles", 3, 2), 6)]
    assert table["o_straits"] == (("straits", 3), 5)


@pytest.mark.parametrize("card", list(CASES))
def test_an_objective_can_be_played_when_the_board_matches_it(card):
    yes, _ = CASES[card]
    state = scenario(hands={0: [card]}, **yes)
    assert objectives.holds(state, 0, card)
    state = play(state, {"type": "play", "card": card})
    assert state["seats"][0]["completed"] == [card]


@pytest.mark.parametrize("card", list(CASES))
def test_an_objective_cannot_be_played_when_the_board_narrowly_misses_it(card):
    _, no = CASES[card]
    state = scenario(hands={0: [card]}, **no)
    assert not objectives.holds(state, 0, card)
    assert {"type": "play", "card": card} not in RULES.legal_moves(state, 0)


@pytest.mark.parametrize("card", [c for c in CASES if CASES[c][0].get("pawns")])
def test_another_players_pawns_do_not_count_for_you(card):
    yes, _ = CASES[card]
    pawns = [(1, form, at) for _, form, at in yes["pawns"]]
    state = scenario(hands={0: [card]}, pawns=pawns)
    assert not objectives.holds(state, 0, card) and objectives.holds(state, 1, card)


@pytest.mark.parametrize("card, pawns", [
    # "Your evolved pawns on the board must meet these characteristics": a pawn waiting on the Cradle is not on the
    # board, and a player's founder was never evolved, wherever it has walked to.
    ("o_strong", [(0, "white-1-4", "cradle"), (0, "brown-2-4", "rift"), (0, "black-4-4", "nile")]),
    ("o_tall", [(0, "white-4-1", "cradle"), (0, "brown-4-2", "rift"), (0, "black-4-4", "nile")]),
    ("o_colors", on("rift", "cradle") + on("congo", "sahel", form="brown-1-1") + on("sahara", "kalahari",
                                                                                   form="black-2-1")),
])
def test_pawns_on_the_cradle_do_not_count_for_a_pawn_objective(card, pawns):
    state = scenario(hands={0: [card]}, pawns=pawns)
    assert not objectives.holds(state, 0, card)


def test_a_founder_on_a_territory_does_not_count_for_a_pawn_objective():
    state = scenario(hands={0: ["o_colors"]}, pawns=on("rift", "nile") + on("congo", "sahel", form="brown-1-1")
                     + on("sahara", "kalahari", form="black-2-1"))
    assert objectives.holds(state, 0, "o_colors")
    state["pawns"][0]["founder"] = True  # the same board, but one of the two whites is the seat's founder
    assert not objectives.holds(state, 0, "o_colors")


def test_the_founder_that_setup_places_is_marked_and_an_evolved_pawn_is_not():
    state = RULES.setup(2, 1)
    assert [p.get("founder") for p in state["pawns"]] == [True, True]
    assert objectives.evolved_on_board(state, 0) == []
