"""Lobby pages: create, view, join by invite link, and the host's and players' actions."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from apps.accounts.lockout import client_address
from apps.accounts.sessions import forget_stale_login
from apps.common.rates import hit, hits
from apps.lobbies import services
from apps.lobbies.forms import LobbyForm
from apps.lobbies.models import Lobby
from apps.lobbies.selectors import can_view, grant_invite, has_invite, lobby_context
from apps.matches.domain.selectors import recent_chat
from apps.matches.engine import engine, game_entry


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
    form = LobbyForm(rules, request.POST or None, host=request.user)
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
    if context["is_host"]:  # only the host sees (and can replace) the invite link
        context["invite_url"] = request.build_absolute_uri(lobby.invite_path())
    return render(request, "lobbies/lobby.html", context)


PENDING_INVITE_KEY = "invite_pending"


def join_by_invite(request, token: str):
    """The invite link (DESIGN.md contract: /join/<token>/). The token is traded at once for a grant in the session
    and the browser sent on to token-free URLs, so the token shows up in one request line only: not in the address
    bar, history, Referer headers or ?next= parameters of the pages after it (and config/serve.py cuts it out of
    Daphne's access log, deploy/nginx.conf out of the proxy's)."""
    address_key = f"invite-miss:{client_address(request.META)}"
    limit, seconds = settings.INVITE_MISS_LIMIT
    if hits(address_key) >= limit:
        return render(request, "lobbies/invite_throttled.html", status=429)
    lobby = services.lobby_for_invite(token)
    if lobby is None:
        hit(address_key, seconds)
        raise Http404("This invite link is not valid.")
    forget_stale_login(request)
    grant_invite(request.session, lobby)
    if request.user.is_authenticated or lobby.status != Lobby.Status.OPEN:
        return _enter(request, lobby)
    request.session[PENDING_INVITE_KEY] = lobby.pk
    return redirect("invite_landing")


def invite_landing(request):
    """Where an invite link leads without its token: the lobby this browser was invited to, from the session."""
    lobby = Lobby.objects.filter(pk=request.session.get(PENDING_INVITE_KEY)).first()
    if lobby is None or not has_invite(lobby, request.session):
        return render(request, "lobbies/invite_expired.html", status=410)
    return _enter(request, lobby)


def _enter(request, lobby: Lobby):
    if lobby.status == Lobby.Status.STARTED and lobby.match_id:
        return redirect(lobby.match)
    if lobby.status != Lobby.Status.OPEN:
        return render(request, "lobbies/closed.html", {"lobby": lobby}, status=410)
    if not request.user.is_authenticated:
        request.session[PENDING_INVITE_KEY] = lobby.pk
        return render(request, "lobbies/invite.html", {"lobby": lobby, "rules": engine(lobby.game),
                                                       "next": reverse("invite_landing")})
    request.session.pop(PENDING_INVITE_KEY, None)
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
            services.add_bot(lobby.pk, request.user, index, request.POST.get("kind", "random"),
                             address=client_address(request.META))
        elif action == "rated":
            services.set_rated(lobby.pk, request.user, request.POST.get("rated") == "1")
        elif action == "revoke":
            services.revoke_invite(lobby.pk, request.user)
            messages.success(request, "Invite link replaced: the old link no longer opens this lobby. "
                                      "Share the new one below; players already seated keep their seats.")
        elif action == "start":
            match = services.start(lobby.pk, request.user, address=client_address(request.META))
            return redirect(match)
        else:
            raise Http404("No such action.")
    except services.LobbyError as exc:
        messages.error(request, str(exc))
    return redirect(lobby)
