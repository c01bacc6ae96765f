"""How the domain says what changed: one announcement, heard once the change is committed.

The domain never sends frames itself; the live layer subscribes (``MatchesConfig.ready``) and turns each
announcement into pushes. Zulip's ``send_event_on_commit`` is the model.
Kinds: ``state`` (a match's state changed; ``match``, ``rows``, ``listening`` may carry what the change already
read), ``presence`` (who is at the table), ``notice`` (``message``, ``over``: a line for the whole table),
``bots`` (a bot may have a move to make), ``notices`` (``user_id``, ``unread``: a player's notices changed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction

Listener = Callable[[str, dict[str, Any]], None]
_listeners: list[Listener] = []


def subscribe(listener: Listener) -> None:
    """Hear every announcement from now on (once per listener, however often it subscribes)."""
    if listener not in _listeners:
        _listeners.append(listener)


def send_event_on_commit(kind: str, **data: Any) -> None:
    """Announce a change once the current transaction commits (at once outside of one)."""
    transaction.on_commit(lambda: send_event_now(kind, **data))


def send_event_now(kind: str, **data: Any) -> None:
    """Announce a change that is committed already (a write that committed on its own, or a committed read)."""
    for listener in _listeners:
        listener(kind, data)
