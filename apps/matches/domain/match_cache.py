"""The matches this process moved last, kept so that the next move on the event loop need not read its match again.

A move on the loop reads the match with its seats (``move_store.aload``), checks the move, and writes it with a
``move_store.Guard``: the write happens only if the match row, its seats and the mover's session are still as the
read saw them. After such a write this process knows the match exactly as it now stands, and the guard that proves
it: the row version the write returned, the same seats and session. So it keeps them here, with who listened
after the write, and the next move of that match is checked against what is kept and written straight away with
that guard: one statement, where a read, a write and the read of who listens took two round trips. If anything
changed meanwhile (a move from another process, a clock, a moderator, a seat handed to a bot, a session that
ended, a socket that came or went), the guarded write changes nothing and the move is read and checked again as
before.

A state frame relayed to this process's sockets says a newer version exists (``seen``). A move written on the loop
sends with its seats' frames what another process needs to follow it (``step_of``): the move, the row version it was
written over and the one it made, the seats and listeners its guard held, the new column values and the state's
digest. A process that kept the match at exactly that row version applies the move to what it kept, checks the
digest, and keeps the result under the new row version (``follow``): so a table whose seats sit on different
processes, as behind a load balancer, moves with one statement per move too. Any other newer frame, or a step
that does not fit, lets the entry go, and the next move is read first.

The sessions of the movers are kept apart from the matches (the seats of one match are different people), each
as the stored session text its last read returned. Both are bounded (``settings.MOVE_CACHE_MATCHES`` entries each,
least recently used out first); an entry's state is
never changed in place (``Rules.apply`` never mutates its input), only replaced. No library keeps model instances
keyed by a PostgreSQL row version, and what is kept here is valid only together with the guarded write above.
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
from django.conf import settings

from apps.matches.domain.checks import PlannedMove
from apps.matches.domain.move_store import Guard
from apps.matches.engine import Hidden, engine
from apps.matches.models import Match, MatchSeat

# The columns a move on the loop sets beside its state (``checks.check_move``; a last move sets more, and is
# written by the database thread): a step carries them, ``updated_at`` as ISO text.
STEP_FIELDS = frozenset({"state", "version", "updated_at", "undo_seat", "clock", "moved_seats"})


@dataclass(frozen=True)
class Known:
    """A match as this process last wrote it, with the guard under which a write to it still holds."""

    match: Match
    rows: list[MatchSeat]
    guard: Guard
    # Who listened (seat, format) once the write was made, stale rows included (``presence.every_listener_sql``):
    # still so while the guard holds, since a row that comes or goes writes the match row anew.
    listening: frozenset[tuple[int | None, str]]
    # What viewers cannot see of the state, as far as the move that made it asked (``checks.PlannedMove.hidden``).
    hidden: Hidden | None = None


_known: OrderedDict[int, Known] = OrderedDict()
# The stored session each signed-in socket's last read returned, found to name its user: the guard's third part.
_sessions: OrderedDict[tuple[int, str | None], str] = OrderedDict()


def get(match_id: int, version: int, signed_in: tuple[int, str | None]) -> Known | None:
    """What is kept of the match if it is at ``version`` and a session of ``signed_in`` is known, with a guard
    naming that session."""
    known = _known.get(match_id)
    session_data = _sessions.get(signed_in)
    if known is None or session_data is None or known.match.version != version:
        return None
    _known.move_to_end(match_id)
    _sessions.move_to_end(signed_in)
    return Known(known.match, known.rows, known.guard.of_session(session_data), known.listening, known.hidden)


def put(known: Known, signed_in: tuple[int, str | None]) -> None:
    """Keep ``known``, and the session it was written from (``signed_in``, its guard's ``session_data``)."""
    _keep(_known, known.match.pk, known)
    _keep(_sessions, signed_in, known.guard.session_data)


def _keep(kept: OrderedDict, key, value) -> None:
    kept[key] = value
    kept.move_to_end(key)
    while len(kept) > settings.MOVE_CACHE_MATCHES:
        kept.popitem(last=False)


def drop(match_id: int) -> None:
    _known.pop(match_id, None)


def step_of(before: Guard, after: Guard, version: int, seat: int, plan: PlannedMove,
            listening: AbstractSet[tuple[int | None, str]]) -> dict | None:
    """What another process needs to follow a move ``seat`` wrote on the loop from ``version`` under ``before``
    (the guard it was checked with), which gave the match row ``after``: plain values, for the channel layer. None
    for a move that sets columns a step does not carry, or whose state orjson did not write."""
    if plan.state_text is None or not STEP_FIELDS.issuperset(plan.fields):
        return None
    step: dict[str, Any] = {"from": version, "base": before.row_version, "row": after.row_version,
                            "seats": before.seats, "by": seat, "state": plan.state_text,
                            "listening": [list(key) for key in listening]}
    for name, value in plan.fields.items():
        if name != "state":
            step[name] = value.isoformat() if isinstance(value, datetime) else value
    return step


def seen(match_id: int, version: int, step: dict | None = None, stepped: bool = False) -> None:
    """A frame of ``version`` reached one of this process's sockets: anything older that is kept goes, unless
    ``step`` (``step_of``) brings it to ``version``, or the frame says its move's step went with other seats'
    frames (``stepped``: a spectator's frame, say, which may come before them). An entry that no step brings up to
    date is never used: the next move names a newer version than it has."""
    known = _known.get(match_id)
    if known is None or known.match.version >= version or (step is None and stepped):
        return
    followed = follow(known, step) if step is not None else None
    if followed is None or followed.match.version != version:
        del _known[match_id]
    else:
        _known[match_id] = followed


def follow(known: Known, step: dict) -> Known | None:
    """``known`` as the move of ``step`` left it, under the guard its write left; None unless ``known`` is the
    very row the move was written over (its version, row version and seats). The state is the text the move
    wrote, read as a read of the row would read it: working it out again (``Rules.apply``, and the digest to check
    it by) cost Chronicle's follower more than the read it saves."""
    if (step["from"] != known.match.version or step["base"] != known.guard.row_version
            or step["seats"] != known.guard.seats):
        return None
    state = orjson.loads(step["state"])
    match = copy.copy(known.match)  # the kept instance may be in use by a move on its way
    match.state = state
    for name in STEP_FIELDS - {"state"}:
        if name in step:
            value = step[name]
            setattr(match, name, datetime.fromisoformat(value) if name == "updated_at" else value)
    listening = frozenset((seat, fmt) for seat, fmt in step["listening"])
    return Known(match, known.rows, known.guard.written(step["row"]), listening, Hidden(engine(match.game), state))


def clear() -> None:
    _known.clear()
    _sessions.clear()
