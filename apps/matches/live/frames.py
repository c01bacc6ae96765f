"""What each viewer of a match is sent: the board rendered for that seat, or its JSON view.

One template partial (``matches/_table.html``) renders the table both for the
first page load and for every pushed update.
"""

from __future__ import annotations

import json
from functools import cache

import orjson
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string
from django.utils import timezone

from apps.matches.domain import hints, lessons, timekeeper
from apps.matches.domain.seats import why_not_back_yet
from apps.matches.engine import engine, name_seats
from apps.matches.live import protocol, regions, result_panel, standing
from apps.matches.models import ChatMessage, Match, MatchSeat


def seat_names(match: Match) -> list[str]:
    return [seat.display_name for seat in _seats(match)]


def seat_rows(match: Match) -> list[MatchSeat]:
    return _seats(match)


def _seats(match: Match) -> list[MatchSeat]:
    return named(list(MatchSeat.objects.filter(match=match).order_by("index")))


def named(seats: list[MatchSeat]) -> list[MatchSeat]:
    """Give each seat the name pages show: a bot playing a person's seat is marked."""
    for seat in seats:
        seat.display_name = f"{seat.name} (bot)" if seat.bot and seat.user_id else seat.name
    return seats


def log_names(rows: list[MatchSeat]) -> list[str]:
    """The names log lines give seats: each seat's player as recorded with every move (``MoveLog.player``), never
    the seat's current state, so handing a seat to a bot does not rewrite what its player did before."""
    return [row.name for row in rows]


def legal_for(match: Match, state: dict, seat: int | None) -> list[dict]:
    if seat is None or match.status != Match.Status.RUNNING:
        return []
    rules = engine(match.game)
    moves = rules.legal_moves(state, seat)
    if match.lesson and state is match.state:  # a lesson enables only the taught move (``lessons``)
        moves = lessons.taught_moves(match, seat, moves)
    return [
        {"move": move, "json": json.dumps(move, separators=(",", ":")), "label": rules.describe_move(state, seat, move),
         "why": rules.explain_move(state, seat, move)}
        for move in moves
    ]


def table_context(match: Match, seat: int | None, names: list[str], state: dict | None = None,
                  bot_seats: dict[int, str] | None = None, log_names: list[str] | None = None,
                  view: dict | None = None) -> dict:
    """What the table template needs; ``log_names`` name seats in the log (``names`` if not given); ``view``: the
    seat's view of ``state``, if already worked out (``Rules.views``)."""
    rules = engine(match.game)
    state = match.state if state is None else state
    view = rules.view(state, seat) if view is None else view
    # A match that ended before its game did (a resignation, a loss on time, an abort) awaits nobody any more.
    active = [] if state is match.state and match.status != Match.Status.RUNNING else rules.active_seats(state)
    outcome = rules.outcome(state)
    log = [name_seats(line, log_names or names) for line in view.get("log", [])[-60:]]
    return {
        "match": match,
        "game_title": rules.title,
        "board_template": f"{match.game}/board.html",
        "own_template": own_template(match.game),
        "view": view,
        "seat": seat,
        "names": names,
        "active": active,
        "active_names": [names[i] for i in active if i < len(names)],
        "legal": [] if bot_seats and seat in bot_seats else legal_for(match, state, seat),
        "log": list(reversed(log)),
        # the decision bar's "Just now" (the viewer's newest log line, as the log names seats) and goal/score chip
        "just_now": log[-1] if log else "",
        "standing": standing.chip(match.game, view, seat),
        "prompt": name_seats(view.get("prompt", ""), names),
        "outcome": outcome,
        "winner_names": [names[i] for i in (outcome or {}).get("winners", []) if i < len(names)],
        "version": match.version,
        "bot_plays_mine": bool(bot_seats and seat in bot_seats),
        "bot_by": (bot_seats or {}).get(seat, ""),
        "not_back_yet": not_back_yet(match, seat, bot_seats) if state is match.state else "",
        "clock_json": json.dumps(timekeeper.frame(match) or ""),
        "can_undo": may_undo(match, seat, bot_seats),
        "hint_offered": state is match.state and hints.offered(match, seat, bot_seats, state),
        "lesson": lessons.callout(match, seat) if match.lesson and state is match.state else None,
        **leaving_and_ending(match, seat, names, outcome, bot_seats, now=state is match.state),
    }


@cache
def own_template(game: str) -> str:
    """The game's summary of a deciding player's own key resources (``<game>/_own.html``), shown in the decision bar
    beside the prompt; "" for a game without one."""
    try:
        get_template(f"{game}/_own.html")
    except TemplateDoesNotExist:
        return ""
    return f"{game}/_own.html"


def leaving_and_ending(match: Match, seat: int | None, names: list[str], outcome: dict | None,
                       bot_seats: dict[int, str] | None, now: bool) -> dict:
    """The table's Resign and Abort controls, its log lines about seats that left the result, and its result panel
    once the match is over (``result_panel``); ``now``: the table shows the match as it is (not a replay's step)."""
    left = result_panel.forfeits(match, bot_seats)
    return {"leave": result_panel.leave_controls(match, seat, names, left) if now else None,
            "departures": result_panel.log_lines(match, names, bot_seats) if now else [],
            "ending": result_panel.panel(match, seat, names, outcome, left) if now or outcome is not None else None,
            "ending_templates": [f"{match.game}/_ending.html", "matches/_ending.html"]}


def not_back_yet(match: Match, seat: int | None, bot_seats: dict[int, str] | None) -> str:
    """Why this seat's player may not take back the seat a vote or their clock gave a bot, now ('' if they may, or
    if there is nothing to take back): the table shows the reason in place of a button that would be refused."""
    if seat is None or (bot_seats or {}).get(seat) not in ("vote", "clock"):
        return ""
    return why_not_back_yet(match, seat)


def may_undo(match: Match, seat: int | None, bot_seats: dict[int, str] | None) -> bool:
    """Whether this seat may take back the last step now (``domain.undo``; its row says so)."""
    return (seat is not None and match.undo_seat == seat and match.status == Match.Status.RUNNING
            and not (bot_seats and seat in bot_seats))


def render_table(context: dict) -> str:
    return render_to_string("matches/_table.html", context)


def encode(frame: dict) -> str:
    """A frame as JSON text. orjson, not ``json``: encoding each viewer's view was a large share of a process's CPU
    under load (py-spy during ``bench/ws_load.py``), and orjson does it in a fraction of the time. Compact, and
    non-ASCII characters as themselves; keys that are not strings become strings, as ``json`` makes them.

    Asked first without ``OPT_NON_STR_KEYS``, which made every frame 1.0-1.7x slower to write (a seat's frame of
    each game, best of five: Origins 45 against 26 us) though the views key nearly everything by strings; a frame
    with another key is refused and written again with the option."""
    try:
        return orjson.dumps(frame).decode()
    except TypeError:  # (orjson.JSONEncodeError is one)
        return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


def html_frame(context: dict) -> str:
    return full_frame(context["version"], regions.render(context))


def full_frame(version: int, rendered: regions.Rendered) -> str:
    """The whole table (every region) as a state frame: a page's first frame, or one that must be drawn anew."""
    return encode(protocol.html_state(version, regions.whole(rendered)))


def patch_frame(base: int, version: int, rendered: regions.Rendered, shown: dict[str, str]) -> str:
    """Only the regions and parts that differ from the ones a page at version ``base`` shows (``shown``: their
    digests, ``regions.digests``)."""
    return encode(protocol.patch(base, version, *regions.changed(rendered, shown)))


def json_frame(match: Match, seat: int | None, names: list[str], bot_seats: dict[int, str] | None = None,
               state: dict | None = None, view: dict | None = None) -> str:
    """The state as data for a client that draws its own board: the viewer's view and raw legal moves (no labels,
    no rendered log: only ``table_context`` does that work, for the HTML board); ``view`` as for
    ``table_context``."""
    rules = engine(match.game)
    state = match.state if state is None else state
    mine = seat is not None and match.status == Match.Status.RUNNING and not (bot_seats and seat in bot_seats)
    view = rules.view(state, seat) if view is None else view
    # A match that ended off the board (a resignation, a loss on time, an abort) has its result on the row only.
    ended = state is match.state and match.status != Match.Status.RUNNING and match.outcome
    legal = rules.legal_moves(state, seat) if mine else []
    if mine and match.lesson and state is match.state:
        legal = lessons.taught_moves(match, seat, legal)
    frame = protocol.json_state(match.version, view, [] if ended else rules.active_seats(state), legal,
                                match.outcome if ended else rules.outcome(state), names, timekeeper.frame(match))
    if mine and may_undo(match, seat, bot_seats):
        frame["undo"] = True  # this seat may send {"type": "undo", ...} to take back its last step
    return encode(frame)


def frame_for(match: Match, seat: int | None, fmt: str) -> str:
    if fmt == "json":
        rows = seat_rows(match)
        return json_frame(match, seat, [row.display_name for row in rows], bots_of(rows))
    return full_frame(match.version, table_for(match, seat))


def table_for(match: Match, seat: int | None) -> regions.Rendered:
    """The table's regions as this seat (None: a spectator) sees the match now, as a push renders them."""
    rows = seat_rows(match)
    return regions.render(table_context(match, seat, [row.display_name for row in rows], bot_seats=bots_of(rows),
                                        log_names=log_names(rows)))


def bots_of(rows: list[MatchSeat]) -> dict[int, str]:
    """Seats a bot plays, with why ('vote', 'moderator' or '' for a bot seated from the start)."""
    return {row.index: row.bot_by for row in rows if row.bot}


def viewer_group(match_id: int, seat: int | None, fmt: str) -> str:
    who = "spec" if seat is None else f"s{seat}"
    return f"m{match_id}.{who}.{fmt}"


def room_group(match_id: int) -> str:
    """Every socket on the match page: the players' chat, presence and notices."""
    return f"m{match_id}.all"


def watchers_group(match_id: int) -> str:
    """Spectators only: their own chat, which never reaches a player."""
    return f"m{match_id}.watchers"


def chat_frame(message: ChatMessage, **extra) -> dict:
    """A stored chat line as pages show it; ``extra``: where it was said (seat, channel)."""
    return protocol.chat(message.pk, message.name, message.text,
                         timezone.localtime(message.created_at).strftime("%H:%M"), **extra)
