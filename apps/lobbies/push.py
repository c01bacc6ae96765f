"""Telling the open lobby pages that something changed."""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from apps.matches.live import protocol


def lobby_group(lobby_id: int) -> str:
    return f"lobby{lobby_id}"


def _send(lobby_id: int, event: dict) -> None:
    async_to_sync(get_channel_layer().group_send)(lobby_group(lobby_id), event)


def lobby_changed(lobby_id: int) -> None:
    _send(lobby_id, protocol.lobby_changed())


def lobby_started(lobby_id: int, url: str) -> None:
    _send(lobby_id, protocol.lobby_start(url))


def lobby_closed(lobby_id: int) -> None:
    _send(lobby_id, protocol.lobby_close())


def lobby_access_changed(lobby_id: int) -> None:
    """Who may view the lobby changed (the invite link was replaced): each open page checks it may still."""
    _send(lobby_id, protocol.lobby_access_changed())
