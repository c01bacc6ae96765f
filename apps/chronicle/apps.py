"""Django app configuration for Chronicle (the engine itself imports no Django)."""

from django.apps import AppConfig


class ChronicleConfig(AppConfig):
    name = "apps.chronicle"
    label = "chronicle"
    verbose_name = "Chronicle"
    default_auto_field = "django.db.models.BigAutoField"
