"""ASGI entry point: HTTP goes to Django, ``/ws/...`` to the Channels consumers.

Websockets authenticate by the session cookie, so the Origin is checked against
ALLOWED_HOSTS (a handshake with a foreign Origin, or none, is refused); each client
address may hold a bounded number of them (``config/socket_limit.py``). The first
connection of any kind starts the process's heartbeat and bot sweep. Under Daphne, its sweeps over every connection
look only at those something is due for (``config/daphne_sweeps.py``) and the cycle collector is set up
(``config/collector.py``).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from apps.matches.engine import built_games, engine  # noqa: E402
from apps.matches.live.heartbeat import with_background_tasks  # noqa: E402
from config import collector, daphne_sweeps  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402
from config.socket_limit import SocketsPerAddress  # noqa: E402

application = with_background_tasks(ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SocketsPerAddress(
            AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))),
    }
))

# Everything made while starting up is loaded before the collector is set up (config/collector.py).
for _game in built_games():
    engine(_game.slug)
if collector.serving():  # a process Daphne serves (not a test importing the application)
    daphne_sweeps.install()
    collector.configure()
