"""The rules-engine protocol shared by every game: base class, errors, seeded randomness.

Pure Python with no Django import, so engines and their tests run without a
database. See DESIGN.md, "Rules engine protocol".
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

State = dict[str, Any]
Move = dict[str, Any]
# A bot picks one of the seat's legal moves; ``rng`` is its own generator, not the game's.
BotChooser = Callable[["Rules", State, int, random.Random], Move]

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


def seed_state(seed: int) -> int:
    """The generator state a match starts from; mixes the seed so nearby seeds diverge."""
    return Rng(seed).next64()


class Rules:
    """Base class of a game's ``RULES`` object; engines override every method.

    ``apply`` must never mutate its input; ``legal_moves`` is finite and
    JSON-serializable; ``view(state, None)`` is the spectator's view.
    """

    slug: str = ""
    title: str = ""
    min_players: int = 1
    max_players: int = 1

    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        raise NotImplementedError

    def active_seats(self, state: State) -> list[int]:
        raise NotImplementedError

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        raise NotImplementedError

    def apply(self, state: State, seat: int, move: Move) -> State:
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict:
        raise NotImplementedError

    def outcome(self, state: State) -> dict | None:
        raise NotImplementedError

    def hidden_from(self, state: State, seat: int | None) -> set[str]:
        raise NotImplementedError

    def bots(self) -> dict[str, tuple[str, BotChooser]]:
        """Bots this game offers besides the uniformly random one: {kind: (label, chooser)}."""
        return {}

    def option_fields(self) -> list[dict]:
        """Lobby options this game offers: [{"name", "label", "choices": [(value, label)], "default"}]."""
        return []

    def check_move_shape(self, move: Any) -> Move:
        """Refuse anything that is not a JSON object with a string ``type``."""
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("A move must be an object with a 'type'.")
        return move
