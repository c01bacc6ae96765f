"""The wire protocol: every frame the server sends a page or accepts from one, and every event it passes between
processes through the channel layer, each with one builder (or one parser). lila-ws's ``ipc`` is the model.

Pages read the frames (``static/``, README "Realtime protocol"): their shape must not change. Builders return
dicts; whoever sends one encodes it (``frames.encode`` for state frames, ``json.dumps`` for the rest).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

# --- Frames a page is sent -----------------------------------------------------------------------------------------


def error(code: str, message: str, client_id: Any = None) -> dict:
    """A refusal; ``client_id`` (a move's id) names the move refused, when it is a string or a number."""
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if client_id:
        frame["id"] = client_id if isinstance(client_id, (str, int)) else None
    return frame


def html_state(version: int, html: str) -> dict:
    return {"type": "state", "version": version, "html": html}


def patch(base: int, version: int, regions: dict[str, str], parts: dict[str, str] | None = None,
          lists: dict[str, list] | None = None) -> dict:
    """The table at ``version`` for a page that shows ``base``: only the regions that changed (``data-region`` id ->
    its HTML, ``live.regions``) and, of the others, the parts that changed (``data-part`` id -> its HTML) and how
    their lists changed (``data-list`` id -> splices ``[at, removed, html]`` of its children, in order); a page not
    at ``base`` asks for ``sync`` instead."""
    frame = {"type": "patch", "base": base, "version": version, "regions": regions}
    if parts:
        frame["parts"] = parts
    if lists:
        frame["lists"] = lists
    return frame


def json_state(version: int, view: dict, active: list[int], legal: list, outcome: dict | None,
               names: list[str], clock: dict | None = None) -> dict:
    """``clock`` only for a timed match (``engine/clock.frame``)."""
    frame = {"type": "state", "version": version, "view": view, "active": active, "legal": legal,
             "outcome": outcome, "names": names}
    if clock is not None:
        frame["clock"] = clock
    return frame


def presence(watchers: int, online: list[int], away: list[dict], over: bool, players: list[dict],
             clock: dict | None = None) -> dict:
    """``clock``: a timed match's clocks as they are now (a seat handed to a bot or taken back changes them
    without a new version)."""
    frame = {"type": "presence", "watchers": watchers, "online": online, "away": away, "over": over,
             "players": players}
    if clock is not None:
        frame["clock"] = clock
    return frame


def notices(unread: int) -> dict:
    """On the personal socket: the player's unread notices now (``apps/notices``)."""
    return {"type": "notices", "unread": unread}


def chat(message_id: int, name: str, text: str, at: str, **extra: Any) -> dict:
    return {"type": "chat", "id": message_id, "name": name, "text": text, "at": at, **extra}


def chat_hidden(message_id: int) -> dict:
    return {"type": "chat_hidden", "id": message_id}


def notice(message: str, over: bool = False) -> dict:
    return {"type": "notice", "message": message, "over": over}


def your_turn(match_id: int, url: str, message: str) -> dict:
    return {"type": "your_turn", "match": match_id, "url": url, "message": message}


def hint(version: int, found: dict) -> dict:
    """The answer to a seat's ``hint``, to its socket alone: ``found`` is ``engine.hint.candidates``'s (the best
    moves first, each with its label and chance, and the ``basis`` of the chances)."""
    return {"type": "hint", "version": version, **found}


def hint_refused(code: str, message: str) -> dict:
    """A refused ``hint``: an error frame marked as the hint's, so the page leaves any move it waits on alone."""
    return {**error(code, message), "about": "hint"}


def pong() -> dict:
    """The answer to a page's ``ping``: its socket still reaches a server that answers."""
    return {"type": "pong"}


def removed(message: str) -> dict:
    """The page must stop: signed out, banned, or no longer let in."""
    return {"type": "removed", "message": message}


def muted(message: str) -> dict:
    return {"type": "muted", "message": message}


def unmuted(message: str) -> dict:
    return {"type": "unmuted", "message": message}


def lobby(html: str) -> dict:
    return {"type": "lobby", "html": html}


def lobby_started(url: str) -> dict:
    return {"type": "started", "url": url}


def lobby_closed(message: str) -> dict:
    return {"type": "closed", "message": message}


# --- Events between processes (channel layer); ``type`` names the consumer method that receives them -------------


def relay(text: str, version: int | None = None, step: dict | None = None, stepped: bool = False,
          regions: list | None = None) -> dict:
    """A frame already encoded, for the match sockets of a group to send as it is; a state frame carries its
    ``version`` and when it was sent (a socket that receives it late knows it stalled), and either the ``step``
    that made it (``match_cache.step_of``), which the socket's process follows, or ``stepped``: the step went
    with other seats' frames. An HTML table comes as its ``regions`` (``live.regions.render``) instead of a text:
    each socket sends its page only those that changed."""
    if version is None:
        return {"type": "frame", "text": text}
    frame = {"type": "frame", "text": text, "version": version, "at": time.time()}
    if regions is not None:
        frame["regions"] = regions
    if step is not None:
        frame["step"] = step
    elif stepped:
        frame["stepped"] = True
    return frame


def lobby_relay(text: str) -> dict:
    return {"type": "lobby.frame", "text": text}


def notify_user(frame: dict) -> dict:
    """A frame for the user's personal socket (/ws/me/) on every page."""
    return {"type": "user.notify", "text": json.dumps(frame)}


def user_removed(message: str) -> dict:
    return {"type": "user.removed", "message": message}


def session_ended() -> dict:
    return {"type": "session.ended"}


def bots_wake() -> dict:
    return {"type": "bots.wake"}


def lobby_changed() -> dict:
    return {"type": "lobby.changed"}


def lobby_start(url: str) -> dict:
    return {"type": "lobby.started", "url": url}


def lobby_close() -> dict:
    return {"type": "lobby.closed"}


def lobby_access_changed() -> dict:
    return {"type": "lobby.access_changed"}


def health_ping() -> dict:
    return {"type": "health.ping"}


# --- Frames a page sends -------------------------------------------------------------------------------------------

# ``resign`` (leave the result; in a co-operative game, leave the band) and ``abort`` (before every seat has moved)
# carry nothing but their type: ``domain.leaving``.
MATCH_FRAMES = frozenset({"move", "sync", "chat", "seat_vote", "take_back", "undo", "ping", "resign", "abort",
                          "hint"})
LOBBY_FRAMES = frozenset({"chat", "sync"})


@dataclass(frozen=True)
class Refusal:
    """A frame that cannot be handled, and the error frame that says why."""

    code: str
    message: str
    client_id: Any = None

    def frame(self) -> dict:
        return error(self.code, self.message, self.client_id)


@dataclass(frozen=True)
class MoveFrame:
    move: Any
    version: Any
    client_id: str


def parse_move(data: dict) -> MoveFrame | Refusal:
    """``{"type": "move", "move": {...}, "version": n, "id": "..."}``; ``id`` is optional (``""``)."""
    client_id = data.get("id", "")
    if "move" not in data or "version" not in data:
        return Refusal("bad_request", "A move frame needs 'move' and 'version'.", client_id)
    return MoveFrame(data["move"], data["version"], client_id if client_id is not None else "")


def parse_undo(data: dict) -> MoveFrame | Refusal:
    """``{"type": "undo", "version": n, "id": "..."}``: take back your last step of this turn (``domain.undo``);
    ``version`` is the state the page shows, ``id`` (optional) makes it idempotent as for a move."""
    client_id = data.get("id", "")
    if "version" not in data:
        return Refusal("bad_request", "An undo frame needs the 'version' your page shows.", client_id)
    return MoveFrame(None, data["version"], client_id if client_id is not None else "")


def parse_sync(data: dict) -> int | None:
    """``{"type": "sync", "version": n}``: the version the page shows, or None when it names none."""
    known = data.get("version")
    return known if type(known) is int else None


def parse_hint(data: dict) -> int | Refusal:
    """``{"type": "hint", "version": n}``: what the game's best bot would do from the seat's view at ``version``
    (``domain.hints``); the version the page shows, or a refusal."""
    version = data.get("version")
    if type(version) is not int:
        return Refusal("bad_request", "A hint frame needs the 'version' your page shows.")
    return version


def parse_chat(data: dict) -> Any:
    """``{"type": "chat", "text": "..."}``: the text, checked by the chat service (it may be anything)."""
    return data.get("text")


def parse_seat_vote(data: dict) -> Any:
    """``{"type": "seat_vote", "seat": n}``: the seat voted on (checked by the seat service)."""
    return data.get("seat")


def reply_id(data: dict) -> Any:
    """The id an error about this frame answers to: a move's own id, none for other frames."""
    return data.get("id") if data.get("type") == "move" else None
