"""The "strong" bot: determinized Monte Carlo search over a game's own rules, with its heuristic bot as playout.

At its decision the bot deals the hidden parts again from its own view (the game's ``determinize`` module, so the
search never reads what its seat cannot see) and, in that one deal, plays each of its candidate moves followed by
``depth`` moves of every seat's heuristic bot, all from the same deal and the same generator seed (common random
numbers: two moves are compared on the same dice, draws and hands, so their difference is measured with far less
noise than their values). The position reached is judged by the game's ``value`` (or its outcome, if the game
ended): a seat's reward is how far it leads the best other seat, squashed to [-1, 1] by ``tanh(margin / scale)``.
Deals repeat until the budget ends (if the first deal cannot try every move in time, the heuristic's move is
played); moves far behind the best after the first deals are dropped so the rest get more
deals. The move with the best mean reward is played; the heuristic bot's own choice wins ties and keeps a small
edge (``HEURISTIC_EDGE``), so a search that learnt little falls back on the heuristic.

This is information-set search restricted to the root's moves ("determinized flat Monte Carlo"): with one second
of pure Python and playouts of a few milliseconds a move, a tree below the root would see each of its nodes a
handful of times; paired playouts of the root's moves spend the whole budget on the one decision being made.

At a live table the bot plans its whole turn (``choose_turn``): one budget of time for the turn, shared by its
decisions, each searched while time is left; the moves the chosen move's playouts went on with in every deal are
its plan for the rest of the turn, played unsearched once the budget is nearly spent.

Pure, and picklable by name (``choose_in_worker``, ``turn_in_worker``), so the domain runs it in a worker process:
no table's event loop, and no other table's bot, waits on it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from apps.matches.engine.protocol import IllegalMove, Move, Rules, State
from apps.matches.engine.registry import engine

Chooser = Callable[[Any, Any, int, random.Random], Move]
Determinize = Callable[[Any, int, random.Random], Any]
Values = Callable[[Any], Sequence[float]]  # every seat's standing in a position, in the game's own points

HEURISTIC_EDGE = 0.02  # the default of ``Search.edge``
KEEP = 6  # moves still searched after the first deals (besides the heuristic's), the best by mean reward
FIRST_DEALS = 2  # deals every move gets before the weakest are dropped


@dataclass(frozen=True)
class Budget:
    """How long one decision may search: at most ``deals`` deals (each plays every candidate move once) and at most
    ``seconds`` of time. The search is deterministic for a given generator when the deals end it."""

    deals: int = 1_000
    seconds: float = 1.0
    decision: float | None = None  # in a turn (``choose_turn``), the most seconds one decision may spend


@dataclass(frozen=True)
class Search:
    """What the search knows of one game: how to deal, how to play on, how far, and how to judge where it got."""

    determinize: Determinize
    rollout: Chooser
    values: Values
    scale: float  # a lead of this many of the game's points is worth tanh(1) ≈ 0.76 of a win
    depth: int  # moves played after the candidate before the position is judged (the most, if ``turn`` is given)
    # Whose turn a position is in, for a game of turns of many moves. Given, a playout ends as the bot's next turn
    # begins (every other seat having played one turn), so every candidate is judged at the same point of the
    # game: counted in moves, a candidate that ends the turn early would hand the others more of the playout.
    turn: Callable[[Any], int] | None = None
    edge: float = HEURISTIC_EDGE  # reward the heuristic's own move is credited with before anything is measured
    # Move types the search never proposes unless the heuristic chose one: a move that takes back a half-made
    # action ("cancel") leads to a position the bot was just in, and noise could make it prefer going round.
    takebacks: frozenset[str] = frozenset({"cancel"})
    # The moves the search may propose, of a position's legal ones (all of them if not given): a game drops moves
    # its playouts misjudge, e.g. Stone Age's placements on a card or building its seat cannot pay for.
    allowed: Callable[[Any, int, list[Move]], list[Move]] | None = None
    # The heuristic as a playout plays it, inside a deal (if not given, ``rollout``): a heuristic that deals the
    # hidden cards again before it looks ahead need not do so there, the deal being already one the seat can't see.
    dealt_rollout: Chooser | None = None
    # How a playout plays a move, ``advance(rules, state, seat, move)`` (if not given, ``rules.apply``): a game may
    # skip there what only a table shows, e.g. Stone Age's marks of what the last move changed.
    advance: Callable[[Any, Any, int, Move], Any] | None = None


def reward(rules: Rules, state: State, seat: int, search: Search) -> float:
    """``seat``'s reward in [-1, 1]: 1 for a sole win (or the band's, co-operative), the squashed lead over the best
    other seat before the end."""
    outcome = rules.outcome(state)
    if outcome is not None and "won" in outcome:  # co-operative: the band wins or loses as one
        return 1.0 if outcome["won"] else -1.0
    if outcome is not None:
        winners = outcome.get("winners") or []
        if seat not in winners:
            return -1.0
        return 1.0 if len(winners) == 1 else 0.0
    values = search.values(state)
    best_other = max(v for s, v in enumerate(values) if s != seat)
    return math.tanh((values[seat] - best_other) / search.scale)


def playout(rules: Rules, state: State, seat: int, move: Move, rng: random.Random, search: Search,
            own: list[Move] | None = None) -> float:
    """``move`` played in ``state`` and the game played on by the heuristic: ``seat``'s reward where it stopped.
    ``own``, if given, receives the moves ``seat`` played after ``move`` before any other seat moved (the rest of
    its turn as the playout went on)."""
    advance = search.advance or _apply
    state = advance(rules, state, seat, move)
    rollout = search.dealt_rollout or search.rollout
    others_played = False
    others_moved = own is None  # since ``move``: once another seat moved, the bot's turn as ``own`` sees it is over
    for _ in range(search.depth):
        if rules.outcome(state) is not None:
            break
        if search.turn is not None:
            if search.turn(state) != seat:
                others_played = True
            elif others_played:
                break
        mover = rules.active_seats(state)[0]
        chosen = rollout(rules, state, mover, rng)
        others_moved = others_moved or mover != seat
        if not others_moved:
            own.append(chosen)  # type: ignore[union-attr]
        state = advance(rules, state, mover, chosen)
    return reward(rules, state, seat, search)


def _apply(rules: Rules, state: State, seat: int, move: Move) -> State:
    return rules.apply(state, seat, move)


@dataclass
class Appraisal:
    """What a search measured of ``seat``'s moves: each move's summed reward and deals (``totals``, ``counts``), the
    moves still compared at the end (``candidates``), the heuristic's own pick (``favourite``), and whether every
    candidate was played at least once (``measured``: False when the first deal ran out of time)."""

    moves: list[Move]
    favourite: int
    totals: list[float]
    counts: list[int]
    candidates: list[int]
    edge: float
    measured: bool = True
    # Per move, the rest of the bot's turn its playouts agreed on in every deal (the common first moves of ``own``
    # in ``playout``): what it will play next whatever the hidden cards and the dice, if it plays that move.
    follow: dict[int, list[Move]] = field(default_factory=dict)

    def mean(self, index: int) -> float:
        """The move's mean reward, the favourite credited with the edge (a move never measured ranks last)."""
        return _mean(self.totals, self.counts, index, self.favourite, self.edge)

    def ranked(self) -> list[int]:
        """The candidates, best first, as the search prefers them (the heuristic's pick first on a tie)."""
        return sorted(self.candidates, key=lambda i: (-self.mean(i), i != self.favourite, i))


def appraise(rules: Rules, state: State, seat: int, rng: random.Random, search: Search,
             budget: Budget = Budget()) -> Appraisal:
    """Search ``seat``'s moves within ``budget`` (``choose`` plays the best; a hint shows the first few)."""
    moves = rules.legal_moves(state, seat)
    deadline = time.perf_counter() + budget.seconds
    # The heuristic's pick, from a generator of its own so the search's deals do not depend on what it drew.
    pick = search.rollout(rules, state, seat, random.Random(rng.random()))
    favourite = moves.index(pick) if pick in moves else 0
    totals = [0.0] * len(moves)
    counts = [0] * len(moves)
    allowed = list(range(len(moves)))
    if search.allowed is not None:
        kept = search.allowed(state, seat, moves)
        allowed = [i for i, move in enumerate(moves) if move in kept] or list(allowed)
        if favourite not in allowed:
            favourite = allowed[0]
    candidates = [i for i in allowed if i == favourite or moves[i].get("type") not in search.takebacks]
    appraisal = Appraisal(moves, favourite, totals, counts, candidates, search.edge)
    follow = appraisal.follow
    for deal in range(budget.deals):
        if deal and time.perf_counter() > deadline:
            break
        world = search.determinize(state, seat, rng)
        seed = rng.random()
        results = {}
        owns = {}
        for index in candidates:
            own: list[Move] = []
            try:
                results[index] = playout(rules, world, seat, moves[index], random.Random(seed), search, own)
                owns[index] = own
            except (IllegalMove, LookupError, ValueError):
                # A deal in which the playout cannot go on as the real game could (a hidden card it could not
                # be, inside an action replayed on dealt cards): this move learns nothing from it.
                continue
            if time.perf_counter() > deadline:
                break
        if len(results) < len(candidates) and time.perf_counter() > deadline:
            if not deal:  # out of time before every move was played once: nothing is compared, trust the heuristic
                appraisal.measured = False
                return appraisal
            break  # out of time within the deal: the moves it did not reach would be compared on fewer deals
        for index, value in results.items():
            totals[index] += value
            counts[index] += 1
            agreed = follow.get(index, owns[index])
            follow[index] = agreed[:next((i for i, (a, b) in enumerate(zip(agreed, owns[index], strict=False))
                                          if a != b), min(len(agreed), len(owns[index])))]
        if deal + 1 == FIRST_DEALS and len(candidates) > KEEP + 1:
            ranked = sorted(candidates, key=lambda i: -_mean(totals, counts, i, favourite, search.edge))
            candidates = sorted(set(ranked[:KEEP]) | {favourite})
            appraisal.candidates = candidates
    return appraisal


def choose(rules: Rules, state: State, seat: int, rng: random.Random, search: Search,
           budget: Budget = Budget()) -> Move:
    """The move ``seat`` plays after searching within ``budget``."""
    moves = rules.legal_moves(state, seat)
    if len(moves) <= 1:
        return moves[0]
    appraisal = appraise(rules, state, seat, rng, search, budget)
    if not appraisal.measured:
        return moves[appraisal.favourite]
    best = max(appraisal.candidates, key=lambda i: (appraisal.mean(i), i == appraisal.favourite, -i))
    return moves[best]


@dataclass(frozen=True)
class TurnPlan:
    """What a searching bot carries from one decision of its turn to the next, by value (a worker process may make
    each): the seconds of the turn's budget left, the moves it means to play next without searching again, and how
    many searches the turn has run. A caller starts a turn with None and passes the plan back while the same seat
    goes on moving (no other seat moved in between)."""

    left: float
    moves: tuple = ()
    searches: int = 0


SHARE = 0.6  # of the turn's seconds left, what one decision may spend (the deals usually end it first)
SPENT = 0.15  # the part of the turn's budget below which the plan is played as it is, with no new search
AGREED = 2  # deals a move's playouts must agree in before the rest of the turn may be played from them


def choose_turn(rules: Rules, state: State, seat: int, rng: random.Random, search: Search, budget: Budget = Budget(),
                plan: TurnPlan | None = None) -> tuple[Move, TurnPlan]:
    """The move ``seat`` plays at this decision of its turn, and the plan for the turn's next decision.

    One budget for the whole turn: ``budget.seconds`` are shared by the turn's decisions (each may spend a part of
    what is left, what one did not spend is left to the next), ``budget.deals`` bound each decision. After a search,
    the moves the chosen move's playouts went on with in every deal (what the bot plays next whatever the hidden
    cards and the dice) are its plan. While the turn has time left, each decision is searched again (a plan
    played unsearched loses strength: the playouts went on with the heuristic's moves); once the budget is nearly
    spent, the plan is played without a search while its next move is legal, and the heuristic's move after that."""
    if plan is None:
        plan = TurnPlan(left=budget.seconds)
    moves = rules.legal_moves(state, seat)
    planned = plan.moves[0] if plan.moves and plan.moves[0] in moves else None
    if not searches(moves, budget, plan):
        if planned is not None:
            return planned, replace(plan, moves=plan.moves[1:])
        move = moves[0] if len(moves) == 1 else search.rollout(rules, state, seat, rng)
        kept = moves if search.allowed is None else search.allowed(state, seat, moves)
        return (move if move in kept else kept[0]), replace(plan, moves=())
    started = time.perf_counter()
    seconds = plan.left * SHARE if budget.decision is None else min(budget.decision, plan.left * SHARE)
    appraisal = appraise(rules, state, seat, rng, search, Budget(deals=budget.deals, seconds=seconds))
    spent = time.perf_counter() - started
    best = appraisal.favourite
    if appraisal.measured:
        best = max(appraisal.candidates, key=lambda i: (appraisal.mean(i), i == appraisal.favourite, -i))
    ahead = tuple(appraisal.follow.get(best, ())) if appraisal.counts[best] >= AGREED else ()
    return moves[best], TurnPlan(left=max(0.0, plan.left - spent), moves=ahead, searches=plan.searches + 1)


def searches(moves: list[Move], budget: Budget, plan: TurnPlan | None) -> bool:
    """Whether ``choose_turn`` searches at a decision with these legal moves (else it answers at once)."""
    return len(moves) > 1 and (plan is None or plan.left >= SPENT * budget.seconds)


def _mean(totals: list[float], counts: list[int], index: int, favourite: int, edge: float) -> float:
    edge = edge if index == favourite else 0.0
    if not counts[index]:
        return edge - 2.0
    return totals[index] / counts[index] + edge


def strong_bot(search: Search) -> Callable[..., Move]:
    """A game's strong chooser: ``chooser(rules, state, seat, rng, budget=Budget())``."""

    def chooser(rules: Rules, state: State, seat: int, rng: random.Random, budget: Budget = Budget()) -> Move:
        return choose(rules, state, seat, rng, search, budget)

    def turn(rules: Rules, state: State, seat: int, rng: random.Random, budget: Budget = Budget(),
             plan: TurnPlan | None = None) -> tuple[Move, TurnPlan]:
        return choose_turn(rules, state, seat, rng, search, budget, plan)

    chooser.search = search  # type: ignore[attr-defined]  # what a hint searches with (``engine.hint``)
    chooser.turn = turn  # type: ignore[attr-defined]  # the same bot planning its whole turn (``choose_turn``)
    return chooser


def choose_in_worker(slug: str, kind: str, state: State, seat: int, seed: str, budget: Budget) -> Move:
    """A bot's move computed in another process: everything it needs is passed by value and named by slug."""
    rules = engine(slug)
    chooser: Any = rules.bots()[kind][1]
    return chooser(rules, state, seat, random.Random(seed), budget=budget)


def turn_in_worker(slug: str, kind: str, state: State, seat: int, seed: str, budget: Budget,
                   plan: TurnPlan | None) -> tuple[Move, TurnPlan]:
    """A bot's move and its plan for the rest of the turn (``choose_turn``), computed in another process."""
    rules = engine(slug)
    chooser: Any = rules.bots()[kind][1]
    return chooser.turn(rules, state, seat, random.Random(seed), budget=budget, plan=plan)
