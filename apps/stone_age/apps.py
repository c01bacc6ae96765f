"""Django app configuration for Stone Age (the engine itself imports no Django)."""

from django.apps import AppConfig


class StoneAgeConfig(AppConfig):
    name = "apps.stone_age"
    label = "stone_age"
    verbose_name = "Stone Age"
    default_auto_field = "django.db.models.BigAutoField"
