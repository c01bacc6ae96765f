"""The realtime contract of a match (DESIGN.md, "Realtime protocol"): parse, authorize, call a service, push."""

from __future__ import annotations

import json
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from apps.matches import bots, frames, push, seats, services
from apps.matches.access import seat_of
from apps.matches.models import Match, Presence
from apps.matches.throttle import TokenBucket

MAX_FRAME_BYTES = 16 * 1024


class MatchConsumer(AsyncWebsocketConsumer):
    match_id: int
    seat: int | None = None
    joined = False

    async def connect(self):
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.fmt = "json" if query.get("format") == ["json"] else "html"
        self.user = self.scope.get("user")
        self.frames_bucket = TokenBucket(rate=10, burst=20)
        await self.accept()
        found, self.seat = await database_sync_to_async(self._find_seat)()
        if not found:
            await self.error("forbidden", "No such match.")
            await self.close(code=4404)
            return
        for group in self._groups():
            await self.channel_layer.group_add(group, self.channel_name)
        self.joined = True
        first_frame = await database_sync_to_async(self._register)()
        await self.send(text_data=first_frame)
        await database_sync_to_async(push.presence_changed)(self.match_id)
        bots.drive_soon(self.match_id)

    async def disconnect(self, code):
        if not self.joined:
            return
        for group in self._groups():
            await self.channel_layer.group_discard(group, self.channel_name)
        await database_sync_to_async(self._unregister)()

    async def receive(self, text_data=None, bytes_data=None):
        if text_data is None or len(text_data) > MAX_FRAME_BYTES:
            return await self.error("bad_request", f"Frames are JSON text of at most {MAX_FRAME_BYTES} bytes.")
        if not self.frames_bucket.allow():
            return await self.error("rate_limited", "Too many frames; slow down.")
        try:
            data = json.loads(text_data)
        except ValueError:
            return await self.error("bad_request", "That frame is not valid JSON.")
        if not isinstance(data, dict):
            return await self.error("bad_request", "A frame is a JSON object with a 'type'.")
        handler = {"move": self.on_move, "sync": self.on_sync, "chat": self.on_chat, "seat_vote": self.on_seat_vote,
                   "take_back": self.on_take_back}.get(data.get("type"))
        if handler is None:
            return await self.error("bad_request", "Unknown frame type; expected move, sync or chat.")
        await handler(data)

    async def on_move(self, data: dict):
        client_id = data.get("id", "")
        if self.seat is None:
            return await self.error("forbidden", "Spectators watch; they cannot move.", client_id)
        if "seat" in data and data["seat"] != self.seat:
            return await self.error("forbidden", "You can only move for your own seat.", client_id)
        if "move" not in data or "version" not in data:
            return await self.error("bad_request", "A move frame needs 'move' and 'version'.", client_id)
        result = await database_sync_to_async(services.submit_human_move)(
            self.match_id, self.seat, data["move"], data["version"], client_id if client_id is not None else "")
        if not result.ok:
            return await self.error(result.code, result.message, client_id)
        if result.duplicate:
            await self.on_sync(data)  # answered as the first time: the state that move led to (or later)
        bots.drive_soon(self.match_id)

    async def on_sync(self, data: dict):
        await self.send(text_data=await database_sync_to_async(self._current_frame)())

    async def on_chat(self, data: dict):
        """Players talk at the table (watchers read along); watchers talk among themselves only."""
        if self.user is None or not self.user.is_authenticated:
            return await self.error("forbidden", "Sign in or join as a guest to chat.")
        watching = self.seat is None
        room = f"match:{self.match_id}" + (":watchers" if watching else "")
        try:
            message = await database_sync_to_async(services.post_chat)(room, self.user, data.get("text"))
        except services.ChatRefused as exc:
            return await self.error(exc.code, str(exc))
        payload = services.chat_payload(message, seat=self.seat, channel="watchers" if watching else "players")
        group = frames.watchers_group(self.match_id) if watching else frames.room_group(self.match_id)
        await self.channel_layer.group_send(group, {"type": "frame", "text": json.dumps(payload)})

    async def on_seat_vote(self, data: dict):
        if self.seat is None:
            return await self.error("forbidden", "Only players vote on seats.")
        message = await database_sync_to_async(seats.vote_to_bot)(self.match_id, self.seat, data.get("seat"))
        if message:
            await self.error("bad_request", message)

    async def on_take_back(self, data: dict):
        if self.seat is None:
            return await self.error("forbidden", "Spectators have no seat to take back.")
        message = await database_sync_to_async(seats.take_back)(self.match_id, self.seat)
        if message:
            await self.error("bad_request", message)

    async def dispatch(self, message):
        """Relay a pushed frame straight to the socket.

        Channels hops to the one database thread before every handler to close old connections; a relayed
        frame touches no database, and that hop per frame per viewer queued behind the moves' database work
        (half the event loop's time with 1,000 spectators, bench/ws_load.py). Every handler that does touch
        the database goes through ``database_sync_to_async``, which closes old connections itself.
        """
        if message["type"] == "frame":
            return await self.frame(message)
        return await super().dispatch(message)

    async def frame(self, event):
        await self.send(text_data=event["text"])

    async def bots_wake(self, event):
        bots.drive_soon(self.match_id)

    async def user_notify(self, event):
        """Your-turn notices are shown by the page's personal socket (/ws/me/), not this one."""

    async def user_removed(self, event):
        await self.send(text_data=json.dumps({"type": "removed", "message": event["message"]}))
        await self.close(code=4403)

    async def error(self, code: str, message: str, client_id=None):
        frame = {"type": "error", "code": code, "message": message}
        if client_id:
            frame["id"] = client_id if isinstance(client_id, (str, int)) else None
        await self.send(text_data=json.dumps(frame))

    def _groups(self) -> list[str]:
        groups = [frames.viewer_group(self.match_id, self.seat, self.fmt), frames.room_group(self.match_id)]
        if self.seat is None:
            groups.append(frames.watchers_group(self.match_id))
        if self.user is not None and self.user.is_authenticated:
            groups.append(push.user_group(self.user.pk))
        return groups

    def _find_seat(self) -> tuple[bool, int | None]:
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return False, None
        return True, seat_of(match, self.user)

    def _register(self) -> str:
        user = self.user if self.user is not None and self.user.is_authenticated else None
        Presence.objects.update_or_create(channel_name=self.channel_name,
                                          defaults={"match_id": self.match_id, "user": user, "seat": self.seat,
                                                    "fmt": self.fmt})
        if self.seat is not None:
            seats.came_back(self.match_id, self.seat)
        return self._current_frame()

    def _unregister(self) -> None:
        Presence.objects.filter(channel_name=self.channel_name).delete()
        if self.seat is not None:
            seats.maybe_away(self.match_id, self.seat)
        push.presence_changed(self.match_id)

    def _current_frame(self) -> str:
        match = Match.objects.get(pk=self.match_id)
        return frames.frame_for(match, self.seat, self.fmt)
