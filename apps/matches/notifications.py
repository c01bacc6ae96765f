"""The per-person socket every page opens: your-turn notices, and removal when banned."""

import json

from channels.generic.websocket import AsyncWebsocketConsumer

from apps.matches import layer_watch
from apps.matches.push import user_group
from apps.matches.throttle import FloodGuard


class NotificationConsumer(AsyncWebsocketConsumer):
    group = ""

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        layer_watch.watch(self)

    async def rejoin(self):
        await self.channel_layer.group_add(self.group, self.channel_name)

    async def disconnect(self, code):
        layer_watch.unwatch(self)
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if not hasattr(self, "flood"):
            self.flood = FloodGuard(rate=1, burst=5)
        verdict = self.flood.admit()
        if verdict != "ok":
            if verdict == "close":
                await self.close(code=FloodGuard.CLOSE_CODE)
            return
        await self.send(text_data=json.dumps({"type": "error", "code": "bad_request",
                                              "message": "This socket only listens."}))

    async def user_notify(self, event):
        await self.send(text_data=event["text"])

    async def user_removed(self, event):
        await self.send(text_data=json.dumps({"type": "removed", "message": event["message"]}))
        await self.close(code=4403)
