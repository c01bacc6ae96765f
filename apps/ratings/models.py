"""Ratings: each player's OpenSkill rating in each game, and the change every rated match made to it.

A ``Rating`` is the current (mu, sigma) of one player in one game (every game on its own scale). A
``RatingChange`` is one row per player per rated match, written in the transaction that records the match's
result; its unique (match, user) pair is what makes a match move a rating at most once.
"""

from django.conf import settings
from django.db import models

from apps.matches.models import Match, game_title
from apps.ratings.scale import is_provisional, shown_rating


class Rating(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    played = models.PositiveIntegerField(default=0, help_text="Rated matches finished in this game.")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="ratings_one_per_game")]
        indexes = [models.Index(fields=["game", "-mu"])]

    def __str__(self) -> str:
        return f"{self.user} in {self.game}: {self.shown}"

    @property
    def shown(self) -> int:
        """The rating pages show: conservative (the library's ordinal), on the site's friendly scale."""
        return shown_rating(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return is_provisional(self.played)

    @property
    def game_title(self) -> str:
        return game_title(self.game)


class RatingChange(models.Model):
    """What one rated match did to one player's rating in its game (the profile's chart is drawn from these)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.CharField(max_length=32)
    rank = models.PositiveSmallIntegerField(help_text="1 for the winners; equal ranks tied.")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    played = models.PositiveIntegerField(help_text="Rated matches in this game with this one.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="ratings_change_once_per_match")]
        indexes = [models.Index(fields=["user", "game", "created_at"])]

    def __str__(self) -> str:
        return f"{self.user} after {self.match}: {self.shown_before} → {self.shown}"

    @property
    def shown(self) -> int:
        return shown_rating(self.mu, self.sigma)

    @property
    def shown_before(self) -> int:
        return shown_rating(self.mu_before, self.sigma_before)

    @property
    def delta(self) -> int:
        return self.shown - self.shown_before

    @property
    def provisional(self) -> bool:
        """Whether the rating after this match is still provisional."""
        return is_provisional(self.played)
