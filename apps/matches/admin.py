from django.contrib import admin

from apps.matches.models import ChatMessage, Match, MatchSeat, MoveLog


class MatchSeatInline(admin.TabularInline):
    model = MatchSeat
    extra = 0
    readonly_fields = ("index", "user", "bot", "name", "score", "is_winner")
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "status", "version", "created_at", "finished_at")
    list_filter = ("game", "status")
    readonly_fields = ("game", "seed", "options", "version", "status", "outcome", "created_at", "finished_at")
    exclude = ("state",)
    inlines = [MatchSeatInline]


@admin.register(MoveLog)
class MoveLogAdmin(admin.ModelAdmin):
    list_display = ("match", "version", "seat", "created_at")
    list_filter = ("match__game",)
    readonly_fields = ("match", "version", "seat", "move", "client_id", "created_at")


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("room", "name", "text", "created_at")
    search_fields = ("room", "name", "text")
