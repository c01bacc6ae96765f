"""What the table says about leaving and ending: the Resign (Leave the band) and Abort controls of a running match,
the lines its log keeps about seats that left the result, and the result panel of a match that is over (why it
ended, the final scores and places, each player's rating change, and what to do next).

The controls and the log lines are worked out from the match and its seats as a move already has them (no database:
a move's table may be drawn on the event loop); only the panel of a match that is over reads its rating changes.
"""

from __future__ import annotations

from django.urls import reverse

from apps.matches.domain.forfeit import cooperative, forfeits_in
from apps.matches.domain.leaving import ABORT, abort_open
from apps.matches.domain.results import settle
from apps.matches.models import Match, MatchSeat
from apps.ratings.selectors import rating_changes_of
from apps.ratings.services import ranks_of

# How the panel links the game's own account of a finished match (``match_summary``); "Score sheet" otherwise.
SUMMARY_LABELS = {"chronicle": "Read the story", "live_on": "The band's story"}
LEFT = {MatchSeat.RESIGNED: "resigned", MatchSeat.LOST_ON_TIME: "lost on time"}


def forfeits(match: Match, bot_seats: dict[int, str] | None) -> dict[int, str]:
    """The seats that left the result, with why: as the seats stand (a bot plays them out) and as the outcome says
    (a match that ended as they left)."""
    return forfeits_in(match.outcome) | {seat: why for seat, why in (bot_seats or {}).items()
                                         if why in MatchSeat.FORFEITS}


def leave_controls(match: Match, seat: int | None, names: list[str], left: dict[int, str]) -> dict | None:
    """The player's way out of a running match, each with what its confirmation says (None for a spectator, a
    finished match, or a seat that left already)."""
    if seat is None or match.status != Match.Status.RUNNING or seat in left:
        return None
    others = [names[index] for index in range(len(names)) if index != seat and index not in left]
    rated = " It counts as a loss in your rating." if match.rated else ""
    if cooperative(match.game):
        label, text = "Leave the band", ("Leave the band? A bot takes your seat and the band plays on without you; "
                                          "you will not share the band's result.")
    elif len(others) == 1:
        label, text = "Resign", f"Resign? You lose at once and {others[0]} wins.{rated}"
    else:
        label, text = "Resign", f"Resign? A bot plays your seat to the end of the match and you rank last.{rated}"
    controls = {"label": label, "confirm": text, "abort": abort_open(match, len(names))}
    if controls["abort"]:
        controls["abort_confirm"] = ("Abort this match? It ends now with no result, and nobody's rating changes. "
                                     "A match can be aborted only until every seat has made a move.")
    return controls


def log_lines(match: Match, names: list[str], bot_seats: dict[int, str] | None) -> list[str]:
    """What the log says of each seat that left the result (a bot plays on in the seats ``bot_seats`` names)."""
    band = cooperative(match.game)
    lines = []
    for seat, why in sorted(forfeits(match, bot_seats).items()):
        name = (names[seat] if seat < len(names) else f"Seat {seat + 1}").removesuffix(" (bot)")
        played_on = seat in (bot_seats or {})
        if band:
            lines.append(f"{name} left the band" + ("; a bot took the seat and the band played on." if played_on
                                                    else "."))
        else:
            lines.append(f"{name} {LEFT[why]}" + ("; a bot plays the seat out, and it ranks last." if played_on
                                                   else "."))
    return lines


def panel(match: Match, viewer: int | None, names: list[str], outcome: dict | None,
          left: dict[int, str]) -> dict | None:
    """The result panel of a match that is over (``outcome``: the game's own, if the game reached its end), or
    None while it runs."""
    if match.status == Match.Status.RUNNING and outcome is None:
        return None
    names = [name.removesuffix(" (bot)") for name in names]
    links = {"replay": reverse("match_replay", args=[match.pk]),
             "rematch": reverse("match_rematch", args=[match.pk]) if viewer is not None else ""}
    if match.status == Match.Status.ABORTED:
        ended = match.outcome or {}
        if ended.get("reason") == ABORT and isinstance(ended.get("by"), int) and ended["by"] < len(names):
            why = (f"{names[ended['by']]} aborted the match before every seat had moved: no result, and it is not "
                   "rated.")
        else:
            why = f"A moderator aborted this match: {ended.get('reason', '')}. No result, and it is not rated."
        return {"headline": "Match aborted", "why": [why], "winners": [], "rows": [], "links": links,
                "aborted": True}
    band = cooperative(match.game)
    settled = settle(outcome if outcome is not None else (match.outcome or {}), left)
    winners = [seat for seat in settled.get("winners") or [] if seat < len(names)]
    why = [f"{names[seat]} {'left the band' if band else LEFT[reason]}." for seat, reason in sorted(left.items())
           if seat < len(names)]
    if settled.get("band_left"):
        why.append("Everyone left the band: the match ended before the band's fate was decided.")
    if outcome is not None:
        links["summary"] = reverse("match_summary", args=[match.pk])
        links["summary_label"] = SUMMARY_LABELS.get(match.game, "Score sheet")
    if band:
        headline = ("The band lives on" if settled.get("won") else "The band broke up" if settled.get("band_left")
                    else "The band is lost")
    else:
        headline = "Game over"
    return {"headline": headline, "why": why, "winners": [] if band else [names[seat] for seat in winners],
            "rows": _rows(match, viewer, names, settled, left, band), "links": links, "outcome": settled,
            "scored": any(score is not None for score in settled.get("scores") or []),
            "game_ended": outcome is not None, "band": band, "rated": match.rated}


def _rows(match: Match, viewer: int | None, names: list[str], settled: dict, left: dict[int, str],
          band: bool) -> list[dict]:
    """One row per seat: place, name, score, what became of it, and its player's rating change."""
    scores = settled.get("scores") or []
    winners = set(settled.get("winners") or [])
    seats = [MatchSeat(index=index, score=scores[index] if index < len(scores) else None,
                       is_winner=index in winners, bot_by=left.get(index, "")) for index in range(len(names))]
    places = ranks_of(seats)
    changes = {seat.index: change for seat, change in rating_changes_of(match)} if match.rated else {}
    rows = []
    for seat in seats:
        note = ("left the band" if band else LEFT[left[seat.index]]) if seat.index in left else \
            "winner" if seat.is_winner and not band else ""
        rows.append({"seat": seat.index, "name": names[seat.index], "you": seat.index == viewer,
                     "place": None if band else places[seat.index], "score": seat.score, "note": note,
                     "change": changes.get(seat.index)})
    return rows if band else sorted(rows, key=lambda row: (row["place"], row["seat"]))
