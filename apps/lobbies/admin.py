from django.contrib import admin

from apps.lobbies.models import Lobby, LobbySeat


class LobbySeatInline(admin.TabularInline):
    model = LobbySeat
    extra = 0


@admin.register(Lobby)
class LobbyAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "host", "status", "is_public", "pace", "created_at")
    list_filter = ("game", "status", "is_public", "pace")
    search_fields = ("id", "host__username", "seats__user__username")
    exclude = ("invite_token",)
    inlines = [LobbySeatInline]
