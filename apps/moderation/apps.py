from django.apps import AppConfig
from django.db.models.signals import post_migrate


class ModerationConfig(AppConfig):
    name = "apps.moderation"
    verbose_name = "Moderation"

    def ready(self):
        from apps.moderation.roles import ensure_moderators_group  # noqa: PLC0415  (imports models: needs the app registry)

        # After auth has made the permissions (auth comes first in INSTALLED_APPS).
        post_migrate.connect(ensure_moderators_group, sender=self, dispatch_uid="civitas-moderators-group")
