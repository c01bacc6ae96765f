"""The user list as moderators work it: who is banned or muted now, and the actions that sanction."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from apps.accounts.models import User
from apps.accounts.services import check_unused_name
from apps.moderation import services as moderation
from apps.moderation.admin_actions import BanForm, ModerateMixin, MuteForm, reasoned_action
from apps.moderation.models import Report, Sanction


class SanctionInline(admin.TabularInline):
    model = Sanction
    fk_name = "user"
    extra = 0
    fields = ("kind", "reason", "created_by", "created_at", "ends_at", "refuse_network", "lifted_at")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class ReportInline(admin.TabularInline):
    model = Report
    fk_name = "reported_user"
    extra = 0
    fields = ("status", "reporter", "reason", "message", "created_at")
    readonly_fields = fields
    can_delete = False
    verbose_name_plural = "reports about this user"

    def has_add_permission(self, request, obj=None):
        return False


class UserCreateForm(AdminUserCreationForm):
    """Staff-made names follow the same rule against look-alikes (NFKC, TR39 skeleton) as everyone's."""

    class Meta(AdminUserCreationForm.Meta):
        model = User

    def clean_username(self):
        return check_unused_name(self.cleaned_data.get("username", ""))


class UserEditForm(UserChangeForm):
    class Meta(UserChangeForm.Meta):
        model = User

    def clean_username(self):
        return check_unused_name(self.cleaned_data.get("username", ""), exclude_pk=self.instance.pk)


def _active_sanctions(kind: str):
    now = timezone.now()
    return Sanction.objects.filter(user=OuterRef("pk"), kind=kind, lifted_at__isnull=True).filter(
        Q(ends_at__isnull=True) | Q(ends_at__gt=now))


class ActiveSanctionFilter(admin.SimpleListFilter):
    title = "active sanction"
    parameter_name = "sanction"

    def lookups(self, request, model_admin):
        return [("ban", "Banned"), ("mute", "Muted"), ("none", "Neither")]

    def queryset(self, request, queryset):
        if self.value() in (Sanction.Kind.BAN, Sanction.Kind.MUTE):
            return queryset.filter(Exists(_active_sanctions(self.value())))
        if self.value() == "none":
            return queryset.exclude(Exists(_active_sanctions(Sanction.Kind.BAN))).exclude(
                Exists(_active_sanctions(Sanction.Kind.MUTE)))
        return queryset


@admin.register(User)
class CivitasUserAdmin(ModerateMixin, UserAdmin):
    add_form = UserCreateForm
    form = UserEditForm
    list_display = ("username", "is_guest", "is_active", "is_staff", "banned", "muted", "date_joined")
    list_filter = (ActiveSanctionFilter, "is_guest", "is_active", "is_staff", "groups")
    fieldsets = UserAdmin.fieldsets + (("Civitas", {"fields": ("is_guest",)}),)
    inlines = [ReportInline, SanctionInline]
    actions = [
        reasoned_action("ban", "Ban the user", moderation.ban, BanForm),
        reasoned_action("mute", "Mute the user in chat",
                        lambda mod, user, reason, minutes: moderation.mute(mod, user, minutes, reason), MuteForm),
        reasoned_action("lift_sanctions", "Lift the user's bans and mutes",
                        lambda mod, user, reason: [moderation.lift(mod, s, reason)
                                                   for s in user.sanctions.filter(lifted_at__isnull=True)]),
    ]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(
            banned_now=Exists(_active_sanctions(Sanction.Kind.BAN)),
            muted_now=Exists(_active_sanctions(Sanction.Kind.MUTE)))

    @admin.display(description="banned", boolean=True, ordering="banned_now")
    def banned(self, user):
        return user.banned_now

    @admin.display(description="muted", boolean=True, ordering="muted_now")
    def muted(self, user):
        return user.muted_now

    def get_readonly_fields(self, request, obj=None):
        # Only superusers make or unmake staff and moderators.
        if request.user.is_superuser:
            return super().get_readonly_fields(request, obj)
        return ("is_staff", "is_superuser", "groups", "user_permissions", "is_active")
