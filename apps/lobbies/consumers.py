"""The live lobby page: seats and chat pushed to everyone, and the move to the match when it starts."""

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string

from apps.lobbies import push
from apps.lobbies.models import Lobby
from apps.lobbies.selectors import can_view, lobby_context
from apps.matches import layer_watch
from apps.matches.push import user_group
from apps.matches.services import ChatRefused, chat_payload, post_chat
from apps.matches.throttle import FloodGuard, read_frame


class LobbyConsumer(AsyncWebsocketConsumer):
    joined = False

    async def connect(self):
        self.lobby_id = self.scope["url_route"]["kwargs"]["lobby_id"]
        self.user = self.scope.get("user")
        self.flood = FloodGuard(rate=5, burst=10)
        await self.accept()
        if not await database_sync_to_async(self._may_view)():
            await self.send_json({"type": "error", "code": "forbidden", "message": "No such lobby."})
            await self.close(code=4404)
            return
        for group in self._groups():
            await self.channel_layer.group_add(group, self.channel_name)
        self.joined = True
        layer_watch.watch(self)

    async def rejoin(self):
        """After a Redis restart emptied the groups: join them again, and show the lobby as it is now."""
        for group in self._groups():
            await self.channel_layer.group_add(group, self.channel_name)
        await self.lobby_changed({})

    async def disconnect(self, code):
        layer_watch.unwatch(self)
        if self.joined:
            for group in self._groups():
                await self.channel_layer.group_discard(group, self.channel_name)

    def _groups(self) -> list[str]:
        groups = [push.lobby_group(self.lobby_id)]
        if self.user is not None and self.user.is_authenticated:
            groups.append(user_group(self.user.pk))
        return groups

    async def receive(self, text_data=None, bytes_data=None):
        data = await read_frame(self, text_data)
        if data is None:
            return
        if data.get("type") not in {"chat", "sync"}:
            return await self.error("bad_request", "Unknown frame type; expected chat or sync.")
        if data["type"] == "sync":
            return await self.lobby_changed({})
        if self.user is None or not self.user.is_authenticated:
            return await self.error("forbidden", "Sign in or join as a guest to chat.")
        try:
            message = await database_sync_to_async(post_chat)(f"lobby:{self.lobby_id}", self.user, data.get("text"))
        except ChatRefused as exc:
            return await self.error(exc.code, str(exc))
        await self.channel_layer.group_send(push.lobby_group(self.lobby_id),
                                            {"type": "lobby.frame", "text": json.dumps(chat_payload(message))})

    async def lobby_changed(self, event):
        html = await database_sync_to_async(self._render)()
        if html is not None:
            await self.send_json({"type": "lobby", "html": html})

    async def lobby_started(self, event):
        await self.send_json({"type": "started", "url": event["url"]})

    async def lobby_closed(self, event):
        await self.send_json({"type": "closed", "message": "The host closed this lobby."})

    async def lobby_frame(self, event):
        await self.send(text_data=event["text"])

    async def user_notify(self, event):
        """Your-turn notices are shown by the page's personal socket (/ws/me/), not this one."""

    async def user_removed(self, event):
        await self.send_json({"type": "removed", "message": event["message"]})
        await self.close(code=4403)

    async def send_json(self, data: dict):
        await self.send(text_data=json.dumps(data))

    async def error(self, code: str, message: str):
        await self.send_json({"type": "error", "code": code, "message": message})

    def _may_view(self) -> bool:
        lobby = Lobby.objects.filter(pk=self.lobby_id).first()
        return lobby is not None and can_view(lobby, self.user, self.scope.get("session") or {})

    def _render(self) -> str | None:
        lobby = Lobby.objects.filter(pk=self.lobby_id).first()
        if lobby is None:
            return None
        return render_to_string("lobbies/_seats.html", lobby_context(lobby, self.user))
