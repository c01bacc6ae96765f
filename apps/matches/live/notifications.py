"""The per-person socket every page opens: your-turn notices, removal when banned, and closing on logout."""

from apps.matches.live import layer_watch
from apps.matches.live.flood import FloodGuard
from apps.matches.live.socket_base import SessionSocket


class NotificationConsumer(SessionSocket):
    groups_joined: list[str] = []

    async def connect(self):
        if self.signed_in_user() is None:
            await self.close(code=4401)
            return
        self.flood = FloodGuard(rate=1, burst=5)
        self.groups_joined = self.identity_groups()
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        layer_watch.watch(self)

    async def rejoin(self):
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)

    async def cleanup(self):
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def handle(self, data: dict):
        await self.error("bad_request", "This socket only listens.")

    async def user_notify(self, event):
        await self.send(text_data=event["text"])
