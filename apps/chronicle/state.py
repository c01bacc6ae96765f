"""The shape of a Chronicle state: plain JSON data, described for the type checker.

Deck and pile tops are the *last* item of their list; cards are named by their ids (``content``).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


class Told(TypedDict):
    """A filled blank of a seat's telling: the fill card set in, and whether fate chose it (no reward)."""

    card: str
    fate: bool


class SeatState(TypedDict):
    civ: list[str]  # the civilization deck (character cards)
    fill: dict[str, list[str]]  # fill decks by kind
    discard: dict[str, list[str]]  # fill discard piles by kind
    told: list[Told]  # one per story card filled, in story order


class Draw(TypedDict):
    """The cards the seat at turn has drawn for the story card, and how many times it drew again."""

    fill: list[str]
    civ: list[str]
    redraws: int


class Reward(TypedDict):
    card: str  # the fill card just set in, whose reward alternatives are offered


class Changes(TypedDict):
    """What the last move changed on the table (``changes.between``): public pieces only."""

    by: int
    piles: list[str]
    joined: dict[str, list[str]]  # by seat (as a string, the key JSON keeps): cards that joined its civilization
    told: list[int]
    story: bool
    drawn: bool
    voted: list[int]


class ChronicleState(TypedDict):
    game: str
    players: int
    rng: int
    phase: str  # flow.BUILD, STORY, VOTE or OVER
    piles: dict[str, list[str]]  # character piles by aspect
    seats: list[SeatState]
    story: int  # index of the story card being filled
    turn: int  # the seat building or filling
    draw: Draw | None  # set while the seat at turn fills a blank
    reward: Reward | None  # set while the seat at turn takes or refuses its reward
    votes: list[int | None]  # by voter: the seat voted for
    seen: list[str]  # every card that has been face up, sorted
    log: list[str]
    changed: NotRequired[Changes]  # set by every move, absent from a new game
