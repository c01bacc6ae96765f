"""Pages: home, health, a game's rules, a match (play or watch), its summary and replay.

Every page of a match finds it through ``access.watchable_match_or_404``: who may not watch it gets a 404.
"""

import asyncio
import bisect
import hashlib

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from apps.lobbies import services as lobby_services
from apps.lobbies.selectors import open_public_lobbies
from apps.matches import glossary
from apps.matches.domain import replay as replaying
from apps.matches.domain.access import seat_of, watchable_match_or_404
from apps.matches.domain.move_list import CACHE_SECONDS as MOVE_LIST_SECONDS
from apps.matches.domain.move_list import replay_moves
from apps.matches.domain.selectors import live_matches, recent_chat, running_matches_for
from apps.matches.engine import all_games, engine, game_entry, pages_module
from apps.matches.engine import clock as clocks
from apps.matches.engine.lesson import lesson_for
from apps.matches.live import frames, protocol
from apps.matches.models import Match, MatchSeat, MoveLog
from apps.moderation.selectors import is_moderator
from apps.ratings.selectors import rating_changes_of


def home(request):
    mine = running_matches_for(request.user)
    return render(request, "matches/home.html", {
        "games": all_games(),
        "lessons": [entry.slug for entry in all_games() if entry.app and lesson_for(entry.slug)],
        "lobbies": open_public_lobbies(),
        "live": live_matches(request.user, request.session),
        "my_matches": mine,
        "my_turns": sum(1 for seat in mine if seat.my_turn),
    })


def healthz(request):
    """200 only when the database and the channel layer both answer."""
    checks = {}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        checks["database"] = "ok"
    except Exception as exc:  # noqa: BLE001  (report, don't raise: this is the health page)
        checks["database"] = f"error: {type(exc).__name__}"
    try:
        received = async_to_sync(_layer_echo)()
        checks["channel_layer"] = "ok" if received.get("type") == protocol.health_ping()["type"] else "error: no echo"
    except Exception as exc:  # noqa: BLE001  (report, don't raise: this is the health page)
        checks["channel_layer"] = f"error: {type(exc).__name__}"
    healthy = all(value == "ok" for value in checks.values())
    return JsonResponse({"status": "ok" if healthy else "error", **checks}, status=200 if healthy else 503)


async def _layer_echo() -> dict:
    """A frame sent to a new channel and read back, in one event loop (a channel lives in the loop that made it)."""
    layer = get_channel_layer()
    channel = await layer.new_channel()
    try:
        await layer.send(channel, protocol.health_ping())
        return await asyncio.wait_for(layer.receive(channel), 5)
    finally:
        if hasattr(layer, "close_channel"):
            await layer.close_channel(channel)


def game_rules(request, slug: str):
    try:
        entry = game_entry(slug)
    except KeyError:
        raise Http404("No such game.") from None
    context = {"entry": entry}
    if entry.app:
        pages = pages_module(slug)
        if pages is not None and hasattr(pages, "rules_context"):
            context.update(pages.rules_context())
        context["rules"] = engine(slug)
        context["glossary"] = glossary.rules_entries(slug)
        context["has_lesson"] = lesson_for(slug) is not None
    if request.GET.get("panel") == "1":  # the rules alone, for the panel a match page opens over the table
        return render(request, "matches/_rules.html", context | {"panel": True})
    return render(request, "matches/game_rules.html", context)


def match_page(request, match_id: int):
    match = watchable_match_or_404(match_id, request.user, request.session)
    seat = seat_of(match, request.user)
    rows = frames.seat_rows(match)
    context = frames.table_context(match, seat, [row.display_name for row in rows], bot_seats=frames.bots_of(rows),
                                   log_names=frames.log_names(rows))
    context.update({
        "seats": rows,
        "chat": recent_chat(f"match:{match.pk}"),
        "watcher_chat": recent_chat(f"match:{match.pk}:watchers") if seat is None else None,
        "game_css": f"{match.game}/{match.game}.css",
        "entry": game_entry(match.game),
        "resync_ms": int(settings.RESYNC_SECONDS * 1000),
        "over": match.status != Match.Status.RUNNING,
        "clock_label": clocks.describe(match.clock) if match.clock else "",
        "glossary": glossary.table_data(match.game),
    })
    return render(request, "matches/match.html", context)


@require_POST
def rematch(request, match_id: int):
    """A player of a finished match asks to play it again: to the rematch's lobby (``lobbies.services.rematch``)."""
    match = watchable_match_or_404(match_id, request.user, request.session)
    if not request.user.is_authenticated:
        raise PermissionDenied("Only the players of this match can ask for a rematch.")
    try:
        lobby = lobby_services.rematch(match.pk, request.user)
    except lobby_services.LobbyError as exc:
        messages.error(request, str(exc))
        return redirect(match)
    return redirect(lobby)


def summary(request, match_id: int):
    """The finished match told as a whole (for Chronicle: the story)."""
    match = watchable_match_or_404(match_id, request.user, request.session)
    if match.status != Match.Status.FINISHED:
        return render(request, "matches/summary_pending.html", {"match": match}, status=404)
    rules = engine(match.game)
    names = frames.seat_names(match)
    return render(request, "matches/summary.html", {
        "match": match,
        "game_title": rules.title,
        "summary_template": f"{match.game}/summary.html",
        "game_css": f"{match.game}/{match.game}.css",
        "view": rules.view(match.state, None),
        "names": names,
        "outcome": match.outcome,
        "seats": list(match.seats.all()),
        "rating_changes": rating_changes_of(match),
    })


def replay(request, match_id: int):
    """Step through a match move by move, from the spectator's point of view or, once it is finished, a seat's.

    The page renders its first step; ``replay.js`` then steps inside the page through ``replay_step``.
    A seat's hidden cards are shown only to moderators and to the player of that seat (the site's 403 page).
    The move list is not in the page, only its place: working it out replays the whole match once (the step itself
    starts from a snapshot), so ``replay_moves.js`` fetches it from ``replay_move_list`` once the page shows.
    """
    match = watchable_match_or_404(match_id, request.user, request.session)
    context = _replay_context(request, match)
    context["seats"] = list(match.seats.select_related("user"))
    context["moves_api"] = reverse("match_replay_moves", args=[match.pk])
    return render(request, "matches/replay.html", context)


def replay_move_list(request, match_id: int):
    """The replay's move list as the page at step ``move`` shows it, as JSON (``{"step", "html", "rounds"}``, the
    rounds as [label, step] for the jump); the same access rules as ``replay_step``, refused likewise."""
    try:
        match = watchable_match_or_404(match_id, request.user, request.session)
        viewer = _replay_viewer(request, match, frames.seat_rows(match))
    except PermissionDenied as exc:
        return JsonResponse({"error": str(exc)}, status=403)
    except Http404 as exc:
        return JsonResponse({"error": str(exc) or "Not found."}, status=404)
    step = max(0, min(_int_param(request, "move", match.version), match.version))
    try:
        hidden = engine(match.game).hidden_from(replaying.state_at(match, step), viewer)
    except replaying.ReplayDiverged:
        hidden = None  # the position could not be replayed: no entry's lines, as on the step's page
    moves = _move_list_html(match, viewer, step, hidden)
    return JsonResponse({"step": step, "html": str(moves["html"]), "rounds": [list(r) for r in moves["rounds"]]})


LINES_OPEN, LINES_CLOSE = "<!--lines-->", "<!--/lines-->"  # around each entry's lines in _move_list.html


def _move_list_parts(match: Match, viewer: int | None) -> dict:
    """The replay's move list rendered once and cut at each entry's lines, with each entry's last step and lines as
    text and the rounds for the jump: kept in the cache as the list itself is, since rendering some hundreds of
    entries costs more than working them out. ``heads`` has one piece more than ``lines_html``:
    heads[0] lines_html[0] heads[1] … lines_html[-1] heads[-1] is the whole list."""
    names = frames.log_names(frames.seat_rows(match))
    key = _move_list_key(match, viewer, names)
    kept = cache.get(key)
    if kept is None:
        moves = replay_moves(match, viewer, names)
        items = [item for group in moves["groups"] for item in group["entries"]]
        html = render_to_string("matches/_move_list.html", {"moves": moves, "viewer": viewer})
        pieces = html.split(LINES_OPEN)
        heads, lines_html = [pieces[0]], []
        for piece in pieces[1:]:
            lines, head = piece.split(LINES_CLOSE)
            lines_html.append(lines)
            heads.append(head)
        if len(lines_html) != len(items):
            raise ValueError("matches/_move_list.html must mark each entry's lines once")
        kept = {"heads": heads, "lines_html": lines_html, "lasts": [item["entry"].last for item in items],
                "lines": [item["lines"] for item in items], "rounds": moves["rounds"]}
        # The lines alone as well, for the steps' JSON: a tenth of the size to read.
        cache.set_many({key: kept, f"{key}:lines": {"lasts": kept["lasts"], "lines": kept["lines"]}},
                       MOVE_LIST_SECONDS)
    return kept


def _move_list_key(match: Match, viewer: int | None, names: list[str]) -> str:
    return f"move-list-html:3:{match.pk}:{match.version}:{viewer}:{hashlib.sha256(repr(names).encode()).hexdigest()}"


def _move_list_html(match: Match, viewer: int | None, step: int, hidden: set[str] | None) -> dict:
    """The replay's move list as the page at ``step`` shows it, and its rounds for the jump. Every entry is listed
    (who, which moves, taken back), but only entries ending at or before ``step`` say what happened: a later one's
    lines could name what is still hidden at ``step`` (a card yet to be played from a hand). The script fills them
    in from ``replay_step`` as the replay reaches them. ``hidden``: what the viewer may not see at ``step``, blanked
    out of earlier lines too (a card seen drawn, since passed into another hand); None (the position could not be
    replayed) shows no entry's lines."""
    kept = _move_list_parts(match, viewer)
    heads, lines_html, lasts = kept["heads"], kept["lines_html"], kept["lasts"]
    # The entries ending at or before the step: a prefix, as the lasts ascend.
    shown = 0 if hidden is None else bisect.bisect_right(lasts, step)
    blanked = _blanked(kept["lines"], 0, shown, hidden or set())
    pieces = [heads[0]]
    for index, lines in enumerate(lines_html):
        if index in blanked:
            pieces.append(format_html_join("", '<span class="move-line">{}</span>', [(t,) for t in blanked[index]]))
        elif index < shown:
            pieces.append(lines)
        pieces.append(heads[index + 1])
    return {"html": mark_safe("".join(pieces)), "rounds": kept["rounds"]}  # our own template's output, escaped


def _move_lines_between(match: Match, viewer: int | None, held: int, step: int,
                        hidden: set[str]) -> dict[int, list[str]]:
    """The lines of the entries ending after ``held`` (the page has those up to it) and at or before ``step``,
    by each entry's last step, with what is hidden at ``step`` blanked out: never an entry ending after it."""
    if held >= step:
        return {}
    kept = cache.get(f"{_move_list_key(match, viewer, frames.log_names(frames.seat_rows(match)))}:lines")
    kept = kept or _move_list_parts(match, viewer)
    lasts, every = kept["lasts"], kept["lines"]
    start, stop = bisect.bisect_right(lasts, held), bisect.bisect_right(lasts, step)
    blanked = _blanked(every, start, stop, hidden)
    return {lasts[index]: blanked.get(index, every[index]) for index in range(start, stop)}


HIDDEN_WORD = "(hidden)"


def _blanked(every: list[list[str]], start: int, stop: int, hidden: set[str]) -> dict[int, list[str]]:
    """The entries from ``start`` to ``stop`` whose lines name something in ``hidden``, by index, with it blanked
    out (the longest first): one search of all their text per secret, then only the entries it is in."""
    text = "\n".join("\n".join(lines) for lines in every[start:stop])
    found = sorted((secret for secret in hidden if secret and secret in text), key=len, reverse=True)
    blanked = {}
    for index in range(start, stop) if found else ():
        lines = every[index]
        if any(secret in line for secret in found for line in lines):
            for secret in found:
                lines = [line.replace(secret, HIDDEN_WORD) for line in lines]
            blanked[index] = lines
    return blanked


def replay_step(request, match_id: int):
    """One step of the replay as JSON (``{"step", "total", "html"}``) for the page's script; the same access rules
    as the page, refused with a JSON ``{"error"}`` and the page's status."""
    try:
        match = watchable_match_or_404(match_id, request.user, request.session)
        context = _replay_context(request, match)
    except PermissionDenied as exc:
        return JsonResponse({"error": str(exc)}, status=403)
    except Http404 as exc:
        return JsonResponse({"error": str(exc) or "Not found."}, status=404)
    html = render_to_string("matches/_replay_step.html", context, request=request)
    answer = {"step": context["step"], "total": context["total"], "html": html}
    held = _int_param(request, "lines_after", None)
    hidden = context.get("hidden_at_step")
    if held is not None and hidden is not None:  # the move list's lines the page lacks up to this step, no further
        answer["lines"] = _move_lines_between(match, context["viewer"], held, context["step"], hidden)
    return JsonResponse(answer)


def _replay_context(request, match: Match) -> dict:
    total = match.version
    step = _int_param(request, "move", total)
    step = max(0, min(step, total))
    rows = frames.seat_rows(match)
    viewer = _replay_viewer(request, match, rows)
    names = [row.display_name for row in rows]
    try:
        state = replaying.state_at(match, step)
    except replaying.ReplayDiverged as exc:  # played under rules since changed: say so, show no made-up position
        context = {"match": match, "diverged_at": exc.version, "rules_url": reverse("game_rules", args=[match.game])}
    else:
        context = frames.table_context(match, viewer, names, state=state, log_names=frames.log_names(rows))
        context["legal"] = []
        context["hidden_at_step"] = engine(match.game).hidden_from(state, viewer)  # for the move list's lines
    made = MoveLog.objects.filter(match=match, version=step).first() if step else None
    mine = seat_of(match, request.user)
    finished = match.status != Match.Status.RUNNING
    context.update({
        "step": step, "total": total, "viewer": viewer, "made_by": made.mover if made else "",
        "made_note": _with_leavers(match, step, _undo_note(made), made.mover if made else ""),
        "prev_step": step - 1 if step > 0 else None,
        "next_step": step + 1 if step < total else None,
        "game_css": f"{match.game}/{match.game}.css",
        "version": step,
        "running": not finished,
        "seat_choices": [(i, names[i]) for i in range(len(names))
                         if finished and (i == mine or is_moderator(request.user))],
        "step_link": request.build_absolute_uri(_step_path(match, step, viewer)),
        "step_api": reverse("match_replay_step", args=[match.pk]),
    })
    return context


def _replay_viewer(request, match: Match, rows: list) -> int | None:
    """The seat a replay is seen from (``seat``), or None for the spectator's view; refused as the page says."""
    viewer = _int_param(request, "seat", None)
    if viewer is not None:
        own = seat_of(match, request.user) == viewer
        if viewer not in range(len(rows)):
            raise Http404("No such seat.")
        if match.status == Match.Status.RUNNING or not (own or is_moderator(request.user)):
            raise PermissionDenied("A seat's hidden cards are shown only to its player and moderators, "
                                   "once the match is over.")
    return viewer


def _with_leavers(match: Match, step: int, note: str, mover: str) -> str:
    """A replay step's note (how it was taken back, or took one back) with the seats that left the result at it
    (resigned, or lost on time); "" where there is neither, and the page says who moved."""
    left = MatchSeat.objects.filter(match=match, handed_version=step, bot_by__in=MatchSeat.FORFEITS)
    said = [f"{seat.name} {'resigned' if seat.bot_by == MatchSeat.RESIGNED else 'lost on time'} here"
            for seat in left.order_by("index")]
    if not said:
        return note
    return " · ".join([note or (f"by {mover}" if mover else ""), *said]).strip(" ·")


def _undo_note(made: MoveLog | None) -> str:
    """How a replay step says it was taken back, or took one back ("" for an ordinary step)."""
    if made is None:
        return ""
    if made.undoes is not None:
        return f"{made.player} took back move {made.undoes}"
    if made.undone_at is not None:
        return f"by {made.mover} · taken back at move {made.undone_at}"
    return ""


def _step_path(match: Match, step: int, viewer: int | None) -> str:
    query = f"?move={step}" + (f"&seat={viewer}" if viewer is not None else "")
    return reverse("match_replay", args=[match.pk]) + query


def _int_param(request, name: str, default):
    value = request.GET.get(name, "")
    return int(value) if value.isdigit() else default
