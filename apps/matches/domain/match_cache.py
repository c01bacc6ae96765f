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

A state frame relayed to this process's sockets says a newer version exists (``seen``): the entry goes at once, so
a table whose seats sit on different processes reads before each move, as before, instead of trying a write that
must fail.

The sessions of the movers are kept apart from the matches (the seats of one match are different people), each
as the stored session text its last read returned. Both are bounded (``settings.MOVE_CACHE_MATCHES`` entries each,
least recently used out first); an entry's state is
never changed in place (``Rules.apply`` never mutates its input), only replaced. No library keeps model instances
keyed by a PostgreSQL row version, and what is kept here is valid only together with the guarded write above.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from django.conf import settings

from apps.matches.domain.move_store import Guard
from apps.matches.engine import Hidden
from apps.matches.models import Match, MatchSeat


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


def seen(match_id: int, version: int) -> None:
    """A frame of ``version`` reached one of this process's sockets: anything older that is kept goes."""
    known = _known.get(match_id)
    if known is not None and known.match.version < version:
        del _known[match_id]


def clear() -> None:
    _known.clear()
    _sessions.clear()
