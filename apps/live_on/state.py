"""The shape of a Live On state: plain JSON data, typed for the checker (the engine, flow and views use it).

Keys of per-seat mappings are the seat as a string (``"0"``), as JSON object keys must be. An ask and a task
stay open dictionaries: each kind of decision or task carries its own fields (see ``flow.moves`` and
``flow.tasks``).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

Ask = dict[str, Any]
Task = dict[str, Any]


class HeldArtifact(TypedDict):
    id: str
    time: list[int]  # the time token's numbers, emptied once the artifact is unveiled
    up: bool


class HeldSecret(TypedDict):
    id: str
    known: list[int]  # seats that have read it (its holder aside)


class Seat(TypedDict):
    past: str | None
    gift: str | None
    traits: dict[str, int]
    res: int
    arts: list[HeldArtifact]
    secrets: list[HeldSecret]
    zone: str | None
    called: bool
    picked: NotRequired[str]  # the role this seat chose at setup
    ate: NotRequired[int]  # resources eaten in this keeping phase
    owes: NotRequired[list[dict[str, Any]]]  # losses ({pool, n}) to settle before choosing a zone


class SpotCard(TypedDict):
    id: str
    time: list[int]


class Storage(TypedDict):
    res: int
    arts: list[HeldArtifact]


class Group(TypedDict):
    key: str  # "camp" or the zone
    seats: list[int]
    zones: list[str]


class Scouted(TypedDict):
    roll: int
    face: str | None


class Encounter(TypedDict):
    card: str
    src: str  # "event" or "artifact"
    ctx: str
    zone: str | None
    seats: list[int]
    group: list[int]
    picks: dict[str, int]
    rolls: dict[str, list[int]]
    helped: dict[str, int]
    invoked: list[int]
    protected: list[int]
    flipped: bool
    resolved: bool
    revealed: bool


class Exploration(TypedDict):
    zone: str
    seats: list[int]
    left: int
    deep: bool
    avoided: bool


class Foresight(TypedDict):
    deck: str
    cards: list[str]
    round: int


class LogLine(TypedDict):
    text: str
    to: list[int] | None  # None: everyone reads it


class Result(TypedDict):
    won: bool
    reason: str


class LiveOnState(TypedDict):
    game: str
    players: int
    round: int
    phase: str
    region: str
    seats: list[Seat]
    decks: dict[str, list[str]]
    discard: dict[str, list[str]]
    art_deck: list[str]
    art_discard: list[str]
    spots: dict[str, list[SpotCard]]
    presence: dict[str, int]
    scouted: dict[str, Scouted]
    scouted_next: dict[str, Scouted]
    sheltered: list[str]
    buildings: dict[str, int]
    storage: Storage
    plans_used: bool
    visit_card: dict[str, str]
    vantage_spot: str | None
    groups: list[Group]
    tasks: list[Task]
    ask: Ask | None
    enc: Encounter | None
    roll: dict[str, dict[str, Any]]  # this action's extra dice per seat: {"extra", "trait", "spent"}
    explore: Exploration | None
    face: str | None  # the event die's face
    trade_mode: dict[str, str]
    seen: list[str]
    backs: list[str]
    private: dict[str, list[str]]
    foresight: dict[str, Foresight]
    log: list[LogLine]
    result: Result | None
    refuge: bool
    pick_memory: dict[str, str]
    rng: NotRequired[int]  # set by setup once the decks are shuffled
    changed: NotRequired[dict[str, Any]]  # what the last move changed (``changes.between``)
    moved_at: NotRequired[dict[str, int]]  # per seat: the log's length just before its last move
