"""A bare Channels echo, the yardstick of ``bench/ws_load.py``.

One consumer at ``/ws/echo/<room>/`` joins the group of its room and relays every text frame it receives to
that group, untouched: no database, no sessions, no Origin check, no rendering. Like the site's match consumer,
it relays without Channels' per-handler hop to the database thread.

Its channel layer is stock Channels, channels_redis's ``RedisChannelLayer``, with the site's Redis, prefix and
capacity (``ECHO_LAYER=stock``, the default): the yardstick is bare Channels, not the site's own pub/sub layer
(``config/channel_layer.py``). ``ECHO_LAYER=site`` serves it on the site's layer instead, so the difference
between it and the site is exactly what the site does per move. Serve it like the site:

    REDIS_URL=redis://127.0.0.1:6379/1 .venv/bin/daphne -b 127.0.0.1 -p 8101 bench.echo_asgi:application

or run this file, which starts that same Daphne command (``--help`` lists its options).
"""

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

if __name__ == "__main__":  # run as a script: become Daphne serving this module, before any Django setup
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-b", "--bind", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("-p", "--port", type=int, default=8101, help="port to listen on (default 8101)")
    parser.add_argument("--layer", choices=["stock", "site"], default=os.environ.get("ECHO_LAYER", "stock"),
                        help="channel layer: channels_redis's RedisChannelLayer (stock) or the site's own; "
                             "default ECHO_LAYER, else stock")
    args = parser.parse_args()
    os.environ["ECHO_LAYER"] = args.layer
    os.chdir(Path(__file__).resolve().parents[1])
    os.execv(sys.executable, [sys.executable, "-m", "daphne", "-b", args.bind, "-p", str(args.port),
                              "bench.echo_asgi:application"])

import django
from django.conf import settings

if not settings.configured:
    from config.settings import CHANNEL_LAYERS

    if os.environ.get("ECHO_LAYER", "stock") == "stock" and "CONFIG" in CHANNEL_LAYERS["default"]:
        CHANNEL_LAYERS = {"default": {**CHANNEL_LAYERS["default"], "BACKEND": "channels_redis.core.RedisChannelLayer"}}
    settings.configure(CHANNEL_LAYERS=CHANNEL_LAYERS, INSTALLED_APPS=["channels"], ALLOWED_HOSTS=["*"])
    django.setup()

from channels.generic.websocket import AsyncWebsocketConsumer
from channels.routing import ProtocolTypeRouter, URLRouter
from django.urls import path


class Relay(AsyncWebsocketConsumer):
    async def connect(self):
        self.room = "echo." + self.scope["url_route"]["kwargs"]["room"]
        await self.channel_layer.group_add(self.room, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.room, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        await self.channel_layer.group_send(self.room, {"type": "relay", "text": text_data})

    async def dispatch(self, message):
        """Skip Channels' database thread hop before a relay, as the site's match consumer does."""
        if message["type"] == "relay":
            return await self.relay(message)
        return await super().dispatch(message)

    async def relay(self, event):
        await self.send(text_data=event["text"])


application = ProtocolTypeRouter({"websocket": URLRouter([path("ws/echo/<str:room>/", Relay.as_asgi())])})
