"""The shape of an Origins state, as types: what ``flow.new_state`` builds and every move keeps."""

from __future__ import annotations

from typing import Any, NotRequired, Required, TypedDict


class Pawn(TypedDict):
    id: int
    form: str  # "white-2-1": colour, height, width (``content.parse_form``)
    owner: int
    at: str  # a territory id, or ``content.START``
    founder: NotRequired[bool]  # a player's first pawn, not evolved; absent in games begun before it was kept


class Entry(TypedDict, total=False):
    """One decision on the pending stack; ``kind`` says which, and which other keys it has.

    ``selected``: ``pawn``; ``evolving``: ``pawn``, ``form``; ``reward``: ``color``, ``space`` (and ``taken``,
    ``most`` for brown); ``return``: ``color``, ``count``, ``why`` ("limit" or "reward"); ``choose``: ``card``.
    """

    kind: Required[str]
    pawn: int
    form: str
    color: str
    space: str
    taken: int
    most: int
    count: int
    why: str
    card: str


class Turn(TypedDict):
    acted: int
    actions: int
    played: dict[str, int]  # cards played this turn by colour
    reach: int
    ambush: bool
    breeding: bool
    cancels: int
    final: bool


class Seat(TypedDict):
    hand: list[str]
    permanents: list[str]
    completed: list[str]
    tiles: list[str]  # tile ids, "brown-2"
    hunts: list[list[Any]]  # [territory id, points]: a JSON pair


class OriginsState(TypedDict):
    game: str
    players: int
    rng: int
    round: int
    seat: int
    turn: Turn
    pending: list[Entry]
    final: list[int] | None  # the seats still to take their final turn, once the end is near
    over: bool
    pawns: list[Pawn]
    next_pawn: int
    reserve: dict[str, int]
    supply: dict[str, list[int]]  # per tile column, tiles left per level
    hunts: dict[str, int]
    straits: dict[str, int | None]
    decks: dict[str, list[str]]
    discard: list[str]
    seats: list[Seat]
    revealed: list[str]
    log: list[str]
    changed: NotRequired[dict[str, Any]]  # set by every move (``changes.between``)
