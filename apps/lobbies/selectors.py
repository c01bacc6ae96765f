"""Lobby queries and the access rule for lobby pages."""

from apps.lobbies.models import Lobby, LobbySeat
from apps.matches.bots import bot_kinds
from apps.matches.registry import engine


def open_public_lobbies(limit: int = 20) -> list[Lobby]:
    lobbies = list(Lobby.objects.filter(status=Lobby.Status.OPEN, is_public=True)
                   .select_related("host").prefetch_related("seats").order_by("-created_at")[:limit])
    for lobby in lobbies:
        lobby.free_seats = sum(1 for seat in lobby.seats.all() if seat.is_empty)
    return lobbies


def can_view(lobby: Lobby, user, session) -> bool:
    """Public lobbies are open to all; a private one to its host, its seated players and invitees."""
    if lobby.is_public:
        return True
    if not user.is_authenticated:
        return lobby.pk in session.get("invited_lobbies", [])
    if lobby.host_id == user.pk or LobbySeat.objects.filter(lobby=lobby, user=user).exists():
        return True
    return lobby.pk in session.get("invited_lobbies", [])


def lobby_context(lobby: Lobby, user) -> dict:
    seats = list(LobbySeat.objects.filter(lobby=lobby).select_related("user"))
    rules = engine(lobby.game)
    kinds = bot_kinds(lobby.game)
    for seat in seats:
        seat.bot_label = kinds.get(seat.bot, seat.bot)
    mine = next((seat for seat in seats if user.is_authenticated and seat.user_id == user.pk), None)
    seated = sum(1 for seat in seats if not seat.is_empty)
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
    }
