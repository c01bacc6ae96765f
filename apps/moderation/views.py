"""Reporting from the match and lobby pages, and the moderators' full-information view of a match."""

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_POST

from apps.lobbies.models import Lobby
from apps.matches.live import frames
from apps.matches.models import ChatMessage, Match
from apps.moderation import services
from apps.moderation.selectors import is_moderator


@login_required
@require_POST
def report(request):
    """Report a chat line (``message``) or a person (``user``), with a reason; answers JSON."""
    message = None
    if request.POST.get("message", "").isdigit():
        message = ChatMessage.objects.filter(pk=int(request.POST["message"]), hidden=False).first()
        if message is None or message.user is None:
            return JsonResponse({"ok": False, "error": "That message is gone."}, status=400)
        reported = message.user
    else:
        reported = get_user_model().objects.filter(username__iexact=request.POST.get("user", "")).first()
        if reported is None:
            return JsonResponse({"ok": False, "error": "No such player."}, status=400)
    match = Match.objects.filter(pk=request.POST["match"]).first() if request.POST.get("match", "").isdigit() else None
    lobby = Lobby.objects.filter(pk=request.POST["lobby"]).first() if request.POST.get("lobby", "").isdigit() else None
    try:
        services.report(request.user, reported, request.POST.get("reason", ""), message=message, match=match,
                        lobby=lobby)
    except ValueError as exc:
        status = 429 if isinstance(exc, services.ReportThrottled) else 400
        return JsonResponse({"ok": False, "error": str(exc)}, status=status)
    return JsonResponse({"ok": True, "message": "Thank you; a moderator will look at it."})


def full_view(request, match_id: int):
    """Every seat's view side by side, for moderators only; each look is written to the audit log."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not is_moderator(request.user):
        raise PermissionDenied
    match = get_object_or_404(Match, pk=match_id)
    services.record_full_view(request.user, match)
    rows = frames.seat_rows(match)
    names = [row.display_name for row in rows]
    # Each seat's view, worded for an onlooker: "alice's hand", never the player's "Your hand" or "(you)"; the
    # engine words its prompt for the seat it shows ("end your turn"), so the spectator's prompt stands instead.
    prompt = frames.table_context(match, None, names)["prompt"]
    tables = [(names[seat], frames.render_table(
                  frames.table_context(match, seat, names, log_names=frames.log_names(rows))
                  | {"legal": [], "onlooker": True, "prompt": prompt}))
              for seat in range(len(names))]
    return render(request, "moderation/full_view.html", {"match": match, "tables": tables,
                                                         "game_css": f"{match.game}/{match.game}.css"})
