"""A lesson match (``Match.lesson``): where its script stands, and what that allows.

The engine is untouched: while the script runs, the learner's legal moves are filtered here to the taught move
(``taught_moves``, for the table and the JSON frame) and any other move is refused (``refusal``, in the move
check), and a bot's seat plays its scripted reply (``scripted``, in ``deeds.bot_turn``). Past the script's end
the lesson is done: nothing is filtered, and the bots choose as they always do.
"""

from __future__ import annotations

import json

from apps.matches.engine.lesson import Entry, Script, same_move, script_for
from apps.matches.models import Match

REFUSED = "This is a lesson: use the control the guide points at."


def script_of(match: Match) -> Script | None:
    return script_for(match.game) if match.lesson else None


def scripted(match: Match) -> Entry | None:
    """The scripted move the lesson awaits now; None for another match, or once the lesson is played out."""
    script = script_of(match)
    return None if script is None else script.entry_at(match.version)


def taught_moves(match: Match, seat: int, moves: list) -> list:
    """``moves`` (the seat's legal moves now), kept to the one the lesson awaits of this seat, if any."""
    entry = scripted(match)
    if entry is None:
        return moves
    if entry.seat != seat:
        return []
    return [move for move in moves if same_move(move, entry.move)]


def refusal(match: Match, seat: int, move: object) -> str:
    """Why the lesson refuses this move now ("" if it is the one awaited, or the lesson is over)."""
    entry = scripted(match)
    if entry is None or (entry.seat == seat and same_move(move, entry.move)):
        return ""
    return REFUSED


def callout(match: Match, seat: int | None) -> dict | None:
    """What the learner's callout says now (None for anyone else, or another match): the step, its instruction
    and the rules' own words, the taught move (for the page to point at its control) and whether it is awaited
    now or the bots are replying; once every step is played, ``complete``."""
    script = script_of(match)
    if script is None or seat != script.lesson.learner:
        return None
    steps = script.lesson.steps
    # Complete once the script is played out (the bots' last replies too): the learner is to move again then, so
    # on a phone the callout is in the decision bar that sticks in view.
    index = min(script.step_index(match.version), len(steps) - 1)
    if script.entry_at(match.version) is None:
        return {"complete": True, "total": len(steps), "done": script.lesson.done, "game": match.game}
    step = steps[index]
    return {"complete": False, "number": index + 1, "total": len(steps), "do": step.do, "rule": step.rule,
            "move": step.move, "move_json": json.dumps(step.move, separators=(",", ":")),
            "awaiting": script.step_versions[index] == match.version, "game": match.game}
