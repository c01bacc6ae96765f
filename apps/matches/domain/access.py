"""Who may see or act at a match: the one place that decides.

A match started from a public lobby (or made without a lobby) may be watched by anyone and is listed. A private
lobby's match may be watched only by its seats, browsers that came by the lobby's invite link (the session grant
of ``apps/lobbies/selectors.py``; replacing the link takes it away), and moderators, unless the host ticked
"allow spectators": then anyone with its address may watch, but it is still not listed. Lists (the home page's
live matches, a profile's results) show a private match only to those with a right of their own to watch it.

Everything refused answers as if there were no such match (404, or close code 4404 on the socket), so a refusal
does not tell a stranger that the match exists.
"""

from __future__ import annotations

from django.db.models import Q
from django.http import Http404

from apps.lobbies.models import Lobby
from apps.lobbies.selectors import INVITES_KEY, has_invite
from apps.matches.models import Match, MatchSeat
from apps.moderation.selectors import is_moderator


def seat_of(match: Match, user) -> int | None:
    """The seat this user plays at the match, or None for a spectator."""
    if user is None or not user.is_authenticated:
        return None
    seat = MatchSeat.objects.filter(match=match, user=user).values_list("index", flat=True).first()
    return seat


def can_watch(match: Match, user, session) -> bool:
    """Whether this user (with this browser session) may see the match, its replay and its story."""
    if match.watchers != Match.Watchers.INVITED:
        return True
    return _invited(match, user, session)


def _invited(match: Match, user, session) -> bool:
    if user is not None and user.is_authenticated:
        if is_moderator(user) or MatchSeat.objects.filter(match=match, user=user).exists():
            return True
    lobby = Lobby.objects.filter(match=match).first()
    return lobby is not None and has_invite(lobby, session)


def watchable_match_or_404(match_id: int, user, session) -> Match:
    """The match, if this user may watch it; otherwise 404 as for a match that does not exist."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or not can_watch(match, user, session):
        raise Http404("No such match.")
    return match


def listed_for(user, session, prefix: str = "") -> Q:
    """A filter on matches (``prefix``: the path to the match, e.g. ``"match__"``) keeping those a list shows
    this user: public ones, and private ones they may watch by a right of their own."""
    if user is not None and user.is_authenticated and is_moderator(user):
        return Q()
    shown = Q(**{f"{prefix}watchers": Match.Watchers.ANYONE})
    if user is not None and user.is_authenticated:
        shown |= Q(**{f"{prefix}pk__in": MatchSeat.objects.filter(user=user).values("match_id")})
    invited = [lobby.match_id for lobby in _invited_lobbies(session)]
    if invited:
        shown |= Q(**{f"{prefix}pk__in": invited})
    return shown


def _invited_lobbies(session) -> list[Lobby]:
    """The started lobbies whose invite link this browser followed (and the host has not replaced since)."""
    granted = [int(pk) for pk in (session or {}).get(INVITES_KEY, {}) if str(pk).isdigit()]
    if not granted:
        return []
    lobbies = Lobby.objects.filter(pk__in=granted, match__isnull=False).only("pk", "invite_token", "match_id")
    return [lobby for lobby in lobbies if has_invite(lobby, session)]
