from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from apps.matches.models import ChatMessage, Match, MatchSeat, MoveLog
from apps.moderation import services as moderation
from apps.moderation.admin_actions import ModerateMixin, reasoned_action


class MatchSeatInline(admin.TabularInline):
    model = MatchSeat
    extra = 0
    fields = ("index", "user", "bot", "bot_by", "name", "score", "is_winner", "away_since")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Match)
class MatchAdmin(ModerateMixin, admin.ModelAdmin):
    """Matches start from lobbies only; nobody adds one (or its seats and moves, below) by hand."""

    list_display = ("id", "game", "status", "pace", "version", "players", "created_at", "finished_at", "watch")
    list_filter = ("game", "status", "pace")
    search_fields = ("id", "seats__name", "seats__user__username")
    readonly_fields = ("game", "options", "pace", "version", "status", "outcome", "created_at", "finished_at")
    exclude = ("state", "seed")
    inlines = [MatchSeatInline]
    actions = [reasoned_action("abort", "Abort the match",
                               lambda mod, match, reason: moderation.abort_match(mod, match, reason))]

    def has_add_permission(self, request):
        return False

    @admin.display(description="players")
    def players(self, match):
        return ", ".join(seat.name for seat in match.seats.all())

    @admin.display(description="watch")
    def watch(self, match):
        return format_html('<a href="{}">full information</a>', reverse("moderation_full_view", args=[match.pk]))


@admin.register(MatchSeat)
class MatchSeatAdmin(ModerateMixin, admin.ModelAdmin):
    list_display = ("match", "index", "name", "user", "bot", "bot_by", "away_since")
    list_filter = ("match__status", "match__game", "bot")
    search_fields = ("name", "user__username", "match__id")
    readonly_fields = ("match", "index", "name", "user", "bot", "bot_by", "score", "is_winner", "away_since",
                       "bot_votes")
    actions = [reasoned_action("seat_bot", "Replace the player with a bot",
                               lambda mod, seat, reason: moderation.replace_with_bot(mod, seat, reason))]

    def has_add_permission(self, request):
        return False


@admin.register(MoveLog)
class MoveLogAdmin(admin.ModelAdmin):
    """A running match's moves hold secret choices (a first meld, the cards taken): shown here only once the match
    is over; until then the page points to the full-information view, where every look is audited."""

    list_display = ("match", "version", "seat", "player", "by_bot", "created_at")
    list_filter = ("match__game", "by_bot")
    readonly_fields = ("match", "version", "seat", "player", "by_bot", "move", "client_id", "state_digest",
                       "created_at")

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.match.status == Match.Status.RUNNING:
            return tuple("move_while_running" if name == "move" else name for name in self.readonly_fields)
        return self.readonly_fields

    def get_fields(self, request, obj=None):
        return self.get_readonly_fields(request, obj)  # every field, and the move only where it may be shown

    @admin.display(description="move")
    def move_while_running(self, row):
        return format_html('hidden while the match runs: see it in the <a href="{}">full-information view</a> '
                           "(each look is audited)", reverse("moderation_full_view", args=[row.match_id]))

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ChatMessage)
class ChatMessageAdmin(ModerateMixin, admin.ModelAdmin):
    list_display = ("created_at", "room", "name", "text", "hidden")
    list_filter = ("hidden",)
    search_fields = ("room", "name", "text")
    readonly_fields = ("room", "user", "name", "text", "hidden", "created_at")
    actions = [reasoned_action("hide", "Hide the message",
                               lambda mod, message, reason: moderation.hide_message(mod, message, reason))]

    def has_add_permission(self, request):
        return False
