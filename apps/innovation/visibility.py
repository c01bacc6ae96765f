"""What each seat may see of an Innovation state: ``view``, ``hidden_from`` and the per-viewer log.

Hands and score piles show their owner the cards and everyone else only their ages (the backs of
the cards, as on the table). Log records name cards structurally; a name is shown to a viewer only
if that viewer saw the event and can still see the card now, otherwise it reads "a 3".
"""

from __future__ import annotations

import re

from apps.matches.rules import State

from .cards import CARDS, THIRD
from .core import AGE, COLORS, SHOWN_BY_SPLAY, claimable_ages, draw_age_for, icon_counts, points

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


def locations(state: State) -> dict[str, tuple[str, int | None]]:
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


def hidden_from(state: State, seat: int | None) -> set[str]:
    where = locations(state)
    hidden = {card for card, place in where.items() if card in CARDS and not _sees(place, seat)}
    for card in list(where):
        if _sees(where[card], seat):
            hidden.difference_update(MENTIONS.get(card, ()))
    hidden.add(str(state["rng"]))
    if state.get("dogma"):
        hidden.add(str(state["dogma"]["snapshot"]["rng"]))
    return hidden


def card_ref(card: str, where: dict, viewer: int | None, saw: bool) -> str:
    if saw and _sees(where[card], viewer):
        return card
    return f"a {AGE[card]}"


def _ref_maker(cards: list[str], where: dict, viewer: int | None, saw: bool):
    return lambda m: card_ref(cards[int(m.group(1))], where, viewer, saw)


def render_log(state: State, viewer: int | None, where: dict | None = None) -> list[str]:
    where = where or locations(state)
    lines = []
    for record in state["log"][-LOG_LINES:]:
        see = record.get("see")
        saw = see is None or (viewer is not None and viewer in see)
        text = _CARD_REF.sub(_ref_maker(record["c"], where, viewer, saw), record["t"])
        if record.get("src"):
            text = card_ref(record["src"], where, viewer, True) + ": " + text
        lines.append(text)
    return lines


def pick_label(kind: str, pick) -> str:
    if kind == "yes":
        return "Yes"
    if kind == "color":
        return f"{str(pick).capitalize()}"
    if kind == "value":
        return f"Value {pick}"
    if kind == "seat":
        return f"Seat {int(pick) + 1}"
    if kind == "target":
        seat, age = str(pick).split(":")
        return f"A {age} from seat {int(seat) + 1}'s score pile"
    if kind == "option":
        return OPTION_LABELS.get(str(pick), str(pick))
    return str(pick)


OPTION_LABELS = {
    "score8": "Draw and score an 8, then return a score card",
    "draw": "Draw a card one higher than your highest score card",
    "left": "Left",
    "right": "Right",
    "up": "Up",
}


def seat_record(state: State, s: int, viewer: int | None) -> dict:
    seat = state["seats"][s]
    mine = viewer == s
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
    achievements = [(f"Age {AGE[a]}") if a in AGE else a for a in seat["achievements"]]
    return {
        "seat": s,
        "hand": sorted(seat["hand"], key=lambda c: (AGE[c], c)) if mine else None,
        "hand_ages": sorted(AGE[c] for c in seat["hand"]),
        "hand_count": len(seat["hand"]),
        "score": sorted(seat["score"], key=lambda c: (AGE[c], c)) if mine else None,
        "score_ages": sorted(AGE[c] for c in seat["score"]),
        "points": points(state, s),
        "achievements": achievements,
        "achievement_count": len(achievements),
        "board": board,
        "icons": icon_counts(state, s),
    }


def prompt_for(state: State, viewer: int | None, where: dict) -> str:
    phase = state["phase"]
    if phase == "over":
        return "The game is over."
    if phase == "setup":
        if viewer is not None and state["start_melds"][viewer] is None:
            return "Choose one of your two cards to meld; the card first in the alphabet starts the game."
        return "Waiting for every player to choose a first card."
    pending = state["pending"]
    if pending is not None:
        source = card_ref(pending["source"], where, viewer, True) if pending.get("source") else "Dogma"
        if viewer == pending["seat"]:
            return f"{source}: {pending['prompt']}"
        return f"{{p{pending['seat']}}} is making a decision for {source}."
    turn = state["turn"]
    left = turn["actions"]
    if viewer == turn["seat"]:
        return (f"{left} action{'s' if left != 1 else ''} left: draw, meld a card from your hand, achieve, "
                "or tap a top card for its dogma.")
    return f"It is {{p{turn['seat']}}}'s turn."


def view(state: State, seat: int | None) -> dict:
    where = locations(state)
    pending = state["pending"]
    pending_view = None
    if pending is not None:
        pending_view = {"seat": pending["seat"], "kind": pending["kind"], "optional": pending["optional"]}
        if seat == pending["seat"]:
            pending_view["options"] = list(pending["options"])
            pending_view["prompt"] = pending["prompt"]
    turn = state["turn"]
    data = {
        "game": "innovation",
        "phase": state["phase"],
        "edition": state["edition"],
        "players": state["players"],
        "me": seat,
        "turn": {"seat": turn["seat"], "actions": turn["actions"], "number": turn["number"]},
        "seats": [seat_record(state, s, seat) for s in range(state["players"])],
        "supply": [{"age": a, "count": len(state["decks"][str(a)])} for a in range(1, 11)],
        "achievements": sorted(AGE[c] for c in state["achievements"]),
        "specials": list(state["specials"]),
        "revealed": [{"card": c, "seat": s} for c, s in state["revealed"]],
        "pending": pending_view,
        "chosen_start": [c is not None for c in state["start_melds"]] if state["phase"] == "setup" else None,
        "draw_age": draw_age_for(state, seat) if seat is not None else None,
        "claimable": claimable_ages(state, seat) if seat is not None and state["phase"] == "play" else [],
        "prompt": prompt_for(state, seat, where),
        "log": render_log(state, seat, where),
        "result": state["result"],
        "marks": state.get("marks"),  # public: what the last move changed (see changes)
    }
    return data
