"""The decision bar's "Just now" line and its goal-and-score chip (issue 39: on a phone, after each move, what just
happened, the goal and the score scrolled out of sight while the player scrolled down to the board to decide).

Both come from the viewer's view alone (``Rules.view``, what the table already shows this viewer), never from the
full state: the line is the view's newest log line, its seats named as the log names them (``frames.table_context``);
the chip (here) is what the board already says of the viewer's score and of how far the game has gone, each game's
read from its own view's keys.
"""

from __future__ import annotations

from collections.abc import Callable

from apps.innovation.core import ACHIEVEMENTS_TO_WIN  # its goal line's number (innovation/layout.py's ``to_win``)


def _chronicle(view: dict, seat: int | None) -> tuple[str, str]:
    total = view.get("stories_total")
    if not total or not view.get("stories_revealed"):
        return "", ""
    return "", f"Story {view['stories_revealed']} of {total}"


def _innovation(view: dict, seat: int | None) -> tuple[str, str]:
    to_win = ACHIEVEMENTS_TO_WIN.get(view.get("players") or 0)
    if not to_win or view.get("phase") == "over":
        return "", ""
    mine = next((s for s in view.get("seats") or [] if s.get("seat") == seat), None) if seat is not None else None
    if mine is None:
        return "", f"{to_win} achievements win"
    return f"{mine['achievement_count']}/{to_win} achievements · {mine['points']} pts", ""


def _live_on(view: dict, seat: int | None) -> tuple[str, str]:
    if not view.get("round_limit"):
        return "", ""
    return "", f"{view.get('built', 0)}/6 built · round {view['round']}/{view['round_limit']}"


def _stone_age(view: dict, seat: int | None) -> tuple[str, str]:
    if not view.get("round"):
        return "", ""
    mine = next((b for b in view.get("boards") or [] if b.get("seat") == seat), None) if seat is not None else None
    return (f"{mine['score']} points" if mine is not None else ""), f"Round {view['round']}"


def _origins(view: dict, seat: int | None) -> tuple[str, str]:
    if not view.get("round_limit"):
        return "", ""
    seats = view.get("seats") or []
    vp = seats[seat].get("vp") if seat is not None and 0 <= seat < len(seats) else None
    when = "Final turns" if view.get("final") else f"Round {view['round']} of {view['round_limit']}"
    return (f"{vp['total']} VP" if vp else ""), when


CHIPS: dict[str, Callable[[dict, int | None], tuple[str, str]]] = {
    "chronicle": _chronicle, "innovation": _innovation, "live_on": _live_on, "stone_age": _stone_age,
    "origins": _origins,
}


def chip(game: str, view: dict, seat: int | None) -> dict:
    """The viewer's score (``mine``: "" for a spectator, or where the game keeps none) and how far the game has gone
    (``when``), as the game's view has them; both "" once it is over (the result panel says it)."""
    make = CHIPS.get(game)
    if make is None or view.get("phase") == "over":
        return {"mine": "", "when": ""}
    mine, when = make(view, seat)
    return {"mine": mine, "when": when}
