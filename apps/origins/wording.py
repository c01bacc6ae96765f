"""The English of Origins: names of spaces and pawns, move labels, seat placeholders.

Log lines, prompts and labels never hold a player's name: they say ``{p0}``,
``{p1}``, ... and ``name_seats`` (or the ``seat_names`` template filter) puts
the display names in.
"""

from __future__ import annotations

from apps.matches.seating import name_seats, seat_token  # noqa: F401  (re-exported for the game)

from .content import CARD_BY_ID, START, START_NAME, STRAIT_BY_ID, TERRITORY_BY_ID, parse_form


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


def option_label(card: str, option: str) -> str:
    """The label of one option of an action card's choice."""
    if card == "spark":
        return f"Take a {option} level 1 tile"
    if card == "copper":
        return f"Take the {tile_label(option)} tile"
    if card == "raid":
        return f"Take a random card from {seat_token(int(option.split('-')[1]))}"
    if card == "theft":
        seat, tile = option.split(":")
        return f"Take {seat_token(int(seat))}'s {tile_label(tile)} tile"
    if card == "pirates":
        return f"Take the {STRAIT_BY_ID[option].name} token"
    if card == "stories":
        return f"Draw 2 {option} cards"
    if card == "hunt":
        return f"Hunt in {space_name(option)}"
    if card == "march":
        pawn, to = option.split(">")
        return f"March pawn {pawn} to {space_name(to)}"
    return option


def describe(move: dict, *, pawn_form: str | None = None, pawn_at: str | None = None,
             choosing: str | None = None, pawn_owner: int | None = None) -> str:
    kind = move["type"]
    if kind == "select":
        where = f" in {space_name(pawn_at)}" if pawn_at else ""
        what = form_words(pawn_form) if pawn_form else "a"
        whose = f"{seat_token(pawn_owner)}'s" if pawn_owner is not None else "the"
        return f"Select {whose} {what} pawn{where}"
    if kind == "cancel":
        return "Put the pawn back (choose another)"
    if kind == "evolve":
        return f"Evolve a {form_words(move['form'])} pawn"
    if kind == "migrate":
        return f"Migrate to {space_name(move['to'])}"
    if kind == "swap":
        return f"Swap onto {space_name(move['to'])}"
    if kind == "place":
        return f"Settle {space_name(move['to'])} with the new pawn"
    if kind == "tile":
        return f"Take the {tile_label(move['tile'])} tile"
    if kind == "draw3":
        return "Draw 3 cards, then return 2"
    if kind == "skip_reward":
        return "Take no (more) reward"
    if kind == "return":
        return f"Return {card_name(move['card'])}"
    if kind == "play":
        return f"Play {card_name(move['card'])}"
    if kind == "choose":
        return option_label(choosing or "", move["option"])
    if kind == "end_turn":
        return "End the turn"
    return kind
