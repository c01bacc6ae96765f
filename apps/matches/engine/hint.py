"""A hint: the moves the game's best bot would consider in a seat's place, the best three with their chances.

A game with a strong bot (``search``) is searched as that bot searches, with its own ``Search``: its number for a
move is the search's mean reward mapped from [-1, 1] to [0, 1], an *estimate* of the chance to win (a playout there
stops after a few moves and judges the lead it reached, squashed by ``tanh``; a playout that reached the end counts
as a win, a loss, or a half for a shared win). A game with only a heuristic bot (Chronicle, Live On) is searched the
same way, but every playout is the rest of the whole game played by the heuristic bot at every seat, so its number
is a *measured* share: how many of the playouts after that move the seat won (co-operative: the band won), shared
wins counting half. ``basis`` says which of the two a hint's numbers are ("estimate" or "playouts").

Either way the search deals everything the seat cannot see again from the seat's own view (the game's
``determinize``), as the bots do, so two states the seat cannot tell apart give the same hint for the same
generator (``tests/engines/test_hint_search.py``). The ranking is the search's: the move the bot would play first.

A hint never shows a number that says nothing. Each candidate carries what it does (the game's ``explain_move``),
and ``verdict`` says how its numbers read: "ranked" (the first is ahead of the second by more than chance),
"even" (they cannot be told apart: a few playouts that all ended alike, or equal estimates; the bot's own choice
comes first and ``rule``, the game's ``BOT_RULE`` if it words one, says what the bot goes by), "only" (one legal
move) or "unmeasured" (no time to play every move once: the bot's own choice alone).

Pure, and named by slug (``hint_in_worker``), so the live layer runs it in the bots' worker processes.
"""

from __future__ import annotations

import math
import random
from importlib import import_module
from typing import Any

from apps.matches.engine.protocol import Rules, State
from apps.matches.engine.registry import engine, game_entry
from apps.matches.engine.search import Appraisal, Budget, Search, appraise

TOP = 3  # candidates a hint shows
WHOLE_GAME = 5_000  # moves a heuristic playout may take: more than any game of the five lasts
# Deals a hint of whole-game playouts may play in its time: shares won need tens of playouts to tell moves apart,
# where the strong bot's deal cap (settings.STRONG_BOT_DEALS) is sized for its short, judged playouts.
PLAYOUT_DEALS = 200


def _even(state: Any) -> list[float]:
    # A playout that never ended (it cannot, within WHOLE_GAME moves) judges every seat alike: an even chance.
    return [0.0] * state["players"]


def search_for(slug: str) -> tuple[Search, str] | None:
    """The search a hint for this game runs and what its numbers are ("estimate" or "playouts"), or None for a game
    with neither a strong nor a heuristic bot."""
    kinds = engine(slug).bots()
    strong = getattr(kinds.get("strong", (None, None))[1], "search", None)
    if isinstance(strong, Search):
        return strong, "estimate"
    if "heuristic" not in kinds:
        return None
    determinize = import_module(f"{game_entry(slug).app}.determinize").determinized
    return Search(determinize=determinize, rollout=kinds["heuristic"][1], values=_even, scale=1.0,
                  depth=WHOLE_GAME), "playouts"


def budget_for(slug: str, base: Budget) -> Budget:
    """The budget of a hint for this game: the strong bot's ``base``, but a hint of whole-game playouts may play up
    to ``PLAYOUT_DEALS`` deals in the same time."""
    found = search_for(slug)
    if found is not None and found[1] == "playouts":
        return Budget(deals=max(base.deals, PLAYOUT_DEALS), seconds=base.seconds, decision=base.decision)
    return base


def available(slug: str) -> bool:
    """Whether this game can give a hint at all."""
    return search_for(slug) is not None


def chance(appraisal: Appraisal, index: int) -> float | None:
    """The move's mean reward as a chance in [0, 1] (the heuristic's edge left out), or None if never measured."""
    if not appraisal.counts[index]:
        return None
    return round((appraisal.totals[index] / appraisal.counts[index] + 1) / 2, 2)


def _spread(chance: float, playouts: int) -> float:
    """The standard error of a share won over ``playouts`` (counted as one more win and one more loss, so that 4 of 4
    is not taken for a certainty)."""
    share = (chance * playouts + 1) / (playouts + 2)
    return math.sqrt(share * (1 - share) / max(playouts, 1))


def verdict_of(basis: str, measured: list[tuple[float | None, int]]) -> str:
    """How the (chance, playouts) of the candidates, best first, read: "ranked" when the first is ahead of the second
    by more than chance (two standard errors of the difference, for shares won; any difference, for estimates),
    "even" when not, "unmeasured" when the first was never played, "only" for a single candidate."""
    (first, deals), *rest = measured
    if first is None:
        return "unmeasured"
    if not rest:
        return "only"
    second, other_deals = rest[0]
    if second is None:
        return "ranked"
    if basis == "estimate":
        return "ranked" if first != second else "even"
    gap = first - second
    return "ranked" if gap > 2 * math.hypot(_spread(first, deals), _spread(second, other_deals)) else "even"


def bot_rule(slug: str) -> str:
    """What the game's bot goes by, in plain words ("it keeps your deck able to pay..."), or ""."""
    try:
        wording = import_module(f"{game_entry(slug).app}.wording")
    except ImportError:
        return ""
    return getattr(wording, "BOT_RULE", "")


def candidates(rules: Rules, slug: str, state: State, seat: int, rng: random.Random, budget: Budget) -> dict:
    """``{"basis", "band", "verdict", "rule", "candidates": [{"move", "label", "why", "chance", "playouts"}, ...]}``:
    up to ``TOP`` of ``seat``'s legal moves, best first; ``band``: the chances are the whole table's (a co-operative
    game); ``verdict`` and ``rule``: how to read the numbers (``verdict_of``, ``bot_rule``)."""
    found = search_for(slug)
    if found is None:
        raise LookupError(f"{slug} has no bot to ask for a hint")
    search, basis = found
    moves = rules.legal_moves(state, seat)
    if len(moves) == 1:  # nothing to compare: the one move, unmeasured
        order, verdict = [0], "only"
        measured: list[tuple[float | None, int]] = [(None, 0)]
    else:
        appraisal = appraise(rules, state, seat, rng, search, budget)
        order = appraisal.ranked() if appraisal.measured else [appraisal.favourite]
        measured = [(chance(appraisal, i), appraisal.counts[i]) for i in range(len(moves))]
        verdict = verdict_of(basis, [measured[i] for i in order[:2]])
        if verdict == "even":  # the numbers cannot say: the bot goes by its own choice, which comes first
            order = [appraisal.favourite, *(i for i in order if i != appraisal.favourite)]
    picks = [(moves[i], *measured[i]) for i in order[:TOP]]
    return {"basis": basis, "band": game_entry(slug).cooperative, "verdict": verdict, "rule": bot_rule(slug),
            "candidates": [{"move": move, "label": rules.describe_move(state, seat, move),
                            "why": rules.explain_move(state, seat, move), "chance": value,
                            "playouts": deals} for move, value, deals in picks]}


def hint_in_worker(slug: str, state: State, seat: int, seed: str, budget: Budget) -> dict:
    """``candidates`` computed in another process: everything it needs is passed by value and named by slug."""
    return candidates(engine(slug), slug, state, seat, random.Random(seed), budget)
