"""The realtime contract of a match (DESIGN.md, "Realtime protocol"): parse, authorize, call a service, push."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import InterfaceError, OperationalError, connection

from apps.accounts.sessions import SessionEnded
from apps.matches.domain import checks, deeds, leaving, match_cache, presence, seats, undo
from apps.matches.domain.access import can_watch, seat_of
from apps.matches.live import bot_driver, frames, heartbeat, hinting, layer_watch, protocol, push, regions, seat_budget
from apps.matches.live.flood import FloodGuard
from apps.matches.live.socket_base import SessionSocket
from apps.matches.models import Match

# A state frame that waited this long in the socket's channel means the consumer stalled; the channel may have
# overflowed and dropped newer frames, so the consumer reads the current state itself.
STALL_SECONDS = 2.0
log = logging.getLogger(__name__)


class MatchConsumer(SessionSocket):
    match_id: int
    seat: int | None = None
    joined = False
    has_bots = True  # whether a bot plays a seat here: only then does a move need the bot driver
    shown = -1  # the newest version this socket was sent: older or repeated state frames are not sent again
    page: dict[str, str] | None = None  # an HTML page's regions at ``shown``: their digests (``live.regions``)
    hinting: asyncio.Task | None = None  # the hint being worked out for this socket, if any

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
        self.joined = True  # from here on, cleanup has something to undo
        for group in self._groups():
            await self.channel_layer.group_add(group, self.channel_name)
        layer_watch.watch(self)
        await self.send_state(*await database_sync_to_async(self._register)())
        await push.presence_soon(self.match_id)
        if self.has_bots:
            bot_driver.drive_soon(self.match_id)
        heartbeat.ensure_heartbeat()

    async def cleanup(self):
        if self.hinting is not None:
            self.hinting.cancel()
        if not self.joined:
            return
        try:
            for group in self._groups():
                await self.channel_layer.group_discard(group, self.channel_name)
            await database_sync_to_async(self._unregister)()
        finally:
            heartbeat.closed(self.channel_name)  # whatever failed above, the heartbeat stops refreshing the row
        await push.presence_soon(self.match_id)

    async def handle(self, data: dict):
        handler = {"move": self.on_move, "sync": self.on_sync, "chat": self.on_chat, "seat_vote": self.on_seat_vote,
                   "take_back": self.on_take_back, "undo": self.on_undo,
                   "ping": self.on_ping, "resign": self.on_leave, "abort": self.on_leave, "hint": self.on_hint,
                   }.get(data.get("type"))  # (MATCH_FRAMES)
        if handler is None:
            return await self.error("bad_request", "Unknown frame type; expected move, sync or chat.")
        if data["type"] in ("move", "sync", "chat", "undo") and "seat" in data and data["seat"] != self.seat:
            # (a seat_vote's 'seat' names the seat voted on, not the sender)
            return await self.error("forbidden", "You can only act and look from your own seat.",
                                    protocol.reply_id(data))
        await handler(data)

    async def on_ping(self, data: dict):
        """Answered at once, with no database work: the page only learns that its socket still answers."""
        await self.send_json(protocol.pong())

    async def on_move(self, data: dict):
        if self.seat is None:
            return await self.error("forbidden", "Spectators watch; they cannot move.", data.get("id", ""))
        frame = protocol.parse_move(data)
        if isinstance(frame, protocol.Refusal):
            return await self.send_json(frame.frame())
        move, version, client_id = frame.move, frame.version, frame.client_id
        if not await seat_budget.spend(self.match_id, self.seat):
            return await self.error("rate_limited", seat_budget.REFUSED, client_id)
        with push.deferred() as pushes:  # sent below, from this task, once the move is answered
            answer = await deeds.ado_move(self.match_id, self.seat, move, version, client_id, self._signed_in())
        if isinstance(answer, deeds.ToThread):  # the move path's one hand-off (its cases: deeds.ToThread)
            try:
                answer, pushes = await database_sync_to_async(self._submit)(move, version, client_id,
                                                                            answer.tell_table)
            except (OperationalError, InterfaceError) as exc:
                # The thread's connection died under the move (terminated, restarted; the move's own statements
                # skip Django's health check). The move is idempotent by its id and checked by its version, so it
                # is played once more on a fresh connection rather than lost.
                log.warning("Match %s: a move's database connection failed (%s); trying once more", self.match_id,
                            exc)
                answer, pushes = await database_sync_to_async(self._submit_again)(move, version, client_id)
        result = answer
        await push.send_now(pushes)
        if not result.ok:
            return await self.error(result.code, result.message, client_id)
        if result.duplicate:
            await self.on_sync(data)  # answered as the first time: the state that move led to (or later)
        if self.has_bots:
            bot_driver.drive_soon(self.match_id)

    async def on_hint(self, data: dict):
        """What the game's best bot would do in this seat's place (``domain.hints`` says when that is offered);
        answered to this socket alone, after a search in the bots' workers."""
        version = protocol.parse_hint(data)
        if isinstance(version, protocol.Refusal):
            return await self.send_json(protocol.hint_refused(version.code, version.message))
        if self.hinting is not None and not self.hinting.done():
            return await self.send_json(protocol.hint_refused("rate_limited", "Your last hint is still being worked "
                                                                              "out; it comes in a moment."))
        if self.seat is not None and not await seat_budget.spend_hint(self.match_id, self.seat):
            return await self.send_json(protocol.hint_refused("rate_limited", seat_budget.HINTS_REFUSED))
        # Searched beside this socket's other frames, not before them: a move or a state frame does not wait on it.
        self.hinting = asyncio.get_running_loop().create_task(self._answer_hint(version))

    async def _answer_hint(self, version: int):
        try:
            await self.send_json(await hinting.ask(self.match_id, self.seat, version))
        except Exception:  # a hint must never take the socket down
            log.exception("Match %s: a hint for seat %s failed", self.match_id, self.seat)
            await self.send_json(protocol.hint_refused("bad_request", "No hint could be worked out just now."))

    async def on_sync(self, data: dict):
        """Answer with the current state; a sync that names the version it shows is answered only if newer."""
        known = protocol.parse_sync(data)
        if known is not None and known >= self.shown:
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
            message = await database_sync_to_async(self._post_chat)(room, protocol.parse_chat(data))
        except checks.ChatRefused as exc:
            return await self.error(exc.code, str(exc))
        payload = frames.chat_frame(message, seat=self.seat, channel="watchers" if watching else "players")
        group = frames.watchers_group(self.match_id) if watching else frames.room_group(self.match_id)
        await self.channel_layer.group_send(group, protocol.relay(json.dumps(payload)))

    async def on_seat_vote(self, data: dict):
        if self.seat is None:
            return await self.error("forbidden", "Only players vote on seats.")
        message = await database_sync_to_async(self._checked)(seats.vote_to_bot, self.match_id, self.seat,
                                                              protocol.parse_seat_vote(data))
        if message:
            await self.error("bad_request", message)

    async def on_undo(self, data: dict):
        if self.seat is None:
            return await self.error("forbidden", "Spectators watch; they take nothing back.", data.get("id", ""))
        frame = protocol.parse_undo(data)
        if isinstance(frame, protocol.Refusal):
            return await self.send_json(frame.frame())
        if not await seat_budget.spend(self.match_id, self.seat):
            return await self.error("rate_limited", seat_budget.REFUSED, frame.client_id)
        answer, pushes = await database_sync_to_async(self._undo)(frame.version, frame.client_id)
        await push.send_now(pushes)
        if not answer.ok:
            return await self.error(answer.code, answer.message, frame.client_id)
        if answer.duplicate:
            await self.on_sync({})

    def _undo(self, version, client_id) -> tuple[checks.MoveResult, list]:
        with push.deferred() as pushes:
            answer = undo.do_undo(self.match_id, self.seat, version, client_id, self._signed_in())
        return answer, pushes

    async def on_take_back(self, data: dict):
        if self.seat is None:
            return await self.error("forbidden", "Spectators have no seat to take back.")
        message = await database_sync_to_async(self._checked)(seats.take_back, self.match_id, self.seat)
        if message:
            await self.error("bad_request", message)

    async def on_leave(self, data: dict):
        """``resign`` or ``abort``; answered with the table as it is now (the page draws it again), or a refusal."""
        if self.seat is None:
            return await self.error("forbidden", "Spectators have no seat to leave.")
        deed = leaving.resign if data["type"] == "resign" else leaving.abort
        message = await database_sync_to_async(self._checked)(deed, self.match_id, self.seat)
        if message:
            return await self.error("bad_request", message)
        await self.on_sync({})

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
        (much of the event loop's time with many spectators, bench/ws_load.py). Every handler that does touch
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
        match_cache.seen(self.match_id, version, event.get("step"), event.get("stepped", False))
        if version <= self.shown:
            return  # a repeated or late frame: this socket already has that version or a newer one
        await self.send_state(version, event.get("regions") or event["text"])
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

    async def send_state(self, version: int, table: str | regions.Rendered, force: bool = False):
        """Send a state frame unless this socket was already sent that version or a newer one. ``table``: a frame
        already encoded, or an HTML table's regions, sent as a patch of the ones that changed since the version this
        page shows, or whole when the page asked for it (``force``) or has none yet."""
        if version <= self.shown and not force:
            return
        if isinstance(table, list):
            text = (frames.patch_frame(self.shown, version, table, self.page)
                    if self.page is not None and version > self.shown and not force
                    else frames.full_frame(version, table))
            self.page = regions.digests(table)
        else:
            text = table
        self.shown = max(self.shown, version)
        await self.send(text_data=text)

    async def bots_wake(self, event):
        self.has_bots = True
        bot_driver.drive_soon(self.match_id)

    def _groups(self) -> list[str]:
        groups = [frames.viewer_group(self.match_id, self.seat, self.fmt), frames.room_group(self.match_id)]
        if self.seat is None:
            groups.append(frames.watchers_group(self.match_id))
        return groups + self.identity_groups()

    def _submit(self, move, version, client_id: str, tell_table: bool = False) -> tuple[checks.MoveResult, list]:
        """Submit the move; the frames it pushes are returned, to be sent from the event loop rather than from
        this database thread (which would otherwise wait on Redis while other sockets' queries queue).
        ``tell_table``: a try on the loop may have written a move unreported, so the table hears the state."""
        with push.deferred() as pushes:
            if tell_table:
                push.state_changed(self.match_id)  # (a page is never sent a version it has)
            result = deeds.do_human_move(self.match_id, self.seat, move, version, client_id, self._signed_in())
        return result, pushes

    def _submit_again(self, move, version, client_id: str) -> tuple[checks.MoveResult, list]:
        connection.close()  # the failed one: the next statement opens a fresh connection
        return self._submit(move, version, client_id, tell_table=True)

    def _signed_in(self) -> tuple[int, str | None] | None:
        """The user and session a move comes from, checked in the move's own read (None: not signed in)."""
        if self.user is None or not self.user.is_authenticated:
            return None
        return self.user.pk, getattr(self.scope.get("session"), "session_key", None)

    def _post_chat(self, room: str, text):
        return self._checked(deeds.do_post_chat, room, self.user, text)

    def _find_seat(self) -> tuple[bool, int | None, bool]:
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None or not can_watch(match, self.user, self.scope.get("session")):
            return False, None, False
        return True, seat_of(match, self.user), match.seats.exclude(bot="").exists()

    def _register(self) -> tuple[int, str]:
        user = self.user if self.user is not None and self.user.is_authenticated else None
        heartbeat.opened(self.channel_name)
        # The match row is written anew with it, before the state is read below: a move written after it hears
        # of this socket (``presence``).
        presence.register(self.channel_name, self.match_id, user.pk if user is not None else None, self.seat,
                          self.fmt, heartbeat.PROCESS)
        if self.seat is not None:
            seats.came_back(self.match_id, self.seat)
        return self._current_frame()

    def _unregister(self) -> None:
        presence.unregister(self.channel_name)
        if self.seat is not None:
            seats.maybe_away(self.match_id, self.seat)

    def _current_frame(self) -> tuple[int, str | regions.Rendered]:
        """The current version, and its JSON frame or (HTML) the table's regions (``send_state``)."""
        if self.seat is not None and self._session_ended():
            raise SessionEnded
        match = Match.objects.get(pk=self.match_id)
        if self.fmt == "json":
            return match.version, frames.frame_for(match, self.seat, self.fmt)
        return match.version, frames.table_for(match, self.seat)

    def _frame_if_newer(self, version: int) -> tuple[int, str | regions.Rendered] | None:
        """The current state frame if the match has moved past ``version``; one small query when it has not."""
        if not Match.objects.filter(pk=self.match_id, version__gt=version).exists():
            return None
        return self._current_frame()
