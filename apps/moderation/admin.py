"""The moderators' desk in the Django admin: reports, sanctions, the audit log, and actions on users,
chat, matches and seats. Only staff with the 'moderate' permission can act; nobody can edit the log."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe

from apps.matches.models import ChatMessage
from apps.moderation import services
from apps.moderation.admin_actions import BanForm, ModerateMixin, reasoned_action
from apps.moderation.models import AuditEntry, Report, Sanction

admin.site.site_header = "Civitas moderation"
admin.site.site_title = "Civitas moderation"
admin.site.index_title = "The moderators' desk"


@admin.register(Report)
class ReportAdmin(ModerateMixin, admin.ModelAdmin):
    list_display = ("id", "status", "reported_user", "reporter", "reason", "message_text", "where", "created_at")
    list_filter = ("status",)
    search_fields = ("reported_user__username", "reporter__username", "reason", "message__text")
    # Read-only, status too: a report is closed only by the actions below, and each of them is audited.
    readonly_fields = ("status", "reporter", "reported_user", "message", "match", "lobby", "reason", "created_at",
                       "chat_context")
    actions = [
        reasoned_action("hide_reported_message", "Hide the reported message",
                        lambda mod, report, reason: _hide_reported(mod, report, reason)),
        reasoned_action("ban_reported_user", "Ban the reported user", lambda mod, report, **terms:
                        _ban_reported(mod, report, **terms), BanForm),
        reasoned_action("dismiss", "Dismiss the report",
                        lambda mod, report, reason: _close(mod, report, Report.Status.DISMISSED, reason)),
    ]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description="message")
    def message_text(self, report):
        return report.message.text if report.message else ""

    @admin.display(description="where")
    def where(self, report):
        if report.match_id:
            return format_html('<a href="{}">match {}</a>', reverse("match", args=[report.match_id]),
                               report.match_id)
        if report.lobby_id:
            return f"lobby {report.lobby_id}"
        return ""

    @admin.display(description="chat around it")
    def chat_context(self, report):
        if not report.message:
            return ""
        around = ChatMessage.objects.filter(room=report.message.room)
        before = list(around.filter(id__lt=report.message.id).order_by("-id")[:5])[::-1]
        after = list(around.filter(id__gt=report.message.id).order_by("id")[:5])
        # <strong>, not a style attribute: the Content-Security-Policy refuses inline styles.
        # <bdi>: a line written right to left cannot reorder the name and the words around it.
        lines = [format_html("<div><strong>{}: <bdi>{}</bdi>{}</strong></div>" if m == report.message
                             else "<div>{}: <bdi>{}</bdi>{}</div>",
                             m.name, m.text, " (hidden)" if m.hidden else "")
                 for m in [*before, report.message, *after]]
        # Each line is already escaped; joined, they must not become a format string (chat may hold braces).
        return mark_safe("".join(conditional_escape(line) for line in lines))


def _close(moderator, report, status, reason):
    report.status = status
    report.save(update_fields=["status"])
    services.audit(moderator, f"report {status}", reason, target_user=report.reported_user,
                   target=f"report {report.pk}")


def _hide_reported(moderator, report, reason):
    if report.message is None:
        raise ValueError("This report names no message.")
    services.hide_message(moderator, report.message, reason)
    _close(moderator, report, Report.Status.RESOLVED, reason)


def _ban_reported(moderator, report, reason, duration, refuse_network):
    services.ban(moderator, report.reported_user, reason, duration, refuse_network)
    _close(moderator, report, Report.Status.RESOLVED, reason)


@admin.register(Sanction)
class SanctionAdmin(ModerateMixin, admin.ModelAdmin):
    list_display = ("user", "kind", "reason", "created_by", "created_at", "ends_at", "refuse_network", "lifted_at")
    list_filter = ("kind", "lifted_at")
    search_fields = ("user__username", "reason")
    readonly_fields = ("user", "kind", "reason", "created_by", "created_at", "ends_at", "refuse_network", "lifted_at",
                       "lifted_by")
    actions = [reasoned_action("lift", "Lift the sanction", lambda mod, s, reason: services.lift(mod, s, reason))]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("created_at", "moderator", "action", "target_user", "target", "reason")
    list_filter = ("action",)
    search_fields = ("moderator__username", "target_user__username", "target", "reason")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
