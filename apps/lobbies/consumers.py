"""The live lobby page: seats and chat pushed to everyone, and the move to the match when it starts."""

import json
from importlib import import_module

from channels.db import database_sync_to_async
from django.conf import settings
from django.template.loader import render_to_string

from apps.lobbies import push
from apps.lobbies.models import Lobby
from apps.lobbies.selectors import can_view, lobby_context
from apps.matches.domain.checks import ChatRefused
from apps.matches.domain.deeds import do_post_chat
from apps.matches.live import layer_watch, protocol
from apps.matches.live.flood import FloodGuard
from apps.matches.live.frames import chat_frame
from apps.matches.live.socket_base import SessionSocket

LOST_ACCESS = "The host replaced the invite link, so this private lobby is closed to you; ask them for the new one."
LOST_ACCESS_CODE = 4410  # README, "Close codes"


class LobbyConsumer(SessionSocket):
    joined = False

    async def connect(self):
        self.lobby_id = self.scope["url_route"]["kwargs"]["lobby_id"]
        self.user = self.scope.get("user")
        self.flood = FloodGuard(rate=5, burst=10)
        await self.accept()
        if not await database_sync_to_async(self._may_view)():
            await self.send_json(protocol.error("forbidden", "No such lobby."))
            await self.close(code=4404)
            return
        self.joined = True
        for group in self._groups():
            await self.channel_layer.group_add(group, self.channel_name)
        layer_watch.watch(self)

    async def rejoin(self):
        """After a Redis restart emptied the groups: join them again, and show the lobby as it is now."""
        for group in self._groups():
            await self.channel_layer.group_add(group, self.channel_name)
        await self.lobby_changed({})

    async def cleanup(self):
        if self.joined:
            for group in self._groups():
                await self.channel_layer.group_discard(group, self.channel_name)

    def _groups(self) -> list[str]:
        return [push.lobby_group(self.lobby_id)] + self.identity_groups()

    async def handle(self, data: dict):
        if data.get("type") not in protocol.LOBBY_FRAMES:
            return await self.error("bad_request", "Unknown frame type; expected chat or sync.")
        if data["type"] == "sync":
            html = await database_sync_to_async(self._checked)(self._render)
            if html is not None:
                await self.send_json(protocol.lobby(html))
            return
        if self.user is None or not self.user.is_authenticated:
            return await self.error("forbidden", "Sign in or join as a guest to chat.")
        try:
            message = await database_sync_to_async(self._checked)(do_post_chat, f"lobby:{self.lobby_id}", self.user,
                                                                  protocol.parse_chat(data))
        except ChatRefused as exc:
            return await self.error(exc.code, str(exc))
        await self.channel_layer.group_send(push.lobby_group(self.lobby_id),
                                            protocol.lobby_relay(json.dumps(chat_frame(message))))

    async def lobby_changed(self, event):
        html = await database_sync_to_async(self._render)()
        if html is not None:
            await self.send_json(protocol.lobby(html))

    async def lobby_access_changed(self, event):
        """The invite link was replaced: a browser that came only by the old one loses its view now."""
        if not await database_sync_to_async(self._may_view)(fresh_session=True):
            await self.send_json(protocol.removed(LOST_ACCESS))
            await self.close(code=LOST_ACCESS_CODE)

    async def lobby_started(self, event):
        await self.send_json(protocol.lobby_started(event["url"]))

    async def lobby_closed(self, event):
        await self.send_json(protocol.lobby_closed("The host closed this lobby."))

    async def lobby_frame(self, event):
        await self.send(text_data=event["text"])

    def _may_view(self, fresh_session: bool = False) -> bool:
        """``fresh_session``: read the session as stored now (the browser may have followed the new link since
        this socket opened), not as it was when the socket connected."""
        lobby = Lobby.objects.filter(pk=self.lobby_id).first()
        if lobby is None:
            return False
        session = self.scope.get("session") or {}
        if fresh_session:
            key = self.session_key()
            session = import_module(settings.SESSION_ENGINE).SessionStore(key).load() if key else {}
        return can_view(lobby, self.user, session)

    def _render(self) -> str | None:
        lobby = Lobby.objects.filter(pk=self.lobby_id).first()
        if lobby is None:
            return None
        return render_to_string("lobbies/_seats.html", lobby_context(lobby, self.user))
