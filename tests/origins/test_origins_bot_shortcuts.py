"""The strong bot's playouts take shortcuts that change nothing they decide: moves played without the board's marks,
and the heuristic's plans valued without a copy of the state for each (``bots.action_plans``)."""

import random

from origins_helpers import random_game

from apps.origins import bots
from apps.origins.content import START
from apps.origins.engine import RULES


def test_a_playout_move_is_the_move_without_the_marks_of_what_it_changed():
    search = bots.STRONG.search
    for state, seat, move in random_game(3, seed=11, rnd=random.Random(11), chooser=bots.heuristic):
        if move is None:
            break
        marked = RULES.apply(state, seat, move)
        unmarked = search.advance(RULES, state, seat, move)
        assert "changed" not in unmarked
        assert unmarked == {k: v for k, v in marked.items() if k != "changed"}


def test_every_plan_is_valued_as_the_evaluation_of_the_position_it_makes():
    """The value ``action_plans`` gives each plan is what ``evaluate``, ``settle_value`` and ``strait_gain`` say of
    a copy of the state with the plan's pawns, to the last bit: the bot's choices are the same as before."""
    checked = 0
    for game in range(4):
        for step, (state, _seat, move) in enumerate(random_game(2 + game % 3, seed=game, rnd=random.Random(game),
                                                                chooser=bots.heuristic)):
            if move is None or step % 3:
                continue
            for seat in range(state["players"]):
                fixed = bots.fixed_parts(state, seat)
                for value, plan in bots.action_plans(state, seat):
                    assert value == _plan_value(state, seat, fixed, plan)
                    checked += 1
    assert checked > 1000


def _plan_value(state, seat, fixed, plan):
    """A plan's value worked out on a copy of the state (as the bot did before it took shortcuts)."""
    pawn = next(p for p in state["pawns"] if p["id"] == plan[0]["pawn"])
    if plan[1]["type"] == "evolve":
        to = plan[2]["to"]
        pawns = state["pawns"] + [{"id": -1, "form": plan[1]["form"], "owner": seat, "at": to}]
        value = bots.evaluate(bots.with_pawns(state, pawns), seat, fixed) + bots.settle_value(state, seat, to, False)
        return value + bots.strait_gain(state, seat, pawns)
    to, swapped = plan[1]["to"], plan[1]["type"] == "swap"
    pawns = [bots.moved_to(pawn, to)]
    pawns += [bots.moved_to(p, START) if swapped and p["at"] == to else p for p in state["pawns"] if p is not pawn]
    value = (bots.evaluate(bots.with_pawns(state, pawns), seat, fixed) + bots.settle_value(state, seat, to, swapped)
             + bots.strait_gain(state, seat, pawns))
    return value + (0.5 if swapped else 0.0)
