"""Sending frames to everyone at a match through the channel layer, after commit: what the domain announces
(``domain.events``, heard by ``on_event``) and what the sockets ask for.

One frame per viewer group per change: each seat gets its own view, spectators
the public one, in the format their socket asked for.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from contextvars import ContextVar

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.utils import timezone

from apps.lobbies.push import lobby_group
from apps.matches.domain import timekeeper
from apps.matches.domain.presence import alive
from apps.matches.domain.presence import listening as listening_now
from apps.matches.engine import engine
from apps.matches.live import frames, protocol, regions
from apps.matches.models import Match, MatchSeat, Presence

# The messages a caller sends itself, or None: per context, so a consumer's task may collect the pushes of a move it
# awaits on the loop while other tasks run (a thread's function runs in a copy of its caller's context).
_outbox: ContextVar[list[tuple[str, dict]] | None] = ContextVar("push_outbox", default=None)


def on_event(kind: str, data: dict) -> None:
    """Push what the domain announced (``domain.events``); names are looked up at each call, so a test may
    replace one of them."""
    if kind == "notices":  # a player's notices changed: their pages show the unread count
        tell_user(data["user_id"], protocol.notices(data["unread"]))
        return
    match_id = data["match_id"]
    if kind == "state":
        state_changed(match_id, match=data.get("match"), rows=data.get("rows"), listening=data.get("listening"),
                      step=data.get("step"))
    elif kind == "presence":
        presence_changed(match_id)
    elif kind == "notice":
        notice(match_id, data["message"], over=data.get("over", False))
    elif kind == "bots":
        wake_bots(match_id)
    else:
        raise ValueError(f"Unknown announcement {kind!r}")


def _send(group: str, event: dict) -> None:
    _send_all([(group, event)])


def _send_all(messages: list[tuple[str, dict]]) -> None:
    """Send several group messages in one hop to the event loop (one Redis round of connections, not N);
    inside ``deferred()`` they are kept for the caller to send instead."""
    if not messages:
        return
    box = _outbox.get()
    if box is not None:
        box.extend(messages)
        return
    async_to_sync(send_now)(messages)


async def send_now(messages: list[tuple[str, dict]]) -> None:
    if messages:
        layer = get_channel_layer()
        await asyncio.gather(*(layer.group_send(group, event) for group, event in messages))


@contextmanager
def deferred():
    """Collect, rather than send, the messages pushed in this context (a consumer sends them from its loop)."""
    box: list[tuple[str, dict]] = []
    token = _outbox.set(box)
    try:
        yield box
    finally:
        _outbox.reset(token)


def state_changed(match_id: int, match: Match | None = None, rows: list[MatchSeat] | None = None,
                  listening: AbstractSet[tuple[int | None, str]] | None = None, step: dict | None = None) -> None:
    """Render the new state once for each viewer group that has a socket in it, and send it; the frames of the
    seats that did not move carry ``step`` (``match_cache.step_of``), for a process that keeps the match to follow
    the move (the mover's own process keeps it already), and the others say that they did.

    A socket joins its group before it registers its presence and then reads the current state itself,
    so skipping empty groups can never leave a page behind, as long as ``listening`` (who has a socket here,
    asked if not given) was read after the change committed.
    """
    match = match or Match.objects.filter(pk=match_id).first()
    if match is None:
        return
    if listening is None:
        listening = listening_now(match_id)
    rows = frames.named(rows) if rows is not None else frames.seat_rows(match)
    names = [row.display_name for row in rows]
    bot_seats = frames.bots_of(rows)
    viewers: list[int | None] = [*range(len(names)), None]
    heard = [(seat, formats) for seat in viewers
             if (formats := [fmt for fmt in ("html", "json") if (seat, fmt) in listening])]
    rules = engine(match.game)
    views = rules.views(match.state, [seat for seat, _ in heard])  # what viewers see alike is worked out once
    messages = []
    mover = None if step is None else step["by"]
    for (seat, formats), view in zip(heard, views, strict=True):
        for fmt in formats:
            text, rendered = "", None
            if fmt == "json":
                text = frames.json_frame(match, seat, names, bot_seats, view=view)
            else:  # each socket sends its page the regions that changed (``MatchConsumer.send_state``)
                rendered = regions.render(frames.table_context(match, seat, names, bot_seats=bot_seats,
                                                               log_names=frames.log_names(rows), view=view))
            messages.append((frames.viewer_group(match_id, seat, fmt),
                             protocol.relay(text, match.version, step if seat not in (None, mover) else None,
                                            stepped=step is not None, regions=rendered)))
    if match.pace == Match.Pace.OWN_PACE and match.status == Match.Status.RUNNING:
        messages.extend(_whose_turn(match, rows, rules.active_seats(match.state), rules.title))
    _send_all(messages)


def _whose_turn(match: Match, rows: list[MatchSeat], active: list[int], title: str) -> list[tuple[str, dict]]:
    """At your own pace, the players whose input is awaited hear it wherever they are on the site."""
    return [(user_group(row.user_id), protocol.notify_user(protocol.your_turn(
                match.pk, match.get_absolute_url(), f"Your move in {title} #{match.pk}.")))
            for row in rows if row.index in active and row.user_id and not row.bot]


def presence_changed(match_id: int) -> None:
    _send(frames.room_group(match_id), protocol.relay(presence_frame(match_id)))


# Sockets coming and going tell the table at most once per PRESENCE_GAP seconds per match and process: the first
# change is sent at once, the ones during the gap after it are folded into one frame at its end. Unfolded, each of
# N spectators joining sent a frame to all the others (N squared frames: a thousand took minutes to join).
PRESENCE_GAP = 1.0
_presence_tasks: dict[int, asyncio.Task] = {}
_presence_dirty: set[int] = set()


async def presence_soon(match_id: int) -> None:
    """Tell the table who is here, now or at the end of the current gap (from the event loop)."""
    task = _presence_tasks.get(match_id)
    if task is not None and not task.done() and task.get_loop() is asyncio.get_running_loop():
        _presence_dirty.add(match_id)
        return
    _presence_dirty.discard(match_id)
    _presence_tasks[match_id] = asyncio.get_running_loop().create_task(_tell_presence(match_id))


def presence_tasks() -> list[asyncio.Task]:
    return [task for task in _presence_tasks.values() if not task.done()]


async def _tell_presence(match_id: int) -> None:
    try:
        while True:
            text = await database_sync_to_async(presence_frame)(match_id)
            await send_now([(frames.room_group(match_id), protocol.relay(text))])
            await asyncio.sleep(PRESENCE_GAP)
            if match_id not in _presence_dirty:
                return
            _presence_dirty.discard(match_id)
    finally:
        if _presence_tasks.get(match_id) is asyncio.current_task():
            del _presence_tasks[match_id]


def presence_frame(match_id: int) -> str:
    """Who is here: seats online, the number of watchers, the seats as they are now (a seat handed to a bot shows
    the bot), and away seats with the whole seconds until ``seats.vote_to_bot`` accepts a vote (rounded up, so a
    button enabled at zero is never refused). A match that is over has nobody away and no votes."""
    rows = alive(Presence.objects.filter(match_id=match_id)).values_list("seat", "user_id")
    online = sorted({seat for seat, _ in rows if seat is not None})
    watchers = sum(1 for seat, _ in rows if seat is None)
    match = Match.objects.filter(pk=match_id).only("away_timeout", "status", "clock").first()
    over = match is None or match.status != Match.Status.RUNNING
    seats = frames.named(list(MatchSeat.objects.filter(match_id=match_id).order_by("index")))
    now = timezone.now()
    late = set() if match is None else set(timekeeper.out_of_time(match))
    away = [] if over else [
        {"seat": seat.index, "vote_in": 0 if seat.index in late else
         max(0, math.ceil(match.away_timeout - (now - seat.away_since).total_seconds())),
         "votes": seat.bot_votes, "why": "clock" if seat.index in late else "away"}
        for seat in seats if (seat.away_since is not None or seat.index in late) and not seat.bot]
    players = [{"seat": seat.index, "name": seat.name, "bot": bool(seat.bot and seat.user_id)} for seat in seats]
    return json.dumps(protocol.presence(watchers, online, away, over, players,
                                        None if match is None else timekeeper.frame(match)))


def chat_hidden(room: str, message_id: int) -> None:
    """A moderator hid a line: every page showing it removes it."""
    text = json.dumps(protocol.chat_hidden(message_id))
    kind, _, rest = room.partition(":")
    if kind == "match":
        _send(frames.room_group(int(rest.split(":")[0])), protocol.relay(text))
    elif kind == "lobby":
        _send(lobby_group(int(rest)), protocol.lobby_relay(text))


def notice(match_id: int, message: str, over: bool = False) -> None:
    """A line everyone at the match should read (a seat handed to a bot, an abort)."""
    _send(frames.room_group(match_id), protocol.relay(json.dumps(protocol.notice(message, over))))


def wake_bots(match_id: int) -> None:
    """Ask the processes serving this match to drive its bots (a seat just became a bot's)."""
    _send(frames.room_group(match_id), protocol.bots_wake())


def user_removed(user_id: int, message: str) -> None:
    """Close every socket of a banned user, on every process."""
    _send(user_group(user_id), protocol.user_removed(message))


def tell_user(user_id: int, frame: dict) -> None:
    """A frame for every page the user has open, through each page's personal socket (/ws/me/)."""
    _send(user_group(user_id), protocol.notify_user(frame))


def user_group(user_id: int) -> str:
    return f"u{user_id}"


def session_group(session_key: str) -> str:
    """The sockets opened under one login session (named by a digest: the key itself stays out of the layer)."""
    return "sess." + hashlib.sha256(session_key.encode()).hexdigest()[:40]


def session_ended(sender, request=None, user=None, **kwargs) -> None:
    """On logout (``user_logged_out``, sent before the session is flushed): close that session's match sockets."""
    key = getattr(getattr(request, "session", None), "session_key", None)
    if key:
        _send(session_group(key), protocol.session_ended())
