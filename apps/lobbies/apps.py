from django.apps import AppConfig


class LobbiesConfig(AppConfig):
    name = "apps.lobbies"
    verbose_name = "Lobbies"
