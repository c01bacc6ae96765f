"""Reports from players, sanctions on users, and the audit log that nobody can edit."""

from django.conf import settings
from django.db import models
from django.utils import timezone

MODERATORS_GROUP = "Moderators"  # staff in it moderate; superusers manage it


class Report(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Open"
        RESOLVED = "resolved", "Resolved"
        DISMISSED = "dismissed", "Dismissed"

    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made")
    reported_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                      related_name="reports_received")
    message = models.ForeignKey("matches.ChatMessage", null=True, blank=True, on_delete=models.SET_NULL)
    match = models.ForeignKey("matches.Match", null=True, blank=True, on_delete=models.SET_NULL)
    lobby = models.ForeignKey("lobbies.Lobby", null=True, blank=True, on_delete=models.SET_NULL)
    reason = models.CharField(max_length=500)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["status", "-created_at"]
        constraints = [  # so two quick requests, in two processes, cannot both open one
            models.UniqueConstraint(fields=["reporter", "reported_user"], condition=models.Q(status="open"),
                                    name="moderation_one_open_report_per_reporter_and_user"),
        ]

    def __str__(self) -> str:
        return f"Report #{self.pk} on {self.reported_user}"


class Sanction(models.Model):
    class Kind(models.TextChoices):
        BAN = "ban", "Ban"
        MUTE = "mute", "Mute in chat"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sanctions")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    reason = models.CharField(max_length=500)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                   related_name="sanctions_given")
    created_at = models.DateTimeField(auto_now_add=True)
    ends_at = models.DateTimeField(null=True, blank=True, help_text="Empty: until lifted.")
    # A ban may also refuse new guests and accounts from the addresses the user entered from, for
    # settings.BAN_ADDRESS_SECONDS (apps/accounts/ban_evasion.py): only when the moderator chose it, since schools,
    # offices and mobile carriers share addresses.
    refuse_network = models.BooleanField(default=False, help_text="Bans only: new players from the user's network "
                                                                 "addresses are refused too, for a while.")
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="sanctions_lifted")

    class Meta:
        ordering = ["-created_at"]
        permissions = [("moderate", "Can ban, mute, hide chat, abort matches and seat bots")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.user}"

    @property
    def is_active(self) -> bool:
        return self.lifted_at is None and (self.ends_at is None or self.ends_at > timezone.now())


class AuditEntry(models.Model):
    """One moderator action: who did what to whom, why and when. Written once, never changed."""

    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                  related_name="audit_entries")
    action = models.CharField(max_length=40)
    target_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="audit_entries_about")
    target = models.CharField(max_length=120, blank=True, help_text="The object acted on, e.g. 'match 12'.")
    reason = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "audit log"

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.moderator} {self.action} {self.target}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError("Audit entries are never changed.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("Audit entries are never deleted.")
