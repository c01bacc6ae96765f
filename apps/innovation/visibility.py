"""What each seat may see of an Innovation state: ``view``, ``hidden_from``, ``unseen`` and the per-viewer log.

Hands and score piles show their owner the cards and everyone else only their ages (the backs of
the cards, as on the table). Log records name cards structurally; a name is shown to a viewer only
if that viewer saw the event and can still see the card now, otherwise it reads "a 3".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from . import wording
from .cards import CARDS, THIRD
from .core import (
    AGE,
    COLORS,
    SHOWN_BY_SPLAY,
    InnovationState,
    LogRecord,
    PickGroup,
    claimable_ages,
    draw_age_for,
    icon_counts,
    points,
    start_melds,
)

LOG_LINES = 40
_CARD_REF = re.compile(r"\{(\d+)\}")
# Card names that a visible card's own name or text contains ("Tools" in "Machine Tools"; A.I. names
# Robotics and Software): while the containing card is in sight, those words appear legitimately.
MENTIONS = {
    name: sorted(other for other in CARDS if other != name and (
        other in name or any(other in text for _, text in data[4] + THIRD.get(name, []))))
    for name, data in CARDS.items()
}
MENTIONS = {name: found for name, found in MENTIONS.items() if found}


def locations(state: InnovationState) -> dict[str, tuple[str, int | None]]:
    """Every card's zone and owner."""
    where: dict[str, tuple[str, int | None]] = {}
    for age_cards in state["decks"].values():
        for c in age_cards:
            where[c] = ("deck", None)
    for c in state["achievements"]:
        where[c] = ("achievements", None)
    for c in state["removed"]:
        where[c] = ("removed", None)
    for c, owner in state["revealed"]:
        where[c] = ("revealed", owner)
    for s, seat in enumerate(state["seats"]):
        for c in seat["hand"]:
            where[c] = ("hand", s)
        for c in seat["score"]:
            where[c] = ("score", s)
        for c in seat["achievements"]:
            where[c] = ("achieved", s)
        for pile in seat["board"].values():
            for c in pile["cards"]:
                where[c] = ("board", s)
    return where


def _sees(where: tuple[str, int | None], viewer: int | None) -> bool:
    zone, owner = where
    if zone in ("board", "revealed"):
        return True
    return viewer is not None and zone in ("hand", "score") and owner == viewer


def hidden_from(state: InnovationState, seat: int | None) -> set[str]:
    where = locations(state)
    hidden = {card for card, place in where.items() if card in CARDS and not _sees(place, seat)}
    for card in list(where):
        if _sees(where[card], seat):
            hidden.difference_update(MENTIONS.get(card, ()))
    hidden.add(str(state["rng"]))
    dogma = state.get("dogma")
    if dogma:
        hidden.add(str(dogma["snapshot"]["rng"]))
    return hidden


def unseen(state: InnovationState, seat: int | None) -> frozenset[str]:
    """The cards this viewer cannot see now (``Rules.unseen``): every card whose place the views keep from it
    (``_sees``), less those its own pending decision offers it by name. Unlike ``hidden_from``, a card is unseen
    even while a card in sight mentions its name."""
    hidden = {card for card, place in locations(state).items() if card in CARDS and not _sees(place, seat)}
    pending = state["pending"]
    if pending is not None and pending["seat"] == seat:
        hidden.difference_update(option for option in pending["options"] if isinstance(option, str))
    return frozenset(hidden)


def card_ref(card: str, where: dict, viewer: int | None, saw: bool) -> str:
    if saw and _sees(where[card], viewer):
        return card
    return wording.card_back(card)


def _ref_maker(cards: list[str], where: dict, viewer: int | None, saw: bool):
    return lambda m: card_ref(cards[int(m.group(1))], where, viewer, saw)


def render_log(state: InnovationState, viewer: int | None, where: dict | None = None) -> list[str]:
    return render_logs(state, [viewer], where or locations(state))[0]


def render_logs(state: InnovationState, viewers: Sequence[int | None], where: dict) -> list[list[str]]:
    """The log as each of ``viewers`` reads it; a line that reads the same for everyone (seen by all, naming no
    card in a hand or score pile) is written once."""
    logs: list[list[str]] = [[] for _ in viewers]
    for record in state["log"][-LOG_LINES:]:
        if _reads_alike(record, where):
            text = _log_line(record, where, None)
            for lines in logs:
                lines.append(text)
        else:
            for lines, viewer in zip(logs, viewers, strict=True):
                lines.append(_log_line(record, where, viewer))
    return logs


_PRIVATE_ZONES = ("hand", "score")


def _reads_alike(record: LogRecord, where: dict) -> bool:
    if record.get("see") is not None:
        return False
    source = record.get("src")
    cards = [*record["c"], source] if source else record["c"]
    return all(where.get(card, ("", None))[0] not in _PRIVATE_ZONES for card in cards)


def _log_line(record: LogRecord, where: dict, viewer: int | None) -> str:
    see = record.get("see")
    saw = see is None or (viewer is not None and viewer in see)
    text = _CARD_REF.sub(_ref_maker(record["c"], where, viewer, saw), record["t"])
    source = record.get("src")
    if source:
        text = card_ref(source, where, viewer, True) + ": " + text
    return text


def seat_record(state: InnovationState, s: int) -> dict:
    """A seat as everyone but its owner sees it: its hand and score pile as ages only (``_own_record`` shows
    them)."""
    seat = state["seats"][s]
    board = []
    for color in COLORS:
        pile = seat["board"][color]
        cards = pile["cards"]
        board.append({
            "color": color,
            "splay": pile["splay"],
            "cards": list(reversed(cards)),
            "top": cards[-1] if cards else None,
            "count": len(cards),
            "shows": list(SHOWN_BY_SPLAY[pile["splay"]]) if len(cards) > 1 else [],
        })
    achievements = [wording.achievement_label(a) for a in seat["achievements"]]
    return {
        "seat": s,
        "hand": None,
        "hand_ages": sorted(AGE[c] for c in seat["hand"]),
        "hand_count": len(seat["hand"]),
        "score": None,
        "score_ages": sorted(AGE[c] for c in seat["score"]),
        "points": points(state, s),
        "achievements": achievements,
        "achievement_count": len(achievements),
        "board": board,
        "icons": icon_counts(state, s),
    }


def _own_record(state: InnovationState, public: dict) -> dict:
    """``seat_record`` as its owner sees it, from the record everyone else sees: only the hand and the score pile
    differ."""
    seat = state["seats"][public["seat"]]
    return {**public, "hand": sorted(seat["hand"], key=lambda c: (AGE[c], c)),
            "score": sorted(seat["score"], key=lambda c: (AGE[c], c))}


def _group_seen(group: PickGroup | None, where: dict, seat: int) -> PickGroup | None:
    """A pick of several as the deciding seat sees it now: a card it already gave away reads as its back."""
    if group is None:
        return None
    return {**group, "picked": [card_ref(card, where, seat, True) for card in group["picked"]]}


def prompt_for(state: InnovationState, viewer: int | None, where: dict) -> str:
    pending = state["pending"]
    card = pending.get("source") if pending is not None else None
    source = card_ref(card, where, viewer, True) if card else "Dogma"
    return wording.prompt(state, viewer, source)


def view(state: InnovationState, seat: int | None) -> dict:
    return views(state, [seat])[0]


def views(state: InnovationState, seats: Sequence[int | None]) -> list[dict]:
    """``view`` for each of ``seats``: one's own hand and score pile, the pending decision's options, what one may
    draw or claim, the prompt and the log's lines naming hidden cards differ between viewers; the rest is worked
    out once and shared (another seat's record is as a spectator sees it)."""
    where = locations(state)
    pending = state["pending"]
    pending_view: dict[str, Any] | None = None
    if pending is not None:
        pending_view = {"seat": pending["seat"], "kind": pending["kind"], "optional": pending["optional"]}
    players = range(state["players"])
    public_seats = [seat_record(state, s) for s in players]
    turn = state["turn"]
    shared = {
        "turn": {"seat": turn["seat"], "actions": turn["actions"], "number": turn["number"]},
        "supply": [{"age": a, "count": len(state["decks"][str(a)])} for a in range(1, 11)],
        "achievements": sorted(AGE[c] for c in state["achievements"]),
        "specials": list(state["specials"]),
        "revealed": [{"card": c, "seat": s} for c, s in state["revealed"]],
        "chosen_start": [c is not None for c in start_melds(state)] if state["phase"] == "setup" else None,
    }
    logs = render_logs(state, seats, where)
    out = []
    for seat, log in zip(seats, logs, strict=True):
        mine = pending_view
        if pending is not None and pending_view is not None and seat == pending["seat"]:
            mine = {**pending_view, "options": list(pending["options"]), "prompt": pending["prompt"],
                    "group": _group_seen(pending.get("group"), where, seat)}
        out.append({
            "game": "innovation",
            "phase": state["phase"],
            "edition": state["edition"],
            "players": state["players"],
            "me": seat,
            "turn": shared["turn"],
            "seats": [_own_record(state, public_seats[s]) if s == seat else public_seats[s] for s in players],
            "supply": shared["supply"],
            "achievements": shared["achievements"],
            "specials": shared["specials"],
            "revealed": shared["revealed"],
            "pending": mine,
            "chosen_start": shared["chosen_start"],
            "draw_age": draw_age_for(state, seat) if seat is not None else None,
            "claimable": claimable_ages(state, seat) if seat is not None and state["phase"] == "play" else [],
            "prompt": prompt_for(state, seat, where),
            "log": log,
            "result": state["result"],
            "marks": state.get("marks"),  # public: what the last move changed (see changes)
        })
    return out
