"""Starting matches and accepting moves: the only code that changes a match.

``submit_move`` is a compare-and-swap on the version column: the move is
applied only if the match is still at the version the client saw, and the
state and the move log's one row for that version are written together, all
or nothing (``move_store``). Frames go out after commit.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.accounts.sessions import SessionEnded, still_signed_in
from apps.matches import bots, liveness, move_store, push
from apps.matches.models import ChatMessage, Match, MatchSeat, MoveLog
from apps.matches.registry import engine
from apps.matches.rules import IllegalMove

MAX_CLIENT_ID = 64


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat when a match starts: a user, or a bot of some kind."""

    name: str
    user: Any = None
    bot: str = ""


@dataclass(frozen=True)
class MoveResult:
    ok: bool
    version: int
    code: str = ""
    message: str = ""
    duplicate: bool = False


def state_digest(state: dict) -> str:
    """A fingerprint of a state, logged with each move so a replay can be checked against the record."""
    return hashlib.sha256(json.dumps(state, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def start_match(game: str, seats: list[SeatSpec], options: dict | None = None, seed: int | None = None,
                pace: str = Match.Pace.LIVE, away_timeout: int = 180) -> Match:
    rules = engine(game)
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise ValueError(f"{rules.title} takes {rules.min_players} to {rules.max_players} players.")
    seed = secrets.randbits(62) if seed is None else seed
    options = dict(options or {})
    state = rules.setup(len(seats), seed, options)
    with transaction.atomic():
        match = Match.objects.create(game=game, seed=seed, options=options, state=state, pace=pace,
                                     away_timeout=away_timeout)
        MatchSeat.objects.bulk_create(
            MatchSeat(match=match, index=i, user=spec.user, bot=spec.bot, name=spec.name)
            for i, spec in enumerate(seats)
        )
        transaction.on_commit(lambda: push.state_changed(match.pk))
    return match


def submit_human_move(match_id: int, seat: int, move: Any, version: Any, client_id: str = "",
                      signed_in: tuple[int, str | None] | None = None) -> MoveResult:
    """A move from a person at their seat: refused while a bot plays that seat.

    ``signed_in`` (user id, session key): the session the move comes from, checked in the move's own read;
    ``SessionEnded`` if it no longer stands.
    """
    return submit_move(match_id, seat, move, version, client_id, by_bot=False, signed_in=signed_in)


def submit_move(match_id: int, seat: int, move: Any, version: Any, client_id: str = "",
                by_bot: bool | None = None, signed_in: tuple[int, str | None] | None = None) -> MoveResult:
    """Apply ``move`` for ``seat`` if the match is still at ``version``; never raises for bad input.

    ``by_bot`` says who moves (None: not checked), so a person cannot move for a seat a bot plays and a bot
    stops the moment its seat is handed back.
    """
    malformed = malformed_move(version, client_id)
    if malformed:
        if signed_in is not None and not still_signed_in(*signed_in):
            raise SessionEnded  # a signed-out socket hears that before what is wrong with its frame
        return MoveResult(False, -1, "bad_request", malformed)
    try:
        return _submit(match_id, seat, move, version, client_id, by_bot, signed_in)
    except IntegrityError:
        # Another submission took this version (or this id) first.
        return _answer_for_lost_race(match_id, seat, client_id)


def malformed_move(version: Any, client_id: Any) -> str:
    """What is wrong with a move frame's version or id, or "" if nothing is."""
    if not isinstance(version, int) or isinstance(version, bool):
        return "A move needs the integer version you saw."
    if not isinstance(client_id, str) or len(client_id) > MAX_CLIENT_ID:
        return f"A move id is a string of at most {MAX_CLIENT_ID} characters."
    return ""


def _submit(match_id: int, seat: int, move: Any, version: int, client_id: str, by_bot: bool | None,
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
    plan = plan_move(match, rows, seat, move, version, client_id, by_bot)
    if isinstance(plan, MoveResult):
        return plan
    fields, log, outcome = plan.fields, plan.log, plan.outcome
    listening = None
    if outcome is None and not transaction.get_connection().in_atomic_block:
        # One statement that commits on its own; who listens is read after it, in the same round trip (read
        # before the commit, a page joining in between could be left behind).
        written, rows_listening = move_store.write_then_read(match_id, version, fields, log,
                                                             liveness.listening_sql(match_id))
        listening = set(rows_listening)
    else:  # the last move commits with the results; inside a caller's transaction, a savepoint keeps a refusal
        with transaction.atomic():
            written = move_store.write(match_id, version, fields, log)
            if written and outcome is not None:
                _record_results(match_id, outcome)
    if not written:
        raise IntegrityError("version taken")
    # The broadcast renders from what this transaction wrote instead of reading it back.
    transaction.on_commit(lambda: moved(match, plan, rows, listening))
    return MoveResult(True, version + 1)


@dataclass(frozen=True)
class PlannedMove:
    """A legal move's consequences, to be written if the match is still at the version it was planned from."""

    fields: dict[str, Any]  # the match's new column values
    log: dict[str, Any]  # the move log row, less match and version
    outcome: dict | None  # not None when the move ends the match


def plan_move(match: Match, rows: list[MatchSeat], seat: int, move: Any, version: int, client_id: str,
              by_bot: bool | None) -> MoveResult | PlannedMove:
    """Judge a move against the match as loaded (a refusal), or work out what it changes; touches no database.

    A resent move (its id used before) must have been looked for already: here a version that is not the
    match's is stale.
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
    try:
        new_state = rules.apply(match.state, seat, move)
    except IllegalMove as exc:
        return MoveResult(False, match.version, "illegal_move", str(exc))
    outcome = rules.outcome(new_state)
    now = timezone.now()
    fields: dict[str, Any] = {"state": new_state, "version": version + 1, "updated_at": now}
    if outcome is not None:
        fields.update(status=Match.Status.FINISHED, outcome=outcome, finished_at=now)
    mover = next((row for row in rows if row.index == seat), None)
    log = {"seat": seat, "move": move, "client_id": client_id, "state_digest": state_digest(new_state),
           "player": mover.name if mover else "", "by_bot": bool(mover and mover.bot and mover.user_id)}
    return PlannedMove(fields, log, outcome)


def moved(match: Match, plan: PlannedMove, rows: list[MatchSeat], listening: set | None) -> None:
    """After a planned move was written: the loaded match becomes the new one, and the table is told."""
    for name, value in plan.fields.items():
        setattr(match, name, value)
    push.state_changed(match.pk, match=match, rows=rows, listening=listening)


def _earlier_move(match_id: int, seat: int, client_id: str) -> MoveResult | None:
    logged = MoveLog.objects.filter(match_id=match_id, client_id=client_id).values("seat", "version").first()
    if logged is None:
        return None
    if logged["seat"] != seat:
        return MoveResult(False, -1, "bad_request", "That move id was used by another seat.")
    # A move is resent when its answer never came, perhaps because the process that applied it died before
    # telling the table: tell it now (a page is never sent a version it has, so this costs the others nothing).
    push.state_changed(match_id)
    return MoveResult(True, logged["version"], duplicate=True)


def _answer_for_lost_race(match_id: int, seat: int, client_id: str) -> MoveResult:
    if client_id:
        earlier = _earlier_move(match_id, seat, client_id)
        if earlier is not None:
            return earlier
    current = Match.objects.filter(pk=match_id).values_list("version", flat=True).first()
    return MoveResult(False, current if current is not None else -1, "stale_version",
                      "Someone else's move landed first; the table has moved on.")


def _record_results(match_id: int, outcome: dict) -> None:
    scores = outcome.get("scores") or []
    winners = set(outcome.get("winners") or [])
    if outcome.get("won") is not None:  # co-operative: everyone shares the result
        winners = set(range(len(scores))) if outcome["won"] else set()
    for seat in MatchSeat.objects.filter(match_id=match_id):
        seat.score = scores[seat.index] if seat.index < len(scores) else None
        seat.is_winner = seat.index in winners
        seat.save(update_fields=["score", "is_winner"])


def play_bot_move(match_id: int) -> bool:
    """If a bot's seat is active, play one move of that bot's kind for it; True if one was played."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.RUNNING).first()
    if match is None:
        return False
    rules = engine(match.game)
    bots_by_seat = dict(MatchSeat.objects.filter(match=match).exclude(bot="").values_list("index", "bot"))
    for seat in rules.active_seats(match.state):
        if seat in bots_by_seat:
            if not rules.legal_moves(match.state, seat):
                continue
            rng = random.Random(f"{match.seed}:{match.version}:{seat}")
            move = bots.choose(match.game, bots_by_seat[seat], match.state, seat, rng)
            return submit_move(match_id, seat, move, match.version, by_bot=True).ok
    return False


def has_waiting_bot(match_id: int) -> bool:
    match = Match.objects.filter(pk=match_id, status=Match.Status.RUNNING).only("game", "state").first()
    if match is None:
        return False
    bots = set(MatchSeat.objects.filter(match=match).exclude(bot="").values_list("index", flat=True))
    return bool(bots.intersection(engine(match.game).active_seats(match.state)))


class ChatRefused(Exception):
    """A chat line that was not stored; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def post_chat(room: str, user, text: Any, max_length: int | None = None) -> ChatMessage:
    """Store a chat line, or raise ChatRefused: malformed, too long, muted, or over the rate limit.

    The user's row is locked while counting, so the limit holds across processes and sockets.
    """
    from apps.moderation.selectors import active_mute

    max_length = max_length or settings.CHAT_MAX_LENGTH
    if not isinstance(text, str):
        raise ChatRefused("bad_request", "A chat message is text.")
    text = text.strip()
    if not text:
        raise ChatRefused("bad_request", "An empty message was not sent.")
    if len(text) > max_length:
        raise ChatRefused("bad_request", f"A chat message is at most {max_length} characters.")
    limit, seconds = settings.CHAT_RATE_LIMIT
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        mute = active_mute(user)
        if mute is not None:
            until = timezone.localtime(mute.ends_at).strftime("%H:%M") if mute.ends_at else "further notice"
            raise ChatRefused("forbidden", f"You are muted in chat until {until}.")
        since = timezone.now() - timedelta(seconds=seconds)
        if ChatMessage.objects.filter(user=user, created_at__gte=since).count() >= limit:
            raise ChatRefused("rate_limited", f"At most {limit} messages in {seconds} seconds; wait a moment.")
        return ChatMessage.objects.create(room=room, user=user, name=user.username, text=text)


def chat_payload(message: ChatMessage, **extra) -> dict:
    return {"type": "chat", "id": message.pk, "name": message.name, "text": message.text,
            "at": timezone.localtime(message.created_at).strftime("%H:%M"), **extra}
