"""Django app configuration for Innovation (the engine itself imports no Django)."""

from django.apps import AppConfig


class InnovationConfig(AppConfig):
    name = "apps.innovation"
    label = "innovation"
    verbose_name = "Innovation"
    default_auto_field = "django.db.models.BigAutoField"
