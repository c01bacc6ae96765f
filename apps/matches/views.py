"""Pages: home, health, a game's rules, a match (play or watch), its summary and replay.

Every page of a match finds it through ``access.watchable_match_or_404``: who may not watch it gets a 404.
"""

import asyncio

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse

from apps.lobbies.selectors import open_public_lobbies
from apps.matches.domain import replay as replaying
from apps.matches.domain.access import seat_of, watchable_match_or_404
from apps.matches.domain.selectors import live_matches, recent_chat, running_matches_for
from apps.matches.engine import all_games, engine, game_entry, pages_module
from apps.matches.engine import clock as clocks
from apps.matches.live import frames, protocol
from apps.matches.models import Match, MoveLog
from apps.moderation.selectors import is_moderator
from apps.ratings.selectors import rating_changes_of


def home(request):
    mine = running_matches_for(request.user)
    return render(request, "matches/home.html", {
        "games": all_games(),
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
    })
    return render(request, "matches/match.html", context)


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
    """
    match = watchable_match_or_404(match_id, request.user, request.session)
    context = _replay_context(request, match)
    context["seats"] = list(match.seats.select_related("user"))
    return render(request, "matches/replay.html", context)


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
    return JsonResponse({"step": context["step"], "total": context["total"], "html": html})


def _replay_context(request, match: Match) -> dict:
    total = match.version
    step = _int_param(request, "move", total)
    step = max(0, min(step, total))
    rows = frames.seat_rows(match)
    viewer = _int_param(request, "seat", None)
    if viewer is not None:
        own = seat_of(match, request.user) == viewer
        if viewer not in range(len(rows)):
            raise Http404("No such seat.")
        if match.status == Match.Status.RUNNING or not (own or is_moderator(request.user)):
            raise PermissionDenied("A seat's hidden cards are shown only to its player and moderators, "
                                   "once the match is over.")
    names = [row.display_name for row in rows]
    try:
        state = replaying.state_at(match, step)
    except replaying.ReplayDiverged as exc:  # played under rules since changed: say so, show no made-up position
        context = {"match": match, "diverged_at": exc.version, "rules_url": reverse("game_rules", args=[match.game])}
    else:
        context = frames.table_context(match, viewer, names, state=state, log_names=frames.log_names(rows))
        context["legal"] = []
    made = MoveLog.objects.filter(match=match, version=step).first() if step else None
    mine = seat_of(match, request.user)
    finished = match.status != Match.Status.RUNNING
    context.update({
        "step": step, "total": total, "viewer": viewer, "made_by": made.mover if made else "",
        "made_note": _undo_note(made),
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
