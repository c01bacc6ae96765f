"""Matches, their seats, the append-only move log, chat lines and live presence.

The match row holds the current state and an integer version; every accepted
move is appended to the log with the version it produced, so any match can be
replayed from its seed and audited.
"""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone

from apps.matches.engine import game_entry
from apps.matches.state_field import StateField


def game_title(slug: str) -> str:
    try:
        return game_entry(slug).title
    except KeyError:
        return slug


class Match(models.Model):
    class Status(models.TextChoices):
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"
        ABORTED = "aborted", "Aborted"

    class Pace(models.TextChoices):
        LIVE = "live", "Live (players present)"
        OWN_PACE = "own_pace", "At your own pace"

    class Watchers(models.TextChoices):
        """Who may watch (``apps/matches/domain/access.py``), copied from the lobby when the match starts."""

        ANYONE = "anyone", "Anyone (listed on the home page)"
        LINK = "link", "Anyone with the match's address (not listed)"
        INVITED = "invited", "Its seats, guests who came by the invite link, and moderators"

    game = models.CharField(max_length=32)
    seed = models.BigIntegerField(help_text="Secret: never sent to a client.")
    pace = models.CharField(max_length=16, choices=Pace.choices, default=Pace.LIVE)
    away_timeout = models.PositiveIntegerField(default=180, help_text="Seconds away before others may hand the seat "
                                                                      "to a bot.")
    options = models.JSONField(default=dict, blank=True)
    watchers = models.CharField(max_length=16, choices=Watchers.choices, default=Watchers.ANYONE)
    rated = models.BooleanField(default=False, help_text="Its result moves its players' ratings (apps/ratings); "
                                                         "only signed-up people sat at it when it started.")
    lesson = models.BooleanField(default=False, db_default=False, help_text="A guided first game (\"Learn to play\", "
                                 "apps/matches/domain/lessons.py): the learner's moves follow the game's lesson "
                                 "script until it is played out; unrated and never listed.")
    clock = models.JSONField(null=True, blank=True, help_text="Each seat's time (apps/matches/engine/clock.py); "
                                                             "empty for a friendly, untimed match.")
    state = StateField()
    version = models.PositiveIntegerField(default=0)
    undo_seat = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The seat that may take back the "
                                                 "last step (apps/matches/domain/undo.py), if any.")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RUNNING)
    presence_changes = models.PositiveIntegerField(
        default=0, help_text="Counts sockets joining and leaving (apps/matches/domain/presence.py): each one writes "
                             "the match row anew, so a process that keeps who listens (match_cache) hears of it.")
    outcome = models.JSONField(null=True, blank=True)
    moved_seats = models.JSONField(default=list, blank=True, help_text="The seats that have made a move: until every "
                                   "seat has, any player may abort the match (apps/matches/domain/leaving.py).")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "matches"
        indexes = [models.Index(fields=["status", "-updated_at"])]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("match", args=[self.pk])

    @property
    def game_title(self) -> str:
        """The game's name as people write it ("Live On"), never its slug."""
        return game_title(self.game)


class MatchSeat(models.Model):
    LOST_ON_TIME = "time"  # ``bot_by`` of a seat that lost on time (apps/matches/domain/time_loss.py)
    RESIGNED = "resigned"  # ``bot_by`` of a seat whose player resigned or left the band (domain/leaving.py)
    # A seat with one of these left the result (``domain/forfeit.py``): it ranks last and never wins; its ``bot_by``
    # is also the reason the outcome gives ("time", "resigned").
    FORFEITS = (LOST_ON_TIME, RESIGNED)

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="match_seats")
    bot = models.CharField(max_length=32, blank=True, help_text="Bot kind playing this seat, if any.")
    bot_by = models.CharField(max_length=16, blank=True, help_text="Why a bot plays a person's seat: 'vote' (the "
                                                                   "player may take it back) or 'moderator'.")
    name = models.CharField(max_length=64)
    score = models.IntegerField(null=True, blank=True)
    is_winner = models.BooleanField(default=False)
    away_since = models.DateTimeField(null=True, blank=True)
    bot_votes = models.JSONField(default=list, blank=True, help_text="Seats that voted to hand this seat to a bot.")
    # A seat handed to a bot (by vote or by its clock) is taken back only once the bot answered what was awaited,
    # and with no more time than it had (apps/matches/domain/seats.py).
    handed_version = models.PositiveIntegerField(null=True, blank=True, help_text="The match's version when the "
                                                 "seat was last handed to a bot.")
    handed_ms = models.BigIntegerField(null=True, blank=True, help_text="The time the seat had on its clock when "
                                       "handed to a bot (ms).")

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="matches_seat_unique_index"),
            models.UniqueConstraint(fields=["match", "user"], condition=models.Q(user__isnull=False),
                                    name="matches_seat_unique_user"),
        ]

    def __str__(self) -> str:
        return f"{self.match} seat {self.index} ({self.name})"

    @property
    def forfeited(self) -> bool:
        """Whether the seat left the result (resigned, or lost on time)."""
        return self.bot_by in self.FORFEITS


class MoveLog(models.Model):
    # No index of its own: the unique (match, version) index below serves every lookup by match, and a second
    # index was one more entry written per move.
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves", db_index=False)
    version = models.PositiveIntegerField(help_text="The match version this move produced.")
    seat = models.PositiveSmallIntegerField()
    move = models.JSONField()
    client_id = models.CharField(max_length=64, blank=True)
    # Who made the move, as it was when it was made (a seat's player may be replaced by a bot later).
    player = models.CharField(max_length=64, blank=True, db_default="",
                              help_text="The seat's name when the move was made.")
    by_bot = models.BooleanField(null=True, help_text="Whether a bot made the move in a person's seat; unknown "
                                                      "(empty) for such seats' moves logged before this was "
                                                      "recorded.")
    undoable = models.BooleanField(default=False, db_default=False,
                                   help_text="Its player may take it back (Rules.undoable).")
    undoes = models.PositiveIntegerField(null=True, blank=True, help_text="An undo: the version whose move it takes "
                                                                          "back; the state returns to before it.")
    undone_at = models.PositiveIntegerField(null=True, blank=True, help_text="Taken back by the undo of this version.")
    state_digest = models.CharField(max_length=64, help_text="SHA-256 of the state this move produced.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "version"]
        constraints = [
            models.UniqueConstraint(fields=["match", "version"], name="matches_move_unique_version"),
            models.UniqueConstraint(fields=["match", "client_id"], condition=~models.Q(client_id=""),
                                    name="matches_move_unique_client_id"),
        ]

    def __str__(self) -> str:
        return f"{self.match} v{self.version} seat {self.seat}"

    @property
    def mover(self) -> str:
        """Who made the move, worded as the log shows it: "bob", or "bob (bot)" if a bot played bob's seat."""
        return f"{self.player} (bot)" if self.by_bot else self.player


class ReplaySnapshot(models.Model):
    """The whole state after ``version`` moves, kept so that a replay step rebuilds only the moves after it.

    The move that makes a version divisible by ``EVERY`` writes one with its own statement (``move_store``); a
    replay makes any that are missing (matches from before, or one dropped as wrong).

    Never the truth: it is checked against the log's digest for that version before use, and can be dropped and
    rebuilt from the seed and the log at any time (``apps/matches/domain/replay.py``). Secret like the match's state.
    """

    EVERY = 50  # moves between kept states: a replay step applies at most this many

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="replay_snapshots")
    version = models.PositiveIntegerField()
    state = StateField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "version"], name="matches_snapshot_unique_version")]

    def __str__(self) -> str:
        return f"{self.match} snapshot v{self.version}"


class ChatMessage(models.Model):
    """A chat line in a room: ``lobby:<id>``, ``match:<id>`` (the players) or ``match:<id>:watchers``."""

    room = models.CharField(max_length=40, db_index=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    name = models.CharField(max_length=64)
    text = models.CharField(max_length=settings.CHAT_MAX_LENGTH)
    hidden = models.BooleanField(default=False, help_text="Hidden by a moderator: shown to nobody.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["user", "created_at"])]

    def __str__(self) -> str:
        return f"{self.room} {self.name}: {self.text[:40]}"


class Presence(models.Model):
    """One open websocket on a match page; rows come and go with connections."""

    channel_name = models.CharField(max_length=200, unique=True)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="presences")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.CASCADE)
    seat = models.PositiveSmallIntegerField(null=True)
    fmt = models.CharField(max_length=8, default="html", help_text="The frame format this socket asked for.")
    connected_at = models.DateTimeField(auto_now_add=True)
    process = models.CharField(max_length=120, default="", db_index=True,
                               help_text="The server process holding the socket; it refreshes seen_at.")
    seen_at = models.DateTimeField(default=timezone.now, db_index=True)
