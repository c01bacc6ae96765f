"""Guided first games ("Learn to play"): a lesson is data, kept in each game's app as ``apps/<game>/lesson.py``
(``LESSON``), and played through the engine's own setup and moves.

A lesson names the seat count, the seed and options of the engine's own ``setup``, the moves played before the
learner's first step (``prelude``), then its steps. Each step is the learner's taught move, what to do in a few
words, the rules page's own passage that the move puts to use (quoted, never reworded: a test holds every passage
to the rules page), and the bots' scripted replies up to the learner's next step. So the whole lesson is one fixed
list of moves, and the match's version says where in it the table stands: the move awaited at version ``v`` is
``script.entries[v]``. Past the last entry the lesson is over and the game plays on freely.

Pure Python, like the engines: a lesson's test replays it without a database (``replay``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module

from apps.matches.engine.protocol import IllegalMove, Move, Rules, State
from apps.matches.engine.registry import game_entry


@dataclass(frozen=True)
class Step:
    """One taught move of the learner and the bots' scripted replies that follow it."""

    move: Move  # the learner's taught move: the only one enabled until it is played
    do: str  # the callout's instruction: which control to use, in a few words
    rule: str  # the rules page's own words this move puts to use (quoted from the page, verbatim)
    replies: tuple[tuple[int, Move], ...] = ()  # (seat, move) the bots play after it, in order


@dataclass(frozen=True)
class Lesson:
    game: str
    players: int
    seed: int
    steps: tuple[Step, ...]
    learner: int = 0
    prelude: tuple[tuple[int, Move], ...] = ()  # (seat, move) played when the lesson's table is made
    options: dict = field(default_factory=dict)
    done: str = ""  # the closing words, once the last step is played


@dataclass(frozen=True)
class Entry:
    """A move of the lesson's script: who plays it, and the step it is taught in (None for a scripted one)."""

    seat: int
    move: Move
    step: int | None


@dataclass(frozen=True)
class Script:
    lesson: Lesson
    entries: tuple[Entry, ...]
    step_versions: tuple[int, ...]  # the version at which each step's taught move is awaited

    def entry_at(self, version: int) -> Entry | None:
        """The move awaited at ``version``; None once the script is played out."""
        return self.entries[version] if 0 <= version < len(self.entries) else None

    def step_index(self, version: int) -> int:
        """The step shown at ``version``: the one being taught or, while the bots reply, the next one;
        ``len(steps)`` once every step is played."""
        for index, at in enumerate(self.step_versions):
            if at >= version:
                return index
        return len(self.step_versions)

    @property
    def prelude_length(self) -> int:
        return len(self.lesson.prelude)


def compile_script(lesson: Lesson) -> Script:
    entries = [Entry(seat, move, None) for seat, move in lesson.prelude]
    versions = []
    for index, step in enumerate(lesson.steps):
        versions.append(len(entries))
        entries.append(Entry(lesson.learner, step.move, index))
        entries.extend(Entry(seat, move, None) for seat, move in step.replies)
    return Script(lesson, tuple(entries), tuple(versions))


def same_move(a: object, b: object) -> bool:
    """Equal with the same JSON types (``1``, ``1.0`` and ``true`` differ), as the protocol's legality check."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


class LessonBroken(Exception):
    """A lesson's script does not play through its engine: the message says which move and why."""


def replay(rules: Rules, lesson: Lesson) -> list[State]:
    """The states of the lesson, from the engine's setup through every scripted move (``LessonBroken`` for a move
    that is not the mover's turn or not legal at its point)."""
    script = compile_script(lesson)
    state = rules.setup(lesson.players, lesson.seed, dict(lesson.options))
    states = [state]
    for version, entry in enumerate(script.entries):
        where = f"move {version} (step {entry.step + 1})" if entry.step is not None else f"scripted move {version}"
        if entry.seat not in rules.active_seats(state):
            raise LessonBroken(f"{where}: seat {entry.seat} is not to move (active: {rules.active_seats(state)})")
        if not any(same_move(entry.move, legal) for legal in rules.legal_moves(state, entry.seat)):
            raise LessonBroken(f"{where}: {entry.move} is not legal for seat {entry.seat}")
        try:
            state = rules.apply(state, entry.seat, entry.move)
        except IllegalMove as exc:
            raise LessonBroken(f"{where}: {exc}") from exc
        states.append(state)
    return states


@cache
def lesson_for(slug: str) -> Lesson | None:
    """The game's lesson (``apps/<game>/lesson.py``'s ``LESSON``), or None for a game without one."""
    entry = game_entry(slug)
    if entry.app is None:
        return None
    try:
        module = import_module(f"{entry.app}.lesson")
    except ModuleNotFoundError:
        return None
    return getattr(module, "LESSON", None)


@cache
def script_for(slug: str) -> Script | None:
    lesson = lesson_for(slug)
    return None if lesson is None else compile_script(lesson)
