"""Lobby pages: create, view, join by invite link, and the host's and players' actions."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from apps.lobbies import services
from apps.lobbies.forms import LobbyForm
from apps.lobbies.models import Lobby
from apps.lobbies.selectors import can_view, lobby_context
from apps.matches.registry import engine, game_entry
from apps.matches.views import recent_chat


def _rules_or_404(game: str):
    try:
        if game_entry(game).app is None:
            raise KeyError(game)
        return engine(game)
    except KeyError:
        raise Http404("No such game.") from None


@login_required
def new_lobby(request, game: str):
    rules = _rules_or_404(game)
    form = LobbyForm(rules, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            lobby = services.create_lobby(request.user, game, options=form.options(), **form.settings())
        except services.LobbyError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect(lobby)
    return render(request, "lobbies/new.html", {"form": form, "rules": rules, "game": game})


def lobby_page(request, lobby_id: int):
    lobby = get_object_or_404(Lobby, pk=lobby_id)
    if not can_view(lobby, request.user, request.session):
        raise Http404("No such lobby.")
    if lobby.status == Lobby.Status.STARTED and lobby.match_id:
        return redirect(lobby.match)
    context = lobby_context(lobby, request.user)
    context["chat"] = recent_chat(f"lobby:{lobby.pk}")
    context["invite_url"] = request.build_absolute_uri(lobby.invite_path())
    return render(request, "lobbies/lobby.html", context)


def join_by_invite(request, token: str):
    lobby = Lobby.objects.filter(invite_token=token).first()
    if lobby is None:
        raise Http404("This invite link is not valid.")
    invited = request.session.get("invited_lobbies", [])
    if lobby.pk not in invited:
        request.session["invited_lobbies"] = [*invited, lobby.pk]
    if lobby.status == Lobby.Status.STARTED and lobby.match_id:
        return redirect(lobby.match)
    if lobby.status != Lobby.Status.OPEN:
        return render(request, "lobbies/closed.html", {"lobby": lobby}, status=410)
    if not request.user.is_authenticated:
        return render(request, "lobbies/invite.html", {"lobby": lobby, "rules": engine(lobby.game),
                                                       "next": request.path})
    try:
        services.join(lobby.pk, request.user)
    except services.LobbyError as exc:
        messages.error(request, str(exc))
    return redirect(lobby)


@login_required
@require_POST
def lobby_action(request, lobby_id: int, action: str):
    lobby = get_object_or_404(Lobby, pk=lobby_id)
    if not can_view(lobby, request.user, request.session):
        raise Http404("No such lobby.")
    seat = request.POST.get("seat", "")
    index = int(seat) if seat.isdigit() else None
    try:
        if action == "join":
            services.join(lobby.pk, request.user)
        elif action == "leave":
            services.leave(lobby.pk, request.user)
            return redirect("home")
        elif action == "kick":
            services.kick(lobby.pk, request.user, index)
        elif action == "bot":
            services.add_bot(lobby.pk, request.user, index, request.POST.get("kind", "random"))
        elif action == "start":
            match = services.start(lobby.pk, request.user)
            return redirect(match)
        else:
            raise Http404("No such action.")
    except services.LobbyError as exc:
        messages.error(request, str(exc))
    return redirect(lobby)
