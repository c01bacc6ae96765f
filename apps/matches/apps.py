from django.apps import AppConfig
from django.core import checks

from apps.matches.checks import check_games


class MatchesConfig(AppConfig):
    name = "apps.matches"
    verbose_name = "Matches"

    def ready(self):
        checks.register(check_games)
        from django.contrib.auth.signals import user_logged_out  # noqa: PLC0415  (needs the app registry ready)

        from apps.matches.domain import events  # noqa: PLC0415  (models must be loaded before the domain)
        from apps.matches.live import escaping, push  # noqa: PLC0415  (models must be loaded before the live layer)

        escaping.install()  # every template's values escaped without Django's laziness check (``live.escaping``)
        events.subscribe(push.on_event)
        user_logged_out.connect(push.session_ended, dispatch_uid="matches.session_ended")
