"""Lobby queries and the access rule for lobby pages."""

import hashlib

from django.db.models import Count, Q

from apps.lobbies.bot_choice import bot_choices
from apps.lobbies.models import Lobby, LobbySeat
from apps.matches.domain.bots import bot_kinds
from apps.matches.engine import engine
from apps.ratings.models import Rating
from apps.ratings.services import NotRateable, check_may_be_rated, game_is_rated


def open_public_lobbies(limit: int = 20) -> list[Lobby]:
    """Public lobbies still gathering players: a lobby with every seat taken is not open to anyone, so not listed."""
    free = Count("seats", filter=Q(seats__user__isnull=True, seats__bot=""))
    return list(Lobby.objects.filter(status=Lobby.Status.OPEN, is_public=True).annotate(free_seats=free)
                .filter(free_seats__gt=0).select_related("host").order_by("-created_at")[:limit])


INVITES_KEY = "invites"  # in the session: {lobby pk: fingerprint of the invite token that let this browser in}


def invite_fingerprint(token: str) -> str:
    """Enough to tell one token from the next, never enough to rebuild it (the session is not a secret store)."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]


def grant_invite(session, lobby: Lobby) -> None:
    invites = dict(session.get(INVITES_KEY, {}))
    invites[str(lobby.pk)] = invite_fingerprint(lobby.invite_token)
    session[INVITES_KEY] = invites


def has_invite(lobby: Lobby, session) -> bool:
    """The browser followed this lobby's invite link, and the host has not revoked that link since."""
    return (session or {}).get(INVITES_KEY, {}).get(str(lobby.pk)) == invite_fingerprint(lobby.invite_token)


def can_view(lobby: Lobby, user, session) -> bool:
    """Public lobbies are open to all; a private one to its host, its seated players and invitees."""
    if lobby.is_public:
        return True
    if not user.is_authenticated:
        return has_invite(lobby, session)
    if lobby.host_id == user.pk or LobbySeat.objects.filter(lobby=lobby, user=user).exists():
        return True
    return has_invite(lobby, session)


def lobby_context(lobby: Lobby, user) -> dict:
    seats = list(LobbySeat.objects.filter(lobby=lobby).select_related("user"))
    rules = engine(lobby.game)
    kinds = bot_kinds(lobby.game)
    ratings = ({rating.user_id: rating for rating in Rating.objects.filter(
        game=lobby.game, user_id__in=[seat.user_id for seat in seats if seat.user_id])}
        if game_is_rated(lobby.game) else {})
    for seat in seats:
        seat.bot_label = kinds.get(seat.bot, seat.bot)
        seat.rating = ratings.get(seat.user_id)  # None: not rated in this game yet
    mine = next((seat for seat in seats if user.is_authenticated and seat.user_id == user.pk), None)
    seated = sum(1 for seat in seats if not seat.is_empty)
    unrateable = _unrateable(lobby, [seat for seat in seats if not seat.is_empty])
    return {
        "user": user,
        "lobby": lobby,
        "rules": rules,
        "seats": seats,
        "my_seat": mine,
        "is_host": user.is_authenticated and lobby.host_id == user.pk,
        "can_start": seated >= rules.min_players,
        "has_free_seat": any(seat.is_empty for seat in seats),
        "bot_kinds": kinds,
        "bot_choices": bot_choices(lobby.game),
        "unrateable": unrateable,
        "rated_now": lobby.rated and not unrateable,
        "rated_game": game_is_rated(lobby.game),
    }


def _unrateable(lobby: Lobby, seated: list[LobbySeat]) -> str:
    """Why a match of this lobby as seated now could not be rated ("" if it could)."""
    try:
        check_may_be_rated(lobby.game, [seat.user for seat in seated], lobby.seat_count)
    except NotRateable as exc:
        return str(exc)
    return ""
