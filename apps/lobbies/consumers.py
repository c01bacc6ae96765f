"""The live lobby page: seats and chat pushed to everyone, and the move to the match when it starts."""

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone

from apps.lobbies import push
from apps.lobbies.models import Lobby
from apps.lobbies.selectors import can_view, lobby_context
from apps.matches.services import post_chat
from apps.matches.throttle import TokenBucket


class LobbyConsumer(AsyncWebsocketConsumer):
    joined = False

    async def connect(self):
        self.lobby_id = self.scope["url_route"]["kwargs"]["lobby_id"]
        self.user = self.scope.get("user")
        self.chat_bucket = TokenBucket(rate=0.5, burst=5)
        await self.accept()
        if not await database_sync_to_async(self._may_view)():
            await self.send_json({"type": "error", "code": "forbidden", "message": "No such lobby."})
            await self.close(code=4404)
            return
        await self.channel_layer.group_add(push.lobby_group(self.lobby_id), self.channel_name)
        self.joined = True

    async def disconnect(self, code):
        if self.joined:
            await self.channel_layer.group_discard(push.lobby_group(self.lobby_id), self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            data = json.loads(text_data or "")
        except ValueError:
            return await self.error("bad_request", "That frame is not valid JSON.")
        if not isinstance(data, dict) or data.get("type") not in {"chat", "sync"}:
            return await self.error("bad_request", "Unknown frame type; expected chat or sync.")
        if data["type"] == "sync":
            return await self.lobby_changed({})
        if self.user is None or not self.user.is_authenticated:
            return await self.error("forbidden", "Sign in or join as a guest to chat.")
        if not self.chat_bucket.allow():
            return await self.error("rate_limited", "You are sending messages too fast.")
        try:
            message = await database_sync_to_async(post_chat)(
                f"lobby:{self.lobby_id}", self.user, data.get("text"), settings.CHAT_MAX_LENGTH)
        except ValueError as exc:
            return await self.error("bad_request", str(exc))
        await self.channel_layer.group_send(push.lobby_group(self.lobby_id), {"type": "lobby.chat", "payload": {
            "name": message.name, "text": message.text,
            "at": timezone.localtime(message.created_at).strftime("%H:%M")}})

    async def lobby_changed(self, event):
        html = await database_sync_to_async(self._render)()
        if html is not None:
            await self.send_json({"type": "lobby", "html": html})

    async def lobby_started(self, event):
        await self.send_json({"type": "started", "url": event["url"]})

    async def lobby_closed(self, event):
        await self.send_json({"type": "closed", "message": "The host closed this lobby."})

    async def lobby_chat(self, event):
        await self.send_json({"type": "chat", **event["payload"]})

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
