"""Django app configuration for Origins (the engine itself imports no Django)."""

from django.apps import AppConfig


class OriginsConfig(AppConfig):
    name = "apps.origins"
    label = "origins"
    verbose_name = "Origins"
    default_auto_field = "django.db.models.BigAutoField"
