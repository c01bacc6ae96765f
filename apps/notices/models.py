"""A player's email address for reminders, the notices listed on the site, and the reminders sent by email."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower


class EmailAddress(models.Model):
    """Where a signed-up player's reminders go, once they confirmed it by the signed link emailed to it."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="email_address")
    email = models.EmailField()
    confirmed_at = models.DateTimeField(null=True, blank=True)
    reminders = models.BooleanField(default=True, help_text="Off once the player unsubscribed.")
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "email addresses"
        # One account per address: one link waiting to be confirmed at a time, and one account that confirmed it
        # (``services.set_address`` says so first; these hold against two requests at once).
        constraints = [
            models.UniqueConstraint(Lower("email"), condition=Q(confirmed_at__isnull=True),
                                    name="notices_one_waiting_link_per_address"),
            models.UniqueConstraint(Lower("email"), condition=Q(confirmed_at__isnull=False),
                                    name="notices_one_account_per_confirmed_address"),
        ]

    def __str__(self) -> str:
        return f"{self.user} <{self.email}>"


class Notice(models.Model):
    """A line in a player's list of notices: their turn, a match that ended, a lobby that seated them."""

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", "Your turn"
        MATCH_ENDED = "match_ended", "A match ended"
        INVITED = "invited", "You were seated"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    text = models.CharField(max_length=200)
    url = models.CharField(max_length=200)
    key = models.CharField(max_length=80, help_text="What it is about (kind, match, version): one notice each.")
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="notices_notice_unique_key")]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self) -> str:
        return f"{self.user}: {self.text}"


class Reminder(models.Model):
    """An email reminder, recorded with the job that sends it (in one transaction): sent once, or skipped if the
    player moved or opened the match before it went."""

    class Kind(models.TextChoices):
        YOUR_MOVE = "your_move", "Your move"
        DEADLINE = "deadline", "A day before the deadline"

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="reminders")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reminders")
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices)
    version = models.PositiveIntegerField(help_text="The match's version it is about.")
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    skipped = models.CharField(max_length=80, blank=True, help_text="Why it was not sent, if it was not.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user", "kind", "version"],
                                               name="notices_reminder_once")]
        indexes = [models.Index(fields=["match", "user", "created_at"])]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user} in {self.match}"
