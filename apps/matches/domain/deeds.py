"""Deeds: the only code that changes a match or its chat (Zulip's ``do_*``), each after its checks (``checks``).

A move has one path with two entries over the same checks and the same two ``move_store`` statements:
``ado_move`` on the event loop (a connection of the loop's own pool, ``loop_db``) and ``do_move`` in the database
thread. Either is a compare-and-swap on the version column: the move is applied only if the match is still at the
version the client saw, and the state and the move log's one row for that version are written together, all or
nothing. What changed is announced after commit (``events``). On the loop the write also needs the match row, its
seats and the mover's session as read (``move_store.Guard``), so a match this process wrote last is kept
(``match_cache``) and its next move skips the read.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

import psycopg
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from apps.accounts.sessions import session_check
from apps.matches.domain import bots, lessons, loop_db, match_cache, move_store, timekeeper
from apps.matches.domain.checks import (
    MoveResult,
    PlannedMove,
    check_chat_text,
    check_may_chat,
    check_move,
    check_move_frame,
    check_player_count,
    check_signed_in,
)
from apps.matches.domain.events import send_event_now, send_event_on_commit
from apps.matches.domain.presence import every_listener_sql, listening_sql
from apps.matches.domain.results import record_results
from apps.matches.engine import clock as clocks
from apps.matches.engine import engine
from apps.matches.models import ChatMessage, Match, MatchSeat, MoveLog
from apps.ratings.services import check_may_be_rated

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat when a match starts: a user, or a bot of some kind."""

    name: str
    user: Any = None
    bot: str = ""


def do_start_match(game: str, seats: list[SeatSpec], options: dict | None = None, seed: int | None = None,
                   pace: str = Match.Pace.LIVE, away_timeout: int = 180, rated: bool = False,
                   time_control: str = "none") -> Match:
    """A new match; ``rated``: its result moves its players' ratings, which only signed-up people at every seat
    allow (``NotRateable``, a ValueError, otherwise); ``time_control``: its clock (``engine/clock.parse``; a
    ``BadTimeControl``, a ValueError, for anything else). An own-pace clock makes the match own pace."""
    rules = engine(game)
    check_player_count(rules, len(seats))
    if rated:
        check_may_be_rated(game, [None if spec.bot else spec.user for spec in seats])
    seed = secrets.randbits(62) if seed is None else seed
    options = dict(options or {})
    control = clocks.parse(time_control)
    state = rules.setup(len(seats), seed, options)
    clock = None if control is None else clocks.start(control, len(seats), rules.active_seats(state),
                                                      timekeeper.now_ms())
    if control is not None:
        pace = Match.Pace.OWN_PACE if control["kind"] == clocks.OWN_PACE else Match.Pace.LIVE
    with transaction.atomic():
        match = Match.objects.create(game=game, seed=seed, options=options, state=state, pace=pace,
                                     away_timeout=away_timeout, rated=rated, clock=clock)
        MatchSeat.objects.bulk_create(
            MatchSeat(match=match, index=i, user=spec.user, bot=spec.bot, name=spec.name)
            for i, spec in enumerate(seats)
        )
        send_event_on_commit("state", match_id=match.pk)
    return match


def do_human_move(match_id: int, seat: int, move: Any, version: Any, client_id: str = "",
                  signed_in: tuple[int, str | None] | None = None) -> MoveResult:
    """A move from a person at their seat: refused while a bot plays that seat.

    ``signed_in`` (user id, session key): the session the move comes from, checked in the move's own read;
    ``SessionEnded`` if it no longer stands.
    """
    return do_move(match_id, seat, move, version, client_id, by_bot=False, signed_in=signed_in)


def do_move(match_id: int, seat: int, move: Any, version: Any, client_id: str = "",
            by_bot: bool | None = None, signed_in: tuple[int, str | None] | None = None) -> MoveResult:
    """Apply ``move`` for ``seat`` if the match is still at ``version``; never raises for bad input.

    ``by_bot`` says who moves (None: not checked), so a person cannot move for a seat a bot plays and a bot
    stops the moment its seat is handed back.
    """
    malformed = check_move_frame(version, client_id)
    if malformed:
        check_signed_in(signed_in)  # a signed-out socket hears that before what is wrong with its frame
        return MoveResult(False, -1, "bad_request", malformed)
    try:
        return _move(match_id, seat, move, version, client_id, by_bot, signed_in)
    except IntegrityError:
        # Another submission took this version (or this id) first.
        return _answer_for_lost_race(match_id, seat, client_id)


@dataclass(frozen=True)
class ToThread:
    """The one hand-off of the move path: ``ado_move`` leaves this move to ``do_move`` in the database thread,
    having written nothing (``tell_table``: unless a write may have committed unreported, so the table must hear
    the state). These are the rarer moves, whose answer needs the ORM or a transaction:
    - the loop has no connections (not PostgreSQL, or ``settings.MOVE_CONNECTIONS`` is 0);
    - the mover has no database session to check in the move's own read (not signed in, or sessions kept elsewhere);
    - a malformed frame (a signed-out socket must hear that first, which takes the session's own read);
    - a move that may be a resend (its id given, its version not the match's): its id is looked for in the log;
    - the last move of a match, which commits with the results;
    - a write that lost a race, reused an id, or whose connection failed;
    - a write that found the match, its seats or the mover's session changed since its read.
    """

    tell_table: bool = False


async def ado_move(match_id: int, seat: int, move: Any, version: Any, client_id: Any,
                   signed_in: tuple[int, str | None] | None) -> MoveResult | ToThread:
    """``do_human_move`` on the event loop: the answer to a person's move, or ``ToThread``.

    A written move is announced (``events.send_event_now``) before this returns, with no wait in between.
    Raises ``SessionEnded`` if ``signed_in`` (user id, session key) no longer stands.
    """
    if not loop_db.enabled() or signed_in is None or check_move_frame(version, client_id):
        return ToThread()
    user_id, key = signed_in
    check = session_check(user_id, key) if key else None
    if check is None:
        return ToThread()
    writing = False
    try:
        async with loop_db.connection() as conn:
            known = match_cache.get(match_id, version, signed_in)
            if known is not None:  # one round trip, if nothing changed since this process wrote the match
                writing = True
                answer = await _move_known(conn, known, seat, move, version, client_id, check, signed_in)
                if answer is not None:
                    return answer
                writing = False
                match_cache.drop(match_id)  # something changed, or a refusal: answered from what is read now
            match, rows, guard = await move_store.aload(conn, match_id, check, signed_in)
            if match is None or guard is None:
                return MoveResult(False, -1, "forbidden", "No such match.")
            if client_id and (match.status != Match.Status.RUNNING or version != match.version):
                return ToThread()  # perhaps a resend: the thread looks for its id in the log
            plan = check_move(match, rows, seat, move, version, client_id, by_bot=False)
            if isinstance(plan, MoveResult):
                return plan
            if plan.outcome is not None:
                return ToThread()
            writing = True
            row_version, listening = await move_store.awrite_then_read(
                conn, match_id, version, plan.fields, plan.log, every_listener_sql(match_id), guard, check,
                plan.state_text)
    except psycopg.IntegrityError:
        match_cache.drop(match_id)
        return ToThread()  # another move took this version, or this id was used before: nothing was written
    except psycopg.Error as exc:
        match_cache.drop(match_id)
        logger.warning("Match %s: a move on the loop's connection failed (%s); the database thread answers it",
                    match_id, exc)
        return ToThread(tell_table=writing)
    if row_version is None:
        return ToThread()  # the match, its seats or the session changed since the read: the thread reads again
    return _moved_on_loop(match, plan, rows, frozenset(listening), guard, row_version, seat, signed_in)


async def _move_known(conn: psycopg.AsyncConnection, known: match_cache.Known, seat: int, move: Any, version: int,
                      client_id: str, check: tuple[str, list], signed_in: tuple[int, str | None]) -> MoveResult | None:
    """The move checked against the match as this process wrote it last, and written only if that still stands:
    its answer, or None if it must be read and checked again (nothing was written). Its frames go to those who
    listened after the last write, as kept: had a socket come or gone since, the match row would have changed
    (``presence.changed``) and the guarded write with it."""
    plan = check_move(known.match, known.rows, seat, move, version, client_id, by_bot=False, hidden=known.hidden)
    if not isinstance(plan, PlannedMove) or plan.outcome is not None:
        return None  # a refusal is given from what is read now, and a last move goes to the thread
    row_version = await move_store.awrite(conn, known.match.pk, version, plan.fields, plan.log, known.guard, check,
                                          plan.state_text)
    if row_version is None:
        return None
    return _moved_on_loop(known.match, plan, known.rows, known.listening, known.guard, row_version, seat, signed_in)


def _moved_on_loop(match: Match, plan: PlannedMove, rows: list[MatchSeat],
                   listening: frozenset[tuple[int | None, str]], guard: move_store.Guard, row_version: str,
                   seat: int, signed_in: tuple[int, str | None]) -> MoveResult:
    """A move of ``seat`` written on the loop over what ``guard`` saw, giving the match row ``row_version``: the
    table is told, with what a process keeping the match needs to follow it, and the match is kept as written
    (``match_cache``)."""
    written = guard.written(row_version)
    step = match_cache.step_of(guard, written, match.version, seat, plan, listening)
    moved(match, plan, rows, listening, step)
    match_cache.put(match_cache.Known(match, rows, written, listening, plan.hidden), signed_in)
    return MoveResult(True, match.version)


def _move(match_id: int, seat: int, move: Any, version: int, client_id: str, by_bot: bool | None,
          signed_in: tuple[int, str | None] | None) -> MoveResult:
    match, rows = move_store.load(match_id, signed_in)
    if match is None:
        return MoveResult(False, -1, "forbidden", "No such match.")
    if client_id and (match.status != Match.Status.RUNNING or version != match.version):
        # A resent move names the version it was first sent at, which the match has since passed; a move at the
        # current version whose id was used before is caught by the log's unique constraint instead.
        earlier = _earlier_move(match_id, seat, client_id)
        if earlier is not None:
            return earlier
    plan = check_move(match, rows, seat, move, version, client_id, by_bot)
    if isinstance(plan, MoveResult):
        return plan
    fields, log, outcome = plan.fields, plan.log, plan.outcome
    listening = None
    if outcome is None and not transaction.get_connection().in_atomic_block:
        # One statement that commits on its own; who listens is read after it, in the same round trip (read
        # before the commit, a page joining in between could be left behind).
        written, rows_listening = move_store.write_then_read(match_id, version, fields, log,
                                                             listening_sql(match_id), plan.state_text)
        listening = set(rows_listening)
    else:  # the last move commits with the results; inside a caller's transaction, a savepoint keeps a refusal
        with transaction.atomic():
            written = move_store.write(match_id, version, fields, log, plan.state_text)
            if written and outcome is not None:
                record_results(match_id, outcome)
    if not written:
        raise IntegrityError("version taken")
    # The broadcast renders from what this transaction wrote instead of reading it back.
    transaction.on_commit(lambda: moved(match, plan, rows, listening))
    return MoveResult(True, version + 1)


def moved(match: Match, plan: PlannedMove, rows: list[MatchSeat],
          listening: AbstractSet[tuple[int | None, str]] | None, step: dict | None = None) -> None:
    """After a planned move was written: the loaded match becomes the new one, and the table is told (``step``:
    for the seats' frames, ``match_cache.step_of``)."""
    for name, value in plan.fields.items():
        setattr(match, name, value)
    send_event_now("state", match_id=match.pk, match=match, rows=rows, listening=listening, step=step)


def _earlier_move(match_id: int, seat: int, client_id: str) -> MoveResult | None:
    logged = MoveLog.objects.filter(match_id=match_id, client_id=client_id).values("seat", "version").first()
    if logged is None:
        return None
    if logged["seat"] != seat:
        return MoveResult(False, -1, "bad_request", "That move id was used by another seat.")
    # A move is resent when its answer never came, perhaps because the process that applied it died before
    # telling the table: tell it now (a page is never sent a version it has, so this costs the others nothing).
    send_event_now("state", match_id=match_id)
    return MoveResult(True, logged["version"], duplicate=True)


def _answer_for_lost_race(match_id: int, seat: int, client_id: str) -> MoveResult:
    if client_id:
        earlier = _earlier_move(match_id, seat, client_id)
        if earlier is not None:
            return earlier
    current = Match.objects.filter(pk=match_id).values_list("version", flat=True).first()
    return MoveResult(False, current if current is not None else -1, "stale_version",
                      "Someone else's move landed first; the table has moved on.")


@dataclass(frozen=True)
class BotTurn:
    """A bot's seat that is to move: everything its choice needs, by value (a worker process may make it)."""

    match_id: int
    game: str
    kind: str
    state: dict
    seat: int
    seed: str  # the bot's generator's seed: the same table, version and seat choose alike
    version: int
    scripted: Any = None  # a lesson's scripted reply (``lessons``): played as it is, nothing chosen


def bot_turn(match_id: int) -> BotTurn | None:
    """The bot whose seat is active and has a move, or None."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.RUNNING).first()
    if match is None:
        return None
    rules = engine(match.game)
    bots_by_seat = dict(MatchSeat.objects.filter(match=match).exclude(bot="").values_list("index", "bot"))
    entry = lessons.scripted(match)
    for seat in rules.active_seats(match.state):
        if entry is not None and entry.seat != seat:
            continue  # a lesson's table moves only as its script says
        if seat in bots_by_seat and rules.legal_moves(match.state, seat):
            return BotTurn(match_id, match.game, bots_by_seat[seat], match.state, seat,
                           f"{match.seed}:{match.version}:{seat}", match.version,
                           scripted=None if entry is None else entry.move)
    return None


def play_bot_turn(turn: BotTurn, move: Any) -> bool:
    """Play the move chosen for ``turn``; False if the table moved on meanwhile (the move is then dropped)."""
    return do_move(turn.match_id, turn.seat, move, turn.version, by_bot=True).ok


def do_bot_move(match_id: int, defer: frozenset[str] = frozenset()) -> bool | BotTurn:
    """If a bot's seat is active, play one move of that bot's kind for it here; True if one was played. A bot whose
    kind is in ``defer`` is not played: its turn is returned, for the caller to choose elsewhere."""
    turn = bot_turn(match_id)
    if turn is None:
        return False
    if turn.scripted is not None:
        return play_bot_turn(turn, turn.scripted)
    if turn.kind in defer:
        return turn
    return play_bot_turn(turn, bots.choose(turn.game, turn.kind, turn.state, turn.seat, random.Random(turn.seed)))


def do_post_chat(room: str, user, text: Any, max_length: int | None = None) -> ChatMessage:
    """Store a chat line, or raise ChatRefused: malformed, too long, muted, or over the rate limit.

    The user's row is locked while counting, so the limit holds across processes and sockets.
    """
    text = check_chat_text(text, max_length)
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        check_may_chat(user)
        return ChatMessage.objects.create(room=room, user=user, name=user.username, text=text)
