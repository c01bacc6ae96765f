"""Websocket URL map."""

from django.urls import path

from apps.lobbies.consumers import LobbyConsumer
from apps.matches.live.consumers import MatchConsumer
from apps.matches.live.notifications import NotificationConsumer

websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/lobbies/<int:lobby_id>/", LobbyConsumer.as_asgi()),
    path("ws/me/", NotificationConsumer.as_asgi()),
]
