"""Checks: what is refused before anything is written (Zulip's ``check_*``), and the answers they give.

A check writes nothing. It refuses bad input with the protocol's error codes and words: a ``MoveResult`` that is
not ok for a move, ``ChatRefused`` for a chat line, ``SessionEnded`` for a socket whose session ended. The deeds
(``deeds``) call them and write only what they let through.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import orjson
from django.conf import settings
from django.utils import timezone

from apps.accounts.sessions import SessionEnded, still_signed_in
from apps.common.bidi import strip_bidi_controls
from apps.matches.domain import lessons, timekeeper
from apps.matches.engine import Hidden, IllegalMove, Rules, engine
from apps.matches.engine import clock as clocks
from apps.matches.models import ChatMessage, Match, MatchSeat
from apps.moderation.selectors import active_mute

MAX_CLIENT_ID = 64


@dataclass(frozen=True)
class MoveResult:
    ok: bool
    version: int
    code: str = ""
    message: str = ""
    duplicate: bool = False


@dataclass(frozen=True)
class PlannedMove:
    """A legal move's consequences, to be written if the match is still at the version it was planned from."""

    fields: dict[str, Any]  # the match's new column values
    log: dict[str, Any]  # the move log row, less match and version
    outcome: dict | None  # not None when the move ends the match
    # The new state as JSON, as its digest was taken of it (``state_text``), for the write to store as it is; None
    # where orjson refused it.
    state_text: bytes | None = None
    # What each viewer cannot see of the new state, as far as the check asked (``Rules.undoable``), for the next
    # move's check to start from (``match_cache``).
    hidden: Hidden | None = None


class ChatRefused(Exception):
    """A chat line that was not stored; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def state_digest(state: dict, text: bytes | None = None) -> str:
    """A fingerprint of a state, logged with each move so a replay can be checked against the record
    (``digest_matches``): the SHA-256 of the state as orjson writes it with its keys sorted (``state_text``, given
    as ``text`` if already written). Written by ``json`` instead, as the moves logged before this form were, it took
    a twelfth of a move's CPU (py-spy of ``bench/move_path.py``); ``json``'s form is kept for what orjson refuses (a
    key that is not a string, an integer beyond 64 bits)."""
    text = state_text(state) if text is None else text
    return _json_digest(state) if text is None else hashlib.sha256(text).hexdigest()


def state_text(state: dict) -> bytes | None:
    """The state as orjson writes it with its keys sorted, which its digest is taken of and a move stores; None for
    a state orjson refuses."""
    try:
        return orjson.dumps(state, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # (orjson.JSONEncodeError is one)
        return None


def _json_digest(state: dict) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def digest_matches(state: dict, digest: str) -> bool:
    """Whether ``digest``, logged with a move, is the fingerprint of ``state``, in either form it was written in."""
    return digest == state_digest(state) or digest == _json_digest(state)


def check_player_count(rules: Rules, players: int) -> None:
    """ValueError unless the game takes that many players."""
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(f"{rules.title} takes {rules.min_players} to {rules.max_players} players.")


def check_signed_in(signed_in: tuple[int, str | None] | None) -> None:
    """``SessionEnded`` if ``signed_in`` (user id, session key) is given and no longer stands."""
    if signed_in is not None and not still_signed_in(*signed_in):
        raise SessionEnded


def check_move_frame(version: Any, client_id: Any) -> str:
    """What is wrong with a move frame's version or id, or "" if nothing is."""
    if not isinstance(version, int) or isinstance(version, bool):
        return "A move needs the integer version you saw."
    if not isinstance(client_id, str) or len(client_id) > MAX_CLIENT_ID:
        return f"A move id is a string of at most {MAX_CLIENT_ID} characters."
    return ""


def check_move(match: Match, rows: list[MatchSeat], seat: int, move: Any, version: int, client_id: str,
               by_bot: bool | None, hidden: Hidden | None = None) -> MoveResult | PlannedMove:
    """Judge a move against the match as loaded (a refusal), or work out what it changes; touches no database.

    A resent move (its id used before) must have been looked for already: here a version that is not the
    match's is stale. ``hidden``: what is known of what viewers cannot see of ``match.state`` (another state's
    is not used).
    """
    if match.status != Match.Status.RUNNING:
        return MoveResult(False, match.version, "illegal_move", "The match is over.")
    if version != match.version:
        return MoveResult(False, match.version, "stale_version",
                          f"The table has moved on (version {match.version}); your page was at {version}.")
    if by_bot is not None:
        played_by_bot = any(row.index == seat and row.bot for row in rows)
        if played_by_bot != by_bot:
            return MoveResult(False, match.version, "forbidden", "A bot plays this seat now; take it back first."
                              if played_by_bot else "This seat is a person's again.")
    rules = engine(match.game)
    if seat not in rules.active_seats(match.state):
        return MoveResult(False, match.version, "not_your_turn", "It is not your turn.")
    if out_of_real_time(match, rows, seat):
        return MoveResult(False, match.version, "forbidden", OUT_OF_REAL_TIME)
    if match.lesson and (refused := lessons.refusal(match, seat, move)):
        return MoveResult(False, match.version, "illegal_move", refused)
    try:
        new_state = rules.apply(match.state, seat, move)
    except IllegalMove as exc:
        return MoveResult(False, match.version, "illegal_move", str(exc))
    outcome = rules.outcome(new_state)
    now = timezone.now()
    fields: dict[str, Any] = {"state": new_state, "version": version + 1, "updated_at": now}
    if outcome is not None:
        fields.update(status=Match.Status.FINISHED, outcome=outcome, finished_at=now)
    if match.clock is not None:  # the time spent up to now, and whose clocks run from here
        fields["clock"] = clocks.after_move(match.clock, rules.active_seats(new_state), timekeeper.now_ms(),
                                            over=outcome is not None)
    mover = next((row for row in rows if row.index == seat), None)
    played_by_bot = bool(mover and mover.bot)
    # A person's step may be taken back (``undo``) if the rules say nothing was revealed; asked here, where both
    # states are at hand, and kept with the move, so the table knows without replaying anything.
    hidden_before = hidden if hidden is not None and hidden.state is match.state else Hidden(rules, match.state)
    hidden_after = Hidden(rules, new_state)
    # (A lesson's step is never taken back: its script is counted in versions.)
    undoable = (outcome is None and not played_by_bot and not match.lesson
                and rules.undoable(match.state, seat, move, new_state, (hidden_before, hidden_after)))
    fields["undo_seat"] = seat if undoable else None
    if seat not in match.moved_seats:  # (an abort is open until every seat has moved: ``leaving``)
        fields["moved_seats"] = sorted([*match.moved_seats, seat])
    text = state_text(new_state)
    log = {"seat": seat, "move": move, "client_id": client_id, "state_digest": state_digest(new_state, text),
           "player": mover.name if mover else "", "by_bot": bool(played_by_bot and mover and mover.user_id),
           "undoable": undoable}
    return PlannedMove(fields, log, outcome, text, hidden_after)


OUT_OF_REAL_TIME = "Your clock has run out; you cannot move any more."


def out_of_real_time(match: Match, rows: list[MatchSeat], seat: int) -> bool:
    """Whether ``seat`` is a person's whose real-time clock ran out (a bot playing the seat still moves)."""
    if match.clock is None or match.clock["kind"] != clocks.REAL_TIME:
        return False
    if any(row.index == seat and row.bot for row in rows):
        return False
    return seat in clocks.out_of_time(match.clock, timekeeper.now_ms())


def check_chat_text(text: Any, max_length: int | None = None) -> str:
    """The chat line as it is stored (stripped of spaces at the ends and of bidi controls), or ChatRefused: not
    text, empty, or too long."""
    max_length = max_length or settings.CHAT_MAX_LENGTH
    if not isinstance(text, str):
        raise ChatRefused("bad_request", "A chat message is text.")
    text = strip_bidi_controls(text).strip()
    if not text:
        raise ChatRefused("bad_request", "An empty message was not sent.")
    if len(text) > max_length:
        raise ChatRefused("bad_request", f"A chat message is at most {max_length} characters.")
    return text


def check_may_chat(user) -> None:
    """ChatRefused if the user is muted or over the chat rate limit; the caller holds the user's row locked, so
    the count holds across processes and sockets."""
    mute = active_mute(user)
    if mute is not None:
        until = timezone.localtime(mute.ends_at).strftime("%H:%M") if mute.ends_at else "further notice"
        raise ChatRefused("forbidden", f"You are muted in chat until {until}.")
    limit, seconds = settings.CHAT_RATE_LIMIT
    since = timezone.now() - timedelta(seconds=seconds)
    if ChatMessage.objects.filter(user=user, created_at__gte=since).count() >= limit:
        raise ChatRefused("rate_limited", f"At most {limit} messages in {seconds} seconds; wait a moment.")
