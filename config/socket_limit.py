"""At most ``settings.SOCKETS_PER_ADDRESS`` open websockets per client address in each process.

One address opened 1,600 sockets and every table of the process slowed down. The client address is the one the
log-in lockout uses (``apps.accounts.lockout.client_address``: the direct peer, or the right-most X-Forwarded-For
entry that is not a trusted proxy). A socket over the limit is accepted only to be told why and closed with
``CLOSE_CODE``. The count lives in the process, so it cannot outlive it (a count shared in Redis would leak the
slots of a process that died); with N processes behind the proxy an address holds at most N times the limit.
Channels has no such limit of its own; this is the small middleware its docs suggest for one.
"""

from __future__ import annotations

import json
from collections import Counter

from django.conf import settings

from apps.accounts.lockout import client_address

CLOSE_CODE = 4430
MESSAGE = "Too many connections from your address; close some tabs and reload."


def scope_address(scope) -> str:
    """The client address of a websocket scope, as ``client_address`` reads a request."""
    headers = dict(scope.get("headers") or [])
    peer = (scope.get("client") or ("",))[0] or ""
    return client_address({"REMOTE_ADDR": peer,
                           "HTTP_X_FORWARDED_FOR": headers.get(b"x-forwarded-for", b"").decode("latin-1")})


class SocketsPerAddress:
    def __init__(self, app):
        self.app = app
        self.open: Counter[str] = Counter()

    async def __call__(self, scope, receive, send):
        limit = settings.SOCKETS_PER_ADDRESS
        if scope["type"] != "websocket" or limit <= 0:
            return await self.app(scope, receive, send)
        address = scope_address(scope)
        if self.open[address] >= limit:
            return await refuse(receive, send)
        self.open[address] += 1
        try:
            return await self.app(scope, receive, send)
        finally:
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]


async def refuse(receive, send) -> None:
    """Accept the handshake only to say why, then close with ``CLOSE_CODE`` (a refused handshake shows the page
    nothing but 1006)."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send",
                "text": json.dumps({"type": "error", "code": "too_many_sockets", "message": MESSAGE})})
    await send({"type": "websocket.close", "code": CLOSE_CODE})
