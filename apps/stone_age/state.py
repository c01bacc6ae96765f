"""The shapes of Stone Age's data: the state (plain JSON), and the public facts of the decision awaited."""

from __future__ import annotations

from typing import NotRequired, TypedDict


class Building(TypedDict):
    id: str
    points: int  # what it scored when built


class Scored(TypedDict):
    buildings: int
    cards: int
    penalties: int


class SeatState(TypedDict):
    """One player's board."""

    people: int
    reserve: int  # people of this colour still in the general supply
    placed: int
    food: int
    res: dict[str, int]
    agriculture: int
    tools: list[int]  # tool tile values
    used: list[bool]  # per tile: used this round
    cards: list[str]  # civilization cards taken, in that order; face down (only the owner sees them) but the kept
    kept: list[str]  # single-use cards not used yet, face up beside the board (a subset of cards)
    extra: list[str]  # extra cards from the deck, face down too
    buildings: list[Building]
    score: int
    scored: Scored


class Decision(TypedDict, total=False):
    """A pending decision; ``kind`` and ``seat`` always, the other keys as its kind needs them.

    count: where, max; tools: dice, bonus, yields, divisor, label; pay: what ("card" or "building"),
    where, paid; feed: missing, paid; pick_die: dice, order; choose: left.
    """

    kind: str
    seat: int
    where: str
    max: int
    dice: list[int]
    bonus: int
    yields: str
    divisor: int
    label: str
    what: str
    paid: dict[str, int]
    missing: int
    order: list[int]
    left: int


class Dice(TypedDict):
    """The last dice rolled, shown on the board."""

    seat: int
    what: str
    values: list[int]
    bonus: int


class StoneAgeState(TypedDict):
    game: str
    players: int
    rng: int
    round: int
    phase: str  # flow.PLACE, ACTION, FEED or OVER
    start: int
    turn: int
    order: list[int]
    supply: dict[str, int]
    deck: list[str]  # the top is the last
    row: list[str | None]  # row[0] is card space 1
    stacks: list[list[str]]  # the tops are the last
    boxed: list[str]
    places: dict[str, list[int]]  # people per seat on each place
    seats: list[SeatState]
    pending: list[Decision]  # the top is the last
    dice: Dice | None
    ending: bool
    end: str | None  # why the game ended: "buildings" or "cards"
    log: list[str]
    marks: NotRequired[dict | None]  # set by every move (``changes.after_move``)


class DecisionFacts(TypedDict, total=False):
    """The public facts of the decision awaited (``flow.decision``), for ``pending`` and the prompts.

    ``kind`` and ``seat`` always; place: free; count: where; tools: total, amount, yields, label;
    pay: what, where; feed: still; choose: left.
    """

    kind: str
    seat: int
    free: int
    where: str
    total: int
    amount: int
    yields: str
    label: str
    what: str
    still: int
    left: int
