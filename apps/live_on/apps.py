"""Django app configuration for Live On (the engine itself imports no Django)."""

from django.apps import AppConfig


class LiveOnConfig(AppConfig):
    name = "apps.live_on"
    label = "live_on"
    verbose_name = "Live On"
    default_auto_field = "django.db.models.BigAutoField"
