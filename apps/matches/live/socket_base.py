"""What every Civitas websocket shares (match, lobby, notification): admitting frames, refusing a socket whose
session ended, closing on logout or ban, answering any failure with an error frame, and cleaning up however the
socket ends.

Channels runs ``disconnect`` only when the client's close reaches the consumer; an exception in any handler ends
the consumer without it (Daphne closes with 1011), which left Presence rows behind that the heartbeat kept alive.
Here a frame's handler that fails answers ``server_error`` and the socket stays open, and ``cleanup`` runs once
whichever way the consumer ends (closed, crashed or cancelled).
"""

from __future__ import annotations

import json
import logging

from channels.generic.websocket import AsyncWebsocketConsumer

from apps.accounts.sessions import SessionEnded, still_signed_in
from apps.matches.live import layer_watch, protocol, push
from apps.matches.live.flood import read_frame

log = logging.getLogger(__name__)
SIGNED_OUT = "Your session has ended (signed out); reload the page to watch or sign in again."
SERVER_ERROR = "Something went wrong on the server; nothing was changed. Try again."


class SessionSocket(AsyncWebsocketConsumer):
    """A socket that answers for its user's session. Subclasses set ``flood`` in ``connect`` and implement
    ``handle(data)`` (one admitted frame) and ``cleanup()`` (undo what ``connect`` did; may run after a crash)."""

    cleaned = False

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:
            try:
                await self.disconnect(1011)  # a no-op if the client's close already ran it
            except Exception:
                log.exception("Cleaning up a websocket that ended without a close failed")

    async def disconnect(self, code):
        if self.cleaned:
            return
        self.cleaned = True
        layer_watch.unwatch(self)
        await self.cleanup()

    async def cleanup(self) -> None:
        """Leave groups and forget the socket; override."""

    async def receive(self, text_data=None, bytes_data=None):
        data = await read_frame(self, text_data)
        if data is None:
            return
        reply_id = protocol.reply_id(data)
        try:
            await self.handle(data)
        except SessionEnded:
            await self.error("forbidden", SIGNED_OUT, reply_id)
            await self.close(code=4401)
        except Exception:
            log.exception("%s failed on a %r frame", type(self).__name__, data.get("type"))
            await self.error("server_error", SERVER_ERROR, reply_id)

    async def handle(self, data: dict) -> None:
        raise NotImplementedError

    async def session_ended(self, event):
        """The user logged out (``push.session_ended``): a page left open elsewhere stops at once."""
        await self.send_json(protocol.removed(SIGNED_OUT))
        await self.close(code=4401)

    async def user_removed(self, event):
        await self.send_json(protocol.removed(event["message"]))
        await self.close(code=4403)

    async def user_notify(self, event):
        """Your-turn notices are shown by the page's personal socket (/ws/me/), not by the others."""

    async def send_json(self, data: dict):
        await self.send(text_data=json.dumps(data))

    async def error(self, code: str, message: str, client_id=None):
        await self.send_json(protocol.error(code, message, client_id))

    def signed_in_user(self):
        user = self.scope.get("user")
        return user if user is not None and user.is_authenticated else None

    def session_key(self) -> str | None:
        return getattr(self.scope.get("session"), "session_key", None)

    def identity_groups(self) -> list[str]:
        """The groups that reach this socket's user (bans) and its login session (logout)."""
        user = self.signed_in_user()
        if user is None:
            return []
        key = self.session_key()
        return [push.user_group(user.pk)] + ([push.session_group(key)] if key else [])

    def _session_ended(self) -> bool:
        """True if the socket's user no longer holds its session or was banned; checked in each frame's own
        database call, as the logout and ban pushes may miss a socket (or a session may simply be deleted)."""
        user = self.signed_in_user()
        return user is not None and not still_signed_in(user.pk, self.session_key())

    def _checked(self, action, *args):
        """Run ``action(*args)`` (in the database thread) only while the session stands."""
        if self._session_ended():
            raise SessionEnded
        return action(*args)
