"""The rules-engine protocol shared by every game: base class, errors, seeded randomness.

Pure Python with no Django import, so engines and their tests run without a
database. See DESIGN.md, "Rules engine protocol".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypedDict, TypeVar

State = dict[str, Any]
Move = dict[str, Any]
# A game's own state type: its ``TypedDict`` (``class ChronicleRules(FlowRules[ChronicleState])``), or ``State``.
StateT = TypeVar("StateT", bound=Mapping[str, Any])


class Pending(TypedDict):
    """The decision a game waits for: the same record whatever machinery the game keeps it in.

    ``seats``: who must answer, ascending (the game's ``active_seats``); ``kind``: what is being decided, a word of
    the game's own (``"vote"``, ``"feed"``); ``prompt``: the question as anyone at the table may read it (no
    hidden information), with ``{pN}`` seat placeholders; ``options``: the move types that answer it, sorted.
    """

    seats: list[int]
    kind: str
    prompt: str
    options: list[str]

# A bot picks one of the seat's legal moves; ``rng`` is its own generator, not the game's.
BotChooser = Callable[["Rules[Any]", Any, int, random.Random], Move]

_MASK64 = (1 << 64) - 1


class IllegalMove(Exception):
    """A move that is not legal now; the message says why in words a player understands."""


class Rng:
    """A small seeded generator (SplitMix64) whose whole state is one integer.

    The integer lives in the game state (``state["rng"]``), so ``apply`` stays a
    pure function and a match replays exactly from its seed and move log.
    """

    def __init__(self, state: int):
        self.state = state & _MASK64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list):
        return items[self.below(len(items))]

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1


def clone(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists and scalars); a list of scalars is copied flat."""
    kind = type(value)
    if kind is dict:
        return {key: clone(item) if type(item) in (dict, list) else item for key, item in value.items()}
    if kind is list:
        for item in value:
            if type(item) is dict or type(item) is list:
                return [clone(each) for each in value]
        return value.copy()
    return value


def same_json(a: Any, b: Any) -> bool:
    """Whether two JSON values are equal with the same types all the way down: ``1.0`` and ``true`` are not ``1``
    (Python's ``==`` says they are), and a list is not an object."""
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        return a.keys() == b.keys() and all(same_json(value, b[name]) for name, value in a.items())
    if kind is list:
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def one_of(move: Move, legal: Sequence[Move]) -> bool:
    """Whether ``move`` is one of the ``legal`` moves, types included (``same_json``): the only test of
    membership a game may use. Python's ``==`` (fast, and looser) rules out the others first, so only the types
    are left to compare, and only with the legal moves it finds equal (on every move a player makes)."""
    for each in legal:
        if each == move:
            for name, value in move.items():
                kind = type(value)
                if kind is not type(each[name]) or (kind in (dict, list) and not same_json(value, each[name])):
                    break
            else:
                return True
    return False


@dataclass(frozen=True)
class MayOmit:
    """A move field that may be left out (Live On's ``{"type": "go", "zone": "rest"}`` names no card); when
    present it is of one of ``types``."""

    types: type | tuple[type, ...]


def seed_state(seed: int) -> int:
    """The generator state a match starts from; mixes the seed so nearby seeds diverge."""
    return Rng(seed).next64()


class Rules(Generic[StateT]):
    """Base class of a game's ``RULES`` object; engines override every method.

    ``apply`` must never mutate its input; ``legal_moves`` is finite and
    JSON-serializable; ``view(state, None)`` is the spectator's view.
    """

    slug: str = ""
    title: str = ""
    min_players: int = 1
    max_players: int = 1
    # {move type: {field: type, tuple of types or MayOmit(...)}}: every game declares it, and ``check_move_shape``
    # refuses any move whose type is not listed, which lacks a field, has another, or has one of another type
    # (``type(value)`` exactly: ``true`` is no whole number and ``1.0`` none either).
    move_fields: Mapping[str, Mapping[str, type | tuple[type, ...] | MayOmit]] = {}

    def setup(self, players: int, seed: int, options: dict | None = None) -> StateT:
        raise NotImplementedError

    def active_seats(self, state: StateT) -> list[int]:
        raise NotImplementedError

    def legal_moves(self, state: StateT, seat: int) -> list[Move]:
        raise NotImplementedError

    def apply(self, state: StateT, seat: int, move: Move) -> StateT:
        raise NotImplementedError

    def view(self, state: StateT, seat: int | None) -> dict:
        raise NotImplementedError

    def views(self, state: StateT, seats: Sequence[int | None]) -> list[dict]:
        """``view(state, seat)`` for each of ``seats``, in order. Games override it to work out once what every
        viewer sees alike; the views may then share those parts, so none may be changed after."""
        return [self.view(state, seat) for seat in seats]

    def outcome(self, state: StateT) -> dict | None:
        raise NotImplementedError

    def hidden_from(self, state: StateT, seat: int | None) -> set[str]:
        raise NotImplementedError

    def unseen(self, state: StateT, seat: int | None) -> frozenset[str]:
        """What that viewer cannot see now, by identity (a card's id where it lies out of that viewer's sight, a
        back not yet turned for it), as the game's views decide: ``undoable`` compares these, never text."""
        raise NotImplementedError

    def consults_unseen(self, before: StateT, seat: int, move: Move, after: StateT) -> bool:
        """Whether what this step did may depend on something a viewer cannot see, though nothing came into
        sight (a demand met by nothing tells the table what a hand lacks); games whose steps can do so say it."""
        return False

    def pending(self, state: StateT) -> Pending | None:
        """The decision the game waits for now, or None once the game is over."""
        raise NotImplementedError

    def describe_move(self, state: StateT, seat: int, move: Move) -> str:
        """A short label for one of ``seat``'s legal moves, for its button and for screen readers."""
        return str(move.get("type", ""))

    def explain_move(self, state: StateT, seat: int, move: Move) -> str:
        """What one of ``seat``'s legal moves will do, said before it is chosen, in a sentence a newcomer follows:
        its effect on the board and on the seat, who else it touches, and for a roll of dice the target and the
        exact chance of success. Shown beside the move's control (``aria-describedby``); it reads only what the
        seat may see. Every game says it for every move (tests/engines/test_decisions_explain.py)."""
        return ""

    def round_label(self, state: StateT) -> str:
        """Where the game stands in its own course ("Round 3", "Story card 2"), for the replay's move list and its
        jump to a round; "" where the game has no such division."""
        return ""

    def part_of_round(self, state: StateT) -> str:
        """The part of the round the game is in, where a round has parts one seat may act in back to back (Stone
        Age's placing and actions): a turn in the replay's move list never spans two. "" where there are none."""
        return ""

    def new_log_lines(self, before: StateT, after: StateT, viewer: int | None) -> list[str]:
        """The log lines one step wrote, as ``viewer`` reads them (``{pN}`` seat placeholders kept), for the
        replay's move list. This reads a public log of plain strings that only grows; games whose log is kept
        otherwise (lines for some seats only, a log cut short) say it their own way."""
        was, now = before.get("log"), after.get("log")
        if not isinstance(was, list) or not isinstance(now, list) or len(now) < len(was):
            return []
        return [line for line in now[len(was):] if isinstance(line, str)]

    # Move types this game never lets a player take back, whatever the general rule in ``undoable`` says.
    final_moves: frozenset[str] = frozenset()

    def undoable(self, before: StateT, seat: int, move: Move, after: StateT,
                 hidden: tuple[Hidden[StateT], Hidden[StateT]] | None = None) -> bool:
        """Whether ``seat`` may take back ``move``, which led from ``before`` to ``after``: a step inside its own
        turn (the seat is still to act) after which nothing random happened (the generator is where it was) and
        nobody learnt anything: nothing that a seat or a spectator could not see before can it see now
        (``unseen``: it may lose sight of something, as of a card its owner took face down), and what the step did
        depended on nothing hidden (``consults_unseen``); and not one of the game's ``final_moves``. ``hidden``: the
        two states' ``Hidden``, to ask and fill, where the caller keeps them (the "after" of one move is the
        "before" of the next)."""
        if move.get("type") in self.final_moves or before.get("rng") != after.get("rng"):
            return False
        if seat not in self.active_seats(after):
            return False
        was, now = hidden if hidden is not None else (Hidden(self, before), Hidden(self, after))
        viewers: list[int | None] = [seat, None, *(s for s in range(after["players"]) if s != seat)]
        if not all(was.of(viewer) <= now.of(viewer) for viewer in viewers):
            return False
        return not self.consults_unseen(before, seat, move, after)

    def clone(self, state: StateT) -> StateT:
        """A deep copy of a state that ``apply`` may change freely; games with a faster copy override it."""
        return clone(state)

    def bots(self) -> dict[str, tuple[str, BotChooser]]:
        """Bots this game offers besides the uniformly random one: {kind: (label, chooser)}."""
        return {}

    def option_fields(self) -> list[dict]:
        """Lobby options this game offers: [{"name", "label", "choices": [(value, label)], "default"}]."""
        return []

    def check_players(self, players: Any) -> None:
        """Refuse a table of a size this game is not played at."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.title} is played by {self.min_players} to {self.max_players} players.")

    def check_seat(self, state: StateT, seat: Any) -> None:
        if type(seat) is not int or not 0 <= seat < state["players"]:
            raise IllegalMove(f"There is no seat {seat!r} at this table.")

    def check_move_shape(self, move: Any) -> Move:
        """Refuse anything that is not a JSON object with a string ``type`` and, where the game lists its
        moves' fields, a known type with exactly those fields of the right types."""
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("A move must be an object with a 'type'.")
        if not self.move_fields:
            return move
        kind = move["type"]
        if kind not in self.move_fields:
            known = ", ".join(sorted(self.move_fields))
            whose = f"{self.title}'" if self.title.endswith("s") else f"{self.title}'s"
            raise IllegalMove(f"Unknown move type {kind!r}; {whose} moves are: {known}.")
        fields = self.move_fields[kind]
        present = 0
        for name, expected in fields.items():
            if name not in move:
                if isinstance(expected, MayOmit):
                    continue
                raise IllegalMove(f"A {kind} move needs a {name!r} field.")
            present += 1
            types = expected.types if isinstance(expected, MayOmit) else expected
            allowed = types if isinstance(types, tuple) else (types,)
            if type(move[name]) not in allowed:
                wanted = " or ".join(_TYPE_WORDS.get(each, each.__name__) for each in allowed)
                raise IllegalMove(f"The {name!r} of a {kind} move must be {wanted}.")
        if len(move) != present + 1:
            extra = sorted(set(move) - set(fields) - {"type"})
            raise IllegalMove(f"A {kind} move has no field {extra[0]!r}.")
        return move


_TYPE_WORDS = {str: "a string", int: "a whole number", bool: "true or false", list: "a list", dict: "an object"}


class Hidden(Generic[StateT]):
    """What each viewer cannot see of one state (``Rules.unseen``), worked out the first time it is asked and
    kept: a state is never changed once made, so a move's answers serve again when the next move asks about the
    state it starts from (``Rules.undoable`` asks of both, and was a twentieth of a move's CPU)."""

    __slots__ = ("_answers", "_rules", "state")

    def __init__(self, rules: Rules[StateT], state: StateT):
        self._rules, self.state = rules, state
        self._answers: dict[int | None, frozenset[str]] = {}

    def of(self, viewer: int | None) -> frozenset[str]:
        answer = self._answers.get(viewer)
        if answer is None:
            answer = self._answers[viewer] = self._rules.unseen(self.state, viewer)
        return answer


class FlowRules(Rules[StateT]):
    """A game whose turns live in a ``flow`` module and whose views in a ``visibility`` module.

    ``flow`` provides ``active_seats``, ``legal_moves`` and ``outcome``; ``visibility`` provides ``view``,
    ``hidden_from`` and ``unseen``; ``setup`` calls ``flow.new_state(players, seed)``; the subclass writes ``apply``.
    """

    flow: Any = None
    visibility: Any = None

    def setup(self, players: int, seed: int, options: dict | None = None) -> StateT:
        self.check_players(players)
        return self.flow.new_state(players, seed)

    def admit(self, state: StateT, seat: Any, move: Any) -> Move:
        """The checks every move passes before the game's own rules look at it: a seat at this table, a
        well-formed move, a game still running, and that seat's turn. Returns the move."""
        self.check_seat(state, seat)
        move = self.check_move_shape(move)
        if self.outcome(state) is not None:
            raise IllegalMove("The game is over: no more moves can be made.")
        if seat not in self.active_seats(state):
            raise IllegalMove(self.not_your_turn(state, seat))
        return move

    def not_your_turn(self, state: StateT, seat: int) -> str:
        return "It is not your turn."

    def active_seats(self, state: StateT) -> list[int]:
        return self.flow.active_seats(state)

    def legal_moves(self, state: StateT, seat: int) -> list[Move]:
        return self.flow.legal_moves(state, seat)

    def outcome(self, state: StateT) -> dict | None:
        return self.flow.outcome(state)

    def view(self, state: StateT, seat: int | None) -> dict:
        return self.visibility.view(state, seat)

    def views(self, state: StateT, seats: Sequence[int | None]) -> list[dict]:
        return self.visibility.views(state, seats)

    def hidden_from(self, state: StateT, seat: int | None) -> set[str]:
        return self.visibility.hidden_from(state, seat)

    def unseen(self, state: StateT, seat: int | None) -> frozenset[str]:
        return self.visibility.unseen(state, seat)
