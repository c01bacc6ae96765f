"""The English of Origins: names of spaces and pawns, move labels, prompts, refusals, seat placeholders.

Log lines, prompts and labels never hold a player's name: they say ``{p0}``,
``{p1}``, ... and ``name_seats`` (or the ``seat_names`` template filter) puts
the display names in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from apps.matches.engine import name_seats, seat_token  # noqa: F401  (re-exported for the game)

from .content import CARD_BY_ID, START, START_NAME, STRAIT_BY_ID, TERRITORY_BY_ID, Card, parse_form
from .state import Entry, Pawn

Move = dict[str, Any]


def space_name(space: str) -> str:
    return START_NAME if space == START else TERRITORY_BY_ID[space].name


def form_words(form: str) -> str:
    """'white 2x3' read as colour, height and width."""
    color, height, width = parse_form(form)
    return f"{color} {height}x{width}"


def form_long(form: str) -> str:
    color, height, width = parse_form(form)
    return f"{color}, height {height}, width {width}"


def card_name(card: str) -> str:
    return CARD_BY_ID[card].name


def tile_label(tile: str) -> str:
    column, level = tile.rsplit("-", 1)
    return f"{column} level {level}"


def _raid_label(option: str) -> str:
    return f"Take a random card from {seat_token(int(option.split('-')[1]))}"


def _theft_label(option: str) -> str:
    seat, tile = option.split(":")
    return f"Take {seat_token(int(seat))}'s {tile_label(tile)} tile"


def _march_label(option: str) -> str:
    pawn, to = option.split(">")
    return f"March pawn {pawn} to {space_name(to)}"


def march_label(form: str, at: str, to: str) -> str:
    """Forced March's option as the player sees the pawn: "March the white 2x1 in Sahel to Nile Valley"."""
    return f"March the {form_words(form)} in {space_name(at)} to {space_name(to)}"


# The label of one option of each action card that asks for a choice (``flow.choice_options``).
OPTION_LABELS: dict[str, Callable[[str], str]] = {
    "spark": lambda option: f"Take a {option} level 1 tile",
    "copper": lambda option: f"Take the {tile_label(option)} tile",
    "raid": _raid_label,
    "theft": _theft_label,
    "pirates": lambda option: f"Take the {STRAIT_BY_ID[option].name} token",
    "stories": lambda option: f"Draw 2 {option} cards",
    "hunt": lambda option: f"Hunt in {space_name(option)}",
    "march": _march_label,
}


def option_label(card: str, option: str) -> str:
    """The label of one option of an action card's choice."""
    label = OPTION_LABELS.get(card)
    return label(option) if label else option


# Move labels that need nothing but the move; ``select`` and ``choose`` read the pawn and the card too.
MOVE_LABELS: dict[str, Callable[[Move], str]] = {
    "cancel": lambda move: "Put the pawn back (choose another)",
    "evolve": lambda move: f"New pawn: {form_words(move['form'])}",
    "migrate": lambda move: f"Migrate to {space_name(move['to'])}",
    "swap": lambda move: f"Swap onto {space_name(move['to'])}",
    "place": lambda move: f"Settle {space_name(move['to'])} with the new pawn",
    "tile": lambda move: f"Take the {tile_label(move['tile'])} tile",
    "draw3": lambda move: "Draw 3 cards, then return 2",
    "skip_reward": lambda move: "Take no (more) reward",
    "return": lambda move: f"Return {card_name(move['card'])}",
    "play": lambda move: f"Play {card_name(move['card'])}",
    "end_turn": lambda move: "End your turn",
}


def evolve_label(form: str, source: str) -> str:
    """An evolve button, beside the picked pawn: the new pawn it makes (the picked one stays) and how it differs
    from the picked one, in what the difference does."""
    c1, h1, w1 = parse_form(source)
    c2, h2, w2 = parse_form(form)
    if c2 != c1:
        change = f"{c2} instead of {c1}"
    elif h2 > h1:
        change = f"{h2 - h1} taller: moves {h2}"
    elif w2 > w1:
        change = f"{w2 - w1} wider: strength {w2}"
    else:
        change = "a copy of the picked one"
    return f"Evolve a new pawn: {form_words(form)} ({change})"


def describe(move: Move, *, pawn_form: str | None = None, pawn_at: str | None = None,
             choosing: str | None = None, pawn_owner: int | None = None, mover: int | None = None) -> str:
    kind = move["type"]
    if kind == "select":
        where = f" in {space_name(pawn_at)}" if pawn_at else ""
        what = form_words(pawn_form) if pawn_form else "a"
        whose = f"{seat_token(pawn_owner)}'s" if pawn_owner is not None else "the"
        rivals = mover is not None and pawn_owner is not None and pawn_owner != mover
        why = " to evolve a new pawn of yours from it" if rivals else ""
        return f"Pick {whose} {what} pawn{where}{why}"
    if kind == "choose":
        return option_label(choosing or "", move["option"])
    label = MOVE_LABELS.get(kind)
    return label(move) if label else kind


# --- Why a move is refused (``OriginsRules.why_illegal``) ---------------------------------------

def _first_selected(entry: Entry, kind: str) -> str | None:
    if kind in ("migrate", "swap", "evolve", "cancel"):
        return None
    return "You have selected a pawn: choose where it goes, or what it evolves into."


def _first_evolving(entry: Entry, kind: str) -> str | None:
    if kind in ("place", "cancel"):
        return None
    return "Choose an empty territory next to the pawn for the new pawn."


# For each kind of pending decision: the message when a move of ``kind`` must wait for it, or None.
ANSWER_FIRST: dict[str, Callable[[Entry, str], str | None]] = {
    "return": lambda entry, kind: f"Return a {entry['color']} card from your hand first.",
    "choose": lambda entry, kind: f"Choose how to use {card_name(entry['card'])} first.",
    "selected": _first_selected,
    "evolving": _first_evolving,
    "reward": lambda entry, kind: "Take your reward (or none) first." if kind in ("select", "end_turn") else None,
}


def answer_first(entry: Entry | None, kind: str) -> str | None:
    """Why a move of ``kind`` waits for the decision on top of the pending stack, or None if it need not."""
    return None if entry is None else ANSWER_FIRST[entry["kind"]](entry, kind)


def no_territory(space: str) -> str:
    return f"There is no territory {space!r}."


def cannot_select(action_taken: bool) -> str:
    if action_taken:
        return "You have already taken your action this turn."
    return "That pawn can neither move nor be evolved from now."


NOT_NOW = {
    "migrate": "That pawn cannot migrate there: it must be an empty territory within its height.",
    "swap": "That pawn cannot swap there: it must be a thinner pawn of another player within its height.",
    "place": "The new pawn must settle an empty territory next to the pawn it evolved from.",
    "evolve": ("That pawn is not compatible: it may differ in one attribute only, never shorter or thinner, "
               "never two steps taller or wider, and it must be in the reserve."),
    "tile": "You cannot take that tile: level 1 always, any other level only on a tile one lower.",
    "return": "There is nothing to return now.",
    "cancel": "There is nothing to put back now.",
}


def not_now(kind: str) -> str:
    return NOT_NOW.get(kind, "That move is not possible now.")


# Why a card of the hand may not be played, by reason (``OriginsRules.unplayable_because``).
CANNOT_PLAY: dict[str, Callable[[Card], str]] = {
    "played": lambda card: f"You have already played a {card.color} card this turn.",
    "orange": lambda card: f"{card.name} needs an innovation tile of level {card.level} or higher.",
    "purple": lambda card: f"The board does not match {card.name} yet.",
    "yellow": lambda card: f"{card.name} has no effect now.",
}


def cannot_play(card: str, reason: str) -> str:
    if reason == "not_held":
        return "That card is not in your hand."
    return CANNOT_PLAY[reason](CARD_BY_ID[card])


# --- What the table waits for, as anyone at it may read it (``RULES.pending``) ----------------

TURN = "turn"  # the kind of decision when nothing is half made: the active seat's turn itself


def _pawn_phrase(pawn: Pawn) -> str:
    return f"{seat_token(pawn['owner'])}'s {form_words(pawn['form'])} pawn in {space_name(pawn['at'])}"


def _waiting_selected(entry: Entry, pawn: Pawn | None) -> str:
    assert pawn is not None
    return f"choose an action with {_pawn_phrase(pawn)}, or put it back"


def _waiting_evolving(entry: Entry, pawn: Pawn | None) -> str:
    assert pawn is not None
    return f"settle the new {form_words(entry['form'])} pawn next to {_pawn_phrase(pawn)}, or put it back"


def _waiting_return(entry: Entry, pawn: Pawn | None) -> str:
    count = entry["count"]
    return f"return {count} {entry['color']} card{'s' if count > 1 else ''} to the bottom of the deck"


WAITING = {
    "selected": _waiting_selected,
    "evolving": _waiting_evolving,
    "reward": lambda entry, pawn: f"choose a reward for settling {space_name(entry['space'])}",
    "return": _waiting_return,
    "choose": lambda entry, pawn: f"choose how to use {card_name(entry['card'])}",
}


def pending_prompt(seat: int, entry: Entry | None, pawn: Pawn | None, final_turn: bool) -> str:
    """The decision ``seat`` is to make (the top of the pending stack, or the turn itself), for everyone.

    ``pawn`` is the pawn of a half-made action (``selected``, ``evolving``)."""
    who = seat_token(seat)
    if entry is None:
        if final_turn:
            return f"{who} is taking their final turn: any number of objectives may be completed."
        return f"{who} is taking their turn."
    return f"{who} is to {WAITING[entry['kind']](entry, pawn)}."


# --- What a viewer is told to do, or watches being done (``visibility.prompt``) ----------------

def game_over(winners: list[int]) -> str:
    names = " and ".join(seat_token(s) for s in winners)
    return f"The game is over. Winner: {names}."


def watching_prompt(seat: int, entry: Entry | None) -> str:
    """What the others read while ``seat`` plays."""
    who = seat_token(seat)
    if entry is not None and entry["kind"] == "reward":
        return f"{who} is choosing a reward for {space_name(entry['space'])}."
    return f"{who} is taking their turn."


def turn_prompt(can_act: bool, final_turn: bool) -> str:
    final = " This is your final turn: you may complete several objectives." if final_turn else ""
    if can_act:
        return "Tap a pawn to act with it (evolve, migrate or swap), play cards, or end your turn." + final
    return "Play cards or end your turn." + final


def selected_prompt(can_move: bool, can_evolve: bool) -> str:
    """A selected pawn: name only what the board offers (it may only be evolved from)."""
    if can_move and can_evolve:
        return "Tap a lit territory to migrate or swap, or choose a pawn to evolve into."
    if can_move:
        return "Tap a lit territory to migrate or swap there, or put the pawn back."
    return "Choose the pawn to evolve into, or put the pawn back."


def _return_prompt(entry: Entry) -> str:
    count = entry["count"]
    if entry.get("why") == "limit":
        return f"You hold too many objective cards: return {count} to the purple deck."
    return f"Return {count} {entry['color']} card{'s' if count > 1 else ''} to the bottom of the deck."


# What the active seat is told for each pending decision but ``selected`` (``selected_prompt``).
OWN_PROMPTS: dict[str, Callable[[Entry], str]] = {
    "evolving": lambda entry: "Tap a lit territory next to the pawn to settle it with the new pawn, or put it back.",
    "reward": lambda entry: f"Choose your reward for settling {space_name(entry['space'])}.",
    "return": _return_prompt,
    "choose": lambda entry: f"Choose how to use {card_name(entry['card'])}.",
}
