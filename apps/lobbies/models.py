"""Lobbies where a match is gathered: seats, bots in seats, the invite token."""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from apps.matches.engine import clock as clocks
from apps.matches.models import Match, game_title


def new_invite_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


class Lobby(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Open"
        STARTED = "started", "Started"
        CLOSED = "closed", "Closed"

    game = models.CharField(max_length=32)
    name = models.CharField(max_length=60, blank=True, help_text="The host's name for the table; blank: the default.")
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hosted_lobbies")
    seat_count = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict, blank=True)
    is_public = models.BooleanField(default=True)
    allow_spectators = models.BooleanField(default=False, help_text="A private lobby's match may be watched by "
                                                                    "anyone with its address.")
    invite_token = models.CharField(max_length=64, unique=True, default=new_invite_token)
    rated = models.BooleanField(default=False, help_text="The host asked for a rated match: it is rated if only "
                                                         "signed-up people sit when it starts (no guest, no bot).")
    pace = models.CharField(max_length=16, choices=Match.Pace.choices, default=Match.Pace.LIVE)
    away_minutes = models.PositiveSmallIntegerField(default=3)
    time_control = models.CharField(max_length=16, default="none", help_text="none, rt:<minutes>+<seconds> or "
                                                                             "days:<days> (engine/clock.py).")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    match = models.OneToOneField("matches.Match", null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="lobby")
    started_from = models.GenericIPAddressField(null=True, blank=True, help_text="The client address the host "
                                                "started the match from (tables with a strong bot are bounded per "
                                                "address: apps/lobbies/strong_bots.py).")
    rematch_of = models.ForeignKey("matches.Match", null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="rematches", help_text="The finished match this lobby plays again: "
                                   "its players are invited and each joins the seat they had.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "lobbies"

    def __str__(self) -> str:
        return f"{self.game} lobby #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("lobby", args=[self.pk])

    @property
    def game_title(self) -> str:
        return game_title(self.game)

    @property
    def title(self) -> str:
        """What lists call the lobby: the host's name for it, or one no other lobby has (its number)."""
        return self.name or f"{self.host.username}'s {self.game_title} table #{self.pk}"

    @property
    def clock_label(self) -> str:
        """The time control as people read it: "20 min + 20 s", "3 days per move", "No clock"."""
        return clocks.label(self.time_control)

    def invite_path(self) -> str:
        return reverse("join_by_invite", args=[self.invite_token])


class LobbySeat(models.Model):
    lobby = models.ForeignKey(Lobby, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE)
    bot = models.CharField(max_length=32, blank=True)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["lobby", "index"], name="lobbies_seat_unique_index"),
            models.UniqueConstraint(fields=["lobby", "user"], condition=models.Q(user__isnull=False),
                                    name="lobbies_seat_unique_user"),
        ]

    def __str__(self) -> str:
        return f"{self.lobby} seat {self.index}"

    @property
    def is_empty(self) -> bool:
        return self.user_id is None and not self.bot
