"""Sending frames to everyone at a match through the channel layer, after commit.

One frame per viewer group per change: each seat gets its own view, spectators
the public one, in the format their socket asked for.
"""

from __future__ import annotations

import json

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from apps.matches import frames
from apps.matches.models import Match, Presence


def _send(group: str, event: dict) -> None:
    async_to_sync(get_channel_layer().group_send)(group, event)


def state_changed(match_id: int) -> None:
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return
    names = frames.seat_names(match)
    viewers: list[int | None] = [*range(len(names)), None]
    for seat in viewers:
        context = frames.table_context(match, seat, names)
        _send(frames.viewer_group(match_id, seat, "html"), {"type": "frame", "text": frames.html_frame(context)})
        _send(frames.viewer_group(match_id, seat, "json"), {"type": "frame", "text": frames.json_frame(context)})


def presence_changed(match_id: int) -> None:
    _send(frames.room_group(match_id), {"type": "frame", "text": presence_frame(match_id)})


def presence_frame(match_id: int) -> str:
    rows = Presence.objects.filter(match_id=match_id).values_list("seat", "user_id")
    online = sorted({seat for seat, _ in rows if seat is not None})
    watchers = sum(1 for seat, _ in rows if seat is None)
    return json.dumps({"type": "presence", "watchers": watchers, "online": online})


def chat_posted(room_group: str, payload: dict) -> None:
    _send(room_group, {"type": "frame", "text": json.dumps({"type": "chat", **payload})})
