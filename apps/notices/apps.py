from django.apps import AppConfig


class NoticesConfig(AppConfig):
    name = "apps.notices"
    label = "notices"
    verbose_name = "Notices and reminders"
