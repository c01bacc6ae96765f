"""Ratings in the admin, read-only: moderators look a rating up; only a rated match's result changes one."""

from django.contrib import admin

from apps.ratings.models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "shown", "played", "mu", "sigma", "updated_at")
    list_filter = ("game",)
    search_fields = ("user__username",)
    readonly_fields = ("user", "game", "mu", "sigma", "played", "updated_at")

    def has_add_permission(self, request):
        return False


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("match", "user", "game", "rank", "shown_before", "shown", "created_at")
    list_filter = ("game",)
    search_fields = ("user__username", "match__id")
    readonly_fields = ("match", "user", "game", "rank", "mu_before", "sigma_before", "mu", "sigma", "played",
                       "created_at")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
