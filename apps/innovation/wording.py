"""Innovation's words for people: move labels, the answers of a decision, the board's prompt and refusals.

The engine and the views carry facts; the sentences built from them are written here. ``{pN}`` stands for
the name of seat N, filled in by the site.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from apps.matches.engine import Move

from .core import AGE, InnovationState, PickGroup, draw_age_for

GAME_OVER = "The game is over."
# What the bot's own first choice goes by (bot.py's standing), for a hint whose estimates cannot tell moves apart.
BOT_RULE = ("it looks one move ahead and plays what leaves you furthest ahead: achievements first, then points, "
            "high top cards, icons, cards in hand and splays")
CHOOSE_START = "Choose one of your two cards to meld; the card first in the alphabet starts the game."
WAITING_FOR_START = "Waiting for every player to choose a first card."

OPTION_LABELS = {
    "score8": "Draw and score an 8, then return a score card",
    "draw": "Draw a card one higher than your highest score card",
    "left": "Left",
    "right": "Right",
    "up": "Up",
}


def score_card_of(age: int | str, whose: str) -> str:
    return f"A {age} from {whose}'s score pile"


def _target_label(pick: Any) -> str:
    seat, age = str(pick).split(":")
    return score_card_of(age, f"seat {int(seat) + 1}")


# How an answer to a decision reads, by the decision's kind; a card (and any kind not listed) reads as itself.
PICK_LABELS: dict[str, Callable[[Any], str]] = {
    "yes": lambda pick: "Yes",
    "color": lambda pick: str(pick).capitalize(),
    "value": lambda pick: f"Value {pick}",
    "seat": lambda pick: f"Seat {int(pick) + 1}",
    "target": _target_label,
    "option": lambda pick: OPTION_LABELS.get(str(pick), str(pick)),
}


def pick_label(kind: str, pick: Any) -> str:
    label = PICK_LABELS.get(kind)
    return label(pick) if label is not None else str(pick)


def _choose_label(state: InnovationState, seat: int, move: Move) -> str:
    pending = state.get("pending")
    return pick_label(pending["kind"] if pending is not None else "card", move["pick"])


def _draw_label(state: InnovationState, seat: int, move: Move) -> str:
    """The age the draw takes: the first pile with a card from the highest top card's age up."""
    wanted = draw_age_for(state, seat)
    age = next((a for a in range(wanted, 11) if state["decks"][str(a)]), wanted)
    return f"Draw {article(age)} {age}"


def article(age: int) -> str:
    """'an' before an age said with a vowel sound (an 8), 'a' before the rest."""
    return "an" if age in (8, 11, 18) else "a"


# A pick of several: what was done to the cards already picked, and the word for going on doing it.
PAST = {"meld": "melded", "take": "taken", "return": "returned", "tuck": "tucked", "transfer": "transferred",
        "give": "given", "score": "scored"}
DOING = {"meld": "melding", "take": "taking", "return": "returning", "tuck": "tucking", "transfer": "transferring",
         "give": "giving", "score": "scoring"}


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def finish_label(group: PickGroup) -> str:
    """The control that ends a pick of several, saying what it does: "Return the 2 picked cards", "Return none",
    "Stop melding"."""
    n = len(group["picked"])
    verb = group["verb"]
    if not verb:
        return "Stop picking"
    if not n:
        return f"{verb.capitalize()} none"
    if group["acted"]:
        return f"Stop {DOING.get(verb, verb)}"
    return f"{verb.capitalize()} the picked card" if n == 1 else f"{verb.capitalize()} the {n} picked cards"


def picked_line(group: PickGroup) -> str:
    """The running line of a pick of several: "Picked to return: Oars, Sailing (up to 3)"."""
    picked = group["picked"]
    n, least, most = len(picked), group["least"], group["most"]
    verb = group["verb"]
    if group["acted"]:
        done = PAST.get(verb, verb)
        return f"{done.capitalize()} so far: {', '.join(picked)}." if picked else ""
    if most is None:
        left = "any number"
    elif least == most:
        left = f"{most - n} more to pick" if n else f"{_cards(most)} to pick"
    else:
        left = f"up to {most}"
    if not picked:
        target = f" to {verb}" if verb else ""
        return f"Pick the cards{target} one at a time ({left}); none picked yet."
    return f"Picked{f' to {verb}' if verb else ''}: {', '.join(picked)} ({left})."


def _decline_label(state: InnovationState, seat: int, move: Move) -> str:
    pending = state.get("pending")
    group = pending.get("group") if pending is not None else None
    return finish_label(group) if group is not None else "Decline"


MOVE_LABELS: dict[str, Callable[[InnovationState, int, Move], str]] = {
    "draw": _draw_label,
    "meld": lambda state, seat, move: f"Meld {move['card']}",
    "achieve": lambda state, seat, move: f"Achieve age {move['age']}",
    "dogma": lambda state, seat, move: f"Dogma of {move['card']}",
    "decline": _decline_label,
    "choose": _choose_label,
}


def move_label(state: InnovationState, seat: int, move: Move) -> str:
    """A short label for a well-formed move, for its button and for screen readers."""
    return MOVE_LABELS[move["type"]](state, seat, move)


def card_back(card: str) -> str:
    """How a card reads to someone who may not know which it is: its age, as its back shows."""
    return f"a {AGE[card]}"


def achievement_label(card: str) -> str:
    """An achieved card reads as its age; a special achievement by its name."""
    return f"Age {AGE[card]}" if card in AGE else card


def prompt(state: InnovationState, viewer: int | None, source: str) -> str:
    """The board's line for ``viewer`` (None: a spectator, whose line anyone may read). ``source`` names the
    card whose dogma asks the pending decision, as this viewer may know it ("Dogma" when there is none)."""
    phase = state["phase"]
    if phase == "over":
        return GAME_OVER
    if phase == "setup":
        start_melds = state["start_melds"]
        if viewer is not None and start_melds is not None and start_melds[viewer] is None:
            return CHOOSE_START
        return WAITING_FOR_START
    pending = state["pending"]
    if pending is not None:
        if viewer == pending["seat"]:
            return f"{source}: {pending['prompt']}"
        return f"{{p{pending['seat']}}} is making a decision for {source}."
    turn = state["turn"]
    left = turn["actions"]
    if viewer == turn["seat"]:
        # The board lists each action with where to tap it (layout.action_guide): the prompt, which sticks above it
        # on a phone, stays one short line.
        return f"{left} action{'s' if left != 1 else ''} left: draw, meld, dogma or achieve."
    return f"It is {{p{turn['seat']}}}'s turn."


# Why a move of the right shape is refused during a turn, by its type.
TURN_REFUSALS = {
    "choose": "There is no decision to answer.",
    "decline": "There is no decision to answer.",
    "meld": "You can only meld a card from your hand.",
    "dogma": "You can only activate the dogma of one of your top cards.",
    "achieve": ("You need a score of five times the age and a top card of that age or higher, "
                "and the achievement must still be available."),
}
CHOOSE_START_FIRST = "Choose one of the two cards in your hand to meld first."
NOT_YOUR_TURN = "It is not your turn."
ANOTHER_DECIDES = "Another player is making a decision."


def why_illegal(state: InnovationState, move: Move) -> str:
    """Why a well-formed move by an active seat is not among its legal moves."""
    kind = move["type"]
    if state["phase"] == "setup":
        return CHOOSE_START_FIRST
    pending = state["pending"]
    if pending is not None:
        if kind not in ("choose", "decline"):
            return "Answer the decision first: " + pending["prompt"]
        if kind == "decline":
            return "This choice is not optional."
        return "That is not one of the options of this decision."
    return TURN_REFUSALS.get(kind, "That move is not possible now.")


def seat_name(names: list[str], seat: int) -> str:
    """A player's name where the page knows it, else the seat's number counted from one."""
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


# What a dogma does to one opponent, by the icon count (``layout.dogma_reach``): a sharer carries out its
# effects too, an opponent with fewer obeys its demands, and the others are left alone.
REACH = {"shares": "shares", "obeys": "must obey", "safe": "not affected"}


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"


def fan_label(splay: str, below: int, icons: dict[str, int]) -> str:
    """What a splayed pile shows under its top card: ``icons`` counts each icon's label over ``below`` cards."""
    seen = ", ".join(_count(n, label) for label, n in icons.items()) or "no icons"
    return f"Splayed {splay}: the {_count(below, 'card')} below show {seen}"
