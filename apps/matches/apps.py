from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "apps.matches"
    verbose_name = "Matches"

    def ready(self):
        from django.contrib.auth.signals import user_logged_out

        from apps.matches import push

        user_logged_out.connect(push.session_ended, dispatch_uid="matches.session_ended")
