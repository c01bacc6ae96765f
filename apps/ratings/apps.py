from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "apps.ratings"
    label = "ratings"
    verbose_name = "Ratings"
