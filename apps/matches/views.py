"""Pages: home, health, a game's rules, a match (play or watch), its summary and replay."""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, render

from apps.lobbies.selectors import open_public_lobbies
from apps.matches import frames
from apps.matches import replay as replaying
from apps.matches.access import seat_of
from apps.matches.models import ChatMessage, Match
from apps.matches.registry import all_games, engine, game_entry, pages_module
from apps.matches.selectors import live_matches, running_matches_for


def home(request):
    return render(request, "matches/home.html", {
        "games": all_games(),
        "lobbies": open_public_lobbies(),
        "live": live_matches(),
        "my_matches": running_matches_for(request.user),
    })


def healthz(request):
    """200 only when the database and the channel layer both answer."""
    checks = {}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        checks["database"] = "ok"
    except Exception as exc:  # report, don't raise: this is the health page
        checks["database"] = f"error: {type(exc).__name__}"
    try:
        layer = get_channel_layer()
        channel = async_to_sync(layer.new_channel)()
        async_to_sync(layer.send)(channel, {"type": "health.ping"})
        received = async_to_sync(layer.receive)(channel)
        checks["channel_layer"] = "ok" if received.get("type") == "health.ping" else "error: no echo"
    except Exception as exc:
        checks["channel_layer"] = f"error: {type(exc).__name__}"
    healthy = all(value == "ok" for value in checks.values())
    return JsonResponse({"status": "ok" if healthy else "error", **checks}, status=200 if healthy else 503)


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
    return render(request, "matches/game_rules.html", context)


def match_page(request, match_id: int):
    match = get_object_or_404(Match, pk=match_id)
    seat = seat_of(match, request.user)
    names = frames.seat_names(match)
    context = frames.table_context(match, seat, names)
    context.update({
        "seats": list(match.seats.all()),
        "chat": ChatMessage.objects.filter(room=f"match:{match.pk}").order_by("-created_at")[:50][::-1],
        "game_css": f"{match.game}/{match.game}.css",
    })
    return render(request, "matches/match.html", context)


def summary(request, match_id: int):
    """The finished match told as a whole (for Chronicle: the story)."""
    match = get_object_or_404(Match, pk=match_id)
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
    })


def replay(request, match_id: int):
    """Step through a match move by move, as a spectator sees it."""
    match = get_object_or_404(Match, pk=match_id)
    total = match.version
    try:
        step = int(request.GET.get("move", total))
    except ValueError:
        step = total
    step = max(0, min(step, total))
    state = replaying.states(match, upto=step)[-1]
    names = frames.seat_names(match)
    context = frames.table_context(match, None, names, state=state)
    context.update({
        "step": step, "total": total,
        "prev_step": step - 1 if step > 0 else None,
        "next_step": step + 1 if step < total else None,
        "game_css": f"{match.game}/{match.game}.css",
        "version": step,
    })
    return render(request, "matches/replay.html", context)
