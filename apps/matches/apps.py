from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "apps.matches"
    verbose_name = "Matches"
