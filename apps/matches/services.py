"""Starting matches and accepting moves: the only code that changes a match.

``submit_move`` is a compare-and-swap on the version column inside one
transaction: the move is applied only if the match is still at the version the
client saw, and the move log gets exactly one row per version. Frames go out
after commit.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.matches import bots, push
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


def start_match(game: str, seats: list[SeatSpec], options: dict | None = None, seed: int | None = None) -> Match:
    rules = engine(game)
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise ValueError(f"{rules.title} takes {rules.min_players} to {rules.max_players} players.")
    seed = secrets.randbits(62) if seed is None else seed
    options = dict(options or {})
    state = rules.setup(len(seats), seed, options)
    with transaction.atomic():
        match = Match.objects.create(game=game, seed=seed, options=options, state=state)
        MatchSeat.objects.bulk_create(
            MatchSeat(match=match, index=i, user=spec.user, bot=spec.bot, name=spec.name)
            for i, spec in enumerate(seats)
        )
        transaction.on_commit(lambda: push.state_changed(match.pk))
    return match


def submit_move(match_id: int, seat: int, move: Any, version: Any, client_id: str = "") -> MoveResult:
    """Apply ``move`` for ``seat`` if the match is still at ``version``; never raises for bad input."""
    if not isinstance(version, int) or isinstance(version, bool):
        return MoveResult(False, -1, "bad_request", "A move needs the integer version you saw.")
    if not isinstance(client_id, str) or len(client_id) > MAX_CLIENT_ID:
        return MoveResult(False, -1, "bad_request", f"A move id is a string of at most {MAX_CLIENT_ID} characters.")
    try:
        with transaction.atomic():
            return _submit(match_id, seat, move, version, client_id)
    except IntegrityError:
        # Another submission took this version (or this id) first.
        return _answer_for_lost_race(match_id, seat, client_id)


def _submit(match_id: int, seat: int, move: Any, version: int, client_id: str) -> MoveResult:
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return MoveResult(False, -1, "forbidden", "No such match.")
    if client_id:
        earlier = _earlier_move(match_id, seat, client_id)
        if earlier is not None:
            return earlier
    if match.status != Match.Status.RUNNING:
        return MoveResult(False, match.version, "illegal_move", "The match is over.")
    if version != match.version:
        return MoveResult(False, match.version, "stale_version",
                          f"The table has moved on (version {match.version}); your page was at {version}.")
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
    if Match.objects.filter(pk=match_id, version=version).update(**fields) != 1:
        raise IntegrityError("version taken")
    MoveLog.objects.create(match_id=match_id, version=version + 1, seat=seat, move=move, client_id=client_id)
    if outcome is not None:
        _record_results(match_id, outcome)
    transaction.on_commit(lambda: push.state_changed(match_id))
    return MoveResult(True, version + 1)


def _earlier_move(match_id: int, seat: int, client_id: str) -> MoveResult | None:
    logged = MoveLog.objects.filter(match_id=match_id, client_id=client_id).values("seat", "version").first()
    if logged is None:
        return None
    if logged["seat"] != seat:
        return MoveResult(False, -1, "bad_request", "That move id was used by another seat.")
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
            return submit_move(match_id, seat, move, match.version).ok
    return False


def has_waiting_bot(match_id: int) -> bool:
    match = Match.objects.filter(pk=match_id, status=Match.Status.RUNNING).only("game", "state").first()
    if match is None:
        return False
    bots = set(MatchSeat.objects.filter(match=match).exclude(bot="").values_list("index", flat=True))
    return bool(bots.intersection(engine(match.game).active_seats(match.state)))


def post_chat(room: str, user, text: Any, max_length: int) -> ChatMessage:
    """Store a chat line; ValueError with a readable message for anything unacceptable."""
    if not isinstance(text, str):
        raise ValueError("A chat message is text.")
    text = text.strip()
    if not text:
        raise ValueError("An empty message was not sent.")
    if len(text) > max_length:
        raise ValueError(f"A chat message is at most {max_length} characters.")
    return ChatMessage.objects.create(room=room, user=user, name=user.username, text=text)
