"""The realtime contract of a match (DESIGN.md, "Realtime protocol"): parse, authorize, call a service, push."""

from __future__ import annotations

import json
import logging
import time
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import timezone

from apps.accounts.sessions import SessionEnded, still_signed_in
from apps.matches import bots, frames, layer_watch, liveness, loop_moves, push, seats, services
from apps.matches.access import can_watch, seat_of
from apps.matches.models import Match, Presence
from apps.matches.throttle import FloodGuard, read_frame

# A state frame that waited this long in the socket's channel means the consumer stalled; the channel may have
# overflowed and dropped newer frames, so the consumer reads the current state itself.
STALL_SECONDS = 2.0
log = logging.getLogger(__name__)
SIGNED_OUT = "Your session has ended (signed out); reload the page to watch or sign in again."


class MatchConsumer(AsyncWebsocketConsumer):
    match_id: int
    seat: int | None = None
    joined = False
    has_bots = True  # whether a bot plays a seat here: only then does a move need the bot driver
    shown = -1  # the newest version this socket was sent: older or repeated state frames are not sent again

    async def connect(self):
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.fmt = "json" if query.get("format") == ["json"] else "html"
        self.user = self.scope.get("user")
        self.flood = FloodGuard(*settings.MATCH_FRAME_RATE)
        await self.accept()
        found, self.seat, self.has_bots = await database_sync_to_async(self._find_seat)()
        if not found:
            await self.error("forbidden", "No such match.")
            await self.close(code=4404)
            return
        for group in self._groups():
            await self.channel_layer.group_add(group, self.channel_name)
        self.joined = True
        layer_watch.watch(self)
        await self.send_state(*await database_sync_to_async(self._register)())
        await push.presence_soon(self.match_id)
        if self.has_bots:
            bots.drive_soon(self.match_id)
        liveness.ensure_heartbeat()

    async def disconnect(self, code):
        layer_watch.unwatch(self)
        if not self.joined:
            return
        for group in self._groups():
            await self.channel_layer.group_discard(group, self.channel_name)
        await database_sync_to_async(self._unregister)()
        await push.presence_soon(self.match_id)

    async def receive(self, text_data=None, bytes_data=None):
        data = await read_frame(self, text_data)
        if data is None:
            return
        handler = {"move": self.on_move, "sync": self.on_sync, "chat": self.on_chat, "seat_vote": self.on_seat_vote,
                   "take_back": self.on_take_back}.get(data.get("type"))
        if handler is None:
            return await self.error("bad_request", "Unknown frame type; expected move, sync or chat.")
        if data["type"] in ("move", "sync", "chat") and "seat" in data and data["seat"] != self.seat:
            # (a seat_vote's 'seat' names the seat voted on, not the sender)
            return await self.error("forbidden", "You can only act and look from your own seat.",
                                    data.get("id") if data["type"] == "move" else None)
        try:
            await handler(data)
        except SessionEnded:
            await self.error("forbidden", SIGNED_OUT, data.get("id") if data["type"] == "move" else None)
            await self.close(code=4401)

    async def on_move(self, data: dict):
        client_id = data.get("id", "")
        if self.seat is None:
            return await self.error("forbidden", "Spectators watch; they cannot move.", client_id)
        if "move" not in data or "version" not in data:
            return await self.error("bad_request", "A move frame needs 'move' and 'version'.", client_id)
        move, version, client_id = data["move"], data["version"], client_id if client_id is not None else ""
        answer = await loop_moves.submit(self.match_id, self.seat, move, version, client_id, self._signed_in())
        if isinstance(answer, loop_moves.ToThread):
            answer = await database_sync_to_async(self._submit)(move, version, client_id, answer.tell_table)
        result, pushes = answer
        await push.send_now(pushes)
        if not result.ok:
            return await self.error(result.code, result.message, client_id)
        if result.duplicate:
            await self.on_sync(data)  # answered as the first time: the state that move led to (or later)
        if self.has_bots:
            bots.drive_soon(self.match_id)

    async def on_sync(self, data: dict):
        """Answer with the current state; a sync that names the version it shows is answered only if newer."""
        known = data.get("version")
        if type(known) is int and known >= self.shown:
            newer = await database_sync_to_async(self._frame_if_newer)(known)
            if newer is not None:
                await self.send_state(*newer)
            return
        await self.send_state(*await database_sync_to_async(self._current_frame)(), force=True)

    async def on_chat(self, data: dict):
        """Players talk at the table (watchers read along); watchers talk among themselves only."""
        if self.user is None or not self.user.is_authenticated:
            return await self.error("forbidden", "Sign in or join as a guest to chat.")
        watching = self.seat is None
        room = f"match:{self.match_id}" + (":watchers" if watching else "")
        try:
            message = await database_sync_to_async(self._post_chat)(room, data.get("text"))
        except services.ChatRefused as exc:
            return await self.error(exc.code, str(exc))
        payload = services.chat_payload(message, seat=self.seat, channel="watchers" if watching else "players")
        group = frames.watchers_group(self.match_id) if watching else frames.room_group(self.match_id)
        await self.channel_layer.group_send(group, {"type": "frame", "text": json.dumps(payload)})

    async def on_seat_vote(self, data: dict):
        if self.seat is None:
            return await self.error("forbidden", "Only players vote on seats.")
        message = await database_sync_to_async(self._checked)(seats.vote_to_bot, self.match_id, self.seat,
                                                              data.get("seat"))
        if message:
            await self.error("bad_request", message)

    async def on_take_back(self, data: dict):
        if self.seat is None:
            return await self.error("forbidden", "Spectators have no seat to take back.")
        message = await database_sync_to_async(self._checked)(seats.take_back, self.match_id, self.seat)
        if message:
            await self.error("bad_request", message)

    async def rejoin(self):
        """After a Redis restart emptied the groups: join them again and send whatever this socket missed."""
        for group in self._groups():
            await self.channel_layer.group_add(group, self.channel_name)
        try:
            newer = await database_sync_to_async(self._frame_if_newer)(self.shown)
        except SessionEnded:
            return await self.session_ended({})
        if newer is not None:
            await self.send_state(*newer)

    async def dispatch(self, message):
        """Relay a pushed frame straight to the socket, and hand a frame from the page straight to ``receive``.

        Channels hops to the one database thread before every handler to close old connections; a relayed
        frame touches no database, and that hop per frame per viewer queued behind the moves' database work
        (half the event loop's time with 1,000 spectators, bench/ws_load.py). Every handler that does touch
        the database goes through ``database_sync_to_async``, which closes old connections itself, so a move
        need not pay for two hops either.
        """
        if message["type"] == "frame":
            return await self.frame(message)
        if message["type"] == "websocket.receive":  # every handler of a frame hops to the database by itself
            return await self.websocket_receive(message)
        return await super().dispatch(message)

    async def frame(self, event):
        version = event.get("version")
        if version is None:
            return await self.send(text_data=event["text"])
        if version <= self.shown:
            return  # a repeated or late frame: this socket already has that version or a newer one
        await self.send_state(version, event["text"])
        waited = time.time() - event.get("at", time.time())
        if waited > STALL_SECONDS:
            try:
                newer = await database_sync_to_async(self._frame_if_newer)(version)
            except SessionEnded:
                return await self.session_ended(event)
            if newer is not None:
                log.warning("Match %s: a frame waited %.1f s in %s's channel and newer ones were lost (overflow); "
                            "resynced from version %s", self.match_id, waited, self.channel_name, version)
                await self.send_state(*newer)

    async def send_state(self, version: int, text: str, force: bool = False):
        """Send a state frame unless this socket was already sent that version or a newer one."""
        if version <= self.shown and not force:
            return
        self.shown = max(self.shown, version)
        await self.send(text_data=text)

    async def bots_wake(self, event):
        self.has_bots = True
        bots.drive_soon(self.match_id)

    async def user_notify(self, event):
        """Your-turn notices are shown by the page's personal socket (/ws/me/), not this one."""

    async def user_removed(self, event):
        await self.send(text_data=json.dumps({"type": "removed", "message": event["message"]}))
        await self.close(code=4403)

    async def session_ended(self, event):
        """The user logged out: a page left open elsewhere stops receiving the seat's view at once."""
        await self.send(text_data=json.dumps({"type": "removed", "message": SIGNED_OUT}))
        await self.close(code=4401)

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
            key = getattr(self.scope.get("session"), "session_key", None)
            if key:
                groups.append(push.session_group(key))
        return groups

    def _session_ended(self) -> bool:
        """True if the socket's user no longer holds its session or was banned; checked in each frame's own
        database call, as the logout and ban pushes may miss a socket (or a session may simply be deleted)."""
        if self.user is None or not self.user.is_authenticated:
            return False
        return not still_signed_in(self.user.pk, getattr(self.scope.get("session"), "session_key", None))

    def _checked(self, action, *args):
        if self._session_ended():
            raise SessionEnded
        return action(*args)

    def _submit(self, move, version, client_id: str, tell_table: bool = False) -> tuple[services.MoveResult, list]:
        """Submit the move; the frames it pushes are returned, to be sent from the event loop rather than from
        this database thread (which would otherwise wait on Redis while other sockets' queries queue).
        ``tell_table``: a try on the loop may have written a move unreported, so the table hears the state."""
        with push.deferred() as pushes:
            if tell_table:
                push.state_changed(self.match_id)  # (a page is never sent a version it has)
            result = services.submit_human_move(self.match_id, self.seat, move, version, client_id,
                                                self._signed_in())
        return result, pushes

    def _signed_in(self) -> tuple[int, str | None] | None:
        """The user and session a move comes from, checked in the move's own read (None: not signed in)."""
        if self.user is None or not self.user.is_authenticated:
            return None
        return self.user.pk, getattr(self.scope.get("session"), "session_key", None)

    def _post_chat(self, room: str, text):
        return self._checked(services.post_chat, room, self.user, text)

    def _find_seat(self) -> tuple[bool, int | None, bool]:
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None or not can_watch(match, self.user, self.scope.get("session")):
            return False, None, False
        return True, seat_of(match, self.user), match.seats.exclude(bot="").exists()

    def _register(self) -> tuple[int, str]:
        user = self.user if self.user is not None and self.user.is_authenticated else None
        Presence.objects.update_or_create(channel_name=self.channel_name,
                                          defaults={"match_id": self.match_id, "user": user, "seat": self.seat,
                                                    "fmt": self.fmt, "process": liveness.PROCESS,
                                                    "seen_at": timezone.now()})
        if self.seat is not None:
            seats.came_back(self.match_id, self.seat)
        return self._current_frame()

    def _unregister(self) -> None:
        Presence.objects.filter(channel_name=self.channel_name).delete()
        if self.seat is not None:
            seats.maybe_away(self.match_id, self.seat)

    def _current_frame(self) -> tuple[int, str]:
        if self.seat is not None and self._session_ended():
            raise SessionEnded
        match = Match.objects.get(pk=self.match_id)
        return match.version, frames.frame_for(match, self.seat, self.fmt)

    def _frame_if_newer(self, version: int) -> tuple[int, str] | None:
        """The current state frame if the match has moved past ``version``; one small query when it has not."""
        if not Match.objects.filter(pk=self.match_id, version__gt=version).exists():
            return None
        return self._current_frame()
