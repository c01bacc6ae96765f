"""ASGI entry point: HTTP goes to Django, ``/ws/...`` to the Channels consumers.

Websockets authenticate by the session cookie, so the Origin is checked against
ALLOWED_HOSTS (a handshake with a foreign Origin, or none, is refused); each client
address may hold a bounded number of them (``config/socket_limit.py``). The first
connection of any kind starts the process's heartbeat and bot sweep.
"""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from apps.matches.engine import built_games, engine  # noqa: E402
from apps.matches.live.heartbeat import with_background_tasks  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402
from config.socket_limit import SocketsPerAddress  # noqa: E402

application = with_background_tasks(ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SocketsPerAddress(
            AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))),
    }
))

# Everything made while starting up (modules, URL patterns, every game's engine and content) lives as long as the
# process. Frozen out of the collector's sight, it is no longer walked by every full collection, whose pauses
# held up every table this process serves (bench/ws_load.py).
for _game in built_games():
    engine(_game.slug)
gc.collect()
gc.freeze()

# A move allocates and frees tens of thousands of containers, nearly all freed at once by reference counting
# (a process leaves a few dozen objects a minute to the cycle collector). At Python's default threshold of 700
# the collector still ran every few seconds under load, and the moves behind it waited (bench/ws_load.py (b);
# the figures are in the commit that set these thresholds).
gc.set_threshold(20_000, 20, 20)
